/**
 * Chat: one message in, one reply out, through the agent registry. Conversation ids are
 * scoped to the user, so nobody can answer another person's pending confirmation.
 */
import { randomUUID } from 'node:crypto';
import type { UserRole } from '../store/index.js';
import type { AgentAction, AgentRegistry } from './agents.js';

export interface ChatInput {
  text: string;
  conversation_id?: string | undefined;
  area?: string | undefined;
}
export interface ChatOutput {
  reply: string;
  intent: string | null;
  actions: AgentAction[];
  conversation_id: string;
}

export class ChatService {
  constructor(private readonly agents: AgentRegistry) {}

  async chat(
    input: ChatInput,
    user: { id: string; role: UserRole },
    source: 'chat' | 'voice' | 'ui' = 'chat',
  ): Promise<ChatOutput> {
    const conversation_id = input.conversation_id ?? randomUUID();
    const r = await this.agents.dispatch({
      text: input.text,
      conversation_id: `${user.id}:${conversation_id}`,
      area: input.area ?? null,
      source,
      user,
    });
    return { reply: r.reply, intent: r.intent, actions: r.actions, conversation_id };
  }
}
