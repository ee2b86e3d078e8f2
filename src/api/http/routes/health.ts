import { Type } from '@sinclair/typebox';
import type { CoreContext } from '../../../context.js';
import type { HttpApp } from '../server.js';

export function healthRoutes(app: HttpApp, ctx: CoreContext) {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and version',
        response: {
          200: Type.Object({
            status: Type.Literal('ok'),
            version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+' }),
          }),
        },
      },
    },
    async () => ({ status: 'ok' as const, version: ctx.version }),
  );
}
