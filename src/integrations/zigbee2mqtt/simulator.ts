import mqtt, { type MqttClient } from 'mqtt';
import { parseColor, rgbToXy } from '../../home/color.js';
import type { Expose, Z2mDevice } from './types.js';

export interface SimulatorOptions {
  url: string;
  baseTopic: string;
  devices: Z2mDevice[];
  groups?: unknown[];
  /** Initial state payload per friendly name. */
  states?: Record<string, Record<string, unknown>>;
  /** Delay before a device reports the result of a `/set` (ms). */
  responseDelayMs?: number;
  username?: string | undefined;
  password?: string | undefined;
  /** Publish device state retained (Zigbee2MQTT's per-device `retain` option). */
  retainState?: boolean;
  /** Delay before a device answers a `/get` (a Zigbee read takes a round trip through the mesh). */
  getDelayMs?: number;
  /** The bridge's MQTT reconnect period (ms); 500 by default. */
  reconnectPeriodMs?: number;
}

/**
 * A simulated Zigbee2MQTT 2.x bridge on a real broker: publishes the retained `bridge/state`
 * (with the `offline` last will), `bridge/devices` and `bridge/groups`, answers `/set` with the
 * device's whole new state (like `cache_state`) after a short delay and `/get` with the current
 * one. It drives the demo home, the tests and the benchmarks.
 */
export class Zigbee2MqttSimulator {
  client?: MqttClient;
  readonly states = new Map<string, Record<string, unknown>>();
  private readonly byId = new Map<string, Z2mDevice>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Devices whose next `/set` fails with a `bridge/logging` error (tests). */
  readonly failing = new Set<string>();
  /** Devices that take a `/set` and never answer: out of range, asleep, a coordinator that did not notice (tests). */
  readonly silent = new Set<string>();
  /** Every `/set` received: topic and payload (benchmarks and tests). */
  onSet?: (topic: string, payload: string) => void;
  /** Reads (`/get`) received and not yet answered, and the most there ever were at once. */
  readonly reads = { received: 0, unanswered: 0, most_unanswered: 0 };

  constructor(private readonly opts: SimulatorOptions) {
    for (const d of opts.devices) this.index(d);
    for (const [name, s] of Object.entries(opts.states ?? {})) this.states.set(name, { ...s });
  }

  private index(d: Z2mDevice) {
    this.byId.set(d.friendly_name, d);
    this.byId.set(d.ieee_address, d);
  }

  get base() {
    return this.opts.baseTopic;
  }

  async start() {
    const b = this.opts.baseTopic;
    this.client = await mqtt.connectAsync(this.opts.url, {
      clientId: `z2m-sim-${Math.random().toString(16).slice(2, 10)}`,
      will: { topic: `${b}/bridge/state`, payload: Buffer.from('{"state":"offline"}'), retain: true, qos: 1 },
      reconnectPeriod: this.opts.reconnectPeriodMs ?? 500,
      writeCache: false, // see MqttConnection: no 65,536 pre-built packet-id buffers
      ...(this.opts.username ? { username: this.opts.username, password: this.opts.password } : {}),
    });
    this.client.on('message', (topic, payload) => this.onMessage(topic, payload.toString('utf8')));
    // Like Zigbee2MQTT: after every reconnection, announce `online` again (the last will may have said offline).
    this.client.on('connect', () => void this.publishBridge().catch(() => {}));
    // Friendly names may contain `/` (extra topic levels); the simulator handles up to three levels.
    await this.client.subscribeAsync([
      `${b}/+/set`,
      `${b}/+/+/set`,
      `${b}/+/+/+/set`,
      `${b}/+/get`,
      `${b}/+/+/get`,
      `${b}/+/+/+/get`,
    ]);
    await this.publishBridge();
  }

  async publishBridge() {
    const b = this.opts.baseTopic;
    const c = this.client!;
    await c.publishAsync(`${b}/bridge/state`, '{"state":"online"}', { retain: true, qos: 1 });
    await c.publishAsync(`${b}/bridge/info`, JSON.stringify({ version: '2.x (Hearth simulator)' }), {
      retain: true,
    });
    await c.publishAsync(`${b}/bridge/devices`, JSON.stringify(this.opts.devices), { retain: true });
    await c.publishAsync(`${b}/bridge/groups`, JSON.stringify(this.opts.groups ?? []), { retain: true });
  }

