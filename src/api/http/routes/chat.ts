import { Value } from '@sinclair/typebox/value';
import type { ChatService } from '../../../agent/chat.js';
import { Errors } from '../../../errors.js';
import type { RealtimeServer } from '../../realtime/server.js';
import { principalOf, type HttpApp } from '../server.js';
import { ChatBody, ChatReply } from './chat-schemas.js';

export { ChatBody, ChatReply };

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
