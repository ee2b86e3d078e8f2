import { Type } from '@sinclair/typebox';
import { StringEnum, Strict } from '../schema/typebox.js';
import { EntityId, EXAMPLE, MODES, Obj, PersonId, StateValue } from './schemas.js';

/**
 * What the automations part answers besides the definition a person writes (`schemas.ts`): a
 * saved automation with its runtime marks, traces, dry runs, notifications, and the presence
 * a person reports. Schemas for the routes and the OpenAPI document.
 */

export const AutomationSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.Optional(Type.String()),
    enabled: Type.Boolean(),
    mode: StringEnum([...MODES]),
    trigger: Type.Optional(Obj()),
    triggers: Type.Optional(Type.Array(Obj())),
    conditions: Type.Array(Obj()),
    actions: Type.Array(Obj()),
    catch_up: Type.Optional(Type.Number()),
    created_at: Type.String(),
    updated_at: Type.String(),
    last_triggered: Type.Union([Type.String(), Type.Null()], {
      description: 'when its actions last started (ISO)',
    }),
    last_evaluated: Type.Union([Type.String(), Type.Null()], {
      description: 'when a trigger last fired, whatever the conditions said (ISO)',
    }),
    next_trigger_at: Type.Union([Type.String(), Type.Null()], {
      description: 'next scheduled time/solar occurrence (ISO), null without such triggers',
    }),
    running: Type.Integer({ description: 'runs going now' }),
    warnings: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'on save: references to unknown entities or scenes (they are errors in the trace at run time)',
      }),
    ),
  },
  {
    $id: 'Automation',
    examples: [
      {
        id: 'evening-lights',
        ...EXAMPLE,
        enabled: true,
        mode: 'single',
        created_at: '2026-01-01T12:00:00.000Z',
        updated_at: '2026-01-01T12:00:00.000Z',
        last_triggered: null,
        last_evaluated: null,
        next_trigger_at: '2026-01-01T18:30:00.000Z',
        running: 0,
      },
    ],
  },
);

export const TraceSchema = Type.Object(
  {
    id: Type.String(),
    automation_id: Type.String(),
    started_at: Type.String(),
    finished_at: Type.Union([Type.String(), Type.Null()]),
    result: StringEnum(['running', 'finished', 'failed', 'blocked', 'skipped', 'timeout', 'cancelled']),
    reason: Type.Union([Type.String(), Type.Null()], {
      description: 'why it was blocked, skipped, failed or cancelled, e.g. "presence: nobody home"',
    }),
    trigger: Obj('what fired: index, type, description, scheduled_for or entity_id/from_state/to_state'),
    conditions: Type.Array(Obj('verdict: type, ok, reason, seen (the values it read), conditions (nested)')),
    actions: Type.Array(
      Obj('index, kind, target, started_at, finished_at, outcome, error?, due_at?, details?'),
    ),
  },
  { $id: 'AutomationTrace' },
);

export const DryRunBody = Strict(
  {
    trigger: Type.Optional(
      Strict({
        index: Type.Optional(
          Type.Integer({ minimum: 0, maximum: 19, description: 'which trigger fired (default 0)' }),
        ),
        entity_id: Type.Optional(EntityId),
        from_state: Type.Optional(StateValue),
        to_state: Type.Optional(StateValue),
        person: Type.Optional(PersonId),
      }),
    ),
    time: Type.Optional(
      Type.String({ format: 'date-time', description: 'evaluate as at this time (ISO); default now' }),
    ),
    states: Type.Optional(
      Type.Record(Type.String(), StateValue, {
        description: 'entity states to assume, e.g. {"person.resident":"away"}',
      }),
    ),
  },
  { examples: [{ time: '2026-01-01T21:00:00Z', states: { 'person.resident': 'away' } }] },
);

export const DryRunResult = Type.Object({
  automation_id: Type.String(),
  time: Type.String(),
  trigger: Obj(),
  conditions: Type.Array(Obj()),
  would_run: Type.Boolean(),
  blocked_by: Type.Union([Type.String(), Type.Null()]),
  actions: Type.Array(
    Type.Object({
      index: Type.Integer(),
      kind: Type.String(),
      description: Type.String(),
      ok: Type.Boolean(),
      problem: Type.Optional(Type.String()),
    }),
  ),
});

export const NotificationSchema = Type.Object(
  {
    id: Type.String(),
    message: Type.String(),
    source_type: Type.String({ description: 'automation, device, integration, user, system…' }),
    source_id: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
    key: Type.Union([Type.String(), Type.Null()], {
      description: 'set when it stands for a condition that needs a person; resolved when that clears',
    }),
    audience: Type.Union([Type.Literal('all'), Type.Literal('admin')]),
    link: Type.Union([Type.String(), Type.Null()], { description: 'where in the dashboard to act on it' }),
    resolved_at: Type.Union([Type.String(), Type.Null()]),
    read: Type.Boolean({ description: 'whether the caller has marked it read' }),
  },
  { $id: 'Notification' },
);

export const PresenceBody = Strict(
  {
    person: Type.String({
      pattern: '^[a-z_]+\\.[a-z0-9_]+$',
      maxLength: 255,
      description: 'a person entity, e.g. person.resident (400 for other domains)',
    }),
    state: StringEnum(['home', 'away']),
  },
  { examples: [{ person: 'person.resident', state: 'home' }] },
);
