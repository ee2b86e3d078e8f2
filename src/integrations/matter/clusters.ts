import { hsToRgb, kelvinToMired, miredToKelvin, rgbToXy, xyToRgb, type Rgb } from '../../home/color.js';
import type { Attributes, Capabilities, Domain, EntityState } from '../../home/types.js';
// Matter's lighting clusters are Zigbee's (ZCL): the same 0–254 level scale.
import { percentToZigbee, zigbeeToPercent } from '../zigbee2mqtt/color.js';

/**
 * Matter clusters → Hearth entities. One table of mappings; each looks at an endpoint's
 * clusters and device types, announces an entity with Hearth's capabilities, reads its state from
 * the subscription's cached attributes and turns Hearth actions into Matter commands or writes.
 * matter.js types stay out of this file: the controller hands in an `EndpointView`.
 */

/** What a mapping needs to know about, and do with, one endpoint of a node. */
export interface EndpointView {
  readonly number: number;
  readonly deviceTypes: readonly number[];
  /** Cached attributes of a server cluster by its matter.js name (`onOff`, `levelControl` …); undefined when absent. */
  state(cluster: string): Record<string, unknown> | undefined;
  features(cluster: string): Record<string, boolean>;
  invoke(cluster: string, command: string, request?: Record<string, unknown>): Promise<unknown>;
  write(cluster: string, values: Record<string, unknown>): Promise<void>;
}

/** A cached attribute as a number or a non-empty string; undefined when it is anything else. */
export const numberOf = (v: unknown) => (typeof v === 'number' ? v : undefined);
export const textOf = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

export interface EntityShape {
  domain: Domain;
  /** Appended to the device name (`Kitchen plug Power`); none for the endpoint's main entity. */
  suffix?: string;
  capabilities: Capabilities;
  attributes?: Attributes;
}

export interface Reading {
  state: EntityState;
  attributes?: Attributes;
}

/** Per-entity memory the mappings keep between a command and its reports. */
export interface Memo {
  /** The colour last asked for, and the xy it was sent as: reported back while the light still shows it. */
  color?: { rgb: Rgb; x: number; y: number };
}

export interface EntityMapping {
  /** Unique per endpoint: the last part of the entity's unique_id. */
  key: string;
  /** Clusters whose attribute reports change this entity. */
  clusters: readonly string[];
  applies(ep: EndpointView): boolean;
  shape(ep: EndpointView): EntityShape;
  read(ep: EndpointView, memo: Memo): Reading | undefined;
  command?(ep: EndpointView, action: string, params: Record<string, unknown>, memo: Memo): Promise<void>;
}

export const DeviceType = {
  rootNode: 0x0016,
  powerSource: 0x0011,
  aggregator: 0x000e,
  bridgedNode: 0x0013,
  onOffLight: 0x0100,
  dimmableLight: 0x0101,
  colorTemperatureLight: 0x010c,
  extendedColorLight: 0x010d,
  onOffPlugInUnit: 0x010a,
  dimmablePlugInUnit: 0x010b,
  fan: 0x002b,
  genericSwitch: 0x000f,
} as const;

const LIGHTS = new Set<number>([
  DeviceType.onOffLight,
  DeviceType.dimmableLight,
  DeviceType.colorTemperatureLight,
  DeviceType.extendedColorLight,
]);
const PLUGS = new Set<number>([DeviceType.onOffPlugInUnit, DeviceType.dimmablePlugInUnit]);

const isLight = (ep: EndpointView) =>
  ep.deviceTypes.some((t) => LIGHTS.has(t)) ||
  (!ep.deviceTypes.some((t) => PLUGS.has(t)) && ep.state('colorControl') !== undefined);

const isFan = (ep: EndpointView) =>
  ep.state('fanControl') !== undefined || ep.deviceTypes.includes(DeviceType.fan);

/** ColorControl and LevelControl commands: act now, and act even while the light is off. */
const NOW = { transitionTime: 0, optionsMask: {}, optionsOverride: {} };
const EVEN_IF_OFF = {
  transitionTime: 0,
  optionsMask: { executeIfOff: true },
  optionsOverride: { executeIfOff: true },
};

const UINT16 = 65536;
const ColorMode = { hueSaturation: 0, xy: 1, temperature: 2 } as const;

