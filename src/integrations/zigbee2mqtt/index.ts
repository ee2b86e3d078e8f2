import { PermitJoinWindow, permitJoinTopic } from './permit-join.js';
import type { Capabilities } from '../../home/types.js';
import { Errors } from '../../errors.js';
import type {
  DeviceCommand,
  Integration,
  IntegrationHost,
  IntegrationStatus,
} from '../../home/integration.js';
import { BULK_MAX_PAYLOAD, type MqttConnection } from '../mqtt/connection.js';
import { ReadPacer, type PacerOptions } from '../mqtt/pacer.js';
import { OncePerKey, isObject, parseJson } from '../mqtt/topics.js';
import { readInventory } from './inventory.js';
import { NodeTable, type Node } from './nodes.js';
import { BadPayload } from './types.js';

/** Placement Hearth cannot learn from Zigbee2MQTT (the demo home uses it for its fixed ids, areas and labels). */
export interface EntityHint {
  object_id?: string;
  capabilities?: Capabilities;
  name?: string;
  area?: string | null;
  labels?: string[];
}

export interface Zigbee2MqttOptions {
  connection: MqttConnection;
  baseTopic: string;
  /** Integration id; defaults to `zigbee2mqtt` for the default base topic, else `zigbee2mqtt_<base>`. */
  id?: string;
  name?: string;
  /** Hints by unique id (`<ieee>/light`…) or by device key (`<ieee>`, for the device's area). */
  hints?: Record<string, EntityHint>;
  /**
   * How long `start` may wait for the retained `bridge/devices` (and, with `awaitState`, for
   * every device's state), so the API opens with the home already there. 0 (the default): do
   * not wait — a real bridge may be missing, and the registry already holds the last known
   * home. The wait ends at the event, not by polling; its bound runs on the injected clock.
   */
  readyWaitMs?: number;
  awaitState?: boolean;
  /** Pacing of `/get` reads (defaults: 8 unanswered, 50 ms apart, a slot freed after 3 s). */
  reads?: Partial<PacerOptions>;
}

/** `/get` pacing: a start or reconnection with 2,000 devices reads them over ~100 s, never all at once. */
const READS: PacerOptions = { concurrency: 8, spacingMs: 50, answerTimeoutMs: 3_000 };

/**
 * A Zigbee2MQTT 2.x bridge (bridges.md §1): discovery from the retained `bridge/devices` and
 * `bridge/groups`, state from `<base>/<friendly name>`, commands to `<base>/<ieee>/set`,
 * liveness from `bridge/state` and per-device `availability`. Several bridges run as several
 * instances, one per base topic.
 */
export class Zigbee2MqttIntegration implements Integration {
  readonly id: string;
  readonly name: string;
  private host?: IntegrationHost;
  private readonly base: string;
  private readonly nodes = new NodeTable();
  private readonly warned = new OncePerKey();
  /** Devices whose current state was requested with `/get` on this connection. */
  private readonly asked = new Set<string>();
  private reads?: ReadPacer;
  private readyWaiter?: () => void;
  private devicesRaw: unknown[] = [];
  private groupsRaw: unknown[] = [];
  private bridgeState: 'online' | 'offline' | 'unknown' = 'unknown';
  private version: string | null = null;
  private unsubscribe?: () => void;
  private offStatus?: () => void;
  private readonly prefixLen: number;

  constructor(private readonly opts: Zigbee2MqttOptions) {
    this.base = opts.baseTopic;
    this.prefixLen = this.base.length + 1;
    this.id =
      opts.id ??
      (this.base === 'zigbee2mqtt'
        ? 'zigbee2mqtt'
        : `zigbee2mqtt_${this.base.replace(/[^A-Za-z0-9_-]/g, '_')}`);
    this.name = opts.name ?? `Zigbee2MQTT (${this.base})`;
  }

