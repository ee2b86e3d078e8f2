import type { Capabilities, Domain, EntityState } from '../../home/types.js';

/** A Z-Wave JS UI ValueId as `getNodes` returns it (bridges.md §2.5). */
export interface ZValue {
  commandClass: number;
  endpoint?: number;
  property: string | number;
  propertyKey?: string | number;
  propertyName?: string;
  label?: string;
  type?: string;
  writeable?: boolean;
  min?: number;
  max?: number;
  unit?: string;
  states?: { value: number; text: string }[] | Record<string, string>;
  value?: unknown;
}

export interface ZNode {
  id: number;
  name?: string;
  loc?: string;
  manufacturer?: string;
  productLabel?: string;
  productDescription?: string;
  status?: string;
  available?: boolean;
  values?: Record<string, ZValue>;
}

export const CC = { BINARY_SWITCH: 37, MULTILEVEL_SWITCH: 38, BINARY_SENSOR: 48, MULTILEVEL_SENSOR: 49, METER: 50, THERMOSTAT_MODE: 64, THERMOSTAT_SETPOINT: 67, DOOR_LOCK: 98, NOTIFICATION: 113, BATTERY: 128 } as const;

/** What one Z-Wave value (or value group) becomes. `reads` maps value-topic suffixes to readers. */
export interface ZEntity {
  unique_id: string;
  domain: Domain;
  name: string;
  capabilities: Capabilities;
  attributes: Record<string, unknown>;
  /** Value-topic suffix (`<cc>/<ep>/<property>[/<key>]`) → how its value updates the entity. */
  reads: Record<string, (value: unknown) => { state?: EntityState; attributes?: Record<string, unknown> } | undefined>;
  /** Suffix and value to write for an action. */
  write?(action: string, params: Record<string, unknown>): [suffix: string, value: unknown][];
}

/** Z-Wave JS UI's topic sanitising: whitespace → `_`, drop what is not a letter, digit, `-`, `_` or `/`. */
export const sanitize = (s: string) => s.replace(/\s/g, '_').replace(/[^A-Za-z0-9\-_À-ÖØ-öø-ÿ/]/g, '');

export function nodeTopic(n: ZNode): string {
  const name = n.name ? sanitize(n.name) : `nodeID_${n.id}`;
  return n.loc ? `${sanitize(n.loc)}/${name}` : name;
}