  /** Publishes a device's state (what Zigbee2MQTT does when the device reports). */
  async report(name: string, change: Record<string, unknown>) {
    const s = { ...(this.states.get(name) ?? {}), ...change };
    this.states.set(name, s);
    await this.client!.publishAsync(`${this.opts.baseTopic}/${name}`, JSON.stringify(s), {
      retain: this.opts.retainState ?? false,
    });
  }

  async setDevices(devices: Z2mDevice[]) {
    this.opts.devices = devices;
    this.byId.clear();
    for (const d of devices) this.index(d);
    await this.client!.publishAsync(`${this.opts.baseTopic}/bridge/devices`, JSON.stringify(devices), {
      retain: true,
    });
  }

  async publish(topic: string, payload: string | Buffer, retain = false) {
    await this.client!.publishAsync(`${this.opts.baseTopic}/${topic}`, payload, { retain });
  }

  private onMessage(topic: string, text: string) {
    const b = this.opts.baseTopic;
    const m = new RegExp(`^${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?!bridge)(.+?)/(get|set)$`).exec(
      topic,
    );
    if (!m) return;
    const device = this.byId.get(m[1]!);
    if (!device) return;
    const name = device.friendly_name;
    if (m[2] === 'get') {
      const r = this.reads;
      r.received++;
      r.most_unanswered = Math.max(r.most_unanswered, ++r.unanswered);
      const t = setTimeout(() => {
        this.timers.delete(t);
        r.unanswered--;
        void this.report(name, {}).catch(() => {});
      }, this.opts.getDelayMs ?? 0);
      this.timers.add(t);
      return;
    }
    this.onSet?.(topic, text);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof body !== 'object' || body === null) return;
    if (this.silent.has(name)) return;
    if (this.failing.has(name)) {
      void this.client!.publishAsync(
        `${b}/bridge/logging`,
        JSON.stringify({
          level: 'error',
          message: `Publish 'set' 'state' to '${name}' failed: 'Error: Data request failed with error: 'MAC no ack' (233)'`,
          namespace: 'z2m',
        }),
      );
      return;
    }
    const change = applySet(device, this.states.get(name) ?? {}, body as Record<string, unknown>);
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.report(name, change).catch(() => {});
    }, this.opts.responseDelayMs ?? 0);
    this.timers.add(t);
  }

  /** Clean stop: `bridge/state` offline, as Zigbee2MQTT does. */
  async stop(opts: { clearRetained?: boolean } = {}) {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const c = this.client;
    if (!c) return;
    const b = this.opts.baseTopic;
    if (opts.clearRetained) {
      for (const t of ['state', 'info', 'devices', 'groups'])
        await c.publishAsync(`${b}/bridge/${t}`, '', { retain: true });
    } else await c.publishAsync(`${b}/bridge/state`, '{"state":"offline"}', { retain: true, qos: 1 });
    await c.endAsync();
    this.client = undefined;
  }
}

/** What a `/set` does to a device's cached state (the subset of Zigbee2MQTT's converters Hearth uses). */
export function applySet(
  device: Z2mDevice,
  current: Record<string, unknown>,
  set: Record<string, unknown>,
): Record<string, unknown> {
  const exposes = device.definition?.exposes ?? [];
  const kinds = new Set(exposes.map((e: Expose) => e.type));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(set)) {
    if (k === 'transition') continue;
    if (k === 'color' && typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      const rgb =
        typeof o.hex === 'string'
          ? parseColor(o.hex)
          : typeof o.r === 'number'
            ? ([o.r, o.g, o.b] as [number, number, number])
            : undefined;
      if (rgb) out.color = rgbToXy(rgb);
      else if (typeof o.x === 'number') out.color = { x: o.x, y: o.y };
      out.color_mode = 'xy';
      continue;
    }
    if (k.startsWith('color_temp')) out.color_mode = 'color_temp';
    if (k.startsWith('state') && v === 'TOGGLE') {
      out[k] = current[k] === 'ON' ? 'OFF' : 'ON';
      continue;
    }
    if (kinds.has('cover') && k === 'state') {
      if (v === 'OPEN') out.position = 100;
      if (v === 'CLOSE') out.position = 0;
      if (v !== 'STOP') out.state = v;
      continue;
    }
    if (kinds.has('cover') && k === 'position') out.state = Number(v) > 0 ? 'OPEN' : 'CLOSE';
    if (kinds.has('lock') && k === 'state') out.lock_state = v === 'LOCK' ? 'locked' : 'unlocked';
    out[k] = v;
  }
  if (
    typeof out.brightness === 'number' &&
    set.state === undefined &&
    kinds.has('light') &&
    out.brightness > 0
  )
    out.state = 'ON';
  return out;
}
