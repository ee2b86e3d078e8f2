import { Type, type Static } from '@sinclair/typebox';
import { Strict } from '../schemas.js';

/** The chat request and answer (`POST /api/ai/chat`, Socket.IO `chat`); the dashboard reads the types. */
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

export type ChatAnswer = Static<typeof ChatReply>;
