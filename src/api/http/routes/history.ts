import { Type } from '@sinclair/typebox';
import type { CauseNames } from '../../../home/causes.js';
import { isNumericEntity, numericSummary, sliceFor, stateSpans } from '../../../home/history-summary.js';
import type { HomeService } from '../../../home/service.js';
import { Errors } from '../../../errors.js';
import { Strict } from '../schemas.js';
import type { HttpApp } from '../server.js';
import { HistoryEntrySchema, HistorySummarySchema, LogbookEntrySchema } from './history-schemas.js';
import { EntityIdParam } from './home-schemas.js';

const DAY_MS = 86_400_000;
/** The recorded cause of a history row, with the person an agent acted for when there is one. */
function causeOf(r: { cause_type: string; cause_id: string | null; cause_user_id: string | null }) {
  return { type: r.cause_type, id: r.cause_id, ...(r.cause_user_id ? { user_id: r.cause_user_id } : {}) };
}

const Window = {
  since: Type.Optional(Type.String({ format: 'date-time', description: 'default: 24 hours before until' })),
  until: Type.Optional(Type.String({ format: 'date-time', description: 'default: now' })),
};

function windowOf(q: { since?: string | undefined; until?: string | undefined }) {
  const until = q.until ? new Date(q.until).toISOString() : new Date().toISOString();
  const since = q.since
    ? new Date(q.since).toISOString()
    : new Date(Date.parse(until) - DAY_MS).toISOString();
  if (since > until) throw Errors.validation('since must be before until.', { field: 'since' });
  return { since, until };
}

/**
 * History with its causes: one entity's rows, a graph-sized summary of them, and the logbook of
 * the whole home ("what happened, and who or what did it").
 */
export function historyRoutes(app: HttpApp, home: HomeService, causes: CauseNames) {
  app.get(
    '/api/home/entities/:entity_id/history',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['home'],
        summary: 'State history of an entity with the cause of each change',
        params: EntityIdParam,
        querystring: Strict({
          ...Window,
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1000 })),
        }),
        response: {
          200: Type.Array(HistoryEntrySchema),
        },
      },
    },
    async (req) => {
      home.entity(req.params.entity_id);
      const { since, until } = windowOf(req.query);
      const rows = await home.historyOf(req.params.entity_id, since, until, req.query.limit ?? 1000);
      const named = await causes.nameAll(rows.map(causeOf));
      return rows.map((r, i) => ({
        state: r.state,
        attributes: r.attributes,
        at: r.at,
        cause: named[i]!,
        correlation_id: r.correlation_id,
      }));
    },
  );

  app.get(
    '/api/home/entities/:entity_id/history/summary',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['home'],
        summary: 'History for a graph: min/mean/max buckets of a numeric entity, or the spans of each state',
        description:
          'kind "numeric": `buckets` (at most `buckets` of them, empty ones left out); kind "states": `spans` covering the window from the state it had before.',
        params: EntityIdParam,
        querystring: Strict({
          ...Window,
          buckets: Type.Optional(Type.Integer({ minimum: 10, maximum: 2000, default: 500 })),
        }),
        response: {
          200: HistorySummarySchema,
        },
      },
    },
    async (req) => {
      const entity = home.entity(req.params.entity_id);
      const { since, until } = windowOf(req.query);
      const buckets = req.query.buckets ?? 500;
      if (isNumericEntity(entity)) {
        const slice = sliceFor(since, until, buckets);
        const rows = await home.historyBucketsOf(entity.entity_id, since, until, slice);
        return numericSummary(rows, { since, until, buckets });
      }
      // Bounded: a state that flips every second for two weeks is the most a timeline reads.
      const { before, rows } = await home.historyStatesOf(entity.entity_id, since, until, 1_300_000);
      return stateSpans(rows, { since, until, before });
    },
  );

  app.get(
    '/api/home/logbook',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['home'],
        summary: 'What happened in the home: state changes, newest first, with who or what caused each',
        description:
          'Attribute-only updates are left out, and so are numeric sensors (their readings are a graph, not events) unless asked for by entity_id.',
        querystring: Strict({
          ...Window,
          entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
          area: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          domain: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          cause_type: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })),
        }),
        response: {
          200: Type.Array(LogbookEntrySchema),
        },
      },
    },
    async (req) => {
      const q = req.query;
      const { since, until } = windowOf(q);
      if (q.entity_id) home.entity(q.entity_id);
      const filtered = q.area !== undefined || q.domain !== undefined;
      const chosen = q.entity_id
        ? [q.entity_id]
        : filtered
          ? home.entities({ area: q.area, domain: q.domain }).map((e) => e.entity_id)
          : undefined;
      const readings = q.entity_id
        ? []
        : home
            .entities({})
            .filter(
              (e) =>
                e.domain === 'sensor' &&
                (typeof e.state === 'number' || e.attributes.unit_of_measurement !== undefined),
            )
            .map((e) => e.entity_id);
      const rows = await home.logbook({
        since,
        until,
        ...(chosen ? { entity_ids: chosen } : {}),
        exclude_entity_ids: readings,
        ...(q.cause_type ? { cause_type: q.cause_type } : {}),
        limit: q.limit ?? 200,
      });
      const named = await causes.nameAll(rows.map(causeOf));
      return rows.map((r, i) => {
        const e = home.registry.get(r.entity_id);
        return {
          entity_id: r.entity_id,
          name: e?.name ?? r.entity_id,
          domain: e?.domain ?? r.entity_id.split('.')[0]!,
          area: e?.area ?? null,
          state: r.state,
          previous_state: r.previous_state,
          at: r.at,
          cause: named[i]!,
          correlation_id: r.correlation_id,
        };
      });
    },
  );
}
