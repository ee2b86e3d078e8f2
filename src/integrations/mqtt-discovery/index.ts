import { Errors } from '../../errors.js';
import type {
  DeviceAnnouncement,
  DeviceCommand,
  Integration,
  IntegrationHost,
  IntegrationStatus,
} from '../../home/integration.js';
import type { MqttConnection } from '../mqtt/connection.js';
import { OncePerKey, isObject, parseJson } from '../mqtt/topics.js';
import { Availability } from './availability.js';
import { buildSpec } from './components.js';
import {
  BadConfig,
  BadPayload,
  expandConfig,
  parseConfigTopic,
  splitDeviceConfig,
  str,
  type Config,
} from './config.js';
import type { ComponentSpec } from './spec.js';

export interface MqttDiscoveryOptions {
  connection: MqttConnection;
  /** Discovery prefix, `homeassistant` by default. */
  prefix: string;
  /**
   * Device identifier prefixes another integration of Hearth already consumes natively
   * (`zigbee2mqtt_` when a Zigbee2MQTT bridge is configured, `zwavejs2mqtt_` for Z-Wave JS UI):
   * configs whose device identifiers or unique_id start with one are skipped, so such a device
   * appears once, through its richer native integration.
   */
  nativePrefixes?: string[];
}

interface Entry {
  /** `<component>/[<node_id>/]<object_id>` (device-level configs add `#<component id>`). */
  key: string;
  uid: string;
  spec: ComponentSpec;
  signature: string;
  availability: Availability;
  unsubscribe: (() => void)[];
}

/**
 * Home Assistant MQTT discovery (bridges.md §3): entities of third-party MQTT devices (Tasmota,
 * ESPHome, Shelly, …) from retained `<prefix>/<component>/…/config` messages.
 */
export class MqttDiscoveryIntegration implements Integration {
  readonly id = 'mqtt_discovery';
  readonly name = 'MQTT discovery (Home Assistant format)';
  private host?: IntegrationHost;
  private readonly entries = new Map<string, Entry>();
  private readonly byUid = new Map<string, Entry>();
  private readonly warned = new OncePerKey();
  private skipped = 0;
  private offs: (() => void)[] = [];

  constructor(private readonly opts: MqttDiscoveryOptions) {}

  async start(host: IntegrationHost) {
    this.host = host;
    const conn = this.opts.connection;
    const p = this.opts.prefix;
    const onConfig = (topic: string, payload: Buffer) => this.onConfig(topic, payload);
    this.offs.push(
      conn.subscribe(`${p}/+/+/config`, onConfig),
      conn.subscribe(`${p}/+/+/+/config`, onConfig),
      conn.onStatus((connected) => {
        if (!connected) host.reportAvailability('all', false);
        else this.online();
      }),
    );
    if (conn.connected) this.online();
  }

  /**
   * Publishes the birth message HA sends (`<prefix>/status` = `online`, not retained): publishers
   * whose configs are not retained (Z-Wave JS UI by default, some ESPHome setups) announce again.
   */
  private online() {
    for (const e of this.entries.values()) this.applyAvailability(e);
    this.opts.connection.publish(`${this.opts.prefix}/status`, 'online').catch(() => {});
  }

  async stop() {
    for (const off of this.offs) off();
    for (const e of this.entries.values()) for (const off of e.unsubscribe) off();
    this.offs = [];
  }

  status(): IntegrationStatus {
    return {
      state: this.opts.connection.connected ? 'online' : 'offline',
      prefix: this.opts.prefix,
      entities: this.entries.size,
      skipped_native: this.skipped,
    };
  }

  async send(cmd: DeviceCommand): Promise<void> {
    const e = this.byUid.get(cmd.unique_id);
    if (!e?.spec.command)
      throw Errors.unavailable(`${cmd.entity.name} is not known to MQTT discovery right now.`);
    if (e.availability.configured && !e.availability.available)
      throw Errors.unavailable(`${cmd.entity.name} reports itself unavailable.`);
    for (const m of e.spec.command(cmd.action, cmd.params))
      await this.opts.connection.publish(m.topic, m.payload);
    const assumed = e.spec.assume?.(cmd.action, cmd.params);
    if (assumed) this.host!.reportState(e.uid, assumed.state, assumed.attributes);
  }

