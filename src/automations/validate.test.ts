import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { validateDefinition } from './validate.js';

const base = { name: 'x', trigger: { type: 'time', at: '07:30' }, actions: [{ entity: 'light.kitchen', action: 'off' }] };
function problem(body: unknown): { message: string; field: unknown } {
  try {
    validateDefinition(body);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    return { message: e.message, field: (e.details as { field?: string }).field };
  }
  throw new Error('expected a validation error');
}

describe('automation validation names the field', () => {
  it('accepts the specification\'s shape exactly', () => {
    expect(validateDefinition({
      name: 'Evening', trigger: { type: 'time', at: '19:30' }, conditions: [{ type: 'presence', state: 'home' }],
      actions: [{ entity: 'light.living_room', action: 'dim', brightness: 30 }, { entity: 'light.kitchen', action: 'off' }],
    }).name).toBe('Evening');
  });

  it.each([
    [{ ...base, trigger: { type: 'time', at: '24:00' } }, 'trigger.at', 'trigger.at must be HH:MM, 00:00–23:59'],
    [{ ...base, trigger: { type: 'time', at: '7:30' } }, 'trigger.at', 'trigger.at must be HH:MM, 00:00–23:59'],
    [{ ...base, trigger: { type: 'sunrise' } }, 'trigger.type', 'trigger.type must be one of "time", "sensor", "presence", "solar", "device_state"'],
    [{ ...base, trigger: undefined }, 'trigger', 'field "trigger" is required (or "triggers" for several)'],
    [{ ...base, triggers: [{ type: 'sensor', entity: 'sensor.t' }], trigger: undefined }, 'triggers[0].above', 'triggers[0] needs "above", "below" or "to"'],
    [{ ...base, conditions: [{ type: 'presence', state: 'out' }] }, 'conditions[0].state', 'conditions[0].state must be one of "home", "away"'],
    [{ ...base, conditions: [{ type: 'or', conditions: [{ type: 'time', after: '25:00' }] }] }, 'conditions[0].conditions[0].after', 'conditions[0].conditions[0].after must be HH:MM, 00:00–23:59'],
    [{ ...base, actions: [{ delay: -1 }] }, 'actions[0].delay', 'actions[0].delay must be a number of seconds ≥ 0'],
    [{ ...base, actions: [{ wait: { type: 'state', entity: 'light.x', state: 'on' } }] }, 'actions[0].timeout', 'field "actions[0].timeout" is required'],
    [{ ...base, actions: [{ entity: 'kitchen', action: 'on' }] }, 'actions[0].entity', 'actions[0].entity must be an entity id like light.kitchen'],
    [{ ...base, mode: 'sometimes' }, 'mode', 'mode must be one of "single", "restart", "queued", "parallel"'],
    [{ ...base, trigger: { type: 'presence', event: 'arrive', person: 'light.x' } }, 'trigger.person', 'trigger.person must be a person entity (person.…)'],
    [{ ...base, surprise: 1 }, 'surprise', 'field "surprise" is not allowed'],
  ])('%j → %s', (body, field, message) => {
    expect(problem(body)).toEqual({ field, message });
  });
});