  async start(host: IntegrationHost) {
    this.host = host;
    const conn = this.opts.connection;
    this.reads = new ReadPacer(host.clock, { ...READS, ...this.opts.reads }, (key) => this.sendGet(key));
    this.offStatus = conn.onStatus((connected) => {
      if (!connected) {
        // Nothing asked on the old connection will be answered; after the reconnection the
        // retained `bridge/state` asks again (paced) for what may have changed meanwhile.
        this.asked.clear();
        this.reads?.clear();
        this.markUnknown();
        host.reportAvailability('all', false);
      }
    });
    // `bridge/devices` of a big network is megabytes; device names inside are bounded by the host.
    this.unsubscribe = conn.subscribe(`${this.base}/#`, (topic, payload) => this.onMessage(topic, payload), {
      maxPayloadBytes: BULK_MAX_PAYLOAD,
    });
    const wait = this.opts.readyWaitMs ?? 0;
    if (wait > 0 && conn.connected && !this.ready()) {
      await new Promise<void>((resolve) => {
        const timer = host.clock.setTimeout(done, wait);
        function done() {
          host.clock.clearTimeout(timer);
          resolve();
        }
        this.readyWaiter = done;
      });
      this.readyWaiter = undefined;
    }
  }

  private ready() {
    return (
      this.discovered &&
      (!this.opts.awaitState || [...this.nodes.values()].every((n) => this.reported.has(n.key)))
    );
  }

  private checkReady() {
    if (this.readyWaiter && this.ready()) this.readyWaiter();
  }

  private discovered = false;
  /** Devices that sent state since start (readiness of the demo home). */
  private readonly reported = new Set<string>();
  /** Devices whose reports may have been lost and that cannot be read: unavailable until they report. */
  private readonly unknown = new Set<string>();

  async stop() {
    this.joining?.cancel();
    this.unsubscribe?.();
    this.offStatus?.();
    this.reads?.clear();
    this.readyWaiter?.();
  }

  private joining?: PermitJoinWindow;

  /** Opens the Zigbee network for new devices for `seconds` (renewed past Zigbee2MQTT's 254 s), or closes it. */
  async permitJoin(seconds: number): Promise<string | null> {
    if (!this.opts.connection.connected || this.bridgeState === 'offline')
      throw Errors.unavailable(`The Zigbee2MQTT bridge (${this.base}) is offline.`);
    this.joining ??= new PermitJoinWindow(
      (payload) => this.opts.connection.publish(permitJoinTopic(this.base), payload),
      this.host!.clock,
    );
    return this.joining.open(seconds);
  }

  status(): IntegrationStatus {
    const online = this.opts.connection.connected && this.bridgeState !== 'offline';
    return {
      state: online ? 'online' : 'offline',
      base_topic: this.base,
      bridge: this.bridgeState,
      version: this.version,
      devices: [...this.nodes.values()].filter((n) => !n.key.startsWith('group_')).length,
      groups: [...this.nodes.values()].filter((n) => n.key.startsWith('group_')).length,
      permit_join_until: this.joining?.until ?? null,
      reads: this.reads?.pending ?? { queued: 0, in_flight: 0 },
    };
  }

  async send(cmd: DeviceCommand): Promise<void> {
    const hit = this.nodes.entity(cmd.unique_id);
    if (!hit?.spec.command)
      throw Errors.unavailable(`${cmd.entity.name} is not known to Zigbee2MQTT (${this.base}) right now.`);
    if (this.bridgeState === 'offline')
      throw Errors.unavailable(`The Zigbee2MQTT bridge (${this.base}) is offline.`);
    const payload = hit.spec.command(cmd.action, cmd.params);
    await this.opts.connection.publish(`${this.base}/${hit.node.target}/set`, JSON.stringify(payload));
  }

  // --- incoming ----------------------------------------------------------------------------

  private bad(key: string, topic: string, reason: string) {
    if (this.warned.first(key))
      this.host?.log.warn(
        { topic, reason },
        'ignored a malformed Zigbee2MQTT payload (logged once per device)',
      );
  }

