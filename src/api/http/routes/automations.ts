import { Type } from '@sinclair/typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { Automations } from '../../../automations/index.js';
import { dryRun, warningsOf, type DryRunInput } from '../../../automations/dry-run.js';
import { modeOf, type Automation } from '../../../automations/model.js';
import { AutomationBody, ConditionSchema } from '../../../automations/schemas.js';
import {
  AutomationSchema,
  DryRunBody,
  DryRunResult,
  PresenceBody,
  TraceSchema,
} from '../../../automations/wire-schemas.js';
import { validateDefinition } from '../../../automations/validate.js';
import type { SceneService } from '../../../home/scenes/service.js';
import type { HomeService } from '../../../home/service.js';
import { Ok, RefTo, Strict } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';
import { validatorCompiler } from '../validation.js';

const IdParam = Strict({ id: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 120 }) });
const Limit = Strict({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'newest first (default 50)' })),
});

/** Automation bodies go through `validateDefinition` (the same schema, messages in the automation's terms); other parts through ajv. */
const definitionCompiler: FastifySchemaCompiler<unknown> = (route) => {
  if (route.httpPart !== 'body') return validatorCompiler(route);
  return (data: unknown) => {
    try {
      return { value: validateDefinition(data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/** Automations and presence over REST (notifications: notifications.ts). Admin and user write; viewer reads. */
export function automationRoutes(app: HttpApp, part: Automations, home: HomeService, scenes: SceneService) {
  const { engine } = part;
  app.addSchema(ConditionSchema);
  app.addSchema(AutomationSchema);
  app.addSchema(TraceSchema);

  const view = (a: Automation, warnings?: string[]) => ({
    ...a,
    mode: modeOf(a),
    conditions: a.conditions ?? [],
    next_trigger_at: engine.nextTriggerAt(a.id),
    running: engine.runningCount(a.id),
    ...(warnings ? { warnings } : {}),
  });
  const Ref = RefTo(AutomationSchema);

  app.get(
    '/api/home/automations',
    {
      config: { access: 'viewer' },
      schema: { tags: ['automations'], summary: 'List automations', response: { 200: Type.Array(Ref) } },
    },
    async () => engine.list().map((a) => view(a)),
  );

  app.post(
    '/api/home/automations',
    {
      config: { access: 'user' },
      validatorCompiler: definitionCompiler,
      schema: {
        tags: ['automations'],
        summary: 'Create an automation',
        description:
          'Specification §2.6 shape. The id is the hyphenated name (a suffix keeps it unique). Problems are 400 naming the field ' +
          '(`trigger.at must be HH:MM, 00:00–23:59`); references to unknown entities or scenes are saved with `warnings`.',
        body: AutomationBody,
        response: { 201: Ref },
      },
    },
    async (req, reply) => {
      const def = req.body as never;
      const a = await engine.create(def);
      return reply.status(201).send(view(a, warningsOf(def, home, scenes)));
    },
  );

  app.get(
    '/api/home/automations/:id',
    {
      config: { access: 'viewer' },
      schema: { tags: ['automations'], summary: 'One automation', params: IdParam, response: { 200: Ref } },
    },
    async (req) => view(engine.get(req.params.id)),
  );

  app.put(
    '/api/home/automations/:id',
    {
      config: { access: 'user' },
      validatorCompiler: definitionCompiler,
      schema: {
        tags: ['automations'],
        summary: 'Replace an automation (running runs go on with the old actions)',
        params: IdParam,
        body: AutomationBody,
        response: { 200: Ref },
      },
    },
    async (req) => {
      const def = req.body as never;
      return view(await engine.update(req.params.id, def), warningsOf(def, home, scenes));
    },
  );

  app.patch(
    '/api/home/automations/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['automations'],
        summary: 'Enable or disable an automation',
        params: IdParam,
        body: Strict({ enabled: Type.Boolean() }),
        response: { 200: Ref },
      },
    },
    async (req) => view(await engine.setEnabled(req.params.id, req.body.enabled)),
  );

  app.delete(
    '/api/home/automations/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['automations'],
        summary: 'Delete an automation (its running runs are cancelled)',
        params: IdParam,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await engine.remove(req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/home/automations/:id/run',
    {
      config: { access: 'user', command: true },
      schema: {
        tags: ['automations'],
        summary: 'Run the actions now (conditions skipped; the mode still applies)',
        description:
          'Answers at once with the trace (result `running` while actions go on; follow it with GET …/traces or the `automation_finished` event).',
        params: IdParam,
        response: { 200: RefTo(TraceSchema) },
      },
    },
    async (req) => {
      principalOf(req);
      return engine.run(req.params.id);
    },
  );

  app.post(
    '/api/home/automations/:id/test',
    {
      config: { access: 'user' },
      schema: {
        tags: ['automations'],
        summary: 'Dry run: what would happen if it fired (changes nothing)',
        description:
          'Evaluates every condition at `time` (default now) with `states` assumed, and lists the actions it would run and whether the home core would accept each.',
        params: IdParam,
        body: DryRunBody,
        response: { 200: DryRunResult },
      },
    },
    async (req) => dryRun(engine, home, scenes, req.params.id, req.body as DryRunInput),
  );

  app.get(
    '/api/home/automations/:id/traces',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['automations'],
        summary: 'Recent evaluations, newest first (the last 50 are kept)',
        params: IdParam,
        querystring: Limit,
        response: { 200: Type.Array(RefTo(TraceSchema)) },
      },
    },
    async (req) => {
      engine.get(req.params.id);
      return engine.traces.list(req.params.id, req.query.limit ?? 50);
    },
  );

  app.post(
    '/api/home/presence',
    {
      config: { access: 'user' },
      schema: {
        tags: ['automations'],
        summary: 'Report a person home or away (phone geofence apps, webhooks)',
        description: `Arrival applies at once; leaving after the presence_leave_delay setting (${part.presence.leaveDelayMs / 1000} s), unless the person comes back first.`,
        body: PresenceBody,
        response: {
          200: Type.Object({
            person: Type.String(),
            state: Type.Union([Type.String(), Type.Number(), Type.Null()]),
            away_at: Type.Union([Type.String(), Type.Null()], {
              description: 'when a pending leave applies',
            }),
          }),
        },
      },
    },
    async (req) =>
      part.presence.report(req.body.person, req.body.state, { type: 'user', id: principalOf(req).user.id }),
  );
}
