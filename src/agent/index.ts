/**
 * The agents part: the agent registry with the Home agent, and their sections on
 * `GET /api/ai/status`. Chat and voice routes dispatch through `agents.dispatch()`.
 */
import type { Clock } from '../clock.js';
import type { StatusBoard } from '../status.js';
import { AgentRegistry } from './agents.js';
import { ChatService } from './chat.js';
import type { HomeAccess } from './home-access.js';
import { HomeAgent } from './home-agent.js';

export { AgentRegistry, type Agent, type AgentMessage, type AgentReply } from './agents.js';
export { HomeAgent } from './home-agent.js';
export type { HomeAccess } from './home-access.js';

export interface AgentsPart { agents: AgentRegistry; homeAgent: HomeAgent; chat: ChatService }

export function createAgents(deps: { clock: Clock; status: StatusBoard; home?: HomeAccess | undefined }): AgentsPart {
  const agents = new AgentRegistry();
  const homeAgent = new HomeAgent(deps.home, deps.clock);
  agents.register(homeAgent);
  deps.status.set('agents', () => agents.list());
  deps.status.set('intent_engine', () => {
    homeAgent.refresh();
    const reg = homeAgent.engine.registry;
    return {
      status: 'ready',
      kind: 'templates',
      language: 'en',
      templates: homeAgent.engine.templates.length,
      entities: reg.entities.length,
      areas: reg.areas.length,
    };
  });
  return { agents, homeAgent, chat: new ChatService(agents) };
}
