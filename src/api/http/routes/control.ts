import { visibleEntity } from '../token-scope.js';
import { Type } from '@sinclair/typebox';
import { RefTo } from '../schemas.js';
import type { FastifyRequest } from 'fastify';
import type { HomeService } from '../../../home/service.js';
import type { Cause } from '../../../home/types.js';
import { principalOf, type HttpApp } from '../server.js';
import { CommandResultSchema } from './home-schemas.js';

export const ControlBody = Type.Object(
  {
    entity_id: Type.String({ pattern: '^[a-z_]+\\.[a-z0-9_]+$', maxLength: 255 }),
    action: Type.String({ minLength: 1, maxLength: 64 }),
  },
  {
    // Parameters sit beside `action` (§4: {"entity_id":"light.kitchen","action":"dim","brightness":40});
    // which ones an action takes is checked against the entity's capabilities, naming any stranger.
    additionalProperties: Type.Union([
      Type.Number(),
      Type.String({ maxLength: 200 }),
      Type.Array(Type.Number(), { maxItems: 3 }),
    ]),
    examples: [
      { entity_id: 'light.kitchen', action: 'on' },
      { entity_id: 'light.living_room', action: 'dim', brightness: 40 },
    ],
  },
);

const WaitQuery = Type.Object(
  {
    wait: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 30_000,
        description:
          'ms to wait for the device to confirm before answering "accepted" (default 2000; 0 = answer at once)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const userCause = (req: FastifyRequest): Cause => ({ type: 'user', id: principalOf(req).user.id });

/** `POST /api/home/control` — the REST door to the one control path — and undo. */
export function controlRoutes(app: HttpApp, home: HomeService) {
  app.addSchema(CommandResultSchema);

  app.post(
    '/api/home/control',
    {
      config: { access: 'user', command: true, entityScoped: true },
      schema: {
        tags: ['home'],
        summary: 'Control an entity',
        description:
          'Body: `{entity_id, action, …params}`. Actions: on, off, toggle, dim (brightness 0–100), set_color_temp (kelvin), set_color (color: name, "#rrggbb" or [r,g,b]), ' +
          'lock, unlock, open, close, stop, set_position (position 0–100), set_temperature (temperature), set_hvac_mode (hvac_mode), set_preset (preset), ' +
          'set_fan_speed (speed), arm_home, arm_away, arm_night, disarm (code?), play, pause, next, previous, set_volume (volume 0–100), start_recording, stop_recording, goto_preset (preset: the name of a camera PTZ preset). ' +
          "Each is checked against the entity's capabilities (400 naming the problem); unknown entity 404; unavailable entity or bridge 503. " +
          '`outcome` is confirmed (the device reported the change), accepted (sent; a `command_result` event follows), failed or timeout.',
        querystring: WaitQuery,
        body: ControlBody,
        response: { 200: RefTo(CommandResultSchema) },
      },
    },
    async (req) => {
      const { entity_id, action, ...params } = req.body as { entity_id: string; action: string } & Record<
        string,
        unknown
      >;
      const principal = principalOf(req);
      visibleEntity(req, home.entity(entity_id));
      return home.execute(
        { entity_id, action, params, cause: { type: 'user', id: principal.user.id } },
        { actor: principal.user.id, ...(req.query.wait !== undefined ? { waitMs: req.query.wait } : {}) },
      );
    },
  );

  app.post(
    '/api/home/undo',
    {
      config: { access: 'user', command: true },
      schema: {
        tags: ['home'],
        summary: 'Undo your last command or scene activation',
        description:
          'Restores the states the affected entities had just before it. `restored` is null when there is nothing to undo.',
        response: {
          200: Type.Object({
            restored: Type.Union([Type.String(), Type.Null()]),
            results: Type.Array(RefTo(CommandResultSchema)),
          }),
        },
      },
    },
    async (req) => home.undoLast(principalOf(req).user.id, userCause(req)),
  );
}
