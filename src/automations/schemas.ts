import { Type, type Static } from '@sinclair/typebox';
import type { Rule } from '../schema/check.js';
import { RefTo, StringEnum, Strict } from '../schema/typebox.js';

/**
 * The automation shape (specification §2.6, snake_case), written once: the types (`Static`),
 * the check of a saved body (`validate.ts`, through `src/schema/check.ts`, whose messages name
 * the field in the automation's own terms — the `x-message`/`x-noun` annotations below) and the
 * OpenAPI document all come from these schemas. An automation runs its actions when one of its
 * triggers fires and all of its conditions hold.
 */

const rules = (...list: Rule[]) => ({ 'x-rules': list });

export const MODES = ['single', 'restart', 'queued', 'parallel'] as const;

export const EntityId = Type.String({
  pattern: '^[a-z_]+\\.[a-z0-9_]+$',
  minLength: 1,
  maxLength: 255,
  description: 'entity id, e.g. light.kitchen',
  'x-message': 'must be an entity id like light.kitchen',
});
export const PersonId = Type.String({
  pattern: '^person\\.[a-z0-9_]+$',
  minLength: 1,
  maxLength: 255,
  description: 'person entity, e.g. person.resident',
  'x-message': 'must be a person entity (person.…)',
});
const HhMm = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
  description: 'local time of day, HH:MM 24-hour (00:00–23:59)',
  'x-message': 'must be HH:MM, 00:00–23:59',
});
const Days = Type.Array(StringEnum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']), {
  minItems: 1,
  maxItems: 7,
  description: 'weekdays; all days when left out',
  'x-message': 'must be a non-empty array of weekdays (mon, tue, …)',
});
export const StateValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);
const Seconds = (description: string, maximum = 7 * 86_400) =>
  Type.Number({ minimum: 0, maximum, description, 'x-noun': 'a number of seconds' });
/** An object the schema leaves open (a trigger, condition or action as stored, a trace's parts). */
export const Obj = (description?: string) =>
  Type.Object({}, { additionalProperties: true, ...(description ? { description } : {}) });
/** above 22 and below 6 would be an empty range: say so rather than never firing. */
const RANGE: Rule = { ascending: ['above', 'below'] };

export const TimeTrigger = Strict(
  { type: Type.Literal('time'), at: HhMm, days: Type.Optional(Days) },
  {
    title: 'time',
    examples: [
      { type: 'time', at: '07:30' },
      { type: 'time', at: '22:00', days: ['fri', 'sat'] },
    ],
  },
);
export const SensorTrigger = Strict(
  {
    type: Type.Literal('sensor'),
    entity: EntityId,
    above: Type.Optional(Type.Number()),
    below: Type.Optional(Type.Number()),
    to: Type.Optional(StateValue),
    for: Type.Optional(Seconds('the value must stay in range this long')),
  },
  {
    title: 'sensor',
    description:
      'fires when a numeric sensor enters the range (above/below), or a binary sensor changes to `to`',
    examples: [
      { type: 'sensor', entity: 'sensor.living_room_temperature', above: 25, for: 300 },
      { type: 'sensor', entity: 'binary_sensor.hallway_motion', to: 'on' },
    ],
    ...rules(RANGE, { needs: ['above', 'below', 'to'] }, { excludes: ['to', ['above', 'below']] }),
  },
);
export const PresenceTrigger = Strict(
  {
    type: Type.Literal('presence'),
    person: Type.Optional(PersonId),
    event: StringEnum(['arrive', 'leave', 'first_arrived', 'last_left']),
  },
  {
    title: 'presence',
    examples: [
      { type: 'presence', event: 'last_left' },
      { type: 'presence', person: 'person.resident', event: 'arrive' },
    ],
  },
);
export const SolarTrigger = Strict(
  {
    type: Type.Literal('solar'),
    event: StringEnum(['sunrise', 'sunset']),
    offset: Type.Optional(
      Type.Number({
        minimum: -720,
        maximum: 720,
        description: 'minutes, signed: -30 = half an hour before',
        'x-noun': 'minutes (−720…720)',
      }),
    ),
  },
  { title: 'solar', examples: [{ type: 'solar', event: 'sunset', offset: -30 }] },
);
export const DeviceStateTrigger = Strict(
  {
    type: Type.Literal('device_state'),
    entity: EntityId,
    from: Type.Optional(StateValue),
    to: Type.Optional(StateValue),
    for: Type.Optional(Seconds('the new state must last this long')),
  },
  {
    title: 'device_state',
    description:
      "any entity's state change; changes out of unavailable/unknown do not fire unless `from` names them",
    examples: [{ type: 'device_state', entity: 'lock.front_door', to: 'unlocked', for: 600 }],
  },
);
export const TriggerSchema = Type.Union(
  [TimeTrigger, SensorTrigger, PresenceTrigger, SolarTrigger, DeviceStateTrigger],
  { description: 'what starts the automation' },
);

