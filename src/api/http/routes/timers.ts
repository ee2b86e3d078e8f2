import { Type } from '@sinclair/typebox';
import type { AgentTimers } from '../../../agent/timers/service.js';
import type { AgentTimerRow } from '../../../store/agent-types.js';
import { Errors } from '../../../errors.js';
import { Strict } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';

const Timer = Type.Object({
  id: Type.String(),
  user_id: Type.String({ description: 'who set it; the commands run on their behalf' }),
  label: Type.String({ description: 'what will happen, in words' }),
  commands: Type.Array(
    Type.Object({
      entity_id: Type.String(),
      action: Type.String(),
      params: Type.Object({}, { additionalProperties: true }),
    }),
  ),
  due_at: Type.String({ format: 'date-time' }),
  created_at: Type.String({ format: 'date-time' }),
});
const TimerParam = Strict({ id: Type.String({ minLength: 1, maxLength: 100 }) });

const view = (r: AgentTimerRow) => ({ ...r });

/**
 * The chat's one-shot timers ("turn off the kitchen light in 10 minutes") for the dashboard:
 * a user sees and cancels their own, an admin everyone's.
 */
export function timerRoutes(app: HttpApp, timers: AgentTimers) {
  app.get(
    '/api/ai/timers',
    {
      config: { access: 'user' },
      schema: {
        tags: ['ai'],
        summary: 'Pending one-shot timers set by chat or voice (own; all for an admin), soonest first',
        response: { 200: Type.Array(Timer) },
      },
    },
    async (req) => {
      const { user } = principalOf(req);
      return timers.list(user.id, user.role === 'admin').map(view);
    },
  );

  app.delete(
    '/api/ai/timers/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['ai'],
        summary: 'Cancel a pending timer (own; any for an admin)',
        params: TimerParam,
        response: { 200: Type.Object({ ok: Type.Literal(true) }) },
      },
    },
    async (req) => {
      const { user } = principalOf(req);
      const t = timers.get(req.params.id);
      // someone else's timer is reported as absent, not as forbidden: ids are not for guessing
      if (!t || (t.user_id !== user.id && user.role !== 'admin'))
        throw Errors.notFound('timer', req.params.id);
      await timers.cancel(t.id);
      return { ok: true as const };
    },
  );
}