function colorTempRange(cc: Record<string, unknown>) {
  const minMireds = numberOf(cc.colorTempPhysicalMinMireds) ?? 153;
  const maxMireds = numberOf(cc.colorTempPhysicalMaxMireds) ?? 500;
  return { min_kelvin: miredToKelvin(maxMireds), max_kelvin: miredToKelvin(minMireds) };
}

function rgbToHueSat([r, g, b]: Rgb): { hue: number; saturation: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  return { hue: (h * 60 + 360) % 360, saturation: max === 0 ? 0 : (d / max) * 100 };
}

/** The light's colour as [r,g,b]; the colour last asked for while the device still shows its xy. */
function colorOf(cc: Record<string, unknown>, memo: Memo): Rgb | undefined {
  if (cc.colorMode === ColorMode.xy && typeof cc.currentX === 'number' && typeof cc.currentY === 'number') {
    const x = cc.currentX / UINT16;
    const y = cc.currentY / UINT16;
    if (memo.color && Math.abs(memo.color.x - x) < 0.002 && Math.abs(memo.color.y - y) < 0.002)
      return memo.color.rgb;
    return xyToRgb(x, y);
  }
  if (cc.colorMode === ColorMode.hueSaturation && typeof cc.currentHue === 'number')
    return hsToRgb((cc.currentHue / 254) * 360, ((numberOf(cc.currentSaturation) ?? 0) / 254) * 100);
  return undefined;
}

async function setColor(ep: EndpointView, rgb: Rgb, memo: Memo) {
  const f = ep.features('colorControl');
  if (f.xy) {
    const { x, y } = rgbToXy(rgb);
    const colorX = Math.round(x * UINT16);
    const colorY = Math.round(y * UINT16);
    memo.color = { rgb, x: colorX / UINT16, y: colorY / UINT16 };
    await ep.invoke('colorControl', 'moveToColor', { colorX, colorY, ...EVEN_IF_OFF });
    return;
  }
  const { hue, saturation } = rgbToHueSat(rgb);
  await ep.invoke('colorControl', 'moveToHueAndSaturation', {
    hue: Math.round((hue / 360) * 254),
    saturation: Math.round((saturation / 100) * 254),
    ...EVEN_IF_OFF,
  });
}

const setKelvin = (ep: EndpointView, kelvin: number) =>
  ep.invoke('colorControl', 'moveToColorTemperature', {
    colorTemperatureMireds: kelvinToMired(kelvin),
    ...EVEN_IF_OFF,
  });

const setLevel = (ep: EndpointView, brightness: number) =>
  ep.invoke('levelControl', 'moveToLevelWithOnOff', {
    level: Math.max(1, Math.min(254, percentToZigbee(brightness))),
    ...NOW,
  });

/** OnOff (+ LevelControl, ColorControl): lights, plugs, switches. */
const onOffEntity: EntityMapping = {
  key: 'main',
  clusters: ['onOff', 'levelControl', 'colorControl'],
  applies: (ep) => ep.state('onOff') !== undefined && !isFan(ep),
  shape(ep) {
    const light = isLight(ep);
    const caps: Capabilities = { actions: ['on', 'off', 'toggle'] };
    if (light && ep.state('levelControl') !== undefined) {
      caps.brightness = true;
      caps.actions.push('dim');
    }
    const cc = light ? ep.state('colorControl') : undefined;
    if (cc) {
      const f = ep.features('colorControl');
      if (f.colorTemperature) {
        caps.color_temp = colorTempRange(cc);
        caps.actions.push('set_color_temp');
      }
      if (f.xy || f.hueSaturation) {
        caps.color = true;
        caps.actions.push('set_color');
      }
    }
    return light
      ? { domain: 'light', capabilities: caps }
      : {
          domain: 'switch',
          capabilities: caps,
          attributes: ep.deviceTypes.some((t) => PLUGS.has(t)) ? { device_class: 'outlet' } : {},
        };
  },
  read(ep, memo) {
    const on = ep.state('onOff')?.onOff;
    if (typeof on !== 'boolean') return undefined;
    const attributes: Attributes = {};
    if (isLight(ep)) {
      const level = ep.state('levelControl')?.currentLevel;
      if (typeof level === 'number') attributes.brightness = zigbeeToPercent(level);
      const cc = ep.state('colorControl');
      if (cc) {
        const mireds = numberOf(cc.colorTemperatureMireds) ?? 0;
        if (cc.colorMode === ColorMode.temperature && mireds > 0) {
          attributes.kelvin = miredToKelvin(mireds);
          attributes.color_mode = 'color_temp';
        } else {
          const rgb = colorOf(cc, memo);
          if (rgb) {
            attributes.color = rgb;
            attributes.color_mode = cc.colorMode === ColorMode.xy ? 'xy' : 'hs';
          }
        }
      }
    }
    return { state: on ? 'on' : 'off', attributes };
  },
  async command(ep, action, p, memo) {
    if (action === 'off' || (action === 'dim' && p.brightness === 0)) {
      await ep.invoke('onOff', 'off');
      return;
    }
    if (action === 'on' || action === 'dim') {
      if (typeof p.brightness === 'number' && p.brightness > 0) await setLevel(ep, p.brightness);
      else await ep.invoke('onOff', 'on');
    }
    if (typeof p.kelvin === 'number') await setKelvin(ep, p.kelvin);
    if (Array.isArray(p.color)) await setColor(ep, p.color as Rgb, memo);
    if (action === 'set_color_temp' || action === 'set_color') {
      if (typeof p.brightness === 'number') await setLevel(ep, p.brightness);
    }
    if (action === 'toggle') await ep.invoke('onOff', 'toggle');
  },
};

