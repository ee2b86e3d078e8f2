import type { MutableEndpoint } from '@matter/main';
import { kelvinToMired, miredToKelvin, rgbToXy, xyToRgb, type Rgb } from '../home/color.js';
import type { Entity } from '../home/types.js';
// Matter's lighting clusters are Zigbee's (ZCL): the same 0–254 level scale.
import { percentToZigbee, zigbeeToPercent } from '../integrations/zigbee2mqtt/color.js';

/**
 * Hearth entities → Matter device types, the inverse of the controller's clusters.ts. Each kind
 * says which matter.js device type (with which cluster features) an entity becomes, projects
 * Hearth's state onto its attributes, names the attributes a controller may change, and turns a
 * changed attribute back into Hearth commands. matter.js is passed in (it is loaded lazily).
 */

/** A Hearth command the bridge asks `home.execute()` for. */
export interface BridgeCommand {
  action: string;
  params: Record<string, unknown>;
}

/** matter.js' endpoint state by cluster name (`onOff`, `levelControl` …). */
export type ClusterState = Record<string, Record<string, unknown> | undefined>;

export interface BridgedKind {
  /** Stable name (an entity whose kind changes is bridged anew). */
  id: string;
  /** The matter.js endpoint type: a device type with `BridgedDeviceBasicInformationServer` added by the bridge. */
  type(m: Matter): MutableEndpoint;
  /** Hearth's state as Matter attributes. */
  project(e: Entity): ClusterState;
  /** `[cluster, attribute]` a controller changes by command or write. */
  watched: readonly (readonly [string, string])[];
  /** The Hearth commands that bring Hearth to what the controller set; empty when they agree. */
  commands?(matter: ClusterState, e: Entity): BridgeCommand[];
}

