import { Errors } from '../errors.js';
import { parseColor, type Rgb } from './color.js';
import type { Capabilities, Entity } from './types.js';

/**
 * The action catalogue: every action any entity may support, the parameters it takes, and how
 * each parameter is checked against the entity's capabilities. Data, not code paths: adding an
 * action is adding a row.
 */
/**
 * `caps` is undefined when the entity is not known yet (an automation saved before its device
 * is paired): then only what the catalogue itself says is checked (type, fixed ranges).
 */
type ParamCheck = (value: unknown, caps: Capabilities | undefined, entityId: string) => unknown;

interface ActionSpec {
  required?: Record<string, ParamCheck>;
  optional?: Record<string, ParamCheck>;
  /** Actions that set attributes run before those that switch on/off when a scene applies both. */
  kind: 'state' | 'attribute';
}

const fail = (entityId: string, message: string, field: string) =>
  Errors.validation(`${entityId}: ${message}`, { field, entity_id: entityId });

function numberIn(field: string, min: number, max: number, opts: { integer?: boolean } = {}): ParamCheck {
  return (value, _caps, entity) => {
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw fail(entity, `${field} must be a number`, field);
    if (opts.integer && !Number.isInteger(value))
      throw fail(entity, `${field} must be a whole number`, field);
    if (value < min || value > max)
      throw fail(entity, `${field} must be between ${min} and ${max}, got ${value}`, field);
    return value;
  };
}

const brightness: ParamCheck = (value, caps, entity) => {
  if (caps && !caps.brightness) throw fail(entity, 'does not support brightness', 'brightness');
  return numberIn('brightness', 0, 100)(value, caps, entity);
};

const kelvin: ParamCheck = (value, caps, entity) => {
  if (caps && !caps.color_temp) throw fail(entity, 'does not support colour temperature', 'kelvin');
  const range = caps?.color_temp ?? { min_kelvin: 0, max_kelvin: Infinity };
  return numberIn('kelvin', range.min_kelvin, range.max_kelvin, { integer: true })(value, caps, entity);
};

const color: ParamCheck = (value, caps, entity): Rgb => {
  if (caps && !caps.color) throw fail(entity, 'does not support colour', 'color');
  const rgb = parseColor(value);
  if (!rgb) throw fail(entity, 'color must be a colour name, "#rrggbb" or [r, g, b]', 'color');
  return rgb;
};

const position: ParamCheck = (value, caps, entity) => {
  if (caps && !caps.position) throw fail(entity, 'does not support a position', 'position');
  return numberIn('position', 0, 100, { integer: true })(value, caps, entity);
};

const temperature: ParamCheck = (value, caps, entity) => {
  if (caps && !caps.temperature) throw fail(entity, 'does not take a target temperature', 'temperature');
  const t = caps?.temperature ?? { min: -Infinity, max: Infinity };
  return numberIn('temperature', t.min, t.max)(value, caps, entity);
};

function oneOf(field: string, list: (caps: Capabilities) => string[] | undefined): ParamCheck {
  return (value, caps, entity) => {
    if (!caps) {
      if (typeof value !== 'string') throw fail(entity, `${field} must be a string`, field);
      return value;
    }
    const allowed = list(caps) ?? [];
    if (typeof value !== 'string' || !allowed.includes(value)) {
      throw fail(entity, `${field} must be one of ${allowed.join(', ') || '(none supported)'}`, field);
    }
    return value;
  };
}

const volume: ParamCheck = (value, caps, entity) => {
  if (caps && !caps.volume) throw fail(entity, 'has no volume control', 'volume');
  return numberIn('volume', 0, 100)(value, caps, entity);
};

const code: ParamCheck = (value, _caps, entity) => {
  if (typeof value !== 'string' || value.length > 32) throw fail(entity, 'code must be a string', 'code');
  return value;
};

export const ACTIONS: Record<string, ActionSpec> = {
  on: { kind: 'state', optional: { brightness, kelvin, color } },
  off: { kind: 'state' },
  toggle: { kind: 'state' },
  dim: { kind: 'attribute', required: { brightness } },
  set_color_temp: { kind: 'attribute', required: { kelvin }, optional: { brightness } },
  set_color: { kind: 'attribute', required: { color }, optional: { brightness } },
  lock: { kind: 'state' },
  unlock: { kind: 'state', optional: { code } },
  open: { kind: 'state' },
  close: { kind: 'state' },
  stop: { kind: 'state' },
  set_position: { kind: 'attribute', required: { position } },
  set_temperature: { kind: 'attribute', required: { temperature } },
  set_hvac_mode: { kind: 'state', required: { hvac_mode: oneOf('hvac_mode', (c) => c.hvac_modes) } },
  set_preset: { kind: 'attribute', required: { preset: oneOf('preset', (c) => c.presets) } },
  set_fan_speed: { kind: 'attribute', required: { speed: oneOf('speed', (c) => c.fan_speeds) } },
  arm_home: { kind: 'state', optional: { code } },
  arm_away: { kind: 'state', optional: { code } },
  arm_night: { kind: 'state', optional: { code } },
  disarm: { kind: 'state', optional: { code } },
  play: { kind: 'state' },
  pause: { kind: 'state' },
  next: { kind: 'state' },
  previous: { kind: 'state' },
  set_volume: { kind: 'attribute', required: { volume } },
  start_recording: { kind: 'state' },
  stop_recording: { kind: 'state' },
  // A camera's PTZ presets are its `presets` capability (by name), as a thermostat's are for set_preset.
  goto_preset: { kind: 'attribute', required: { preset: oneOf('preset', (c) => c.presets) } },
  activate: { kind: 'state' },
};

export const ACTION_NAMES = Object.keys(ACTIONS);

export function actionKind(action: string): 'state' | 'attribute' {
  return ACTIONS[action]?.kind ?? 'state';
}

/**
 * Checks an action and its parameters against the entity's capabilities and returns the
 * normalised parameters (e.g. colours as [r,g,b]). Throws 400 naming the problem. Given only
 * an entity id (an entity not known yet), checks against the catalogue alone.
 */
export function validateAction(
  target: Entity | string,
  action: string,
  params: Record<string, unknown>,
): Record<string, unknown> {
  const spec = ACTIONS[action];
  if (!spec)
    throw Errors.validation(`Unknown action "${action}"; known actions: ${ACTION_NAMES.join(', ')}.`, {
      field: 'action',
    });
  const entity = typeof target === 'string' ? undefined : target;
  const entityId = typeof target === 'string' ? target : target.entity_id;
  const caps = entity?.capabilities;
  if (entity && !entity.capabilities.actions.includes(action)) {
    throw Errors.validation(
      `${entity.entity_id} does not support "${action}"; it supports: ${entity.capabilities.actions.join(', ') || 'nothing'}.`,
      { field: 'action', entity_id: entity.entity_id, supported: entity.capabilities.actions },
    );
  }
  const out: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(spec.required ?? {})) {
    if (params[name] === undefined) throw fail(entityId, `"${action}" needs ${name}`, name);
    out[name] = check(params[name], caps, entityId);
  }
  for (const [name, value] of Object.entries(params)) {
    if (name in out) continue;
    const check = spec.optional?.[name];
    if (!check) throw fail(entityId, `"${action}" does not take ${name}`, name);
    out[name] = check(value, caps, entityId);
  }
  return out;
}