/** FanControl: fan speed as low/medium/high, on/off through FanMode. */
const FAN_SPEEDS = ['low', 'medium', 'high'] as const;
const FanMode = { off: 0, low: 1, medium: 2, high: 3, on: 4, auto: 5 } as const;
const fanEntity: EntityMapping = {
  key: 'fan',
  clusters: ['fanControl', 'onOff'],
  applies: (ep) => ep.state('fanControl') !== undefined,
  shape: () => ({
    domain: 'fan',
    capabilities: { actions: ['on', 'off', 'toggle', 'set_fan_speed'], fan_speeds: [...FAN_SPEEDS] },
  }),
  read(ep) {
    const fc = ep.state('fanControl')!;
    const percent = typeof fc.percentCurrent === 'number' ? fc.percentCurrent : null;
    const mode = fc.fanMode as number;
    const on = mode !== FanMode.off && percent !== 0;
    const speed =
      percent === null || percent === 0
        ? (FAN_SPEEDS[mode - 1] ?? null)
        : percent <= 33
          ? 'low'
          : percent <= 66
            ? 'medium'
            : 'high';
    return { state: on ? 'on' : 'off', attributes: { speed, percentage: percent } };
  },
  async command(ep, action, p) {
    const fanMode =
      action === 'off'
        ? FanMode.off
        : action === 'set_fan_speed'
          ? FanMode[p.speed as (typeof FAN_SPEEDS)[number]]
          : action === 'toggle' && ep.state('fanControl')?.fanMode !== FanMode.off
            ? FanMode.off
            : FanMode.high;
    await ep.write('fanControl', { fanMode });
  },
};

/** DoorLock: lockState 1 locked, 2 unlocked, 3 unlatched, 0 not fully locked (jammed). */
const lockEntity: EntityMapping = {
  key: 'lock',
  clusters: ['doorLock'],
  applies: (ep) => ep.state('doorLock') !== undefined,
  shape: () => ({ domain: 'lock', capabilities: { actions: ['lock', 'unlock'] } }),
  read(ep) {
    const s = ep.state('doorLock')!.lockState;
    const state = s === 1 ? 'locked' : s === 2 || s === 3 ? 'unlocked' : s === 0 ? 'jammed' : null;
    return { state };
  },
  async command(ep, action, p) {
    const request = typeof p.code === 'string' ? { pinCode: new TextEncoder().encode(p.code) } : {};
    await ep.invoke('doorLock', action === 'lock' ? 'lockDoor' : 'unlockDoor', request);
  },
};

/** Thermostat: SystemMode ↔ hvac mode; the setpoint of the mode it is in (heating unless cooling). */
const SystemMode: Record<number, string> = {
  0: 'off',
  1: 'auto',
  3: 'cool',
  4: 'heat',
  7: 'fan_only',
  8: 'dry',
};
const SYSTEM_MODE_OF: Record<string, number> = { off: 0, auto: 1, cool: 3, heat: 4, fan_only: 7, dry: 8 };
const centi = (v: unknown) => (typeof v === 'number' ? v / 100 : null);
const usesCooling = (t: Record<string, unknown>, f: Record<string, boolean>) =>
  f.cooling && (!f.heating || t.systemMode === 3);