/** Conditions nest (and/or/not); registered once (`$id`) so the OpenAPI document can refer to itself. */
export const ConditionSchema = Type.Recursive(
  (Self) =>
    Type.Union([
      Strict(
        {
          type: Type.Literal('presence'),
          state: StringEnum(['home', 'away']),
          person: Type.Optional(PersonId),
        },
        {
          title: 'presence',
          description: 'without person: someone is home / everyone is away',
          examples: [{ type: 'presence', state: 'home' }],
        },
      ),
      Strict(
        {
          type: Type.Literal('time'),
          after: Type.Optional(HhMm),
          before: Type.Optional(HhMm),
          days: Type.Optional(Days),
        },
        {
          title: 'time',
          description: 'after 22:00 before 06:00 is a window across midnight',
          examples: [{ type: 'time', after: '22:00', before: '06:00' }],
          ...rules({ needs: ['after', 'before', 'days'] }),
        },
      ),
      Strict(
        { type: Type.Literal('state'), entity: EntityId, state: StateValue },
        { title: 'state', examples: [{ type: 'state', entity: 'lock.front_door', state: 'locked' }] },
      ),
      Strict(
        {
          type: Type.Literal('numeric'),
          entity: EntityId,
          above: Type.Optional(Type.Number()),
          below: Type.Optional(Type.Number()),
        },
        {
          title: 'numeric',
          examples: [{ type: 'numeric', entity: 'sensor.living_room_temperature', below: 19 }],
          ...rules(RANGE, { needs: ['above', 'below'] }),
        },
      ),
      Strict(
        {
          type: Type.Literal('sun'),
          after: Type.Optional(StringEnum(['sunrise', 'sunset'])),
          before: Type.Optional(StringEnum(['sunrise', 'sunset'])),
        },
        {
          title: 'sun',
          examples: [{ type: 'sun', after: 'sunset', before: 'sunrise' }],
          ...rules({ needs: ['after', 'before'] }),
        },
      ),
      Strict(
        {
          type: StringEnum(['and', 'or', 'not']),
          conditions: Type.Array(Self, {
            minItems: 1,
            maxItems: 50,
            'x-message': 'must be an array of 1–50 conditions',
          }),
        },
        {
          title: 'and / or / not',
          examples: [
            {
              type: 'or',
              conditions: [
                { type: 'presence', state: 'home' },
                { type: 'time', after: '08:00' },
              ],
            },
          ],
        },
      ),
    ]),
  { $id: 'AutomationCondition', 'x-max-nesting': 9 },
);
const ConditionRef = RefTo(ConditionSchema);

