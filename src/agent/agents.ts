/**
 * The agent registry. An agent has a name and a priority; a message from chat, voice or the
 * dashboard goes to the highest-priority agent that accepts it. The Home agent has priority 35,
 * leaving room above it (e.g. a safety agent) and below it (a language-model fallback).
 */
import type { UserRole } from '../store/index.js';

export type AgentStatus = 'ready' | 'unavailable' | 'disabled';

export interface AgentMessage {
  text: string;
  conversation_id: string;
  /** Area the message comes from (dashboard room, voice satellite), by name or id. */
  area?: string | null;
  source: 'chat' | 'voice' | 'ui';
  user: { id: string; role: UserRole };
}

export interface AgentAction {
  entity_id: string;
  action: string;
  outcome: string;
}

export interface AgentReply {
  reply: string;
  intent: string | null;
  actions: AgentAction[];
}

export interface Agent {
  readonly name: string;
  readonly priority: number;
  status(): AgentStatus;
  /** Whether this agent takes the message (cheap; no side effects). */
  accepts(msg: AgentMessage): boolean;
  handle(msg: AgentMessage): Promise<AgentReply>;
}

export const NOBODY_REPLY = "Sorry, I can't help with that.";

export class AgentRegistry {
  private readonly agents: Agent[] = [];

  register(agent: Agent): void {
    if (this.agents.some((a) => a.name === agent.name))
      throw new Error(`agent ${agent.name} registered twice`);
    this.agents.push(agent);
    this.agents.sort((a, b) => b.priority - a.priority);
  }

  list(): { name: string; priority: number; status: AgentStatus }[] {
    return this.agents.map((a) => ({ name: a.name, priority: a.priority, status: a.status() }));
  }

  /** The highest-priority ready agent that accepts the message handles it. */
  async dispatch(msg: AgentMessage): Promise<AgentReply & { agent: string | null }> {
    for (const a of this.agents) {
      if (a.status() !== 'ready' || !a.accepts(msg)) continue;
      return { ...(await a.handle(msg)), agent: a.name };
    }
    return { reply: NOBODY_REPLY, intent: null, actions: [], agent: null };
  }
}
