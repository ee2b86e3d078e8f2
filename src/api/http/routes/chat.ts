import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ChatService } from '../../../agent/chat.js';
import { Errors } from '../../../errors.js';
import type { RealtimeServer } from '../../realtime/server.js';
import { Strict } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';

export const ChatBody = Strict({
  text: Type.String({ minLength: 1, maxLength: 500, description: 'What the person said or typed' }),
  conversation_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Continue a conversation (e.g. to confirm an unlock)',
    }),
  ),
  area: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Area the request comes from; fills "in here"',
    }),
  ),
});

export const ChatReply = Type.Object({
  reply: Type.String(),
  intent: Type.Union([Type.String(), Type.Null()]),
  actions: Type.Array(
    Type.Object({ entity_id: Type.String(), action: Type.String(), outcome: Type.String() }),
  ),
  conversation_id: Type.String(),
});

/**
 * `POST /api/ai/chat` and the Socket.IO `chat` request. Viewers may chat (questions); the Home
 * agent refuses their commands itself, so the reply says why instead of a bare 403.
 */
export function chatRoutes(app: HttpApp, realtime: RealtimeServer, chat: ChatService) {
  app.post(
    '/api/ai/chat',
    {
      config: { access: 'viewer', command: true },
      schema: {
        tags: ['ai'],
        summary: 'Send a chat message to the agents',
        description:
          'The highest-priority agent that accepts the message answers. Commands run with cause `agent`; unlocking, opening a garage door and disarming ask for confirmation first (answer "yes" with the same conversation_id).',
        body: ChatBody,
        response: { 200: ChatReply },
      },
    },
    async (req) => {
      const { user } = principalOf(req);
      return chat.chat(req.body, { id: user.id, role: user.role });
    },
  );

  realtime.handle(
    'chat',
    'viewer',
    async (socket, payload) => {
      if (!Value.Check(ChatBody, payload)) {
        const first = [...Value.Errors(ChatBody, payload)][0];
        throw Errors.validation(
          `Invalid chat message: ${first ? `${first.path || '/'} ${first.message}` : 'bad payload'}.`,
          { field: first?.path ?? '' },
        );
      }
      const { user } = socket.data.principal;
      return chat.chat(payload, { id: user.id, role: user.role });
    },
    { command: true },
  );
}
