import { describe, expect, it } from 'vitest';
import type { HomeEntityView } from './home-access.js';
import { inState } from './replies.js';

const entity = (entity_id: string, state: string): HomeEntityView => ({
  entity_id,
  name: entity_id,
  domain: entity_id.split('.')[0]!,
  area: null,
  state,
  attributes: {},
  actions: [],
});

describe('whether an entity is in the state a question asks about', () => {
  it('an alarm is armed in any of its armed modes, and not while disarmed or arming', () => {
    expect(inState(entity('alarm_control_panel.home', 'armed_away'), 'armed')).toBe(true);
    expect(inState(entity('alarm_control_panel.home', 'armed_night'), 'armed')).toBe(true);
    expect(inState(entity('alarm_control_panel.home', 'disarmed'), 'armed')).toBe(false);
    expect(inState(entity('alarm_control_panel.home', 'arming'), 'armed')).toBe(false);
  });
  it('a heating is on in whichever mode, other states only as they are', () => {
    expect(inState(entity('climate.thermostat', 'heat'), 'on')).toBe(true);
    expect(inState(entity('climate.thermostat', 'off'), 'on')).toBe(false);
    expect(inState(entity('cover.blinds', 'open'), 'open')).toBe(true);
    expect(inState(entity('lock.front', 'unlocked'), 'locked')).toBe(false);
  });
});
