import { describe, expect, it } from 'vitest';
import { toActions, toTargets } from '../../web/src/scene-targets.js';
import type { Capabilities, Entity } from '../../web/src/types.js';

/** The scene editor's mapping between device targets and the scene's wire actions. */
const entity = (entity_id: string, capabilities: Capabilities): Entity => ({
  entity_id,
  name: entity_id,
  domain: entity_id.split('.')[0] as Entity['domain'],
  area: null,
  device_id: null,
  integration: 'demo',
  state: null,
  attributes: {},
  capabilities,
  available: true,
  labels: [],
  aliases: [],
  last_changed: '',
  last_updated: '',
  desired: null,
});
const home = new Map(
  [
    entity('light.desk', {
      actions: ['on', 'off', 'dim', 'set_color_temp'],
      brightness: true,
      color_temp: { min_kelvin: 2200, max_kelvin: 6500 },
    }),
    entity('climate.thermostat', {
      actions: ['set_temperature', 'set_hvac_mode', 'set_preset', 'off'],
      temperature: { min: 7, max: 30, step: 0.5, unit: '°C' },
      hvac_modes: ['heat', 'off'],
      presets: ['eco'],
    }),
    entity('lock.front_door', { actions: ['lock', 'unlock'] }),
    entity('fan.bedroom', { actions: ['on', 'off', 'set_fan_speed'], fan_speeds: ['low', 'high'] }),
  ].map((e) => [e.entity_id, e]),
);

describe('scene targets', () => {
  it("reads one target per device and writes it back as the home core's actions", () => {
    const actions = [
      { entity: 'light.desk', action: 'dim', brightness: 20 },
      { entity: 'climate.thermostat', action: 'set_temperature', temperature: 19.5 },
      { entity: 'climate.thermostat', action: 'set_preset', preset: 'eco' },
      { entity: 'climate.thermostat', action: 'set_hvac_mode', hvac_mode: 'heat' },
      { entity: 'lock.front_door', action: 'unlock', code: '1234' },
      { entity: 'fan.bedroom', action: 'set_fan_speed', speed: 'high' },
      { entity: 'fan.bedroom', action: 'on' },
    ];
    const targets = toTargets(actions);
    expect(targets.map((t) => [t.entity, t.state])).toEqual([
      ['light.desk', 'on'],
      ['climate.thermostat', ''],
      ['lock.front_door', 'unlock'],
      ['fan.bedroom', 'on'],
    ]);
    const out = toActions(targets, home);
    expect(out.actions).toEqual([
      { entity: 'light.desk', action: 'on', brightness: 20 },
      { entity: 'climate.thermostat', action: 'set_hvac_mode', hvac_mode: 'heat' },
      { entity: 'climate.thermostat', action: 'set_temperature', temperature: 19.5 },
      { entity: 'climate.thermostat', action: 'set_preset', preset: 'eco' },
      { entity: 'lock.front_door', action: 'unlock', code: '1234' },
      { entity: 'fan.bedroom', action: 'set_fan_speed', speed: 'high' },
      { entity: 'fan.bedroom', action: 'on' },
    ]);
    expect(out.owner).toEqual([0, 1, 1, 1, 2, 3, 3]);
  });

  it('drops the on-only settings of a light the scene switches off, and skips rule-based actions', () => {
    const [t] = toTargets([
      { entity: 'light.desk', action: 'on', brightness: 70 },
      { target: { domain: 'light' }, action: 'off' },
    ]);
    expect(toActions([{ ...t!, state: 'off' }], home).actions).toEqual([
      { entity: 'light.desk', action: 'off' },
    ]);
  });
});
