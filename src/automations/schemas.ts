import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum, Strict } from '../api/http/schemas.js';

/**
 * The automation shapes as TypeBox schemas for the OpenAPI document. Bodies are checked by
 * `validate.ts` (same shape, messages that name the field in the automation's own terms).
 */

const EntityId = Type.String({ pattern: '^[a-z_]+\\.[a-z0-9_]+$', maxLength: 255, description: 'entity id, e.g. light.kitchen' });
const PersonId = Type.String({ pattern: '^person\\.[a-z0-9_]+$', maxLength: 255, description: 'person entity, e.g. person.resident' });
const HhMm = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'local time of day, HH:MM 24-hour (00:00–23:59)' });
const Days = Type.Array(StringEnum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']), { minItems: 1, maxItems: 7, description: 'weekdays; all days when left out' });
const StateValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);
const Seconds = (description: string) => Type.Number({ minimum: 0, maximum: 7 * 86_400, description });
const Obj = (description?: string) => Type.Object({}, { additionalProperties: true, ...(description ? { description } : {}) });

export const TriggerSchema = Type.Union([
  Strict({ type: Type.Literal('time'), at: HhMm, days: Type.Optional(Days) }, { title: 'time', examples: [{ type: 'time', at: '07:30' }, { type: 'time', at: '22:00', days: ['fri', 'sat'] }] }),
  Strict({
    type: Type.Literal('sensor'), entity: EntityId,
    above: Type.Optional(Type.Number()), below: Type.Optional(Type.Number()),
    to: Type.Optional(StateValue), for: Type.Optional(Seconds('the value must stay in range this long')),
  }, { title: 'sensor', description: 'fires when a numeric sensor enters the range (above/below), or a binary sensor changes to `to`', examples: [{ type: 'sensor', entity: 'sensor.living_room_temperature', above: 25, for: 300 }, { type: 'sensor', entity: 'binary_sensor.hallway_motion', to: 'on' }] }),
  Strict({
    type: Type.Literal('presence'), person: Type.Optional(PersonId),
    event: StringEnum(['arrive', 'leave', 'first_arrived', 'last_left']),
  }, { title: 'presence', examples: [{ type: 'presence', event: 'last_left' }, { type: 'presence', person: 'person.resident', event: 'arrive' }] }),
  Strict({
    type: Type.Literal('solar'), event: StringEnum(['sunrise', 'sunset']),
    offset: Type.Optional(Type.Number({ minimum: -720, maximum: 720, description: 'minutes, signed: -30 = half an hour before' })),
  }, { title: 'solar', examples: [{ type: 'solar', event: 'sunset', offset: -30 }] }),
  Strict({
    type: Type.Literal('device_state'), entity: EntityId, from: Type.Optional(StateValue), to: Type.Optional(StateValue),
    for: Type.Optional(Seconds('the new state must last this long')),
  }, { title: 'device_state', description: 'any entity\'s state change; changes out of unavailable/unknown do not fire unless `from` names them', examples: [{ type: 'device_state', entity: 'lock.front_door', to: 'unlocked', for: 600 }] }),
], { description: 'what starts the automation' });

