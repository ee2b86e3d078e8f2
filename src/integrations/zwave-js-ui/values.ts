import { Errors } from '../../errors.js';
import type { Attributes, Capabilities, Domain, EntityState } from '../../home/types.js';

/** A Z-Wave JS UI ValueId as `getNodes` returns it (`ZUIValueId` in its ZwaveClient.ts). */
export interface ZValue {
  commandClass: number;
  endpoint?: number;
  property: string | number;
  propertyKey?: string | number;
  propertyName?: string;
  propertyKeyName?: string;
  label?: string;
  type?: string;
  readable?: boolean;
  writeable?: boolean;
  min?: number;
  max?: number;
  unit?: string;
  /** Named states: `[{text, value}]` in Z-Wave JS UI (a `{value: text}` map is accepted too). */
  states?: { value: number | boolean; text: string }[] | Record<string, string>;
  ccSpecific?: Record<string, unknown>;
  value?: unknown;
}

/** A physical or virtual node as `getNodes` returns it (`ZUINode`). */
export interface ZNode {
  id: number;
  name?: string;
  loc?: string;
  manufacturer?: string;
  productLabel?: string;
  productDescription?: string;
  status?: string;
  available?: boolean;
  ready?: boolean;
  /** The broadcast node (255, 4095) and multicast groups: writing to them reaches many devices. */
  virtual?: boolean;
  isControllerNode?: boolean;
  deviceClass?: { basic?: number; generic?: number; specific?: number };
  endpoints?: { index: number; label?: string; deviceClass?: { generic?: number; specific?: number } }[];
  values?: Record<string, ZValue>;
}

export const CC = {
  BINARY_SWITCH: 37,
  MULTILEVEL_SWITCH: 38,
  BINARY_SENSOR: 48,
  MULTILEVEL_SENSOR: 49,
  METER: 50,
  THERMOSTAT_MODE: 64,
  THERMOSTAT_SETPOINT: 67,
  DOOR_LOCK: 98,
  NOTIFICATION: 113,
  BATTERY: 128,
} as const;

/** A reader's answer: a state, attributes, both, or `{}` (nothing to change, e.g. a mode "Unknown"). */
export interface Read {
  state?: EntityState;
  attributes?: Attributes;
}

/** What one Z-Wave value (or value group) becomes. `reads` maps value keys to readers. */
export interface ZEntity {
  unique_id: string;
  domain: Domain;
  name: string;
  capabilities: Capabilities;
  attributes: Attributes;
  /** Value key (`<cc>-<ep>-<property>[-<key>]`) → how its value updates the entity; `undefined`: a value it cannot read. */
  reads: Record<string, (value: unknown) => Read | undefined>;
  /** Value keys and values to write for an action; throws a validation error for what the device cannot take. */
  write?(action: string, params: Record<string, unknown>): [key: string, value: unknown][];
  /**
   * Written values that are also read back on the same value (no current/target pair):
   * zwave-js updates them optimistically, so their echo proves nothing until the device verified it.
   */
  readBack?: Set<string>;
}

/** Z-Wave JS UI's key of a value within its node (`_getIdWithoutNode`): `<cc>-<ep>-<property>[-<key>]`. */
export function valueKey(v: Pick<ZValue, 'commandClass' | 'endpoint' | 'property' | 'propertyKey'>): string {
  return `${v.commandClass}-${v.endpoint ?? 0}-${v.property}${v.propertyKey !== undefined ? `-${v.propertyKey}` : ''}`;
}

/** Z-Wave JS UI's `sanitizeTopic`: whitespace → `_`, drop what is not a letter, digit, `-`, `_` or `/`. */
export const sanitize = (s: string | number) =>
  String(s)
    .replace(/\s/g, '_')
    .replace(/[^A-Za-z0-9\-_À-ÖØ-öø-ÿ/]/g, '');

