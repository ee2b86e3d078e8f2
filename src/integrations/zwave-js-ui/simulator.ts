import mqtt, { type MqttClient } from 'mqtt';

/**
 * A simulated Z-Wave JS UI 11.x gateway on a real broker, written from its source
 * (api/lib/Gateway.ts, MqttClient.ts, ZwaveClient.ts) and zwave-js' set-value behaviour, for
 * the tests. What it reproduces:
 * - MQTT client id `ZWAVE_GATEWAY-<name>`, last will `{"value":false}` on `_CLIENTS/…/status`;
 *   on connect `version` and `status {"value":true,"time"}`; a clean stop sends no will
 *   (`client.end(false)`) but the driver closing publishes `driver/status false`.
 * - The API: `_CLIENTS/…/api/<name>/set` `{args}` answered on the topic without `/set`,
 *   `{success, message, result?, args, origin}`, not retained; `getNodes` before the driver is
 *   ready answers "Z-Wave client not connected" (or nothing: `silentBeforeReady`).
 * - The driver: `driver/status true` once ready (retained), node statuses and every value then;
 *   the broadcast node (255, `virtual: true`) in getNodes; with `sendEvents`,
 *   `_EVENTS/ZWAVE_GATEWAY-<name>/<source>/<event_name>` `{data:[…]}`.
 * - Topic layouts: gateway type 0 (ValueID, `nodeNames`), 1 (Named), 2 (Manual: only
 *   `manualTopics`), `ignoreLoc`; payload types 0 (`{time,value}`), 1 (ValueId), 2 (raw).
 * - Renames and moves publish nothing (`setNodeName` only tells the UI); the next value goes to
 *   the new topic. Removed nodes leave their retained topics behind.
 * - writeValue: zwave-js updates the written value optimistically and publishes it
 *   (`emitValueUpdateAfterSetValue`); supervised nodes answer Success (255), others
 *   SuccessUnsupervised (254) and are polled `verifyDelayMs` later — a node that `rejects` a
 *   value reports its old one then.
 */
export interface GatewaySettings {
  prefix: string;
  name: string;
  /** 0 ValueID topics, 1 Named topics, 2 Manual. */
  type: 0 | 1 | 2;
  nodeNames: boolean;
  ignoreLoc: boolean;
  /** 0 JSON time-value, 1 entire ValueId, 2 raw. */
  payloadType: 0 | 1 | 2;
  sendEvents: boolean;
  retain: boolean;
  /** Adds `nodeName` and `nodeLocation` to object payloads. */
  includeNodeInfo: boolean;
}

export interface SimValue {
  commandClass: number;
  commandClassName?: string;
  endpoint: number;
  property: string | number;
  propertyName?: string;
  propertyKey?: string | number;
  type?: string;
  readable?: boolean;
  writeable?: boolean;
  value?: unknown;
  [k: string]: unknown;
}

export interface SimNode {
  id: number;
  name?: unknown;
  loc?: string;
  status?: string;
  ready?: boolean;
  values: Record<string, SimValue>;
  [k: string]: unknown;
}

export interface SimulatorOptions {
  url: string;
  nodes: SimNode[];
  settings?: Partial<GatewaySettings>;
  /** Nodes that confirm writes with Supervision (Success) instead of an unsupervised ack. */
  supervised?: Set<number>;
  /** Nodes that ignore writes to these value keys (the device keeps its value). */
  rejects?: Map<number, Set<string>>;
  /** How long a device takes to report its new current value. */
  responseDelayMs?: number;
  /** When zwave-js polls an unsupervised set to verify it (5 s in zwave-js). */
  verifyDelayMs?: number;
  silentBeforeReady?: boolean;
  /** Gateway type Manual: value key of a node → its configured topic. */
  manualTopics?: Map<string, string>;
}

const CC_NAMES: Record<number, string> = {
  37: 'switch_binary',
  38: 'switch_multilevel',
  48: 'sensor_binary',
  49: 'sensor_multilevel',
  50: 'meter',
  64: 'thermostat_mode',
  67: 'thermostat_setpoint',
  98: 'door_lock',
  113: 'notification',
  128: 'battery',
};