const thermostatEntity: EntityMapping = {
  key: 'climate',
  clusters: ['thermostat'],
  applies: (ep) => ep.state('thermostat') !== undefined,
  shape(ep) {
    const t = ep.state('thermostat')!;
    const f = ep.features('thermostat');
    const modes = [
      'off',
      ...(f.heating ? ['heat'] : []),
      ...(f.cooling ? ['cool'] : []),
      ...(f.autoMode ? ['auto'] : []),
    ];
    const cool = usesCooling(t, f);
    const min = centi(cool ? t.absMinCoolSetpointLimit : t.absMinHeatSetpointLimit) ?? 7;
    const max = centi(cool ? t.absMaxCoolSetpointLimit : t.absMaxHeatSetpointLimit) ?? 30;
    return {
      domain: 'climate',
      capabilities: {
        actions: ['set_temperature', 'set_hvac_mode', 'off'],
        temperature: { min, max, step: 0.5, unit: '°C' },
        hvac_modes: modes,
      },
      attributes: { unit_of_measurement: '°C' },
    };
  },
  read(ep) {
    const t = ep.state('thermostat')!;
    const f = ep.features('thermostat');
    const target = usesCooling(t, f) ? t.occupiedCoolingSetpoint : t.occupiedHeatingSetpoint;
    return {
      state: SystemMode[t.systemMode as number] ?? null,
      attributes: { current_temperature: centi(t.localTemperature), temperature: centi(target) },
    };
  },
  async command(ep, action, p) {
    const t = ep.state('thermostat')!;
    if (action === 'set_temperature') {
      const field = usesCooling(t, ep.features('thermostat'))
        ? 'occupiedCoolingSetpoint'
        : 'occupiedHeatingSetpoint';
      await ep.write('thermostat', { [field]: Math.round((p.temperature as number) * 100) });
      return;
    }
    const mode = action === 'off' ? 'off' : (p.hvac_mode as string);
    await ep.write('thermostat', { systemMode: SYSTEM_MODE_OF[mode] });
  },
};

/**
 * WindowCovering: Matter counts closure (0 % = open, 100 % = closed); Hearth's position is how
 * open it is (100 = open), so positions are mirrored.
 */
const coverEntity: EntityMapping = {
  key: 'cover',
  clusters: ['windowCovering'],
  applies: (ep) => ep.state('windowCovering') !== undefined,
  shape: (ep) => ({
    domain: 'cover',
    capabilities: {
      actions: [
        'open',
        'close',
        'stop',
        ...(ep.features('windowCovering').positionAwareLift ? ['set_position'] : []),
      ],
      position: ep.features('windowCovering').positionAwareLift === true,
    },
    attributes: { device_class: 'shade' },
  }),
  read(ep) {
    const wc = ep.state('windowCovering')!;
    const closed100ths = wc.currentPositionLiftPercent100ths;
    const position = typeof closed100ths === 'number' ? Math.round(100 - closed100ths / 100) : null;
    // OperationalStatus.global: 1 = opening (lift up), 2 = closing.
    const moving = (wc.operationalStatus as { global?: number } | undefined)?.global;
    const state =
      moving === 1
        ? 'opening'
        : moving === 2
          ? 'closing'
          : position === null
            ? null
            : position === 0
              ? 'closed'
              : 'open';
    return { state, attributes: { position } };
  },
  async command(ep, action, p) {
    const simple: Record<string, string> = { open: 'upOrOpen', close: 'downOrClose', stop: 'stopMotion' };
    const command = simple[action];
    if (command) {
      await ep.invoke('windowCovering', command);
      return;
    }
    await ep.invoke('windowCovering', 'goToLiftPercentage', {
      liftPercent100thsValue: (100 - (p.position as number)) * 100,
    });
  },
};

