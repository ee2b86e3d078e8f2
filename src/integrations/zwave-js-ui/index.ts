import { Errors } from '../../errors.js';
import type { DeviceCommand, Integration, IntegrationHost, IntegrationStatus } from '../../home/integration.js';
import type { MqttConnection } from '../mqtt/connection.js';
import { OncePerKey, isObject, parseJson } from '../mqtt/topics.js';
import { mapNode, nodeTopic, valueSuffix as suffixOf, type ZEntity, type ZNode } from './values.js';

export interface ZwaveOptions {
  connection: MqttConnection;
  /** MQTT prefix, default `zwave`. */
  prefix: string;
  /** Gateway name (Z-Wave JS UI's MQTT "name"), default `zwave-js-ui`. */
  gateway: string;
}

interface NodeRuntime {
  id: number;
  topic: string;
  entities: ZEntity[];
  status: string | undefined;
}

/**
 * A Z-Wave JS UI gateway (bridges.md §2): discovery through its MQTT API (`getNodes`), state
 * from the per-value topics, commands to `<value topic>/set`, availability from the gateway
 * status, the driver status and each node's status (Dead → unavailable).
 */
export class ZwaveJsUiIntegration implements Integration {
  readonly id = 'zwave_js_ui';
  readonly name = 'Z-Wave JS UI';
  private host?: IntegrationHost;
  private readonly api: string;
  private readonly nodes = new Map<number, NodeRuntime>();
  /** Value topic → readers (`<prefix>/<node topic>/<cc>/<ep>/<property>[/<key>]`). */
  private readonly readers = new Map<string, { uid: string; read: ZEntity['reads'][string] }[]>();
  private readonly byUid = new Map<string, { node: NodeRuntime; entity: ZEntity }>();
  private readonly warned = new OncePerKey();
  private gatewayUp: boolean | undefined;
  private driverUp: boolean | undefined;
  private lastDiscovery: string | null = null;
  private unsubscribe?: () => void;
  private offStatus?: () => void;

  constructor(private readonly opts: ZwaveOptions) {
    this.api = `${opts.prefix}/_CLIENTS/ZWAVE_GATEWAY-${opts.gateway}`;
  }

  async start(host: IntegrationHost) {
    this.host = host;
    const conn = this.opts.connection;
    this.offStatus = conn.onStatus((connected) => {
      if (connected) this.discover();
      else host.reportAvailability('all', false);
    });
    this.unsubscribe = conn.subscribe(`${this.opts.prefix}/#`, (topic, payload) => this.onMessage(topic, payload));
    if (conn.connected) this.discover();
  }

  async stop() {
    this.unsubscribe?.();
    this.offStatus?.();
  }

  status(): IntegrationStatus {
    const online = this.opts.connection.connected && this.gatewayUp === true && this.driverUp !== false;
    return {
      state: online ? 'online' : 'offline', prefix: this.opts.prefix, gateway: this.gatewayUp === undefined ? 'unknown' : this.gatewayUp ? 'online' : 'offline',
      driver: this.driverUp === undefined ? 'unknown' : this.driverUp ? 'ready' : 'not ready', nodes: this.nodes.size, last_discovery: this.lastDiscovery,
    };
  }

  /** Asks the gateway for its nodes; the answer arrives on the API topic without `/set`. */
  private discover() {
    this.opts.connection.publish(`${this.api}/api/getNodes/set`, JSON.stringify({ args: [] })).catch(() => {});
  }

  async send(cmd: DeviceCommand): Promise<void> {
    const hit = this.byUid.get(cmd.unique_id);
    if (!hit?.entity.write) throw Errors.unavailable(`${cmd.entity.name} is not known to Z-Wave JS UI right now.`);
    if (!this.live(hit.node)) throw Errors.unavailable(`${cmd.entity.name} is not reachable through Z-Wave JS UI right now.`);
    for (const [suffix, value] of hit.entity.write(cmd.action, cmd.params)) {
      if (value === undefined) throw Errors.validation(`${cmd.entity.name} cannot do ${cmd.action} with these parameters.`);
      await this.opts.connection.publish(`${this.opts.prefix}/${hit.node.topic}/${suffix}/set`, JSON.stringify({ value }));
    }
  }

  private live(node: NodeRuntime) {
    return this.opts.connection.connected && this.gatewayUp !== false && this.driverUp !== false && node.status !== 'Dead';
  }

  private bad(key: string, topic: string, reason: string) {
    if (this.warned.first(key)) this.host?.log.warn({ topic, reason }, 'ignored a malformed Z-Wave JS UI payload (logged once per node)');
  }

