import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { validateDefinition, validateEntityActions } from './validate.js';

const base = {
  name: 'x',
  trigger: { type: 'time', at: '07:30' },
  actions: [{ entity: 'light.kitchen', action: 'off' }],
};
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
  it("accepts the specification's shape exactly", () => {
    expect(
      validateDefinition({
        name: 'Evening',
        trigger: { type: 'time', at: '19:30' },
        conditions: [{ type: 'presence', state: 'home' }],
        actions: [
          { entity: 'light.living_room', action: 'dim', brightness: 30 },
          { entity: 'light.kitchen', action: 'off' },
        ],
      }).name,
    ).toBe('Evening');
  });

  it.each([
    [
      { ...base, trigger: { type: 'time', at: '24:00' } },
      'trigger.at',
      'trigger.at must be HH:MM, 00:00–23:59',
    ],
    [
      { ...base, trigger: { type: 'time', at: '7:30' } },
      'trigger.at',
      'trigger.at must be HH:MM, 00:00–23:59',
    ],
    [
      { ...base, trigger: { type: 'sunrise' } },
      'trigger.type',
      'trigger.type must be one of "time", "sensor", "presence", "solar", "device_state"',
    ],
    [{ ...base, trigger: undefined }, 'trigger', 'field "trigger" is required (or "triggers" for several)'],
    [
      { ...base, triggers: [{ type: 'sensor', entity: 'sensor.t' }], trigger: undefined },
      'triggers[0].above',
      'triggers[0] needs "above", "below" or "to"',
    ],
    [
      { ...base, conditions: [{ type: 'presence', state: 'out' }] },
      'conditions[0].state',
      'conditions[0].state must be one of "home", "away"',
    ],
    [
      { ...base, conditions: [{ type: 'or', conditions: [{ type: 'time', after: '25:00' }] }] },
      'conditions[0].conditions[0].after',
      'conditions[0].conditions[0].after must be HH:MM, 00:00–23:59',
    ],
    [
      { ...base, actions: [{ delay: -1 }] },
      'actions[0].delay',
      'actions[0].delay must be a number of seconds ≥ 0',
    ],
    [
      { ...base, actions: [{ wait: { type: 'state', entity: 'light.x', state: 'on' } }] },
      'actions[0].timeout',
      'field "actions[0].timeout" is required',
    ],
    [
      { ...base, actions: [{ entity: 'kitchen', action: 'on' }] },
      'actions[0].entity',
      'actions[0].entity must be an entity id like light.kitchen',
    ],
    [{ ...base, mode: 'sometimes' }, 'mode', 'mode must be one of "single", "restart", "queued", "parallel"'],
    [
      { ...base, trigger: { type: 'presence', event: 'arrive', person: 'light.x' } },
      'trigger.person',
      'trigger.person must be a person entity (person.…)',
    ],
    [{ ...base, surprise: 1 }, 'surprise', 'field "surprise" is not allowed'],
    [
      { ...base, triggers: [{ type: 'time', at: '07:00' }] },
      'triggers',
      'give "trigger" or "triggers", not both',
    ],
    [
      { ...base, trigger: { type: 'sensor', entity: 'sensor.t', above: 22, below: 6 } },
      'trigger.below',
      'trigger.below must be greater than trigger.above',
    ],
    [
      { ...base, trigger: { type: 'sensor', entity: 'sensor.t', above: 2, to: 'on' } },
      'trigger.to',
      'trigger.to cannot be combined with above/below',
    ],
    [
      { ...base, trigger: { type: 'time', at: '07:00', days: [] } },
      'trigger.days',
      'trigger.days must be a non-empty array of weekdays (mon, tue, …)',
    ],
    [
      { ...base, trigger: { type: 'time', at: '07:00', days: ['monday'] } },
      'trigger.days[0]',
      'trigger.days[0] must be one of "mon", "tue", "wed", "thu", "fri", "sat", "sun"',
    ],
    [
      { ...base, trigger: { type: 'solar', event: 'sunset', offset: 900 } },
      'trigger.offset',
      'trigger.offset must be minutes (−720…720) ≤ 720',
    ],
    [
      { ...base, conditions: [{ type: 'state', entity: 'lock.front', state: null }] },
      'conditions[0].state',
      'conditions[0].state must be string, number or boolean',
    ],
    [
      { ...base, conditions: [{ type: 'and', conditions: [] }] },
      'conditions[0].conditions',
      'conditions[0].conditions must be an array of 1–50 conditions',
    ],
    [
      { ...base, actions: [{ entity: 'light.kitchen', action: 'on', color: { r: 1 } }] },
      'actions[0].color',
      'actions[0].color must be number, string, boolean or [r,g,b]',
    ],
    [
      { ...base, actions: [{ scene: 'Good Night' }] },
      'actions[0].scene',
      'actions[0].scene must be a scene id like good-night',
    ],
    [
      { ...base, actions: [{ bell: true }] },
      'actions[0]',
      'actions[0] must be one of {entity, action, …params}, {scene}, {delay}, {notify}, {wait, timeout}',
    ],
    [{ ...base, actions: [] }, 'actions', 'actions must be array of 1–100 items'],
    [{ ...base, name: '' }, 'name', 'name must be 1–100 characters'],
    [{ ...base, enabled: 'yes' }, 'enabled', 'enabled must be boolean'],
    [[base], undefined, 'the body must be object'],
  ])('%j → %s', (body, field, message) => {
    expect(problem(body)).toEqual({ field, message });
  });

  it('accepts conditions nine levels deep and refuses a tenth level', () => {
    const nest = (levels: number): unknown =>
      levels === 0 ? { type: 'presence', state: 'home' } : { type: 'not', conditions: [nest(levels - 1)] };
    expect(() => validateDefinition({ ...base, conditions: [nest(8)] })).not.toThrow();
    const deep = problem({ ...base, conditions: [nest(9)] });
    expect(deep.field).toBe(`conditions[0]${'.conditions[0]'.repeat(9)}`);
    expect(deep.message).toMatch(/nests too deeply \(at most 9 levels\)$/);
  });

  it('checks a wait condition with the same rules as a condition', () => {
    expect(
      problem({ ...base, actions: [{ wait: { type: 'numeric', entity: 'sensor.t' }, timeout: 5 }] }),
    ).toEqual({
      field: 'actions[0].wait.above',
      message: 'actions[0].wait needs "above" or "below"',
    });
  });
});

