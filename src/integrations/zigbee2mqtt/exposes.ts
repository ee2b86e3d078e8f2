import {
  hsToRgb,
  kelvinToMired,
  miredToKelvin,
  rgbToXy,
  toHex,
  xyToRgb,
  type Rgb,
} from '../../home/color.js';
import type { Capabilities } from '../../home/types.js';
import { percentToZigbee, zigbeeToPercent } from './color.js';
import { ACCESS, BadPayload, type EntitySpec, type Expose, type Reading } from './types.js';

/**
 * Turns a device's `exposes` tree into Hearth entities: specific exposes (light, switch, cover,
 * lock, climate, fan) become controllable entities, generic ones sensors and binary sensors.
 * Pure; the integration feeds it devices and state messages.
 */
export interface MapContext {
  /** Prefix of every unique id (the IEEE address, or `group_<id>`). */
  key: string;
  /** Display name of the device (its friendly name). */
  name: string;
  /** Unsupported devices get read-only entities only. */
  readOnly: boolean;
}

const can = (e: Expose | undefined, bit: number) => e !== undefined && ((e.access ?? 0) & bit) !== 0;
const feature = (e: Expose, ...names: string[]) =>
  e.features?.find((f) => f.name !== undefined && names.includes(f.name));
const suffix = (e: Expose) => (e.endpoint ? ` ${e.endpoint.toUpperCase()}` : '');
const idSuffix = (e: Expose) => (e.endpoint ? `_${e.endpoint}` : '');

function onOff(value: unknown, on: unknown, off: unknown): 'on' | 'off' {
  if (value === on) return 'on';
  if (value === off) return 'off';
  throw new BadPayload(
    `expected ${JSON.stringify(on)} or ${JSON.stringify(off)}, got ${JSON.stringify(value)}`,
  );
}

function num(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new BadPayload(`${what} must be a number, got ${JSON.stringify(value)}`);
  return value;
}

const BINARY_CLASSES: Record<string, string> = {
  occupancy: 'motion',
  presence: 'occupancy',
  contact: 'door',
  water_leak: 'moisture',
  smoke: 'smoke',
  gas: 'gas',
  carbon_monoxide: 'carbon_monoxide',
  vibration: 'vibration',
  tamper: 'tamper',
  battery_low: 'battery',
  moving: 'moving',
};

const SENSOR_CLASSES: Record<string, string> = {
  temperature: 'temperature',
  device_temperature: 'temperature',
  local_temperature: 'temperature',
  humidity: 'humidity',
  pressure: 'pressure',
  illuminance: 'illuminance',
  illuminance_lux: 'illuminance',
  power: 'power',
  energy: 'energy',
  voltage: 'voltage',
  current: 'current',
  battery: 'battery',
  co2: 'carbon_dioxide',
  voc: 'volatile_organic_compounds',
  pm25: 'pm25',
  pm10: 'pm10',
  formaldehyd: 'formaldehyde',
  soil_moisture: 'moisture',
  power_factor: 'power_factor',
};