  private onMessage(topic: string, payload: Buffer) {
    if (topic.startsWith(this.api)) return this.onGateway(topic.slice(this.api.length), topic, payload);
    const prefix = this.opts.prefix;
    const rest = topic.slice(prefix.length + 1);
    if (rest === 'driver/status') {
      const v = unwrap(payload);
      this.driverUp = v === true;
      this.refreshAvailability();
      return;
    }
    if (rest.startsWith('_EVENTS/')) {
      if (/\/controller\/node_(added|removed)$/.test(rest)) this.discover();
      return;
    }
    const readers = this.readers.get(topic);
    if (readers) {
      if (payload.length === 0) return;
      const value = unwrap(payload);
      for (const r of readers) {
        const out = r.read(value);
        if (out) this.host!.reportState(r.uid, out.state, out.attributes);
        else this.bad(r.uid, topic, `unexpected value ${JSON.stringify(value)?.slice(0, 80)}`);
      }
      return;
    }
    if (rest.endsWith('/status')) {
      const nodeTopicPart = rest.slice(0, -7);
      for (const n of this.nodes.values()) {
        if (n.topic !== nodeTopicPart) continue;
        const p = parseJson(payload);
        if (p.ok && isObject(p.value) && typeof p.value.status === 'string') n.status = p.value.status;
        else if (p.ok && typeof p.value === 'boolean') n.status = p.value ? 'Alive' : 'Dead';
        else return this.bad(`node${n.id}`, topic, 'node status without a status');
        this.host!.reportAvailability({ device_id: `node${n.id}` }, this.live(n));
      }
    }
  }

  private onGateway(sub: string, topic: string, payload: Buffer) {
    if (sub === '/status') {
      const up = unwrap(payload) === true;
      const was = this.gatewayUp;
      this.gatewayUp = up;
      this.refreshAvailability();
      if (up && was !== true) this.discover();
      return;
    }
    if (sub !== '/api/getNodes') return;
    const p = parseJson(payload);
    if (!p.ok || !isObject(p.value)) return this.bad('getNodes', topic, p.ok ? 'not an object' : p.reason);
    if (p.value.success !== true || !Array.isArray(p.value.result)) {
      this.host!.log.warn({ message: p.value.message }, 'Z-Wave JS UI getNodes failed');
      return;
    }
    this.applyNodes(p.value.result);
  }

  private refreshAvailability() {
    for (const n of this.nodes.values()) this.host!.reportAvailability({ device_id: `node${n.id}` }, this.live(n));
  }

  /** A discovery pass: what getNodes no longer lists is removed (Z-Wave JS UI leaves ghost topics behind). */
  private applyNodes(result: unknown[]) {
    const host = this.host!;
    host.beginDiscovery();
    const seen = new Set<number>();
    this.readers.clear();
    this.byUid.clear();
    for (const raw of result) {
      if (!isObject(raw) || typeof raw.id !== 'number') continue;
      const n = raw as unknown as ZNode;
      if (n.id === 1 && !n.values) continue; // the controller
      seen.add(n.id);
      let entities: ZEntity[];
      try {
        entities = mapNode(n);
      } catch (err) {
        this.bad(`node${n.id}`, 'getNodes', (err as Error).message);
        continue;
      }
      const runtime: NodeRuntime = { id: n.id, topic: nodeTopic(n), entities, status: n.status ?? this.nodes.get(n.id)?.status };
      this.nodes.set(n.id, runtime);
      host.announceDevice({
        id: `node${n.id}`, name: n.name ?? `Z-Wave node ${n.id}`, manufacturer: n.manufacturer ?? null, model: n.productLabel ?? null,
        identifiers: { zwave_node: String(n.id) }, area: n.loc ?? null,
      });
      for (const e of entities) {
        host.announceEntity({ unique_id: e.unique_id, domain: e.domain, name: e.name, device_id: `node${n.id}`, capabilities: e.capabilities, attributes: e.attributes, area: n.loc ?? null });
        this.byUid.set(e.unique_id, { node: runtime, entity: e });
        for (const [suffix, read] of Object.entries(e.reads)) {
          const topic = `${this.opts.prefix}/${runtime.topic}/${suffix}`;
          const list = this.readers.get(topic) ?? [];
          list.push({ uid: e.unique_id, read });
          this.readers.set(topic, list);
        }
      }
      // getNodes carries the current values: the home has state before the first value message.
      for (const v of Object.values(n.values ?? {})) {
        for (const e of entities) {
          for (const [suffix, read] of Object.entries(e.reads)) {
            if (`${this.opts.prefix}/${runtime.topic}/${suffix}` !== `${this.opts.prefix}/${runtime.topic}/${suffixOf(v)}`) continue;
            const out = v.value === undefined ? undefined : read(v.value);
            if (out) host.reportState(e.unique_id, out.state, out.attributes);
          }
        }
      }
      host.reportAvailability({ device_id: `node${n.id}` }, this.live(runtime));
    }
    for (const id of [...this.nodes.keys()]) {
      if (!seen.has(id)) {
        this.nodes.delete(id);
        host.removeDevice(`node${id}`);
      }
    }
    host.endDiscovery();
    this.lastDiscovery = new Date().toISOString();
  }
}

/** Z-Wave JS UI payloads: `{time, value}` (default), a whole ValueId with `value`, or the raw value. */
function unwrap(payload: Buffer): unknown {
  const p = parseJson(payload);
  if (!p.ok) return payload.toString('utf8');
  if (isObject(p.value) && 'value' in p.value) return p.value.value;
  return p.value;
}