export interface Matter {
  devices: typeof import('@matter/main/devices');
  behaviors: typeof import('@matter/main/behaviors');
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const UINT16 = 65536;

// --- lights and plugs -------------------------------------------------------------------------

const level = (e: Entity) => clamp(percentToZigbee(num(e.attributes.brightness, 100)), 1, 254);

function miredRange(e: Entity) {
  const ct = e.capabilities.color_temp ?? { min_kelvin: 2000, max_kelvin: 6500 };
  return { min: kelvinToMired(ct.max_kelvin), max: kelvinToMired(ct.min_kelvin) };
}

function onOffCommands(m: ClusterState, e: Entity): BridgeCommand[] {
  const on = m.onOff?.onOff === true;
  const hearthOn = e.state === 'on';
  if (!on) return hearthOn ? [{ action: 'off', params: {} }] : [];
  const out: BridgeCommand[] = [];
  const params: Record<string, unknown> = {};
  if (m.levelControl && e.capabilities.brightness) {
    const brightness = zigbeeToPercent(num(m.levelControl.currentLevel, 254));
    if (!hearthOn || Math.abs(brightness - num(e.attributes.brightness, -1)) > 1)
      params.brightness = brightness;
  }
  if (!hearthOn) out.push({ action: 'on', params });
  else if (params.brightness !== undefined) out.push({ action: 'dim', params });
  const cc = m.colorControl;
  if (cc && e.capabilities.color_temp && cc.colorMode === 2) {
    const kelvin = miredToKelvin(num(cc.colorTemperatureMireds, 370));
    if (e.attributes.color_mode !== 'color_temp' || Math.abs(kelvin - num(e.attributes.kelvin, 0)) > 40)
      out.push({ action: 'set_color_temp', params: { kelvin } });
  }
  if (cc && e.capabilities.color && cc.colorMode === 1) {
    const shown = projectXy(e);
    const x = num(cc.currentX, 0);
    const y = num(cc.currentY, 0);
    if (!shown || Math.abs(shown.currentX - x) > 300 || Math.abs(shown.currentY - y) > 300)
      out.push({ action: 'set_color', params: { color: xyToRgb(x / UINT16, y / UINT16) } });
  }
  return out;
}

function projectXy(e: Entity) {
  const rgb: unknown = e.attributes.color;
  if (!Array.isArray(rgb) || rgb.length !== 3) return undefined;
  const { x, y } = rgbToXy(rgb as Rgb);
  return { currentX: Math.round(x * UINT16), currentY: Math.round(y * UINT16) };
}

function projectLight(e: Entity): ClusterState {
  const out: ClusterState = { onOff: { onOff: e.state === 'on' } };
  if (e.capabilities.brightness) out.levelControl = { currentLevel: level(e) };
  if (e.capabilities.color_temp || e.capabilities.color) {
    const { min, max } = miredRange(e);
    const cc: Record<string, unknown> = {};
    if (e.capabilities.color_temp) {
      const k = num(e.attributes.kelvin, 0);
      if (k > 0) cc.colorTemperatureMireds = clamp(kelvinToMired(k), min, max);
    }
    const xy = e.capabilities.color ? projectXy(e) : undefined;
    const inTemp = e.attributes.color_mode === 'color_temp' || !xy;
    if (xy) Object.assign(cc, xy);
    if (e.capabilities.color_temp && inTemp) Object.assign(cc, { colorMode: 2, enhancedColorMode: 2 });
    else if (xy) Object.assign(cc, { colorMode: 1, enhancedColorMode: 1 });
    out.colorControl = cc;
  }
  return out;
}

const lightWatched = [
  ['onOff', 'onOff'],
  ['levelControl', 'currentLevel'],
  ['colorControl', 'colorTemperatureMireds'],
  ['colorControl', 'currentX'],
  ['colorControl', 'currentY'],
] as const;

function colorTempDefaults(e: Entity) {
  const { min, max } = miredRange(e);
  return {
    colorTempPhysicalMinMireds: min,
    colorTempPhysicalMaxMireds: max,
    coupleColorTempToLevelMinMireds: min,
    startUpColorTemperatureMireds: null,
    colorTemperatureMireds: clamp(370, min, max),
  };
}

const onOffLight: BridgedKind = {
  id: 'on_off_light',
  type: (m) => m.devices.OnOffLightDevice,
  project: projectLight,
  watched: lightWatched,
  commands: onOffCommands,
};

const dimmableLight: BridgedKind = {
  ...onOffLight,
  id: 'dimmable_light',
  type: (m) => m.devices.DimmableLightDevice,
  project: (e) => {
    const p = projectLight(e);
    p.levelControl = { ...p.levelControl, minLevel: 1, maxLevel: 254 };
    return p;
  },
};

const colorTemperatureLight: BridgedKind = {
  ...onOffLight,
  id: 'color_temperature_light',
  type: (m) => m.devices.ColorTemperatureLightDevice,
  project: (e) => {
    const p = dimmableLight.project(e);
    p.colorControl = { ...colorTempDefaults(e), colorMode: 2, enhancedColorMode: 2, ...p.colorControl };
    return p;
  },
};

const extendedColorLight: BridgedKind = {
  ...onOffLight,
  id: 'extended_color_light',
  type: (m) => m.devices.ExtendedColorLightDevice,
  project: (e) => {
    const p = dimmableLight.project(e);
    p.colorControl = {
      ...colorTempDefaults(e),
      currentX: 0x5000,
      currentY: 0x5000,
      colorMode: 1,
      enhancedColorMode: 1,
      ...p.colorControl,
    };
    return p;
  },
};

const plug: BridgedKind = {
  id: 'on_off_plug_in_unit',
  type: (m) => m.devices.OnOffPlugInUnitDevice,
  project: (e) => ({ onOff: { onOff: e.state === 'on' } }),
  watched: [['onOff', 'onOff']],
  commands: onOffCommands,
};

// --- lock, thermostat, cover, fan -------------------------------------------------------------

/** DoorLock lockState: 0 not fully locked, 1 locked, 2 unlocked. */
const lock: BridgedKind = {
  id: 'door_lock',
  type: (m) => m.devices.DoorLockDevice,
  project: (e) => ({
    doorLock: {
      lockState: e.state === 'locked' ? 1 : e.state === 'unlocked' ? 2 : e.state === 'jammed' ? 0 : null,
      lockType: 0,
      actuatorEnabled: true,
      operatingMode: 0,
      wrongCodeEntryLimit: 5,
      userCodeTemporaryDisableTime: 30,
    },
  }),
  watched: [['doorLock', 'lockState']],
  commands(m, e) {
    const s = m.doorLock?.lockState;
    if (s === 1 && e.state !== 'locked') return [{ action: 'lock', params: {} }];
    if (s === 2 && e.state !== 'unlocked') return [{ action: 'unlock', params: {} }];
    return [];
  },
};

const centi = (v: unknown) => (typeof v === 'number' ? Math.round(v * 100) : null);

/** Matter SystemMode values Hearth's hvac modes map to (Thermostat cluster § 4.3.9.1). */
const SYSTEM_MODE: Record<string, number> = { off: 0, auto: 1, cool: 3, heat: 4 };
const HVAC_MODE: Record<number, string> = { 0: 'off', 1: 'auto', 3: 'cool', 4: 'heat' };

const cools = (e: Entity) => (e.capabilities.hvac_modes ?? []).includes('cool');

/**
 * A heating thermostat, or heating and cooling when the Hearth entity has a `cool` mode. Hearth
 * keeps one setpoint (the one of the current mode), so both Matter setpoints show it; a
 * controller changing either sets it. Dual setpoints (Matter's AutoMode with a deadband) are not
 * bridged: Hearth's `auto` shows as SystemMode Auto with the one setpoint.
 */
function projectThermostat(e: Entity): ClusterState {
  const range = e.capabilities.temperature ?? { min: 7, max: 30 };
  const min = Math.round(range.min * 100);
  const max = Math.round(range.max * 100);
  const setpoint = clamp(centi(e.attributes.temperature) ?? 2000, min, max);
  const t: Record<string, unknown> = {
    localTemperature: centi(e.attributes.current_temperature),
    occupiedHeatingSetpoint: setpoint,
    absMinHeatSetpointLimit: min,
    absMaxHeatSetpointLimit: max,
    minHeatSetpointLimit: min,
    maxHeatSetpointLimit: max,
    controlSequenceOfOperation: 2, // HeatingOnly
    systemMode: SYSTEM_MODE[String(e.state)] ?? 4,
  };
  if (cools(e))
    Object.assign(t, {
      occupiedCoolingSetpoint: setpoint,
      absMinCoolSetpointLimit: min,
      absMaxCoolSetpointLimit: max,
      minCoolSetpointLimit: min,
      maxCoolSetpointLimit: max,
      controlSequenceOfOperation: 4, // CoolingAndHeating
    });
  return { thermostat: t };
}

const thermostat: BridgedKind = {
  id: 'thermostat',
  type: (m) => m.devices.ThermostatDevice.with(m.behaviors.ThermostatServer.with('Heating')),
  project: projectThermostat,
  watched: [
    ['thermostat', 'occupiedHeatingSetpoint'],
    ['thermostat', 'systemMode'],
  ],
  commands(m, e) {
    const t = m.thermostat ?? {};
    const out: BridgeCommand[] = [];
    const mode = HVAC_MODE[num(t.systemMode, 4)] ?? 'heat';
    if (mode !== e.state)
      out.push(
        mode === 'off'
          ? { action: 'off', params: {} }
          : { action: 'set_hvac_mode', params: { hvac_mode: mode } },
      );
    const current = num(e.attributes.temperature, -100);
    const heat = num(t.occupiedHeatingSetpoint, 0) / 100;
    const cool = typeof t.occupiedCoolingSetpoint === 'number' ? t.occupiedCoolingSetpoint / 100 : heat;
    // The setpoint the controller moved (the other still shows Hearth's).
    const target = Math.abs(cool - current) >= 0.05 ? cool : heat;
    if (Math.abs(target - current) >= 0.05)
      out.push({ action: 'set_temperature', params: { temperature: target } });
    return out;
  },
};

const heatCoolThermostat: BridgedKind = {
  ...thermostat,
  id: 'thermostat_heat_cool',
  type: (m) => m.devices.ThermostatDevice.with(m.behaviors.ThermostatServer.with('Heating', 'Cooling')),
  watched: [...thermostat.watched, ['thermostat', 'occupiedCoolingSetpoint']],
};

/** Matter counts closure (0 = open, 10000 = closed); Hearth counts how open (100 = open). */
const closure = (e: Entity) => {
  const p =
    typeof e.attributes.position === 'number' ? e.attributes.position : e.state === 'closed' ? 0 : 100;
  return (100 - clamp(p, 0, 100)) * 100;
};

const cover: BridgedKind = {
  id: 'window_covering',
  type: (m) =>
    m.devices.WindowCoveringDevice.with(m.behaviors.WindowCoveringServer.with('Lift', 'PositionAwareLift')),
  project: (e) => ({
    windowCovering: {
      currentPositionLiftPercent100ths: closure(e),
      targetPositionLiftPercent100ths: closure(e),
    },
  }),
  watched: [['windowCovering', 'targetPositionLiftPercent100ths']],
  commands(m, e) {
    const target = m.windowCovering?.targetPositionLiftPercent100ths;
    if (typeof target !== 'number' || Math.abs(target - closure(e)) < 100) return [];
    const position = Math.round(100 - target / 100);
    if (position === 100) return [{ action: 'open', params: {} }];
    if (position === 0) return [{ action: 'close', params: {} }];
    return e.capabilities.position ? [{ action: 'set_position', params: { position } }] : [];
  },
};

const SPEED_PERCENT: Record<string, number> = { low: 33, medium: 66, high: 100 };
const speedOf = (percent: number) => (percent <= 33 ? 'low' : percent <= 66 ? 'medium' : 'high');

const fan: BridgedKind = {
  id: 'fan',
  type: (m) => m.devices.FanDevice,
  project: (e) => {
    const percent = e.state === 'on' ? (SPEED_PERCENT[String(e.attributes.speed)] ?? 100) : 0;
    return {
      fanControl: {
        fanMode: e.state === 'on' ? (percent <= 33 ? 1 : percent <= 66 ? 2 : 3) : 0,
        fanModeSequence: 0, // OffLowMedHigh
        percentSetting: percent,
        percentCurrent: percent,
      },
    };
  },
  watched: [
    ['fanControl', 'fanMode'],
    ['fanControl', 'percentSetting'],
  ],
  commands(m, e) {
    const fc = m.fanControl!;
    const percent = num(fc.percentSetting, 0);
    if (fc.fanMode === 0 || percent === 0) return e.state === 'on' ? [{ action: 'off', params: {} }] : [];
    const out: BridgeCommand[] = [];
    if (e.state !== 'on') out.push({ action: 'on', params: {} });
    const speed = speedOf(percent);
    if (e.capabilities.actions.includes('set_fan_speed') && speed !== e.attributes.speed)
      out.push({ action: 'set_fan_speed', params: { speed } });
    return out;
  },
};

// --- sensors (read only) ----------------------------------------------------------------------

const hundredths = (e: Entity) => (typeof e.state === 'number' ? Math.round(e.state * 100) : null);

const temperatureSensor: BridgedKind = {
  id: 'temperature_sensor',
  type: (m) => m.devices.TemperatureSensorDevice,
  project: (e) => ({
    temperatureMeasurement: {
      measuredValue: hundredths(e),
      minMeasuredValue: -4000,
      maxMeasuredValue: 12500,
    },
  }),
  watched: [],
};

const humiditySensor: BridgedKind = {
  id: 'humidity_sensor',
  type: (m) => m.devices.HumiditySensorDevice,
  project: (e) => ({
    relativeHumidityMeasurement: {
      measuredValue: hundredths(e),
      minMeasuredValue: 0,
      maxMeasuredValue: 10000,
    },
  }),
  watched: [],
};

// BooleanState on a contact sensor is true while the contact is made, i.e. the door is closed.
const contactSensor: BridgedKind = {
  id: 'contact_sensor',
  type: (m) => m.devices.ContactSensorDevice,
  project: (e) => ({ booleanState: { stateValue: e.state !== 'on' } }),
  watched: [],
};

const occupancySensor: BridgedKind = {
  id: 'occupancy_sensor',
  type: (m) =>
    m.devices.OccupancySensorDevice.with(m.behaviors.OccupancySensingServer.with('PassiveInfrared')),
  project: (e) => ({
    occupancySensing: {
      occupancy: { occupied: e.state === 'on' },
      occupancySensorType: 0,
      occupancySensorTypeBitmap: { pir: true },
    },
  }),
  watched: [],
};

const CONTACT_CLASSES = new Set(['door', 'window', 'opening', 'garage_door']);
const OCCUPANCY_CLASSES = new Set(['motion', 'occupancy', 'presence']);

/** The device type an entity is bridged as; undefined: Matter has none Hearth maps it to. */
export function bridgedKindOf(e: Entity): BridgedKind | undefined {
  const deviceClass = typeof e.attributes.device_class === 'string' ? e.attributes.device_class : '';
  switch (e.domain) {
    case 'light':
      if (e.capabilities.color) return extendedColorLight;
      if (e.capabilities.color_temp) return colorTemperatureLight;
      if (e.capabilities.brightness) return dimmableLight;
      return onOffLight;
    case 'switch':
      return e.capabilities.actions.includes('on') ? plug : undefined;
    case 'lock':
      return lock;
    case 'climate':
      if (!e.capabilities.temperature) return undefined;
      return cools(e) ? heatCoolThermostat : thermostat;
    case 'cover':
      return cover;
    case 'fan':
      return fan;
    case 'sensor':
      if (deviceClass === 'temperature') return temperatureSensor;
      if (deviceClass === 'humidity') return humiditySensor;
      return undefined;
    case 'binary_sensor':
      if (CONTACT_CLASSES.has(deviceClass)) return contactSensor;
      if (OCCUPANCY_CLASSES.has(deviceClass)) return occupancySensor;
      return undefined;
    default:
      return undefined;
  }
}