/** `node.name ? node.name : NODE_PREFIX + node.id` */
const nameOf = (n: SimNode) => (typeof n.name === 'string' && n.name !== '' ? n.name : `nodeID_${n.id}`);
/** `utils.sanitizeTopic` */
const clean = (s: string | number) =>
  typeof s === 'number' ? String(s) : s.replace(/\s/g, '_').replace(/[^A-Za-z0-9-_À-ÖØ-öø-ÿ/]/g, '');
/** `utils.removeSlash` */
const slashless = (s: string | number) => (typeof s === 'number' ? String(s) : s.replace(/\//g, '-'));

export class ZwaveJsUiSimulator {
  client?: MqttClient;
  readonly settings: GatewaySettings;
  readonly nodes = new Map<number, SimNode>();
  /** writeValue calls received: `[nodeId, valueKey, value]`. */
  readonly writes: [number, string, unknown][] = [];
  /** Topics of `/set` requests on value topics (Hearth should not need them). */
  readonly valueSets: string[] = [];
  driverReady = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly opts: SimulatorOptions) {
    this.settings = {
      prefix: 'zwave',
      name: 'zwave-js-ui',
      type: 0,
      nodeNames: true,
      ignoreLoc: false,
      payloadType: 0,
      sendEvents: false,
      retain: true,
      includeNodeInfo: false,
      ...opts.settings,
    };
    for (const n of opts.nodes) this.nodes.set(n.id, structuredClone(n));
  }

  get clientId() {
    return `ZWAVE_GATEWAY-${this.settings.name}`;
  }

  private get clientTopic() {
    return `${this.settings.prefix}/_CLIENTS/${this.clientId}`;
  }

  /** Connects (the gateway's MQTT client starts before the Z-Wave driver is ready). */
  async start(opts: { driverReady?: boolean } = {}) {
    const s = this.settings;
    this.client = await mqtt.connectAsync(this.opts.url, {
      clientId: this.clientId,
      reconnectPeriod: 200,
      will: {
        topic: `${this.clientTopic}/status`,
        payload: Buffer.from(JSON.stringify({ value: false })),
        qos: 1,
        retain: s.retain,
      },
    });
    this.client.on('message', (topic, payload) => void this.onMessage(topic, payload.toString('utf8')));
    // MqttClient._onConnect: on every (re)connection, the version and `status {value:true}` again.
    this.client.on('connect', () => void this.announce().catch(() => {}));
    await this.client.subscribeAsync(
      ['broadcast', 'api', 'multicast'].map((a) => `${this.clientTopic}/${a}/#`),
      { qos: 1 },
    );
    // Write requests arrive on value topics + /set (Gateway subscribes per topic depth).
    await this.client.subscribeAsync(`${s.prefix}/#`, { qos: 1 });
    await this.announce();
    if (opts.driverReady) await this.readyDriver();
  }

  private async announce() {
    await this.pub(`_CLIENTS/${this.clientId}/version`, { value: '11.22.2', time: Date.now() });
    await this.pub(`_CLIENTS/${this.clientId}/status`, { value: true, time: Date.now() });
  }

  /** The driver finished starting: driver/status, node statuses and values, the driver_ready event. */
  async readyDriver() {
    this.driverReady = true;
    await this.pub('driver/status', true);
    for (const n of this.nodes.values()) {
      await this.publishStatus(n);
      for (const key of Object.keys(n.values)) await this.publishValue(n, key);
    }
    await this.event('driver', 'driver ready', [{}]);
  }

  async allNodesReady() {
    await this.event('driver', 'all nodes ready', []);
  }

  /** A crash: the socket drops and the broker publishes the last will. Retained topics stay. */
  async crash() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.driverReady = false;
    const c = this.client;
    this.client = undefined;
    c?.stream.destroy();
    await c?.endAsync(true).catch(() => {});
  }

  /** A clean stop: the driver closes (`driver/status false`), then MQTT ends without a will. */
  async stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (!this.client) return;
    if (this.driverReady) await this.pub('driver/status', false);
    this.driverReady = false;
    await this.client.endAsync();
    this.client = undefined;
  }

  // --- what happens in the Z-Wave network ---------------------------------------------------

  /** A device report: the value changes and is published on its (current) topic. */
  async report(id: number, key: string, value: unknown) {
    const n = this.nodes.get(id)!;
    n.values[key]!.value = value;
    await this.publishValue(n, key);
  }

  /** A value appears later (a meter found on a later report, an interview step). */
  async addValue(id: number, key: string, value: SimValue) {
    const n = this.nodes.get(id)!;
    n.values[key] = value;
    await this.publishValue(n, key);
    await this.event('node', 'value added', [{ id }, value]);
  }

  /** A sleeping node woke up and finished its interview: its values appear, it is ready. */
  async interview(id: number, values: Record<string, SimValue>) {
    const n = this.nodes.get(id)!;
    n.values = { ...n.values, ...values };
    n.ready = true;
    n.status = 'Awake';
    await this.publishStatus(n);
    for (const key of Object.keys(values)) await this.publishValue(n, key);
    await this.event('node', 'node ready', [{ id }]);
  }

  async setStatus(id: number, status: string) {
    const n = this.nodes.get(id)!;
    n.status = status;
    await this.publishStatus(n);
  }

  /** Z-Wave JS UI's setNodeName/setNodeLocation: only the UI hears of it. */
  rename(id: number, name: string) {
    this.nodes.get(id)!.name = name;
  }

  move(id: number, loc: string) {
    this.nodes.get(id)!.loc = loc;
  }

  /** Excluded (or removed as failed): gone from getNodes; its retained topics stay. */
  async remove(id: number) {
    const n = this.nodes.get(id)!;
    this.nodes.delete(id);
    await this.event('controller', 'node removed', [{ id: n.id, name: n.name }, 0]);
  }

  // --- MQTT ------------------------------------------------------------------------------------

  private async pub(topic: string, data: unknown, opts: { retain?: boolean } = {}) {
    const c = this.client;
    if (!c) return;
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    await c.publishAsync(`${this.settings.prefix}/${topic}`, payload, {
      qos: 1,
      retain: opts.retain ?? this.settings.retain,
    });
  }

  private async event(source: string, name: string, data: unknown[]) {
    if (!this.settings.sendEvents) return;
    await this.pub(
      `_EVENTS/${this.clientId}/${source}/${name.replace(/\s/g, '_')}`,
      { data },
      { retain: false },
    );
  }

  nodeTopic(n: SimNode): string {
    const s = this.settings;
    const parts: (string | number)[] = [];
    if (n.loc && !s.ignoreLoc) parts.push(n.loc);
    if (s.type === 0 && !s.nodeNames) parts.push(n.id);
    else parts.push(nameOf(n));
    return parts.map(clean).join('/');
  }

  valueTopic(n: SimNode, key: string): string | undefined {
    const s = this.settings;
    const v = n.values[key]!;
    const parts: (string | number)[] = [];
    const name = nameOf(n);
    const manual = this.opts.manualTopics?.get(`${n.id}:${key}`);
    if (manual) parts.push(name, manual);
    else if (s.type === 1)
      parts.push(
        name,
        CC_NAMES[v.commandClass] ?? `unknownClass_${v.commandClass}`,
        `endpoint_${v.endpoint || 0}`,
        slashless(String(v.propertyName)),
      );
    else if (s.type === 0)
      parts.push(s.nodeNames ? name : n.id, v.commandClass, v.endpoint || '0', slashless(v.property));
    else return undefined;
    if (!manual && v.propertyKey !== undefined) parts.push(slashless(v.propertyKey));
    if (n.loc && !s.ignoreLoc) parts.unshift(n.loc);
    return parts.map(clean).join('/');
  }

  private async publishValue(n: SimNode, key: string) {
    if (!this.driverReady) return;
    const topic = this.valueTopic(n, key);
    if (!topic) return;
    const v = n.values[key]!;
    const s = this.settings;
    const data: unknown =
      s.payloadType === 1
        ? { ...v, id: `${n.id}-${key}`, nodeId: n.id }
        : s.payloadType === 2
          ? v.value
          : { time: Date.now(), value: v.value };
    if (s.includeNodeInfo && typeof data === 'object' && data !== null)
      Object.assign(data, { nodeName: n.name, nodeLocation: n.loc });
    await this.pub(topic, data === undefined ? '' : data);
  }

  private async publishStatus(n: SimNode) {
    if (!this.driverReady) return;
    const available = n.status !== 'Dead';
    await this.pub(
      `${this.nodeTopic(n)}/status`,
      this.settings.payloadType === 2
        ? available
        : { time: Date.now(), value: available, status: n.status, nodeId: n.id },
    );
  }

  private async onMessage(topic: string, text: string) {
    const api = `${this.clientTopic}/api/`;
    if (topic.startsWith(api) && topic.endsWith('/set')) {
      const name = topic.slice(api.length, -4);
      const payload = JSON.parse(text) as { args?: unknown[] };
      const answer = await this.callApi(name, payload.args ?? []);
      if (answer)
        await this.pub(
          topic.slice(this.settings.prefix.length + 1, -4),
          { ...answer, origin: payload },
          { retain: false },
        );
      return;
    }
    if (topic.endsWith('/set') && !topic.includes('/_CLIENTS/')) this.valueSets.push(topic);
  }

  private async callApi(name: string, args: unknown[]): Promise<Record<string, unknown> | undefined> {
    if (!this.driverReady)
      return this.opts.silentBeforeReady
        ? undefined
        : { success: false, message: 'Z-Wave client not connected', args };
    if (name === 'getNodes') {
      const broadcast = {
        id: 255,
        name: 'Broadcast',
        virtual: true,
        kind: 'broadcast',
        ready: true,
        available: true,
        values: {},
      };
      return {
        success: true,
        message: 'Success zwave api call',
        result: [...this.nodes.values(), broadcast],
        args,
      };
    }
    if (name === 'writeValue') {
      const [valueId, value] = args as [SimValue & { nodeId: number }, unknown];
      return { success: true, message: 'Success zwave api call', result: this.write(valueId, value), args };
    }
    return { success: false, message: 'Unknown API', args };
  }

  private write(valueId: SimValue & { nodeId: number }, value: unknown) {
    const n = this.nodes.get(valueId.nodeId);
    const key = `${valueId.commandClass}-${valueId.endpoint}-${valueId.property}${valueId.propertyKey !== undefined ? `-${valueId.propertyKey}` : ''}`;
    if (!n?.values[key]) return { status: 2, message: `Node ${valueId.nodeId} not found` };
    this.writes.push([n.id, key, value]);
    const supervised = this.opts.supervised?.has(n.id) ?? false;
    const rejected = this.opts.rejects?.get(n.id)?.has(key) ?? false;
    if (value === 'stop') return { status: 254 };
    const current = key.replace(/-targetValue$/, '-currentValue').replace(/-targetMode$/, '-currentMode');
    const old = n.values[key].value;
    // The optimistic update of the written value itself (published: emitValueUpdateAfterSetValue).
    void this.report(n.id, key, value);
    if (current !== key && n.values[current])
      this.later(this.opts.responseDelayMs ?? 20, () =>
        this.report(n.id, current, rejected ? n.values[current]!.value : value),
      );
    else if (!supervised)
      this.later(this.opts.verifyDelayMs ?? 5_000, () => this.report(n.id, key, rejected ? old : value));
    return { status: supervised ? 255 : 254 };
  }

  private later(ms: number, fn: () => Promise<void>) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void fn().catch(() => {});
    }, ms);
    this.timers.add(t);
  }
}
