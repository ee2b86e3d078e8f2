import { Type } from '@sinclair/typebox';
import type { Notifications } from '../../../automations/notifications.js';
import { NotificationSchema } from '../../../automations/wire-schemas.js';
import { RefTo, Strict } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';

/** The household's notifications as the caller sees them, and marking them read (per person). */
export function notificationRoutes(app: HttpApp, notifications: Notifications) {
  app.addSchema(NotificationSchema);

  app.get(
    '/api/home/notifications',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['notifications'],
        summary: 'Recent notifications, newest first, each with whether the caller has read it',
        querystring: Strict({
          limit: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 200, description: 'newest first (default 50)' }),
          ),
        }),
        response: {
          200: Type.Array(RefTo(NotificationSchema)),
        },
      },
    },
    async (req) => notifications.listFor(principalOf(req).user, req.query.limit ?? 50),
  );

  app.post(
    '/api/home/notifications/read',
    {
      // Read marks are the caller's own, like a session: a viewer may set them.
      config: { access: 'viewer' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read for the caller: some by id, or all of them',
        body: Strict(
          {
            ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 })),
            all: Type.Optional(Type.Literal(true)),
          },
          { minProperties: 1 },
        ),
        response: { 200: Type.Object({ ok: Type.Literal(true), marked: Type.Integer() }) },
      },
    },
    async (req) => {
      const marked = await notifications.markRead(
        principalOf(req).user,
        req.body.all ? 'all' : (req.body.ids ?? []),
      );
      return { ok: true as const, marked };
    },
  );
}