  private bad(key: string, topic: string, reason: string) {
    if (this.warned.first(key))
      this.host?.log.warn(
        { topic, reason },
        'ignored a malformed MQTT discovery config or payload (logged once per entity)',
      );
  }

  private onConfig(topic: string, payload: Buffer) {
    const t = parseConfigTopic(this.opts.prefix, topic);
    if (!t) return;
    if (t.component === 'device') return this.onDeviceConfig(t.key, topic, payload);
    if (payload.length === 0) return this.remove(t.key);
    const parsed = parseJson(payload);
    if (!parsed.ok || !isObject(parsed.value))
      return this.bad(t.key, topic, parsed.ok ? 'the config is not a JSON object' : parsed.reason);
    this.apply(t.key, topic, t.component, t.objectId, expandConfig(parsed.value), payload.toString('utf8'));
  }

  /** Device-level discovery: one config for several components (`cmps`). */
  private onDeviceConfig(key: string, topic: string, payload: Buffer) {
    const prefix = `${key}#`;
    const old = [...this.entries.keys()].filter((k) => k.startsWith(prefix));
    if (payload.length === 0) return old.forEach((k) => this.remove(k));
    const parsed = parseJson(payload);
    if (!parsed.ok || !isObject(parsed.value))
      return this.bad(key, topic, parsed.ok ? 'the config is not a JSON object' : parsed.reason);
    let parts;
    try {
      parts = splitDeviceConfig(expandConfig(parsed.value));
    } catch (err) {
      if (!(err instanceof BadConfig)) throw err;
      return this.bad(key, topic, err.message);
    }
    const keep = new Set<string>();
    for (const p of parts) {
      const k = `${prefix}${p.objectId}`;
      keep.add(k);
      this.apply(k, topic, p.component, p.objectId, p.config, JSON.stringify(p.config));
    }
    for (const k of old) if (!keep.has(k)) this.remove(k);
  }

  private apply(
    key: string,
    topic: string,
    component: string,
    objectId: string,
    c: Config,
    signature: string,
  ) {
    const host = this.host!;
    const old = this.entries.get(key);
    if (old?.signature === signature) return;
    let spec: ComponentSpec | undefined;
    let device: DeviceAnnouncement | undefined;
    let availability: Availability;
    try {
      if (this.isNative(c)) {
        this.skipped++;
        if (old) this.remove(key);
        return;
      }
      spec = buildSpec(component, c);
      if (!spec) {
        if (this.warned.first(`component:${component}`))
          host.log.info({ component }, 'MQTT discovery: component not supported by Hearth; ignored');
        return;
      }
      device = readDevice(c);
      availability = new Availability(c);
    } catch (err) {
      if (!(err instanceof BadConfig)) throw err;
      return this.bad(key, topic, err.message);
    }
    const uidNow = str(c, 'unique_id') ?? key;
    // The same config topic with a new unique_id is a new entity: the old one goes.
    if (old) this.remove(key, old.uid !== uidNow);
    const uid = uidNow;
    if (device) host.announceDevice(device);
    const name = entityName(c, device, objectId);
    host.announceEntity({
      unique_id: uid,
      domain: spec.domain,
      name,
      device_id: device?.id ?? null,
      capabilities: spec.capabilities,
      ...(spec.attributes && Object.keys(spec.attributes).length ? { attributes: spec.attributes } : {}),
      ...(str(c, 'object_id') ? { object_id: str(c, 'object_id')! } : {}),
    });
    const entry: Entry = { key, uid, spec, signature, availability, unsubscribe: [] };
    this.entries.set(key, entry);
    this.byUid.set(uid, entry);
    const conn = this.opts.connection;
    for (const l of spec.listeners) {
      entry.unsubscribe.push(
        conn.subscribe(l.topic, (_t, payload) => this.onState(entry, l.topic, payload, l.read)),
      );
    }
    for (const a of availability.topics) {
      entry.unsubscribe.push(
        conn.subscribe(a, (_t, payload) => {
          try {
            if (entry.availability.update(a, payload.toString('utf8'))) this.applyAvailability(entry);
          } catch (err) {
            if (!(err instanceof BadPayload)) throw err;
            this.bad(key, a, err.message);
          }
        }),
      );
    }
    const attrTopic = str(c, 'json_attributes_topic');
    if (attrTopic)
      entry.unsubscribe.push(
        conn.subscribe(attrTopic, (_t, payload) => {
          const p = parseJson(payload);
          if (p.ok && isObject(p.value)) host.reportState(uid, undefined, p.value);
        }),
      );
    this.applyAvailability(entry);
  }