function light(
  e: Expose,
  ctx: MapContext,
  colorCache: Map<string, { xy: { x: number; y: number }; rgb: Rgb }>,
): EntitySpec | undefined {
  const st = feature(e, 'state');
  if (!st?.property) return undefined;
  const br = feature(e, 'brightness');
  const ct = feature(e, 'color_temp');
  const col = feature(e, 'color_xy', 'color_hs');
  const settable = can(st, ACCESS.SET) && !ctx.readOnly;
  const caps: Capabilities = { actions: settable ? ['on', 'off', 'toggle'] : [] };
  if (settable && can(br, ACCESS.SET)) {
    caps.brightness = true;
    caps.actions.push('dim');
  }
  if (settable && can(ct, ACCESS.SET) && ct!.value_min && ct!.value_max) {
    caps.color_temp = { min_kelvin: miredToKelvin(ct!.value_max), max_kelvin: miredToKelvin(ct!.value_min) };
    caps.actions.push('set_color_temp');
  }
  if (settable && can(col, ACCESS.SET)) {
    caps.color = true;
    caps.actions.push('set_color');
  }
  const uid = `${ctx.key}/light${idSuffix(e)}`;
  const on = st.value_on ?? 'ON';
  const off = st.value_off ?? 'OFF';
  return {
    announcement: { unique_id: uid, domain: 'light', name: ctx.name + suffix(e), capabilities: caps },
    gettable: [st, br, ct, col].filter((f) => can(f, ACCESS.GET) && f!.property).map((f) => f!.property!),
    read(m) {
      const out: Reading = {};
      const attrs: Record<string, unknown> = {};
      if (m[st.property!] !== undefined) out.state = onOff(m[st.property!], on, off);
      if (br?.property && m[br.property] !== undefined)
        attrs.brightness = zigbeeToPercent(num(m[br.property], 'brightness'));
      if (ct?.property && m[ct.property] !== undefined && m[ct.property] !== null)
        attrs.kelvin = miredToKelvin(num(m[ct.property], 'color_temp'));
      const c = col?.property ? m[col.property] : undefined;
      if (c !== undefined && c !== null) {
        if (typeof c !== 'object') throw new BadPayload('color must be an object');
        const o = c as Record<string, unknown>;
        if (typeof o.x === 'number' && typeof o.y === 'number') {
          // Report the colour that was asked for when the light shows its chromaticity: xy
          // carries no brightness, so a plain round trip would not give the same [r,g,b] back.
          const cached = colorCache.get(uid);
          attrs.color =
            cached && Math.abs(cached.xy.x - o.x) < 0.01 && Math.abs(cached.xy.y - o.y) < 0.01
              ? cached.rgb
              : xyToRgb(o.x, o.y);
        } else if (typeof o.hue === 'number' && typeof o.saturation === 'number') {
          attrs.color = hsToRgb(o.hue, o.saturation);
        }
      }
      if (m.color_mode === 'color_temp') attrs.color_mode = 'color_temp';
      else if (m.color_mode === 'xy' || m.color_mode === 'hs') attrs.color_mode = 'color';
      if (Object.keys(attrs).length > 0) out.attributes = attrs;
      return out.state === undefined && !out.attributes ? undefined : out;
    },
    command(action, p) {
      const payload: Record<string, unknown> = {};
      const put = () => {
        if (typeof p.brightness === 'number' && br?.property)
          payload[br.property] = percentToZigbee(p.brightness);
        if (typeof p.kelvin === 'number' && ct?.property) payload[ct.property] = kelvinToMired(p.kelvin);
        if (Array.isArray(p.color) && col?.property) {
          const rgb = p.color as Rgb;
          colorCache.set(uid, { xy: rgbToXy(rgb), rgb });
          payload[col.property] = { hex: toHex(rgb) };
        }
      };
      switch (action) {
        case 'on':
          payload[st.property!] = on;
          put();
          break;
        case 'off':
          payload[st.property!] = off;
          break;
        case 'dim':
          if (p.brightness === 0) payload[st.property!] = off;
          else {
            payload[st.property!] = on;
            put();
          }
          break;
        default:
          put();
      }
      return payload;
    },
  };
}

function onOffEntity(domain: 'switch', st: Expose, ctx: MapContext, uid: string, name: string): EntitySpec {
  const on = st.value_on ?? 'ON';
  const off = st.value_off ?? 'OFF';
  const settable = can(st, ACCESS.SET) && !ctx.readOnly;
  return {
    announcement: {
      unique_id: uid,
      domain,
      name,
      capabilities: { actions: settable ? ['on', 'off', 'toggle'] : [] },
    },
    gettable: can(st, ACCESS.GET) ? [st.property!] : [],
    read: (m) => (m[st.property!] === undefined ? undefined : { state: onOff(m[st.property!], on, off) }),
    command: (action) => ({ [st.property!]: action === 'off' ? off : on }),
  };
}

