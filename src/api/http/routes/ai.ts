import { Type } from '@sinclair/typebox';
import type { CoreContext } from '../../../context.js';
import type { StatusBoard } from '../../../status.js';
import type { HttpApp } from '../server.js';

export function aiRoutes(app: HttpApp, ctx: CoreContext & { status: StatusBoard }) {
  app.get(
    '/api/ai/status',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['ai'],
        summary: 'Status of the agents, the intent engine, voice engines and the service',
        description:
          'Always has `status`, `version`, `role` and `agents` (`[{name, priority, status}]`); other sections appear as parts of the service report them.',
        response: {
          200: Type.Object(
            {
              status: Type.Literal('ok'),
              version: Type.String(),
              role: Type.String(),
              agents: Type.Array(
                Type.Object(
                  { name: Type.String(), priority: Type.Integer(), status: Type.String() },
                  { additionalProperties: true },
                ),
              ),
            },
            { additionalProperties: true },
          ),
        },
      },
    },
    async () => ({
      status: 'ok' as const,
      version: ctx.version,
      role: ctx.config.role,
      agents: [],
      ...(await ctx.status.collect()),
    }),
  );
}