/** The ValueId-topic suffix of a value (`<cc>/<ep>/<property>[/<key>]`): also the stable part of unique ids. */
export function valueSuffix(v: ZValue): string {
  const part = (p: string | number) => sanitize(String(p).replace(/\//g, '-'));
  return `${v.commandClass}/${v.endpoint ?? 0}/${part(v.property)}${v.propertyKey !== undefined ? `/${part(v.propertyKey)}` : ''}`;
}

/** A node's display name: its name in Z-Wave JS UI, else its product and node id (never empty). */
export function nodeLabel(n: ZNode): string {
  const name = typeof n.name === 'string' ? n.name.trim() : '';
  if (name) return name;
  const product = (n.productLabel ?? n.productDescription ?? '').trim();
  return product ? `${product} (node ${n.id})` : `Node ${n.id}`;
}

const SENSOR_CLASSES: Record<string, string> = {
  'Air temperature': 'temperature',
  Humidity: 'humidity',
  Illuminance: 'illuminance',
  Power: 'power',
  Voltage: 'voltage',
  'Electric Current': 'current',
  'Carbon dioxide (CO2) level': 'carbon_dioxide',
  'Atmospheric pressure': 'pressure',
};

/** Multilevel Switch devices that move something (`discoverValue` in Z-Wave JS UI's Gateway.ts): generic 0x11, specific 3/5/6/7. */
const MOTOR_SPECIFIC = new Set([3, 5, 6, 7]);

/** Door Lock modes (zwave-js `DoorLockMode`): 255 secured, 254 unknown; every other mode leaves the door openable. */
const LOCK_SECURED = 0xff;
const LOCK_UNKNOWN = 0xfe;
/** Notification "Access Control" → "Lock state" 0x0b: Lock jammed. */
const LOCK_JAMMED = 0x0b;

/**
 * Notification values that are not device state: zwave-js' legacy V1 `alarmType`/`alarmLevel`
 * pair, and the synthetic door values it derives from "Door state" (one door, one entity).
 */
const NOT_STATE = new Set(['alarmType', 'alarmLevel']);
const DERIVED_DOOR_VALUES = new Set(['Door state (simple)', 'Door tilt state', 'Opening state']);
/** Texts of notification states that mean "nothing is happening" (besides 0 = idle). */
const REST_STATE = /\b(closed|idle|not tilted|inactive|no [a-z]+ detected|ok)\b/i;

/** Device classes by Notification type (zwave-js Notifications.ts). */
const NOTIFICATION_CLASSES: Record<number, string> = {
  1: 'smoke',
  2: 'carbon_monoxide',
  3: 'gas',
  4: 'heat',
  5: 'moisture',
  8: 'power',
  9: 'problem',
  10: 'safety',
};

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function stateTexts(v: ZValue): Map<number, string> {
  const m = new Map<number, string>();
  if (Array.isArray(v.states)) {
    for (const s of v.states) if (typeof s.value === 'number') m.set(s.value, s.text);
  } else if (v.states) for (const [k, t] of Object.entries(v.states)) m.set(Number(k), t);
  return m;
}

/** zwave-js writes "extended" notification states as `(state << 8) | enum` (e.g. 0x1600: open in regular position). */
function notificationText(texts: Map<number, string>, x: number): string | undefined {
  return texts.get(x) ?? (x > 0xff ? texts.get(x >> 8) : undefined);
}

/** How a Notification variable reads as on/off: 0 (idle) and rest states ("closed") are off, every other state on. */
function notificationReader(v: ZValue) {
  const texts = stateTexts(v);
  return (x: unknown): Read | undefined => {
    if (typeof x === 'boolean') return { state: x ? 'on' : 'off' };
    const n = num(x);
    if (n === undefined) return undefined;
    if (n === 0) return { state: 'off' };
    const text = notificationText(texts, n);
    return { state: text !== undefined && REST_STATE.test(text) ? 'off' : 'on' };
  };
}

function notificationClass(v: ZValue): string | undefined {
  const key = String(v.propertyKey ?? '');
  if (/door|window|opening/i.test(key)) return 'door';
  if (/motion/i.test(key)) return 'motion';
  if (/cover status|tamper/i.test(key)) return 'tamper';
  const type = num(v.ccSpecific?.notificationType);
  return type === undefined ? undefined : NOTIFICATION_CLASSES[type];
}

/** Maps a node's values to Hearth entities by command class (and device class, for motors). */
export function mapNode(n: ZNode): ZEntity[] {
  const out: ZEntity[] = [];
  const values = Object.values(n.values ?? {});
  const label = nodeLabel(n);
  const find = (cc: number, ep: number, match: (v: ZValue) => boolean) =>
    values.find((v) => v.commandClass === cc && (v.endpoint ?? 0) === ep && match(v));
  const prop = (p: string) => (v: ZValue) => String(v.property) === p;
  const key = `node${n.id}`;
  const deviceClassOf = (ep: number) =>
    n.endpoints?.find((e) => e.index === ep)?.deviceClass ?? n.deviceClass;
  const hasLock = (ep: number) => !!find(CC.DOOR_LOCK, ep, prop('currentMode'));

  for (const v of values) {
    const ep = v.endpoint ?? 0;
    const epName = ep > 0 ? ` ${ep}` : '';
    const k = valueKey(v);
    if (v.commandClass === CC.MULTILEVEL_SWITCH && v.property === 'currentValue') {
      const target = find(CC.MULTILEVEL_SWITCH, ep, prop('targetValue'));
      const max = v.max ?? 99;
      const dc = deviceClassOf(ep);
      if (dc?.generic === 0x11 && MOTOR_SPECIFIC.has(dc.specific ?? -1)) {
        out.push(cover(key, label + epName, ep, k, max, target));
        continue;
      }
      out.push({
        unique_id: `${key}/38-${ep}`,
        domain: 'light',
        name: label + epName,
        attributes: {},
        capabilities: { actions: target ? ['on', 'off', 'toggle', 'dim'] : [], brightness: !!target },
        reads: {
          [k]: (x) => {
            const level = num(x);
            if (level === undefined) return undefined;
            return level > 0
              ? { state: 'on', attributes: { brightness: Math.min(100, Math.round((level / max) * 100)) } }
              : { state: 'off' };
          },
        },
        write: (action, p) => {
          const level = typeof p.brightness === 'number' ? Math.round((p.brightness * max) / 100) : undefined;
          return [[valueKey(target!), action === 'off' ? 0 : (level ?? 255)]]; // 255: back to the last level
        },
      });
    } else if (v.commandClass === CC.BINARY_SWITCH && v.property === 'currentValue') {
      const target = find(CC.BINARY_SWITCH, ep, prop('targetValue'));
      out.push({
        unique_id: `${key}/37-${ep}`,
        domain: 'switch',
        name: label + epName,
        attributes: {},
        capabilities: { actions: target ? ['on', 'off', 'toggle'] : [] },
        reads: { [k]: (x) => (typeof x === 'boolean' ? { state: x ? 'on' : 'off' } : undefined) },
        write: (action) => [[valueKey(target!), action !== 'off']],
      });
    } else if (v.commandClass === CC.DOOR_LOCK && v.property === 'currentMode') {
      out.push(doorLock(key, label + epName, ep, k, values));
    } else if (v.commandClass === CC.THERMOSTAT_MODE && v.property === 'mode') {
      out.push(thermostat(key, label + epName, ep, v, values));
    } else if (
      (v.commandClass === CC.MULTILEVEL_SENSOR && v.type !== 'boolean') ||
      (v.commandClass === CC.METER && v.property === 'value') ||
      (v.commandClass === CC.BATTERY && v.property === 'level')
    ) {
      const name =
        v.commandClass === CC.BATTERY ? 'Battery' : (v.label ?? v.propertyName ?? String(v.property));
      const cls =
        v.commandClass === CC.BATTERY
          ? 'battery'
          : v.commandClass === CC.METER
            ? v.unit === 'kWh'
              ? 'energy'
              : v.unit === 'W'
                ? 'power'
                : undefined
            : SENSOR_CLASSES[String(v.property)];
      out.push({
        unique_id: `${key}/${valueSuffix(v)}`,
        domain: 'sensor',
        name: `${label} ${name}`,
        capabilities: { actions: [] },
        attributes: {
          ...(cls ? { device_class: cls } : {}),
          ...(v.unit ? { unit_of_measurement: v.unit } : {}),
        },
        reads: { [k]: (x) => (num(x) === undefined ? undefined : { state: num(x)! }) },
      });
    } else if (v.commandClass === CC.NOTIFICATION) {
      const variable = v.propertyKey === undefined ? undefined : String(v.propertyKey);
      if (NOT_STATE.has(String(v.property)) || variable === undefined) continue;
      if (DERIVED_DOOR_VALUES.has(variable)) continue;
      if (variable === 'Lock state' && hasLock(ep)) continue; // the lock entity shows a jam
      if (v.writeable === true || stateTexts(v).size === 0) continue; // settings and events, not state
      const cls = notificationClass(v);
      out.push({
        unique_id: `${key}/${valueSuffix(v)}`,
        domain: 'binary_sensor',
        name: `${label} ${v.label ?? variable}`,
        capabilities: { actions: [] },
        attributes: cls ? { device_class: cls } : {},
        reads: { [k]: notificationReader(v) },
      });
    } else if (v.commandClass === CC.BINARY_SENSOR && v.type === 'boolean') {
      const what = String(v.propertyName ?? v.property);
      const cls = /door|window/i.test(what) ? 'door' : /motion/i.test(what) ? 'motion' : undefined;
      out.push({
        unique_id: `${key}/${valueSuffix(v)}`,
        domain: 'binary_sensor',
        name: `${label} ${v.label ?? what}`,
        capabilities: { actions: [] },
        attributes: cls ? { device_class: cls } : {},
        reads: { [k]: (x) => (typeof x === 'boolean' ? { state: x ? 'on' : 'off' } : undefined) },
      });
    }
  }
  return out;
}

/** A roller shutter or blind: Multilevel Switch on a motor device class, 0 closed … 99 open. */
function cover(
  key: string,
  name: string,
  ep: number,
  current: string,
  max: number,
  target: ZValue | undefined,
): ZEntity {
  // `stop`: Z-Wave JS UI's writeValue turns the string "stop" on a Multilevel Switch into stopLevelChange.
  const actions = target ? ['open', 'close', 'stop', 'set_position'] : [];
  return {
    unique_id: `${key}/38-${ep}`,
    domain: 'cover',
    name,
    attributes: { device_class: 'shutter' },
    capabilities: { actions, position: !!target },
    reads: {
      [current]: (x) => {
        const level = num(x);
        if (level === undefined) return undefined;
        const position = Math.min(100, Math.round((level / max) * 100));
        return { state: position > 0 ? 'open' : 'closed', attributes: { position } };
      },
    },
    write: (action, p) => {
      const t = valueKey(target!);
      if (action === 'open') return [[t, max]];
      if (action === 'close') return [[t, 0]];
      if (action === 'stop') return [[t, 'stop']];
      return [[t, Math.round((Number(p.position) * max) / 100)]];
    },
  };
}

/** Door Lock CC: secured → locked, unknown → no change; Notification "Lock jammed" → jammed until it clears. */
function doorLock(key: string, name: string, ep: number, current: string, values: ZValue[]): ZEntity {
  const target = values.find(
    (v) => v.commandClass === CC.DOOR_LOCK && (v.endpoint ?? 0) === ep && v.property === 'targetMode',
  );
  const jam = values.find(
    (v) =>
      v.commandClass === CC.NOTIFICATION &&
      (v.endpoint ?? 0) === ep &&
      v.property === 'Access Control' &&
      v.propertyKey === 'Lock state',
  );
  let mode: EntityState | undefined;
  let jammed = false;
  const reads: ZEntity['reads'] = {
    [current]: (x) => {
      const m = num(x);
      if (m === undefined) return undefined;
      if (m === LOCK_UNKNOWN) return {};
      mode = m === LOCK_SECURED ? 'locked' : 'unlocked';
      return jammed ? {} : { state: mode };
    },
  };
  if (jam)
    reads[valueKey(jam)] = (x) => {
      const n = num(x);
      if (n === undefined) return undefined;
      jammed = n === LOCK_JAMMED;
      if (jammed) return { state: 'jammed' };
      return mode ? { state: mode } : {};
    };
  return {
    unique_id: `${key}/98-${ep}`,
    domain: 'lock',
    name,
    attributes: {},
    capabilities: { actions: target ? ['lock', 'unlock'] : [] },
    reads,
    write: (action) => [[valueKey(target!), action === 'lock' ? LOCK_SECURED : 0]],
  };
}

/**
 * Thermostat Mode + Setpoint: the target temperature is the setpoint of the current mode
 * (setpoint type = mode number, zwave-js ThermostatSetpointType; Z-Wave JS UI's
 * `discoverClimates` pairs them the same way), falling back to the first setpoint (heating).
 */
function thermostat(key: string, name: string, ep: number, modeValue: ZValue, values: ZValue[]): ZEntity {
  const names = new Map([...stateTexts(modeValue)].map(([k, t]) => [k, t.toLowerCase()]));
  const setpoints = values
    .filter(
      (s) =>
        s.commandClass === CC.THERMOSTAT_SETPOINT &&
        s.property === 'setpoint' &&
        (s.endpoint ?? 0) === ep &&
        typeof s.propertyKey === 'number',
    )
    .sort((a, b) => Number(a.propertyKey) - Number(b.propertyKey));
  const temp = values.find(
    (s) => s.commandClass === CC.MULTILEVEL_SENSOR && s.property === 'Air temperature',
  );
  const modes = [...names.values()];
  const caps: Capabilities = {
    actions: ['set_hvac_mode', ...(modes.includes('off') ? ['off'] : [])],
    hvac_modes: modes,
  };
  const writable = setpoints.filter((s) => s.writeable !== false);
  const unit = setpoints[0]?.unit ?? '°C';
  if (writable.length > 0) {
    caps.actions.push('set_temperature');
    caps.temperature = {
      min: Math.min(...writable.map((s) => s.min ?? 5)),
      max: Math.max(...writable.map((s) => s.max ?? 35)),
      step: 0.5,
      unit,
    };
  }
  let mode: number | undefined;
  const known = new Map<number, number>();
  const active = () => setpoints.find((s) => s.propertyKey === mode) ?? setpoints[0];
  const activeTemperature = () => {
    const s = active();
    return s ? known.get(Number(s.propertyKey)) : undefined;
  };
  const reads: ZEntity['reads'] = {
    [valueKey(modeValue)]: (x) => {
      const m = num(x);
      if (m === undefined) return undefined;
      mode = m;
      const t = activeTemperature();
      return {
        state: names.get(m) ?? String(m),
        ...(t !== undefined ? { attributes: { temperature: t } } : {}),
      };
    },
  };
  for (const s of setpoints)
    reads[valueKey(s)] = (x) => {
      const t = num(x);
      if (t === undefined) return undefined;
      known.set(Number(s.propertyKey), t);
      return s === active() ? { attributes: { temperature: t } } : {};
    };
  if (temp)
    reads[valueKey(temp)] = (x) =>
      num(x) === undefined ? undefined : { attributes: { current_temperature: num(x) } };
  return {
    unique_id: `${key}/64-${ep}`,
    domain: 'climate',
    name,
    attributes: { unit_of_measurement: unit },
    capabilities: caps,
    reads,
    readBack: new Set([valueKey(modeValue), ...setpoints.map(valueKey)]),
    write: (action, p) => {
      if (action === 'set_temperature') {
        const s = active();
        if (!s) throw Errors.validation(`${name} has no setpoint to write.`);
        const t = Number(p.temperature);
        const [min, max] = [s.min ?? -Infinity, s.max ?? Infinity];
        if (t < min || t > max)
          throw Errors.validation(
            `${name}: the ${names.get(Number(s.propertyKey)) ?? 'current'} setpoint takes ${min}–${max} ${unit}, not ${t}.`,
            { field: 'temperature' },
          );
        return [[valueKey(s), t]];
      }
      const wanted = action === 'off' ? 'off' : String(p.hvac_mode);
      const code = [...names].find(([, t]) => t === wanted)?.[0];
      if (code === undefined) throw Errors.validation(`${name} has no mode ${wanted}.`);
      return [[valueKey(modeValue), code]];
    },
  };
}