function cover(e: Expose, ctx: MapContext): EntitySpec | undefined {
  const st = feature(e, 'state');
  const pos = feature(e, 'position');
  const settable = !ctx.readOnly && (can(st, ACCESS.SET) || can(pos, ACCESS.SET));
  const caps: Capabilities = { actions: settable && can(st, ACCESS.SET) ? ['open', 'close', 'stop'] : [] };
  if (settable && can(pos, ACCESS.SET)) {
    caps.position = true;
    caps.actions.push('set_position');
  }
  return {
    announcement: {
      unique_id: `${ctx.key}/cover${idSuffix(e)}`,
      domain: 'cover',
      name: ctx.name + suffix(e),
      capabilities: caps,
      attributes: { device_class: 'blind' },
    },
    gettable: [st, pos].filter((f) => can(f, ACCESS.GET) && f!.property).map((f) => f!.property!),
    read(m) {
      const p = pos?.property ? m[pos.property] : undefined;
      if (p !== undefined && p !== null) {
        const position = num(p, 'position');
        return { state: position > 0 ? 'open' : 'closed', attributes: { position } };
      }
      const s = st?.property ? m[st.property] : undefined;
      if (s === 'OPEN') return { state: 'open' };
      if (s === 'CLOSE') return { state: 'closed' };
      if (s !== undefined && s !== 'STOP') throw new BadPayload(`cover state ${JSON.stringify(s)}`);
      return undefined;
    },
    command(action, p) {
      if (action === 'set_position') return { [pos!.property!]: p.position };
      return { [st!.property!]: action === 'open' ? 'OPEN' : action === 'close' ? 'CLOSE' : 'STOP' };
    },
  };
}

function lock(e: Expose, ctx: MapContext): EntitySpec | undefined {
  const st = feature(e, 'state');
  const ls = feature(e, 'lock_state');
  if (!st?.property && !ls?.property) return undefined;
  const settable = can(st, ACCESS.SET) && !ctx.readOnly;
  const on = st?.value_on ?? 'LOCK';
  const off = st?.value_off ?? 'UNLOCK';
  return {
    announcement: {
      unique_id: `${ctx.key}/lock${idSuffix(e)}`,
      domain: 'lock',
      name: ctx.name + suffix(e),
      capabilities: { actions: settable ? ['lock', 'unlock'] : [] },
    },
    gettable: [st, ls].filter((f) => can(f, ACCESS.GET) && f!.property).map((f) => f!.property!),
    read(m) {
      const l = ls?.property ? m[ls.property] : undefined;
      if (typeof l === 'string')
        return { state: l === 'locked' ? 'locked' : l === 'unlocked' ? 'unlocked' : 'jammed' };
      const s = st?.property ? m[st.property] : undefined;
      if (s === undefined) return undefined;
      return { state: onOff(s, on, off) === 'on' ? 'locked' : 'unlocked' };
    },
    command: (action) => ({ [st!.property!]: action === 'lock' ? on : off }),
  };
}

