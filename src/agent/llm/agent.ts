/**
 * The language-model fallback agent (priority 10, below the Home agent's 35, so it only sees
 * messages the local matcher declined). It sends the message, a short description of the home
 * and the Home agent's intents as tools to an OpenAI-compatible endpoint (HEARTH_LLM_URL). Only
 * the tool calls it returns can act, and they go through the Home agent's own path (validation,
 * viewer refusal, confirmation turns, the control path with cause `agent`). Free text from the
 * model is passed on as a reply and never acts.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { Agent, AgentAction, AgentMessage, AgentReply, AgentStatus } from '../agents.js';
import type { HomeAgent } from '../home-agent.js';
import type { IntentRegistry } from '../intents/registry.js';
import { LlmClient, LlmError, type LlmClientOptions } from './client.js';
import { toolCallToIntent, toolDefinitions } from './tools.js';

/** After a failed call the backend rests this long before it is asked again. */
const RETRY_AFTER_MS = 30_000;
/** Cap on entities listed in the prompt; a small model's context is short. */
const MAX_LISTED = 300;
const MAX_REPLY_CHARS = 500;

export interface LanguageModelStatus {
  status: 'disabled' | 'ready' | 'unavailable';
  url?: string;
  model?: string;
  last_ok_at?: string | null;
  last_error?: string | null;
}

export class LanguageModelAgent implements Agent {
  readonly name = 'language_model';
  readonly priority = 10;
  private readonly client: LlmClient | undefined;
  private lastOk: number | null = null;
  private lastError: { at: number; message: string } | null = null;

  constructor(
    options: LlmClientOptions | undefined,
    private readonly homeAgent: HomeAgent,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.client = options ? new LlmClient(options) : undefined;
  }

  status(): AgentStatus {
    if (!this.client) return 'disabled';
    if (this.homeAgent.status() !== 'ready') return 'unavailable';
    if (
      this.lastError &&
      (this.lastOk === null || this.lastError.at > this.lastOk) &&
      this.clock.now() - this.lastError.at < RETRY_AFTER_MS
    )
      return 'unavailable';
    return 'ready';
  }

  backendStatus(): LanguageModelStatus {
    if (!this.client) return { status: 'disabled' };
    const s = this.status();
    return {
      status: s === 'ready' ? 'ready' : 'unavailable',
      url: this.client.displayUrl,
      model: this.client.model,
      last_ok_at: this.lastOk === null ? null : new Date(this.lastOk).toISOString(),
      last_error: this.lastError?.message ?? null,
    };
  }

  accepts(): boolean {
    return this.client !== undefined;
  }

  async handle(msg: AgentMessage): Promise<AgentReply> {
    const client = this.client!;
    this.homeAgent.refresh();
    const registry = this.homeAgent.engine.registry;
    let completion;
    try {
      completion = await client.complete(
        [
          { role: 'system', content: systemPrompt(registry, msg.area ?? null) },
          { role: 'user', content: msg.text },
        ],
        toolDefinitions(),
      );
      this.lastOk = this.clock.now();
    } catch (err) {
      const message = err instanceof LlmError ? err.message : String(err);
      this.lastError = { at: this.clock.now(), message };
      this.log.warn(
        { endpoint: client.displayUrl, err: message },
        'language model call failed; it rests for 30 s',
      );
      return { reply: "Sorry, I didn't understand that.", intent: null, actions: [] };
    }
    if (completion.tool_calls.length === 0) {
      const text = (completion.content ?? '').trim();
      return { reply: text ? clip(text) : "Sorry, I didn't understand that.", intent: null, actions: [] };
    }

    const replies: string[] = [];
    const actions: AgentAction[] = [];
    let intent: string | null = null;
    for (const call of completion.tool_calls) {
      const parsed = toolCallToIntent(call.name, call.arguments, registry, msg.area ?? null);
      if (!parsed.ok) {
        this.log.info(
          { tool: call.name },
          'language model proposed a tool call that does not validate; nothing acts',
        );
        replies.push(parsed.reply);
        continue;
      }
      const r = await this.homeAgent.handleRecognized(parsed.result, msg);
      intent ??= r.intent;
      replies.push(r.reply);
      actions.push(...r.actions);
      // A question back (which one? are you sure?) ends the turn: the answer must come first.
      if (r.actions.length === 0 && r.reply.endsWith('?')) break;
    }
    return { reply: replies.join(' '), intent, actions };
  }
}

function clip(text: string): string {
  return text.length <= MAX_REPLY_CHARS ? text : `${text.slice(0, MAX_REPLY_CHARS - 1)}…`;
}

/** What the model is told: its job, the rules, and the home's areas and devices by exact name. */
export function systemPrompt(registry: IntentRegistry, callerArea: string | null): string {
  const areaName = new Map(registry.areas.map((a) => [a.id, a.name]));
  const entities = registry.entities.slice(0, MAX_LISTED);
  const lines = entities.map((e) => {
    const where = e.area ? areaName.get(e.area) : undefined;
    const state = e.state == null ? '' : `: ${e.state}`;
    return `- ${e.name} (${e.domain}${where ? `, ${where}` : ''})${state}`;
  });
  const more =
    registry.entities.length > MAX_LISTED
      ? `\n(and ${registry.entities.length - MAX_LISTED} more not listed)`
      : '';
  return [
    'You are the Home agent of Hearth, a smart-home controller. Use the tools to control devices or to answer questions about them.',
    'Use only the exact device, area and floor names listed below. If the request is unclear or not about the home, do not call a tool: answer in one short sentence.',
    callerArea ? `The person is in the ${callerArea}.` : '',
    `Areas: ${registry.areas.map((a) => a.name).join(', ') || 'none'}.`,
    `Floors: ${registry.floors.map((f) => f.name).join(', ') || 'none'}.`,
    `Devices:\n${lines.join('\n')}${more}`,
  ]
    .filter(Boolean)
    .join('\n');
}
