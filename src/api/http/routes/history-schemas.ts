import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../schemas.js';

/**
 * Wire schemas of the history routes (and the OpenAPI document); the dashboard reads the same
 * shapes through their `Static` types.
 */

const CAUSE_TYPES = ['user', 'automation', 'scene', 'agent', 'device', 'system', 'matter_bridge'];

export const RecordedCauseSchema = Type.Object({
  type: Type.String({ description: `who or what: ${CAUSE_TYPES.join(', ')} (integrations may add more)` }),
  id: Type.Union([Type.String(), Type.Null()], { description: 'user, automation, scene or agent id' }),
  name: Type.Union([Type.String(), Type.Null()], { description: 'its name now, when known' }),
  user_id: Type.Optional(
    Type.String({ description: 'the person an agent acted for (chat, voice, their timer)' }),
  ),
  user_name: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "that person's name" })),
});

/** The cause of a history row, named: "Alice", "automation Evening lights". */
export type RecordedCause = Static<typeof RecordedCauseSchema>;

export const HistoryEntrySchema = Type.Object({
  state: Type.Unknown(),
  attributes: Type.Record(Type.String(), Type.Unknown()),
  at: Type.String(),
  cause: RecordedCauseSchema,
  correlation_id: Type.Union([Type.String(), Type.Null()]),
});

/** The schema of `HistorySummary` (`home/history-summary.ts`), flattened for the OpenAPI document. */
export const HistorySummarySchema = Type.Object({
  kind: StringEnum(['numeric', 'states']),
  since: Type.String(),
  until: Type.String(),
  buckets: Type.Optional(
    Type.Array(
      Type.Object({
        at: Type.String(),
        min: Type.Number(),
        max: Type.Number(),
        mean: Type.Number(),
        count: Type.Integer(),
      }),
    ),
  ),
  spans: Type.Optional(
    Type.Array(Type.Object({ state: Type.Unknown(), from: Type.String(), to: Type.String() })),
  ),
});

export const LogbookEntrySchema = Type.Object({
  entity_id: Type.String(),
  name: Type.String(),
  domain: Type.String(),
  area: Type.Union([Type.String(), Type.Null()]),
  state: Type.Unknown(),
  previous_state: Type.Unknown(),
  at: Type.String(),
  cause: RecordedCauseSchema,
  correlation_id: Type.Union([Type.String(), Type.Null()]),
});

/** One line of the logbook: a state change of one entity, with who or what caused it. */
export type LogbookEntry = Static<typeof LogbookEntrySchema>;