  private onMessage(topic: string, payload: Buffer) {
    const rest = topic.slice(this.prefixLen);
    if (rest.startsWith('bridge/')) return this.onBridge(rest.slice(7), topic, payload);
    const node = this.nodes.named(rest);
    if (node) return this.onState(node, topic, payload);
    if (rest.endsWith('/availability')) {
      const n = this.nodes.named(rest.slice(0, -13));
      if (n) this.onAvailability(n, topic, payload);
    }
    // Anything else (our own /set and /get echoes, attribute outputs, unknown devices) is not state.
  }

  private onState(node: Node, topic: string, payload: Buffer) {
    if (payload.length === 0) return;
    const parsed = parseJson(payload);
    if (!parsed.ok || !isObject(parsed.value))
      return this.bad(node.key, topic, parsed.ok ? 'state is not a JSON object' : parsed.reason);
    const message = parsed.value;
    this.reported.add(node.key);
    this.reads?.answered(node.key);
    const wasUnknown = this.unknown.delete(node.key);
    for (const spec of node.specs) {
      try {
        const r = spec.read(message);
        if (r) this.host!.reportState(spec.announcement.unique_id, r.state, r.attributes);
      } catch (err) {
        if (!(err instanceof BadPayload)) throw err;
        this.bad(node.key, topic, `${spec.announcement.unique_id}: ${err.message}`);
      }
    }
    if (wasUnknown) this.applyAvailability(node);
    this.checkReady();
  }

  /**
   * Reports may have been lost (the broker or the bridge was away). Devices that can be read are
   * read again (`/get`); those that only report (battery sensors) cannot, so they show as
   * unavailable — not an old value as if current — until they next report.
   */
  private markUnknown() {
    for (const n of this.nodes.values())
      if (!n.specs.some((s) => s.gettable.length > 0) && n.specs.length > 0) this.unknown.add(n.key);
  }

  private onAvailability(node: Node, topic: string, payload: Buffer) {
    const s = readOnlineState(payload);
    if (s === undefined) return this.bad(node.key, topic, 'availability is neither online nor offline');
    node.available = s;
    this.applyAvailability(node);
  }

  private applyAvailability(node: Node) {
    const live =
      this.bridgeState !== 'offline' &&
      this.opts.connection.connected &&
      node.available !== false &&
      !this.unknown.has(node.key);
    this.host!.reportAvailability({ device_id: node.key }, live);
  }

  private onBridge(what: string, topic: string, payload: Buffer) {
    if (what === 'state') {
      if (payload.length === 0) return;
      const s = readOnlineState(payload);
      if (s === undefined) return this.bad('bridge', topic, 'bridge/state is neither online nor offline');
      this.bridgeState = s ? 'online' : 'offline';
      this.host!.log.info({ base: this.base, state: this.bridgeState }, 'Zigbee2MQTT bridge state');
      if (!s) {
        // Whatever the devices did while the bridge was down is read again when it is back.
        this.asked.clear();
        this.reads?.clear();
        this.markUnknown();
        this.host!.reportAvailability('all', false);
      } else {
        for (const n of this.nodes.values()) this.applyAvailability(n);
        this.requestState();
      }
      return;
    }
    if (
      what === 'info' ||
      what === 'devices' ||
      what === 'groups' ||
      what === 'event' ||
      what === 'logging'
    ) {
      if (payload.length === 0) return;
      const parsed = parseJson(payload);
      if (!parsed.ok) return this.bad(`bridge/${what}`, topic, parsed.reason);
      const v = parsed.value;
      if (what === 'info') this.version = isObject(v) && typeof v.version === 'string' ? v.version : null;
      else if (what === 'devices' || what === 'groups') {
        if (!Array.isArray(v)) return this.bad(`bridge/${what}`, topic, `bridge/${what} is not an array`);
        if (what === 'devices') this.devicesRaw = v;
        else this.groupsRaw = v;
        this.rebuild();
      } else if (what === 'event') this.onEvent(v, topic);
      else this.onLogging(v);
    }
  }