  private onState(
    entry: Entry,
    topic: string,
    payload: Buffer,
    read: (text: string) => { state?: unknown; attributes?: Record<string, unknown> } | undefined,
  ) {
    if (this.entries.get(entry.key) !== entry || payload.length === 0) return;
    try {
      const r = read(payload.toString('utf8'));
      if (r) this.host!.reportState(entry.uid, r.state as string | number | null | undefined, r.attributes);
      // A state report makes the entity available in the core; availability topics still rule.
      if (r && entry.availability.configured && !entry.availability.available) this.applyAvailability(entry);
    } catch (err) {
      if (!(err instanceof BadPayload)) throw err;
      this.bad(entry.key, topic, err.message);
    }
  }

  private applyAvailability(entry: Entry) {
    const live =
      this.opts.connection.connected && (!entry.availability.configured || entry.availability.available);
    this.host!.reportAvailability({ unique_id: entry.uid }, live);
  }

  private isNative(c: Config): boolean {
    const prefixes = this.opts.nativePrefixes ?? [];
    if (prefixes.length === 0) return false;
    const dev = isObject(c.device) ? c.device : {};
    const ids: unknown[] = Array.isArray(dev.identifiers) ? dev.identifiers : [dev.identifiers];
    const candidates = [...ids, c.unique_id].filter((v): v is string => typeof v === 'string');
    return candidates.some((v) => prefixes.some((p) => v.startsWith(p)));
  }

  private remove(key: string, fromRegistry = true) {
    const e = this.entries.get(key);
    if (!e) return;
    for (const off of e.unsubscribe) off();
    this.entries.delete(key);
    if (this.byUid.get(e.uid) === e) this.byUid.delete(e.uid);
    if (fromRegistry) this.host!.removeEntity(e.uid);
  }
}

function readDevice(c: Config): DeviceAnnouncement | undefined {
  if (c.device === undefined) return undefined;
  if (!isObject(c.device)) throw new BadConfig('device must be an object');
  const d = c.device;
  const ids = (Array.isArray(d.identifiers) ? d.identifiers : [d.identifiers]).filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const conns = Array.isArray(d.connections)
    ? d.connections
        .filter((x): x is [string, string] => Array.isArray(x) && x.length === 2)
        .map(([k, v]) => `${k}_${v}`)
    : [];
  const id = ids[0] ?? conns[0];
  if (!id) throw new BadConfig('device has neither identifiers nor connections');
  const s = (k: string) => (typeof d[k] === 'string' ? d[k] : null);
  return {
    id,
    name: s('name') ?? id,
    manufacturer: s('manufacturer'),
    model: s('model'),
    identifiers: { mqtt: [...ids, ...conns].join(',') },
    ...(s('suggested_area') ? { area: s('suggested_area') } : {}),
  };
}

/** HA names entities `<device> <entity>`; a null name means the device's own main entity. */
function entityName(c: Config, device: DeviceAnnouncement | undefined, objectId: string): string {
  const n = typeof c.name === 'string' && c.name.trim() !== '' ? c.name.trim() : null;
  if (!device) return n ?? objectId;
  if (!n) return device.name;
  return n.toLowerCase().startsWith(device.name.toLowerCase()) ? n : `${device.name} ${n}`;
}