export function valueSuffix(v: ZValue): string {
  const part = (p: string | number) => sanitize(String(p).replace(/\//g, '-'));
  return `${v.commandClass}/${v.endpoint ?? 0}/${part(v.property)}${v.propertyKey !== undefined ? `/${part(v.propertyKey)}` : ''}`;
}

const SENSOR_CLASSES: Record<string, string> = {
  'Air temperature': 'temperature', Humidity: 'humidity', Illuminance: 'illuminance', Power: 'power', Voltage: 'voltage',
  'Electric Current': 'current', 'Carbon dioxide (CO2) level': 'carbon_dioxide', 'Atmospheric pressure': 'pressure',
};

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const modeNames = (v: ZValue): Map<number, string> => {
  const m = new Map<number, string>();
  if (Array.isArray(v.states)) for (const s of v.states) m.set(s.value, s.text.toLowerCase());
  else if (v.states) for (const [k, t] of Object.entries(v.states)) m.set(Number(k), t.toLowerCase());
  return m;
};

/** Maps a node's values to Hearth entities by command class. */
export function mapNode(n: ZNode): ZEntity[] {
  const out: ZEntity[] = [];
  const values = Object.values(n.values ?? {});
  const label = n.name ?? `Node ${n.id}`;
  const find = (cc: number, prop: string, ep?: number) => values.find((v) => v.commandClass === cc && String(v.property) === prop && (ep === undefined || (v.endpoint ?? 0) === ep));
  const key = `node${n.id}`;
  for (const v of values) {
    const ep = v.endpoint ?? 0;
    const epName = ep > 0 ? ` ${ep}` : '';
    if (v.commandClass === CC.MULTILEVEL_SWITCH && v.property === 'currentValue') {
      const target = find(CC.MULTILEVEL_SWITCH, 'targetValue', ep);
      const max = v.max ?? 99;
      out.push({
        unique_id: `${key}/38-${ep}`, domain: 'light', name: label + epName, attributes: {},
        capabilities: { actions: target ? ['on', 'off', 'toggle', 'dim'] : [], brightness: !!target },
        reads: { [valueSuffix(v)]: (x) => (num(x) === undefined ? undefined : { state: num(x)! > 0 ? 'on' : 'off', attributes: num(x)! > 0 ? { brightness: Math.round((num(x)! / max) * 100) } : {} }) },
        write: (action, p) => {
          const level = typeof p.brightness === 'number' ? Math.round((p.brightness * max) / 100) : undefined;
          const value = action === 'off' ? 0 : level ?? 255; // 255: back to the last level
          return [[valueSuffix(target!), value]];
        },
      });
    } else if (v.commandClass === CC.BINARY_SWITCH && v.property === 'currentValue') {
      const target = find(CC.BINARY_SWITCH, 'targetValue', ep);
      out.push({
        unique_id: `${key}/37-${ep}`, domain: 'switch', name: label + epName, attributes: {}, capabilities: { actions: target ? ['on', 'off', 'toggle'] : [] },
        reads: { [valueSuffix(v)]: (x) => (typeof x === 'boolean' ? { state: x ? 'on' : 'off' } : undefined) },
        write: (action) => [[valueSuffix(target!), action !== 'off']],
      });
    } else if (v.commandClass === CC.DOOR_LOCK && v.property === 'currentMode') {
      const target = find(CC.DOOR_LOCK, 'targetMode', ep);
      out.push({
        unique_id: `${key}/98-${ep}`, domain: 'lock', name: label + epName, attributes: {}, capabilities: { actions: target ? ['lock', 'unlock'] : [] },
        reads: { [valueSuffix(v)]: (x) => (num(x) === undefined ? undefined : { state: x === 255 ? 'locked' : x === 0 ? 'unlocked' : 'jammed' }) },
        write: (action) => [[valueSuffix(target!), action === 'lock' ? 255 : 0]],
      });
    } else if (v.commandClass === CC.THERMOSTAT_MODE && v.property === 'mode') {
      const names = modeNames(v);
      const setpoint = values.find((s) => s.commandClass === CC.THERMOSTAT_SETPOINT && s.property === 'setpoint' && (s.endpoint ?? 0) === ep);
      const temp = values.find((s) => s.commandClass === CC.MULTILEVEL_SENSOR && s.property === 'Air temperature');
      const modes = [...names.values()];
      const caps: Capabilities = { actions: ['set_hvac_mode', ...(modes.includes('off') ? ['off'] : [])], hvac_modes: modes };
      if (setpoint?.writeable !== false && setpoint) {
        caps.actions.push('set_temperature');
        caps.temperature = { min: setpoint.min ?? 5, max: setpoint.max ?? 35, step: 0.5, unit: setpoint.unit ?? '°C' };
      }
      const reads: ZEntity['reads'] = { [valueSuffix(v)]: (x) => (num(x) === undefined ? undefined : { state: names.get(num(x)!) ?? String(x) }) };
      if (setpoint) reads[valueSuffix(setpoint)] = (x) => (num(x) === undefined ? undefined : { attributes: { temperature: num(x) } });
      if (temp) reads[valueSuffix(temp)] = (x) => (num(x) === undefined ? undefined : { attributes: { current_temperature: num(x) } });
      out.push({
        unique_id: `${key}/64-${ep}`, domain: 'climate', name: label + epName, attributes: { unit_of_measurement: setpoint?.unit ?? '°C' }, capabilities: caps, reads,
        write: (action, p) => {
          if (action === 'set_temperature') return [[valueSuffix(setpoint!), p.temperature]];
          const wanted = action === 'off' ? 'off' : String(p.hvac_mode);
          const code = [...names].find(([, t]) => t === wanted)?.[0];
          return [[valueSuffix(v), code]];
        },
      });
    } else if (v.commandClass === CC.MULTILEVEL_SENSOR || v.commandClass === CC.METER || (v.commandClass === CC.BATTERY && v.property === 'level')) {
      const name = v.commandClass === CC.BATTERY ? 'Battery' : v.label ?? v.propertyName ?? String(v.property);
      const cls = v.commandClass === CC.BATTERY ? 'battery' : v.commandClass === CC.METER ? (v.unit === 'kWh' ? 'energy' : v.unit === 'W' ? 'power' : undefined) : SENSOR_CLASSES[String(v.property)];
      out.push({
        unique_id: `${key}/${valueSuffix(v)}`, domain: 'sensor', name: `${label} ${name}`, capabilities: { actions: [] },
        attributes: { ...(cls ? { device_class: cls } : {}), ...(v.unit ? { unit_of_measurement: v.unit } : {}) },
        reads: { [valueSuffix(v)]: (x) => (num(x) === undefined ? undefined : { state: num(x)! }) },
      });
    } else if (v.commandClass === CC.NOTIFICATION || v.commandClass === CC.BINARY_SENSOR) {
      const prop = `${v.propertyKey ?? v.property}`;
      const motion = /motion/i.test(prop);
      const door = /door|window/i.test(prop) || /door|window/i.test(String(v.property));
      out.push({
        unique_id: `${key}/${valueSuffix(v)}`, domain: 'binary_sensor', name: `${label} ${v.label ?? prop}`, capabilities: { actions: [] },
        attributes: motion ? { device_class: 'motion' } : door ? { device_class: 'door' } : {},
        reads: { [valueSuffix(v)]: (x) => (typeof x === 'boolean' ? { state: x ? 'on' : 'off' } : num(x) === undefined ? undefined : { state: num(x)! !== 0 ? 'on' : 'off' }) },
      });
    }
  }
  return out;
}
