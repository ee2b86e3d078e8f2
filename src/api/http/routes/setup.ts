import { Type } from '@sinclair/typebox';
import type { CoreContext } from '../../../context.js';
import type { HttpApp } from '../server.js';

/**
 * `GET /api/auth/setup`: whether the home still needs its first (admin) account, so the
 * dashboard can show onboarding instead of a login form. Says nothing else (no user count).
 */
export function setupRoutes(app: HttpApp, ctx: CoreContext) {
  app.get(
    '/api/auth/setup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether the first admin account still has to be created',
        description:
          'Public: `needs_admin` is true until the first account is registered (it becomes admin).',
        response: { 200: Type.Object({ needs_admin: Type.Boolean() }) },
      },
    },
    async () => ({ needs_admin: (await ctx.store.users.count()) === 0 }),
  );
}
