import type { EntityHint } from '../zigbee2mqtt/index.js';
import { kelvinToMired, rgbToXy, type Rgb } from '../../home/color.js';
import { percentToZigbee } from '../zigbee2mqtt/color.js';
import type { Expose, Z2mDevice } from '../zigbee2mqtt/types.js';
import { DEMO_ENTITIES, type DemoEntity } from './home.js';
import { text } from '../../text.js';

/** Demo domains a Zigbee bridge can carry; the rest (alarm, cameras, TV, presence) stay in-process. */
export const ZIGBEE_DOMAINS = new Set([
  'light',
  'cover',
  'switch',
  'climate',
  'lock',
  'binary_sensor',
  'sensor',
  'fan',
]);

const bin = (name: string, access = 3, on: unknown = 'ON', off: unknown = 'OFF'): Expose => ({
  type: 'binary',
  name,
  property: name,
  label: name,
  access,
  value_on: on,
  value_off: off,
});
const num = (
  name: string,
  access: number,
  unit?: string,
  min?: number,
  max?: number,
  step?: number,
): Expose => ({
  type: 'numeric',
  name,
  property: name,
  label: name,
  access,
  ...(unit ? { unit } : {}),
  ...(min !== undefined ? { value_min: min, value_max: max } : {}),
  ...(step ? { value_step: step } : {}),
});
const enumOf = (name: string, values: string[], access = 3): Expose => ({
  type: 'enum',
  name,
  property: name,
  label: name,
  access,
  values,
});

export interface DemoZigbeeHome {
  devices: Z2mDevice[];
  states: Record<string, Record<string, unknown>>;
  /** Hearth placement (ids, names, areas, labels, capabilities) by unique id, so entity ids stay exactly the demo's. */
  hints: Record<string, EntityHint>;
}

/**
 * The demo home's Zigbee-able devices. The simulated bridge retains device state (Zigbee2MQTT's
 * per-device `retain` option) and exposes no GET bits, so Hearth reads the initial state from the
 * retained topics and start-up is deterministic.
 */
export function demoZigbeeHome(): DemoZigbeeHome {
  const devices: Z2mDevice[] = [];
  const states: DemoZigbeeHome['states'] = {};
  const hints: DemoZigbeeHome['hints'] = {};
  DEMO_ENTITIES.filter((d) => ZIGBEE_DOMAINS.has(d.domain)).forEach((d, i) => {
    const ieee = `0x00d0de0000${(i + 1).toString(16).padStart(6, '0')}`;
    const { exposes, state, kind } = describe(d);
    devices.push({
      ieee_address: ieee,
      friendly_name: d.name,
      type: 'Router',
      supported: true,
      disabled: false,
      interview_state: 'SUCCESSFUL',
      interview_completed: true,
      interviewing: false,
      definition: { model: d.model, vendor: 'Hearth Demo', description: d.name, source: 'native', exposes },
    });
    states[d.name] = state;
    hints[ieee] = { area: d.area ?? null };
    hints[`${ieee}/${kind}`] = {
      object_id: d.object_id!,
      name: d.name,
      area: d.area ?? null,
      labels: d.labels ?? [],
      capabilities: d.capabilities,
    };
  });
  return { devices, states, hints };
}

function describe(d: DemoEntity): { exposes: Expose[]; state: Record<string, unknown>; kind: string } {
  const a = d.initial;
  const on = d.state === 'on';
  switch (d.domain) {
    case 'light': {
      const caps = d.capabilities;
      const features: Expose[] = [bin('state')];
      const state: Record<string, unknown> = { state: on ? 'ON' : 'OFF' };
      if (caps.brightness) {
        features.push(num('brightness', 3, undefined, 0, 254));
        state.brightness = percentToZigbee(Number(a.brightness ?? 100));
      }
      if (caps.color_temp) {
        features.push(
          num(
            'color_temp',
            3,
            'mired',
            kelvinToMired(caps.color_temp.max_kelvin),
            kelvinToMired(caps.color_temp.min_kelvin),
          ),
        );
        if (typeof a.kelvin === 'number') state.color_temp = kelvinToMired(a.kelvin);
      }
      if (caps.color) {
        features.push({
          type: 'composite',
          name: 'color_xy',
          property: 'color',
          label: 'Color',
          access: 3,
          features: [num('x', 3), num('y', 3)],
        });
        if (Array.isArray(a.color)) state.color = rgbToXy(a.color as Rgb);
      }
      if (a.color_mode) state.color_mode = a.color_mode === 'color' ? 'xy' : 'color_temp';
      return { exposes: [{ type: 'light', features }], state, kind: 'light' };
    }
    case 'cover':
      return {
        exposes: [
          {
            type: 'cover',
            features: [enumOf('state', ['OPEN', 'CLOSE', 'STOP'], 3), num('position', 3, '%', 0, 100)],
          },
        ],
        state: { position: a.position, state: Number(a.position) > 0 ? 'OPEN' : 'CLOSE' },
        kind: 'cover',
      };
    case 'switch':
      return {
        exposes: [{ type: 'switch', features: [bin('state')] }],
        state: { state: on ? 'ON' : 'OFF' },
        kind: 'switch',
      };
    case 'lock':
      return {
        exposes: [
          {
            type: 'lock',
            features: [
              bin('state', 3, 'LOCK', 'UNLOCK'),
              enumOf('lock_state', ['locked', 'unlocked', 'not_fully_locked'], 1),
            ],
          },
        ],
        state: { state: d.state === 'locked' ? 'LOCK' : 'UNLOCK', lock_state: d.state },
        kind: 'lock',
      };
    case 'climate': {
      const t = d.capabilities.temperature!;
      return {
        exposes: [
          {
            type: 'climate',
            features: [
              num('local_temperature', 1, '°C'),
              num('occupied_heating_setpoint', 3, '°C', t.min, t.max, t.step),
              enumOf('system_mode', d.capabilities.hvac_modes ?? []),
              enumOf('preset', d.capabilities.presets ?? []),
            ],
          },
        ],
        state: {
          local_temperature: a.current_temperature,
          occupied_heating_setpoint: a.temperature,
          system_mode: d.state,
          preset: a.preset,
        },
        kind: 'climate',
      };
    }
    case 'fan':
      return {
        exposes: [
          {
            type: 'fan',
            features: [bin('fan_state'), enumOf('fan_mode', ['off', ...(d.capabilities.fan_speeds ?? [])])],
          },
        ],
        state: { fan_state: on ? 'ON' : 'OFF', fan_mode: a.speed },
        kind: 'fan',
      };
    case 'binary_sensor': {
      const motion = a.device_class === 'motion';
      const name = motion ? 'occupancy' : 'contact';
      // `contact: true` is closed; the demo's door sensor starts `off` (closed).
      const value = motion ? on : !on;
      return {
        exposes: [motion ? bin('occupancy', 1, true, false) : bin('contact', 1, false, true)],
        state: { [name]: value },
        kind: name,
      };
    }
    default: {
      const name = text(a.device_class, 'value');
      return {
        exposes: [num(name, 1, text(a.unit_of_measurement))],
        state: { [name]: d.state },
        kind: name,
      };
    }
  }
}