/** A read-only numeric sensor from one attribute. */
function sensor(
  key: string,
  cluster: string,
  attribute: string,
  deviceClass: string,
  unit: string,
  convert: (v: number) => number,
  applies?: (ep: EndpointView) => boolean,
): EntityMapping {
  return {
    key,
    clusters: [cluster],
    applies: (ep) => ep.state(cluster) !== undefined && (applies ? applies(ep) : true),
    shape: () => ({
      domain: 'sensor',
      suffix: deviceClass.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      capabilities: { actions: [] },
      attributes: { device_class: deviceClass, unit_of_measurement: unit },
    }),
    read(ep) {
      const v = readPath(ep.state(cluster), attribute);
      return { state: typeof v === 'number' || typeof v === 'bigint' ? convert(Number(v)) : null };
    },
  };
}

function readPath(obj: Record<string, unknown> | undefined, path: string): unknown {
  let v: unknown = obj;
  for (const part of path.split('.'))
    v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A read-only two-state sensor. */
function binarySensor(
  key: string,
  cluster: string,
  deviceClass: string,
  on: (state: Record<string, unknown>) => boolean | undefined,
): EntityMapping {
  return {
    key,
    clusters: [cluster],
    applies: (ep) => ep.state(cluster) !== undefined,
    shape: () => ({
      domain: 'binary_sensor',
      suffix: deviceClass.replace(/^./, (c) => c.toUpperCase()),
      capabilities: { actions: [] },
      attributes: { device_class: deviceClass },
    }),
    read(ep) {
      const v = on(ep.state(cluster)!);
      return { state: v === undefined ? null : v ? 'on' : 'off' };
    },
  };
}

/** Generic Switch: the last press as the state (`pressed` then `single`, `double`, `long` …). */
const buttonEntity: EntityMapping = {
  key: 'button',
  clusters: [],
  applies: (ep) => ep.state('switch') !== undefined,
  shape: () => ({
    domain: 'sensor',
    suffix: 'Button',
    capabilities: { actions: [] },
    attributes: { device_class: 'button' },
  }),
  read: () => undefined,
};

export const MAPPINGS: readonly EntityMapping[] = [
  onOffEntity,
  fanEntity,
  lockEntity,
  thermostatEntity,
  coverEntity,
  sensor('temperature', 'temperatureMeasurement', 'measuredValue', 'temperature', '°C', (v) =>
    round(v / 100, 2),
  ),
  sensor('humidity', 'relativeHumidityMeasurement', 'measuredValue', 'humidity', '%', (v) =>
    round(v / 100, 2),
  ),
  sensor('illuminance', 'illuminanceMeasurement', 'measuredValue', 'illuminance', 'lx', (v) =>
    v === 0 ? 0 : Math.round(10 ** ((v - 1) / 10_000)),
  ),
  // PowerSource with the battery feature; BatPercentRemaining counts half percent.
  sensor(
    'battery',
    'powerSource',
    'batPercentRemaining',
    'battery',
    '%',
    (v) => Math.round(v / 2),
    (ep) => ep.features('powerSource').battery === true,
  ),
  sensor('power', 'electricalPowerMeasurement', 'activePower', 'power', 'W', (v) => round(v / 1000, 3)),
  sensor('energy', 'electricalEnergyMeasurement', 'cumulativeEnergyImported.energy', 'energy', 'kWh', (v) =>
    round(v / 1_000_000, 3),
  ),
  binarySensor('occupancy', 'occupancySensing', 'occupancy', (s) =>
    s.occupancy ? (s.occupancy as { occupied?: boolean }).occupied === true : undefined,
  ),
  // BooleanState on a contact sensor is true while the contact is made, i.e. the door is closed.
  binarySensor('contact', 'booleanState', 'door', (s) =>
    typeof s.stateValue === 'boolean' ? !s.stateValue : undefined,
  ),
  buttonEntity,
];

/** Generic Switch events → the button entity's state. */
export function buttonState(
  eventName: string,
  data: Record<string, unknown> | undefined,
): string | undefined {
  switch (eventName) {
    case 'initialPress':
      return 'pressed';
    case 'shortRelease':
      return 'single';
    case 'longPress':
      return 'long';
    case 'longRelease':
      return 'long_release';
    case 'multiPressComplete': {
      const n = Number(data?.totalNumberOfPressesCounted ?? 1);
      return n === 1 ? 'single' : n === 2 ? 'double' : n === 3 ? 'triple' : `press_${n}`;
    }
    default:
      return undefined;
  }
}