function climate(e: Expose, ctx: MapContext): EntitySpec {
  const cur = feature(e, 'local_temperature');
  const sp = feature(e, 'occupied_heating_setpoint', 'current_heating_setpoint', 'occupied_cooling_setpoint');
  const mode = feature(e, 'system_mode');
  const preset = feature(e, 'preset');
  const running = feature(e, 'running_state');
  const caps: Capabilities = { actions: [] };
  if (!ctx.readOnly) {
    if (can(sp, ACCESS.SET)) {
      caps.actions.push('set_temperature');
      caps.temperature = {
        min: sp!.value_min ?? 5,
        max: sp!.value_max ?? 30,
        step: sp!.value_step ?? 0.5,
        unit: '°C',
      };
    }
    const modes = (mode?.values ?? []).filter((v): v is string => typeof v === 'string');
    if (can(mode, ACCESS.SET) && modes.length > 0) {
      caps.actions.push('set_hvac_mode');
      caps.hvac_modes = modes;
      if (modes.includes('off')) caps.actions.push('off');
    }
    const presets = (preset?.values ?? []).filter((v): v is string => typeof v === 'string');
    if (can(preset, ACCESS.SET) && presets.length > 0) {
      caps.actions.push('set_preset');
      caps.presets = presets;
    }
  }
  return {
    announcement: {
      unique_id: `${ctx.key}/climate${idSuffix(e)}`,
      domain: 'climate',
      name: ctx.name + suffix(e),
      capabilities: caps,
      attributes: { unit_of_measurement: '°C' },
    },
    gettable: [cur, sp, mode, preset]
      .filter((f) => can(f, ACCESS.GET) && f!.property)
      .map((f) => f!.property!),
    read(m) {
      const attrs: Record<string, unknown> = {};
      const out: Reading = {};
      if (cur?.property && m[cur.property] !== undefined)
        attrs.current_temperature = num(m[cur.property], 'local_temperature');
      if (sp?.property && m[sp.property] !== undefined) attrs.temperature = num(m[sp.property], 'setpoint');
      if (preset?.property && typeof m[preset.property] === 'string') attrs.preset = m[preset.property];
      if (running?.property && typeof m[running.property] === 'string')
        attrs.hvac_action = m[running.property];
      if (mode?.property && m[mode.property] !== undefined) {
        if (typeof m[mode.property] !== 'string') throw new BadPayload('system_mode must be a string');
        out.state = m[mode.property] as string;
      } else if (!mode && Object.keys(attrs).length > 0) out.state = 'heat';
      if (Object.keys(attrs).length > 0) out.attributes = attrs;
      return out.state === undefined && !out.attributes ? undefined : out;
    },
    command(action, p) {
      if (action === 'set_temperature') return { [sp!.property!]: p.temperature };
      if (action === 'set_preset') return { [preset!.property!]: p.preset };
      return { [mode!.property!]: action === 'off' ? 'off' : p.hvac_mode };
    },
  };
}

function fan(e: Expose, ctx: MapContext): EntitySpec {
  const st = feature(e, 'state', 'fan_state');
  const mode = feature(e, 'mode', 'fan_mode');
  const speeds = (mode?.values ?? []).filter(
    (v): v is string => typeof v === 'string' && v !== 'off' && v !== 'on',
  );
  const caps: Capabilities = { actions: [] };
  if (!ctx.readOnly && (can(st, ACCESS.SET) || can(mode, ACCESS.SET)))
    caps.actions.push('on', 'off', 'toggle');
  if (!ctx.readOnly && can(mode, ACCESS.SET) && speeds.length > 0) {
    caps.actions.push('set_fan_speed');
    caps.fan_speeds = speeds;
  }
  return {
    announcement: {
      unique_id: `${ctx.key}/fan${idSuffix(e)}`,
      domain: 'fan',
      name: ctx.name + suffix(e),
      capabilities: caps,
    },
    gettable: [st, mode].filter((f) => can(f, ACCESS.GET) && f!.property).map((f) => f!.property!),
    read(m) {
      const out: Reading = {};
      const md = mode?.property ? m[mode.property] : undefined;
      if (st?.property && m[st.property] !== undefined)
        out.state = onOff(m[st.property], st.value_on ?? 'ON', st.value_off ?? 'OFF');
      if (typeof md === 'string') {
        if (out.state === undefined) out.state = md === 'off' ? 'off' : 'on';
        if (md !== 'off' && md !== 'on') out.attributes = { speed: md };
      }
      return out.state === undefined && !out.attributes ? undefined : out;
    },
    command(action, p) {
      if (action === 'set_fan_speed') return { [mode!.property!]: p.speed };
      if (st?.property && can(st, ACCESS.SET))
        return { [st.property]: action === 'off' ? (st.value_off ?? 'OFF') : (st.value_on ?? 'ON') };
      const on = (mode?.values ?? []).includes('on') ? 'on' : speeds[0];
      return { [mode!.property!]: action === 'off' ? 'off' : on };
    },
  };
}