const Nested = Type.Array(Obj('a condition'), { minItems: 1, maxItems: 50 });
export const ConditionSchema = Type.Union([
  Strict({ type: Type.Literal('presence'), state: StringEnum(['home', 'away']), person: Type.Optional(PersonId) }, { title: 'presence', description: 'without person: someone is home / everyone is away', examples: [{ type: 'presence', state: 'home' }] }),
  Strict({ type: Type.Literal('time'), after: Type.Optional(HhMm), before: Type.Optional(HhMm), days: Type.Optional(Days) }, { title: 'time', description: 'after 22:00 before 06:00 is a window across midnight', examples: [{ type: 'time', after: '22:00', before: '06:00' }] }),
  Strict({ type: Type.Literal('state'), entity: EntityId, state: StateValue }, { title: 'state', examples: [{ type: 'state', entity: 'lock.front_door', state: 'locked' }] }),
  Strict({ type: Type.Literal('numeric'), entity: EntityId, above: Type.Optional(Type.Number()), below: Type.Optional(Type.Number()) }, { title: 'numeric', examples: [{ type: 'numeric', entity: 'sensor.living_room_temperature', below: 19 }] }),
  Strict({ type: Type.Literal('sun'), after: Type.Optional(StringEnum(['sunrise', 'sunset'])), before: Type.Optional(StringEnum(['sunrise', 'sunset'])) }, { title: 'sun', examples: [{ type: 'sun', after: 'sunset', before: 'sunrise' }] }),
  Strict({ type: StringEnum(['and', 'or', 'not']), conditions: Nested }, { title: 'and / or / not', examples: [{ type: 'or', conditions: [{ type: 'presence', state: 'home' }, { type: 'time', after: '08:00' }] }] }),
]);

const Param = Type.Union([Type.Number(), Type.String({ maxLength: 200 }), Type.Boolean(), Type.Array(Type.Number(), { maxItems: 3 })]);
export const ActionSchema = Type.Union([
  Type.Object({ entity: EntityId, action: Type.String({ minLength: 1, maxLength: 64 }) }, {
    additionalProperties: Param, title: 'entity action',
    description: '{entity, action, …params} through the one control path (the same validation as POST /api/home/control)',
    examples: [{ entity: 'light.living_room', action: 'dim', brightness: 30 }, { entity: 'light.kitchen', action: 'off' }],
  }),
  Strict({ scene: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 100 }) }, { title: 'scene', examples: [{ scene: 'good-night' }] }),
  Strict({ delay: Seconds('seconds to wait before the next action (survives a restart)') }, { title: 'delay', examples: [{ delay: 300 }] }),
  Strict({ notify: Type.String({ minLength: 1, maxLength: 1000 }) }, { title: 'notify', examples: [{ notify: 'The front door is still open' }] }),
  Strict({ wait: Obj('a condition to wait for'), timeout: Seconds('give up (the run ends with result timeout) after this many seconds') }, { title: 'wait', examples: [{ wait: { type: 'state', entity: 'binary_sensor.front_door', state: 'off' }, timeout: 600 }] }),
]);

const EXAMPLE = {
  name: 'Evening lights',
  trigger: { type: 'time', at: '19:30' },
  conditions: [{ type: 'presence', state: 'home' }],
  actions: [{ entity: 'light.living_room', action: 'dim', brightness: 30 }, { entity: 'light.kitchen', action: 'off' }],
};

const definitionProps = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  enabled: Type.Optional(Type.Boolean({ description: 'default true' })),
  trigger: Type.Optional(TriggerSchema),
  triggers: Type.Optional(Type.Array(TriggerSchema, { minItems: 1, maxItems: 20, description: 'several triggers (instead of `trigger`); any one fires the automation' })),
  conditions: Type.Optional(Type.Array(ConditionSchema, { maxItems: 50, description: 'all must hold' })),
  actions: Type.Array(ActionSchema, { minItems: 1, maxItems: 100, description: 'run in order' }),
  mode: Type.Optional(StringEnum(['single', 'restart', 'queued', 'parallel'], { description: 'what a trigger does while a run is going: single (default) skips it, restart cancels the run and starts again, queued runs it afterwards, parallel runs it alongside' })),
  catch_up: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400, description: 'seconds: a time/solar occurrence missed while Hearth was down runs at start if at most this old (default 0: never replayed)' })),
};

export const AutomationBody = Strict(definitionProps, {
  description: 'Specification §2.6: one of `trigger` or `triggers` is required.',
  examples: [EXAMPLE],
});