describe('entity actions are checked against the action catalogue at save', () => {
  const lamp = {
    entity_id: 'light.kitchen',
    capabilities: { actions: ['on', 'off', 'dim'], brightness: true },
  };
  const lookup = (id: string) => (id === lamp.entity_id ? (lamp as never) : undefined);
  const check = (action: Record<string, unknown>) => {
    try {
      validateEntityActions({ ...base, actions: [{ delay: 1 }, action] } as never, lookup);
    } catch (err) {
      const e = err as AppError;
      return { message: e.message, field: (e.details as { field?: string }).field };
    }
    return undefined;
  };

  it('refuses a parameter of the wrong type, naming the action and the parameter', () =>
    expect(check({ entity: 'light.kitchen', action: 'dim', brightness: 'lots' })).toEqual({
      field: 'actions[1].brightness',
      message: 'actions[1]: light.kitchen: brightness must be a number',
    }));

  it("refuses an action the entity does not support, against the entity's capabilities", () =>
    expect(check({ entity: 'light.kitchen', action: 'set_color', color: 'red' })?.field).toBe(
      'actions[1].action',
    ));

  it('checks an entity not known yet against the catalogue alone', () => {
    expect(check({ entity: 'light.attic', action: 'set_color', color: 'red' })).toBeUndefined();
    expect(check({ entity: 'light.attic', action: 'set_color', color: 'ultraviolet' })?.field).toBe(
      'actions[1].color',
    );
    expect(check({ entity: 'light.attic', action: 'dim' })?.field).toBe('actions[1].brightness');
    expect(check({ entity: 'light.attic', action: 'on', speed: 2 })?.field).toBe('actions[1].speed');
    expect(check({ entity: 'light.attic', action: 'explode' })?.field).toBe('actions[1].action');
  });

  it('accepts parameters the catalogue takes', () =>
    expect(check({ entity: 'light.kitchen', action: 'dim', brightness: 40 })).toBeUndefined());
});
