import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { ACTION_NAMES, validateAction } from './actions.js';
import { DEMO_ENTITIES } from '../integrations/demo/home.js';
import type { Entity } from './types.js';

/** Entities as the registry would hold them, built from the demo home's announcements. */
const entities: Entity[] = DEMO_ENTITIES.map((d) => ({
  entity_id: `${d.domain}.${d.object_id}`,
  name: d.name,
  domain: d.domain,
  area: null,
  device_id: null,
  integration: 'demo',
  state: d.state,
  attributes: d.initial,
  capabilities: d.capabilities,
  available: true,
  labels: [],
  aliases: [],
  last_changed: '',
  last_updated: '',
  desired: null,
}));
const byId = (id: string) => entities.find((e) => e.entity_id === id)!;

/** Parameters that satisfy each action on an entity that supports it. */
const GOOD: Record<string, Record<string, unknown>> = {
  dim: { brightness: 40 },
  set_color_temp: { kelvin: 3000 },
  set_color: { color: 'red' },
  set_position: { position: 50 },
  set_temperature: { temperature: 20 },
  set_hvac_mode: { hvac_mode: 'heat' },
  set_preset: { preset: 'eco' },
  set_fan_speed: { speed: 'high' },
  set_volume: { volume: 30 },
};

function expect400(fn: () => unknown, field?: string) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    if (field) expect(((err as AppError).details as { field: string }).field).toBe(field);
    return;
  }
  throw new Error('expected a 400');
}

describe('every action × every demo entity', () => {
  for (const entity of entities) {
    for (const action of ACTION_NAMES) {
      const supported = entity.capabilities.actions.includes(action);
      it(`${supported ? 'accepts' : 'refuses'} ${action} on ${entity.entity_id}`, () => {
        if (supported) expect(() => validateAction(entity, action, GOOD[action] ?? {})).not.toThrow();
        else expect400(() => validateAction(entity, action, GOOD[action] ?? {}), 'action');
      });
    }
  }
});

describe('parameter rules', () => {
  const light = byId('light.living_room');
  it('needs the parameter an action requires, naming it', () =>
    expect400(() => validateAction(light, 'dim', {}), 'brightness'));
  it('refuses brightness outside 0–100', () => {
    expect400(() => validateAction(light, 'dim', { brightness: 101 }), 'brightness');
    expect400(() => validateAction(light, 'dim', { brightness: -1 }), 'brightness');
  });
  it('refuses a wrong type', () =>
    expect400(() => validateAction(light, 'dim', { brightness: '40' }), 'brightness'));
  it("refuses kelvin outside the light's range", () =>
    expect400(() => validateAction(light, 'set_color_temp', { kelvin: 9000 }), 'kelvin'));
  it('reads colours as names, hex and rgb triples', () => {
    expect(validateAction(light, 'set_color', { color: 'red' })).toEqual({ color: [255, 0, 0] });
    expect(validateAction(light, 'set_color', { color: '#00ff80' })).toEqual({ color: [0, 255, 128] });
    expect(validateAction(light, 'set_color', { color: [1, 2, 3] })).toEqual({ color: [1, 2, 3] });
    expect400(() => validateAction(light, 'set_color', { color: 'ultraviolet' }), 'color');
  });
  it('refuses a parameter the action does not take', () =>
    expect400(() => validateAction(light, 'off', { brightness: 20 }), 'brightness'));
  it('refuses brightness on a light without dimming', () => {
    const plug = byId('switch.coffee_machine');
    expect400(() => validateAction(plug, 'on', { brightness: 20 }), 'brightness');
  });
  it('checks thermostat ranges, modes and presets', () => {
    const t = byId('climate.thermostat');
    expect400(() => validateAction(t, 'set_temperature', { temperature: 45 }), 'temperature');
    expect400(() => validateAction(t, 'set_hvac_mode', { hvac_mode: 'dry' }), 'hvac_mode');
    expect400(() => validateAction(t, 'set_preset', { preset: 'party' }), 'preset');
  });
  it('checks cover positions and media volume', () => {
    expect400(
      () => validateAction(byId('cover.living_room_blinds'), 'set_position', { position: 120 }),
      'position',
    );
    expect400(
      () => validateAction(byId('media_player.living_room_tv'), 'set_volume', { volume: 101 }),
      'volume',
    );
  });
  it('names unknown actions', () => expect400(() => validateAction(light, 'explode', {}), 'action'));
});