export const AutomationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Optional(Type.String()),
  enabled: Type.Boolean(),
  mode: StringEnum(['single', 'restart', 'queued', 'parallel']),
  trigger: Type.Optional(Obj()),
  triggers: Type.Optional(Type.Array(Obj())),
  conditions: Type.Array(Obj()),
  actions: Type.Array(Obj()),
  catch_up: Type.Optional(Type.Number()),
  created_at: Type.String(),
  updated_at: Type.String(),
  last_triggered: Type.Union([Type.String(), Type.Null()], { description: 'when its actions last started (ISO)' }),
  last_evaluated: Type.Union([Type.String(), Type.Null()], { description: 'when a trigger last fired, whatever the conditions said (ISO)' }),
  next_trigger_at: Type.Union([Type.String(), Type.Null()], { description: 'next scheduled time/solar occurrence (ISO), null without such triggers' }),
  running: Type.Integer({ description: 'runs going now' }),
  warnings: Type.Optional(Type.Array(Type.String(), { description: 'on save: references to unknown entities or scenes (they are errors in the trace at run time)' })),
}, { $id: 'Automation', examples: [{ id: 'evening-lights', ...EXAMPLE, enabled: true, mode: 'single', created_at: '2026-01-01T12:00:00.000Z', updated_at: '2026-01-01T12:00:00.000Z', last_triggered: null, last_evaluated: null, next_trigger_at: '2026-01-01T18:30:00.000Z', running: 0 }] });

export const TraceSchema = Type.Object({
  id: Type.String(),
  automation_id: Type.String(),
  started_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  result: StringEnum(['running', 'finished', 'failed', 'blocked', 'skipped', 'timeout', 'cancelled']),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'why it was blocked, skipped, failed or cancelled, e.g. "presence: nobody home"' }),
  trigger: Obj('what fired: index, type, description, scheduled_for or entity_id/from_state/to_state'),
  conditions: Type.Array(Obj('verdict: type, ok, reason, seen (the values it read), conditions (nested)')),
  actions: Type.Array(Obj('index, kind, target, started_at, finished_at, outcome, error?, due_at?, details?')),
}, { $id: 'AutomationTrace' });

export const DryRunBody = Strict({
  trigger: Type.Optional(Strict({
    index: Type.Optional(Type.Integer({ minimum: 0, maximum: 19, description: 'which trigger fired (default 0)' })),
    entity_id: Type.Optional(EntityId), from_state: Type.Optional(StateValue), to_state: Type.Optional(StateValue), person: Type.Optional(PersonId),
  })),
  time: Type.Optional(Type.String({ format: 'date-time', description: 'evaluate as at this time (ISO); default now' })),
  states: Type.Optional(Type.Record(Type.String(), StateValue, { description: 'entity states to assume, e.g. {"person.resident":"away"}' })),
}, { examples: [{ time: '2026-01-01T21:00:00Z', states: { 'person.resident': 'away' } }] });

export const DryRunResult = Type.Object({
  automation_id: Type.String(),
  time: Type.String(),
  trigger: Obj(),
  conditions: Type.Array(Obj()),
  would_run: Type.Boolean(),
  blocked_by: Type.Union([Type.String(), Type.Null()]),
  actions: Type.Array(Type.Object({
    index: Type.Integer(), kind: Type.String(), description: Type.String(), ok: Type.Boolean(), problem: Type.Optional(Type.String()),
  })),
});

export const NotificationSchema = Type.Object({
  id: Type.String(), message: Type.String(), source_type: Type.String(), source_id: Type.Union([Type.String(), Type.Null()]), created_at: Type.String(),
}, { $id: 'Notification' });

export const PresenceBody = Strict({ person: Type.String({ pattern: '^[a-z_]+\\.[a-z0-9_]+$', maxLength: 255, description: 'a person entity, e.g. person.resident (400 for other domains)' }), state: StringEnum(['home', 'away']) }, { examples: [{ person: 'person.resident', state: 'home' }] });

export type Schema = TSchema;
