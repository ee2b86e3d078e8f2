import { Type } from '@sinclair/typebox';
import { Errors } from '../../../errors.js';
import type { SceneService } from '../../../home/scenes/service.js';
import { Ok, Strict, RefTo } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';
import { CommandResultSchema } from './home-schemas.js';

const Param = Type.Union([
  Type.Number(),
  Type.String({ maxLength: 200 }),
  Type.Array(Type.Number(), { maxItems: 3 }),
]);
const Target = Strict({
  domain: Type.Optional(Type.String()),
  area: Type.Optional(Type.String()),
  label: Type.Optional(Type.String()),
  exclude_labels: Type.Optional(Type.Array(Type.String())),
});
const SceneActionSchema = Type.Object(
  {
    entity: Type.Optional(Type.String({ pattern: '^[a-z_]+\\.[a-z0-9_]+$' })),
    target: Type.Optional(Target),
    action: Type.String({ minLength: 1 }),
  },
  {
    additionalProperties: Param,
    description:
      '{entity, action, …params} for one entity, or {target:{domain?,area?,label?}, action, …params} for every matching entity',
  },
);
const SceneSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    builtin: Type.Boolean(),
    modified: Type.Boolean(),
    actions: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    updated_at: Type.String(),
  },
  { $id: 'Scene' },
);
const SceneBody = Strict({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  actions: Type.Array(SceneActionSchema, { minItems: 1, maxItems: 500 }),
});
const SceneId = Strict({ scene_id: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 100 }) });

function checkShape(actions: { entity?: string; target?: unknown }[]) {
  return actions.findIndex((a) => (a.entity === undefined) === (a.target === undefined));
}

/** Scenes: built-ins (good-morning, movie-night, good-night, away) and custom ones. */
export function sceneRoutes(app: HttpApp, scenes: SceneService) {
  app.addSchema(SceneSchema);
  const validateShape = (actions: { entity?: string; target?: unknown }[]) => {
    const bad = checkShape(actions);
    if (bad >= 0) {
      throw Errors.validation(`actions[${bad}] needs exactly one of "entity" or "target"`, {
        field: `actions[${bad}]`,
      });
    }
  };

  app.get(
    '/api/home/scenes',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['scenes'],
        summary: 'List scenes',
        response: { 200: Type.Array(RefTo(SceneSchema)) },
      },
    },
    async () => scenes.list(),
  );

  app.post(
    '/api/home/scenes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['scenes'],
        summary:
          'Create a custom scene; the id is the hyphenated name ("Reading Time" → reading-time), 409 if taken',
        body: SceneBody,
        response: { 201: RefTo(SceneSchema) },
      },
    },
    async (req, reply) => {
      validateShape(req.body.actions);
      return reply.status(201).send(await scenes.create(req.body.name, req.body.actions as never));
    },
  );

  app.post(
    '/api/home/scenes/snapshot',
    {
      config: { access: 'user' },
      schema: {
        tags: ['scenes'],
        summary: 'Save the current state of some entities, or of an area, as a new scene',
        body: Strict({
          name: Type.String({ minLength: 1, maxLength: 100 }),
          entities: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 500 })),
          area: Type.Optional(Type.String({ minLength: 1 })),
        }),
        response: { 201: RefTo(SceneSchema) },
      },
    },
    async (req, reply) => {
      if ((req.body.entities === undefined) === (req.body.area === undefined)) {
        throw Errors.validation('Give exactly one of "entities" or "area".', { field: 'entities' });
      }
      return reply.status(201).send(await scenes.snapshot(req.body.name, req.body));
    },
  );

  app.get(
    '/api/home/scenes/:scene_id',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['scenes'],
        summary: 'One scene',
        params: SceneId,
        response: { 200: RefTo(SceneSchema) },
      },
    },
    async (req) => scenes.get(req.params.scene_id),
  );

  app.put(
    '/api/home/scenes/:scene_id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['scenes'],
        summary: "Replace a scene's name and actions (built-ins too; reset restores them)",
        params: SceneId,
        body: SceneBody,
        response: { 200: RefTo(SceneSchema) },
      },
    },
    async (req) => {
      validateShape(req.body.actions);
      return scenes.update(req.params.scene_id, req.body.name, req.body.actions as never);
    },
  );

  app.delete(
    '/api/home/scenes/:scene_id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['scenes'],
        summary: 'Delete a custom scene (built-ins: 409, use reset)',
        params: SceneId,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await scenes.remove(req.params.scene_id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/home/scenes/:scene_id/reset',
    {
      config: { access: 'user' },
      schema: {
        tags: ['scenes'],
        summary: "Restore a built-in scene's original actions",
        params: SceneId,
        response: { 200: RefTo(SceneSchema) },
      },
    },
    async (req) => scenes.reset(req.params.scene_id),
  );

  app.post(
    '/api/home/scenes/:scene_id/activate',
    {
      config: { access: 'user', command: true },
      schema: {
        tags: ['scenes'],
        summary: 'Activate a scene',
        description:
          "Attributes are applied before on/off; entities run in parallel. Returns each entity's outcome.",
        params: SceneId,
        response: {
          200: Type.Object({
            scene_id: Type.String(),
            name: Type.String(),
            results: Type.Array(RefTo(CommandResultSchema)),
          }),
        },
      },
    },
    async (req) =>
      scenes.activate(req.params.scene_id, {
        actor: principalOf(req).user.id,
        cause: { type: 'user', id: principalOf(req).user.id },
      }),
  );
}