  private onEvent(v: unknown, topic: string) {
    if (!isObject(v) || !isObject(v.data)) return this.bad('bridge/event', topic, 'event without data');
    if (v.type === 'device_leave' && typeof v.data.ieee_address === 'string') {
      // Zigbee2MQTT republishes bridge/devices without it as well; removing here keeps the
      // registry true even if that message is lost.
      this.removeNode(v.data.ieee_address);
    }
  }

  /** Errors from `/set` commands show up only on `bridge/logging`; they name the device. */
  private onLogging(v: unknown) {
    if (!isObject(v) || v.level !== 'error' || typeof v.message !== 'string') return;
    const message = v.message;
    for (const m of message.matchAll(/'([^']+)'/g)) {
      const node = this.nodes.named(m[1]!) ?? this.nodes.get(m[1]!);
      if (!node) continue;
      for (const spec of node.specs) this.host!.reportCommandError(spec.announcement.unique_id, message);
      return;
    }
  }

  // --- discovery ---------------------------------------------------------------------------

  /** One discovery pass over the current `bridge/devices` and `bridge/groups`. */
  private rebuild() {
    const host = this.host!;
    const seen = new Set<string>();
    host.beginDiscovery();
    const inventory = readInventory(this.devicesRaw, this.groupsRaw, (reason) =>
      this.bad('bridge/devices', `${this.base}/bridge/devices`, reason),
    );
    for (const d of inventory) {
      try {
        this.applyAvailability(this.nodes.announce(host, this.opts.hints, d));
        seen.add(d.key);
      } catch (err) {
        // A device Hearth cannot map is left out (logged once); a group's failure is a bug.
        if (!(err instanceof BadPayload) || !d.z2m) throw err;
        this.bad(d.key, `${this.base}/bridge/devices`, `${d.z2m.friendly_name}: ${err.message}`);
      }
    }
    for (const key of [...this.nodes.keys()]) if (!seen.has(key)) this.removeNode(key);
    host.endDiscovery();
    this.discovered = true;
    this.requestState();
    this.checkReady();
  }

  private removeNode(key: string) {
    const node = this.nodes.remove(key);
    if (!node) return;
    this.asked.delete(key);
    this.unknown.delete(key);
    this.reads?.drop(key);
    this.host!.removeDevice(key);
    this.host!.log.info({ device: key, name: node.name }, 'Zigbee device left or was removed');
  }

  /**
   * State is not retained: ask each device once per connection (after a start, a reconnection or
   * the bridge coming back) for what it can tell (`/get`), paced by `reads` — never all at once.
   */
  private requestState() {
    if (this.bridgeState === 'offline' || !this.opts.connection.connected) return;
    for (const node of this.nodes.values()) {
      if (this.asked.has(node.key)) continue;
      this.asked.add(node.key);
      if (node.specs.some((s) => s.gettable.length > 0)) this.reads!.request(node.key);
    }
  }

  private async sendGet(key: string) {
    const node = this.nodes.get(key);
    if (!node || this.bridgeState === 'offline') throw new Error('not readable now');
    const props = [...new Set(node.specs.flatMap((s) => s.gettable))];
    const body = JSON.stringify(Object.fromEntries(props.map((p) => [p, ''])));
    try {
      await this.opts.connection.publish(`${this.base}/${node.target}/get`, body);
    } catch (err) {
      this.asked.delete(key);
      throw err;
    }
  }
}

function readOnlineState(payload: Buffer): boolean | undefined {
  const text = payload.toString('utf8').trim();
  if (text === 'online') return true;
  if (text === 'offline') return false;
  const parsed = parseJson(payload);
  if (parsed.ok && isObject(parsed.value)) {
    if (parsed.value.state === 'online') return true;
    if (parsed.value.state === 'offline') return false;
  }
  return undefined;
}