const Param = Type.Union(
  [
    Type.Number(),
    Type.String({ maxLength: 200 }),
    Type.Boolean(),
    Type.Array(Type.Number(), { maxItems: 3 }),
  ],
  { 'x-message': 'must be number, string, boolean or [r,g,b]' },
);
export const EntityActionSchema = Type.Object(
  { entity: EntityId, action: Type.String({ minLength: 1, maxLength: 64 }) },
  {
    additionalProperties: Param,
    title: 'entity action',
    description:
      '{entity, action, …params} through the one control path: the action and its parameters are checked ' +
      'against the action catalogue when the automation is saved (and again, against the device, when it runs)',
    examples: [
      { entity: 'light.living_room', action: 'dim', brightness: 30 },
      { entity: 'light.kitchen', action: 'off' },
    ],
  },
);
export const ActionSchema = Type.Union([
  EntityActionSchema,
  Strict(
    {
      scene: Type.String({
        pattern: '^[a-z0-9-]+$',
        minLength: 1,
        maxLength: 100,
        'x-message': 'must be a scene id like good-night',
      }),
    },
    { title: 'scene', examples: [{ scene: 'good-night' }] },
  ),
  Strict(
    { delay: Seconds('seconds to wait before the next action (survives a restart)') },
    { title: 'delay', examples: [{ delay: 300 }] },
  ),
  Strict(
    { notify: Type.String({ minLength: 1, maxLength: 1000 }) },
    { title: 'notify', examples: [{ notify: 'The front door is still open' }] },
  ),
  Strict(
    {
      wait: ConditionRef,
      timeout: Seconds('give up (the run ends with result timeout) after this many seconds'),
    },
    {
      title: 'wait',
      examples: [{ wait: { type: 'state', entity: 'binary_sensor.front_door', state: 'off' }, timeout: 600 }],
    },
  ),
]);

/** An automation as a person writes it: the example of the OpenAPI document. */
export const EXAMPLE = {
  name: 'Evening lights',
  trigger: { type: 'time', at: '19:30' },
  conditions: [{ type: 'presence', state: 'home' }],
  actions: [
    { entity: 'light.living_room', action: 'dim', brightness: 30 },
    { entity: 'light.kitchen', action: 'off' },
  ],
};

const definitionProps = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  enabled: Type.Optional(Type.Boolean({ description: 'default true' })),
  trigger: Type.Optional(TriggerSchema),
  triggers: Type.Optional(
    Type.Array(TriggerSchema, {
      minItems: 1,
      maxItems: 20,
      description: 'several triggers (instead of `trigger`); any one fires the automation',
    }),
  ),
  conditions: Type.Optional(Type.Array(ConditionRef, { maxItems: 50, description: 'all must hold' })),
  actions: Type.Array(ActionSchema, { minItems: 1, maxItems: 100, description: 'run in order' }),
  mode: Type.Optional(
    StringEnum([...MODES], {
      description:
        'what a trigger does while a run is going: single (default) skips it, restart cancels the run and starts again, queued runs it afterwards, parallel runs it alongside',
    }),
  ),
  catch_up: Type.Optional(
    Seconds(
      'seconds: a time/solar occurrence missed while Hearth was down runs at start if at most this old (default 0: never replayed)',
      86_400,
    ),
  ),
};

export const AutomationBody = Strict(definitionProps, {
  description: 'Specification §2.6: one of `trigger` or `triggers` is required.',
  examples: [EXAMPLE],
  ...rules({
    exactlyOne: ['trigger', 'triggers'],
    message: 'field "trigger" is required (or "triggers" for several)',
  }),
});

export type Trigger = Static<typeof TriggerSchema>;
export type TimeTrigger = Static<typeof TimeTrigger>;
export type SensorTrigger = Static<typeof SensorTrigger>;
export type PresenceTrigger = Static<typeof PresenceTrigger>;
export type SolarTrigger = Static<typeof SolarTrigger>;
export type DeviceStateTrigger = Static<typeof DeviceStateTrigger>;
export type Condition = Static<typeof ConditionSchema>;
/** An entity action's parameters are whatever the action catalogue takes (`src/home/actions.ts`). */
export type EntityAction = Static<typeof EntityActionSchema> & Record<string, unknown>;
export type Action = Static<typeof ActionSchema>;
export type Mode = (typeof MODES)[number];
/** What a person writes (POST/PUT body). */
export type AutomationDefinition = Static<typeof AutomationBody>;
