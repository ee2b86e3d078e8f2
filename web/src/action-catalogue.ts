/**
 * The parameters each control action takes, as the dashboard's forms need them: the same table
 * as the service's action catalogue (src/home/actions.ts; a test keeps the two equal), with the
 * ranges read from the entity's capabilities, so a form offers only what the home core accepts.
 */
// `.js`: this file is also type-checked by the service's NodeNext build (test/dashboard/action-catalogue.test.ts).
import type { Capabilities } from './types.js';

export interface ActionParams {
  required: string[];
  optional: string[];
}

const none: ActionParams = { required: [], optional: [] };
const withCode: ActionParams = { required: [], optional: ['code'] };

export const ACTION_PARAMS: Record<string, ActionParams> = {
  on: { required: [], optional: ['brightness', 'kelvin', 'color'] },
  off: none,
  toggle: none,
  dim: { required: ['brightness'], optional: [] },
  set_color_temp: { required: ['kelvin'], optional: ['brightness'] },
  set_color: { required: ['color'], optional: ['brightness'] },
  lock: none,
  unlock: withCode,
  open: none,
  close: none,
  stop: none,
  set_position: { required: ['position'], optional: [] },
  set_temperature: { required: ['temperature'], optional: [] },
  set_hvac_mode: { required: ['hvac_mode'], optional: [] },
  set_preset: { required: ['preset'], optional: [] },
  set_fan_speed: { required: ['speed'], optional: [] },
  arm_home: withCode,
  arm_away: withCode,
  arm_night: withCode,
  disarm: withCode,
  play: none,
  pause: none,
  next: none,
  previous: none,
  set_volume: { required: ['volume'], optional: [] },
  start_recording: none,
  stop_recording: none,
  goto_preset: { required: ['preset'], optional: [] },
  activate: none,
};

export type ParamSpec =
  | { kind: 'number'; label: string; min: number; max: number; step: number; unit: string }
  | { kind: 'choice'; label: string; options: string[] }
  | { kind: 'color'; label: string }
  | { kind: 'text'; label: string };

/** How to ask for one parameter of an entity's action; null when the entity cannot take it. */
export function paramSpec(name: string, caps: Capabilities): ParamSpec | null {
  switch (name) {
    case 'brightness':
      return caps.brightness
        ? { kind: 'number', label: 'Brightness', min: 0, max: 100, step: 1, unit: '%' }
        : null;
    case 'kelvin':
      return caps.color_temp
        ? {
            kind: 'number',
            label: 'Colour temperature',
            min: caps.color_temp.min_kelvin,
            max: caps.color_temp.max_kelvin,
            step: 100,
            unit: 'K',
          }
        : null;
    case 'color':
      return caps.color ? { kind: 'color', label: 'Colour' } : null;
    case 'position':
      return caps.position
        ? { kind: 'number', label: 'Position', min: 0, max: 100, step: 1, unit: '%' }
        : null;
    case 'temperature':
      return caps.temperature
        ? {
            kind: 'number',
            label: 'Setpoint',
            min: caps.temperature.min,
            max: caps.temperature.max,
            step: caps.temperature.step,
            unit: caps.temperature.unit,
          }
        : null;
    case 'hvac_mode':
      return caps.hvac_modes?.length ? { kind: 'choice', label: 'Mode', options: caps.hvac_modes } : null;
    case 'preset':
      return caps.presets?.length ? { kind: 'choice', label: 'Preset', options: caps.presets } : null;
    case 'speed':
      return caps.fan_speeds?.length ? { kind: 'choice', label: 'Speed', options: caps.fan_speeds } : null;
    case 'volume':
      return caps.volume ? { kind: 'number', label: 'Volume', min: 0, max: 100, step: 1, unit: '%' } : null;
    case 'code':
      return { kind: 'text', label: 'Code' };
    default:
      return null;
  }
}

/** The parameters an entity's action takes, each with how to ask for it (those the entity cannot take are left out). */
export function paramsOf(
  action: string,
  caps: Capabilities,
): { name: string; required: boolean; spec: ParamSpec }[] {
  const p = ACTION_PARAMS[action] ?? none;
  const out: { name: string; required: boolean; spec: ParamSpec }[] = [];
  for (const [list, required] of [
    [p.required, true],
    [p.optional, false],
  ] as const) {
    for (const name of list) {
      const spec = paramSpec(name, caps);
      if (spec) out.push({ name, required, spec });
    }
  }
  return out;
}

/** A sensible first value for a required parameter, so a freshly chosen action is valid as it stands. */
export function defaultParam(spec: ParamSpec): unknown {
  switch (spec.kind) {
    case 'number':
      return spec.unit === '%' ? 50 : Math.round((spec.min + spec.max) / 2 / spec.step) * spec.step;
    case 'choice':
      return spec.options[0];
    case 'color':
      return '#ffb46b';
    case 'text':
      return '';
  }
}

const LABELS: Record<string, string> = {
  on: 'Turn on',
  off: 'Turn off',
  toggle: 'Toggle',
  dim: 'Dim to',
  set_color_temp: 'Set colour temperature',
  set_color: 'Set colour',
  lock: 'Lock',
  unlock: 'Unlock',
  open: 'Open',
  close: 'Close',
  stop: 'Stop',
  set_position: 'Set position',
  set_temperature: 'Set temperature',
  set_hvac_mode: 'Set mode',
  set_preset: 'Set preset',
  set_fan_speed: 'Set fan speed',
  arm_home: 'Arm (home)',
  arm_away: 'Arm (away)',
  arm_night: 'Arm (night)',
  disarm: 'Disarm',
  play: 'Play',
  pause: 'Pause',
  next: 'Next',
  previous: 'Previous',
  set_volume: 'Set volume',
  start_recording: 'Start recording',
  stop_recording: 'Stop recording',
  goto_preset: 'Go to preset',
  activate: 'Activate',
};

export const actionLabel = (action: string) => LABELS[action] ?? action.replace(/_/g, ' ');