function binarySensor(e: Expose, ctx: MapContext): EntitySpec {
  const prop = e.property!;
  const cls = BINARY_CLASSES[e.name ?? prop];
  // `contact: true` means closed, and a door sensor is `on` when open: the definitions already
  // say so (`value_on: false`), so reading by value_on/value_off gives the inverted meaning.
  const on = e.value_on ?? true;
  const off = e.value_off ?? false;
  return {
    announcement: {
      unique_id: `${ctx.key}/${prop}`,
      domain: 'binary_sensor',
      name: `${ctx.name} ${e.label ?? prop}`,
      capabilities: { actions: [] },
      attributes: {
        ...(cls ? { device_class: cls } : {}),
        ...(e.category ? { entity_category: e.category } : {}),
      },
    },
    gettable: can(e, ACCESS.GET) ? [prop] : [],
    read(m) {
      if (m[prop] === undefined || m[prop] === null) return undefined;
      return { state: onOff(m[prop], on, off) };
    },
  };
}

function sensor(e: Expose, ctx: MapContext): EntitySpec {
  const prop = e.property!;
  const cls = e.type === 'numeric' ? SENSOR_CLASSES[e.name ?? prop] : undefined;
  return {
    announcement: {
      unique_id: `${ctx.key}/${prop}`,
      domain: 'sensor',
      name: `${ctx.name} ${e.label ?? prop}`,
      capabilities: { actions: [] },
      attributes: {
        ...(cls ? { device_class: cls } : {}),
        ...(e.unit ? { unit_of_measurement: e.unit } : {}),
        ...(e.category
          ? { entity_category: e.category }
          : prop === 'linkquality'
            ? { entity_category: 'diagnostic' }
            : {}),
      },
    },
    gettable: can(e, ACCESS.GET) ? [prop] : [],
    read(m) {
      const v = m[prop];
      if (v === undefined) return undefined;
      if (v === null) return { state: null };
      if (e.type === 'numeric') return { state: num(v, prop) };
      if (typeof v === 'string' || typeof v === 'number') return { state: v };
      if (typeof v === 'boolean') return { state: String(v) };
      // Composite, list and anything else: a generic sensor keeps the value as an attribute.
      return { state: JSON.stringify(v).slice(0, 255), attributes: { value: v } };
    },
  };
}

/** Maps a device's exposes to entity specs; unique ids are `<key>/<kind or property>`. */
export function mapExposes(
  exposes: Expose[],
  ctx: MapContext,
  colorCache: Map<string, { xy: { x: number; y: number }; rgb: Rgb }>,
): EntitySpec[] {
  const out: EntitySpec[] = [];
  const seen = new Set<string>();
  const add = (spec: EntitySpec | undefined) => {
    if (!spec || seen.has(spec.announcement.unique_id)) return;
    seen.add(spec.announcement.unique_id);
    out.push(spec);
  };
  for (const e of exposes) {
    // Exposes arrive as untrusted JSON: the type says what a well-formed one is, not what came.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    if (typeof e !== 'object' || e === null || typeof e.type !== 'string')
      throw new BadPayload('an expose without a type');
    switch (e.type) {
      case 'light':
        add(light(e, ctx, colorCache));
        break;
      case 'switch': {
        const st = feature(e, 'state');
        if (st?.property)
          add(onOffEntity('switch', st, ctx, `${ctx.key}/switch${idSuffix(e)}`, ctx.name + suffix(e)));
        break;
      }
      case 'cover':
        add(cover(e, ctx));
        break;
      case 'lock':
        add(lock(e, ctx));
        break;
      case 'climate':
        add(climate(e, ctx));
        break;
      case 'fan':
        add(fan(e, ctx));
        break;
      case 'binary':
        if (!e.property) break;
        if (can(e, ACCESS.SET) && can(e, ACCESS.STATE) && !ctx.readOnly)
          add(
            onOffEntity('switch', e, ctx, `${ctx.key}/${e.property}`, `${ctx.name} ${e.label ?? e.property}`),
          );
        else if (can(e, ACCESS.STATE)) add(binarySensor(e, ctx));
        break;
      default:
        // numeric, enum, text, composite, list and types Hearth does not know: read-only sensors.
        if (e.property && can(e, ACCESS.STATE)) add(sensor(e, ctx));
    }
  }
  return out;
}
