/**
 * The agents part: the agent registry with the Home agent, and their sections on
 * `GET /api/ai/status`. Chat and voice routes dispatch through `agents.dispatch()`.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { StatusBoard } from '../status.js';
import { AgentRegistry } from './agents.js';
import { ChatService } from './chat.js';
import type { HomeAccess } from './home-access.js';
import { HomeAgent } from './home-agent.js';
import type { LlmClientOptions } from './llm/client.js';
import { LanguageModelAgent } from './llm/agent.js';
import type { AgentTimers } from './timers/service.js';

export { AgentRegistry, type Agent, type AgentMessage, type AgentReply } from './agents.js';
export { HomeAgent } from './home-agent.js';
export type { HomeAccess } from './home-access.js';

export interface AgentsPart {
  agents: AgentRegistry;
  homeAgent: HomeAgent;
  languageModel: LanguageModelAgent;
  chat: ChatService;
}

export function createAgents(deps: {
  clock: Clock;
  status: StatusBoard;
  log: Logger;
  home?: HomeAccess | undefined;
  llm?: LlmClientOptions | undefined;
  timers?: AgentTimers | undefined;
}): AgentsPart {
  const agents = new AgentRegistry();
  const homeAgent = new HomeAgent(deps.home, deps.clock, undefined, deps.timers);
  agents.register(homeAgent);
  const languageModel = new LanguageModelAgent(
    deps.llm,
    homeAgent,
    deps.clock,
    deps.log.child({ part: 'language_model' }),
  );
  agents.register(languageModel);
  deps.status.set('language_model', () => languageModel.backendStatus());
  deps.status.set('agents', () => agents.list());
  deps.status.set('intent_engine', () => {
    homeAgent.refresh();
    const reg = homeAgent.engine.registry;
    return {
      status: 'ready',
      kind: 'templates',
      second_stage: true,
      language: 'en',
      templates: homeAgent.engine.templates.length,
      entities: reg.entities.length,
      areas: reg.areas.length,
    };
  });
  return { agents, homeAgent, languageModel, chat: new ChatService(agents) };
}
