/**
 * The Home agent (priority 35): natural-language commands and questions about the home,
 * understood locally (exact templates, then the second stage; see understanding/) in the
 * context of a conversation, and run through the home core's control path with cause
 * `{type:'agent', id:'home', user_id}` on behalf of the person who asked (so undo and history
 * know them). Viewers may ask but not act; unlocking, opening a garage door, disarming and
 * creating an automation wait for an explicit "yes" in the same conversation.
 */
import type { Clock } from '../clock.js';
import type { Agent, AgentAction, AgentMessage, AgentReply, AgentStatus } from './agents.js';
import type { AgentActor, HomeAccess } from './home-access.js';
import { IntentEngine, type IntentResult } from './intents/engine.js';
import { tokenize } from './intents/normalize.js';
import { asResult, needsConfirmation, plan, type PlannedCommand } from './plan.js';
import { answerQuestion, QUESTIONS } from './questions.js';
import { actionReply, confirmQuestion, joinNames } from './replies.js';
import { createSceneFromChat, parseSceneRequest } from './scene-chat.js';
import { TooManyTimers, type AgentTimers } from './timers/service.js';
import { Conversations, type Conversation } from './understanding/conversation.js';
import type { Reading } from './understanding/reading.js';
import { automationFromRule, ruleInWords } from './understanding/rules.js';
import {
  clockIn,
  dateReply,
  dueOf,
  helpReply,
  timeReply,
  timerLabel,
  whenInWords,
} from './understanding/replies.js';
import type { RuleDraft } from './understanding/read-rule.js';
import { Understanding, type Command } from './understanding/understand.js';

const YES = /^(yes|yeah|yep|sure|ok|okay|confirm|confirmed|do it|go ahead|please do|yes please)\b/i;
const NO = /^(no|nope|cancel|stop|don'?t|never ?mind|abort)\b/i;
const PENDING_MS = 60_000;

type Pending =
  | { kind: 'commands'; commands: PlannedCommand[]; intent: string; expires: number }
  | { kind: 'rule'; rule: RuleDraft; expires: number };

export class HomeAgent implements Agent {
  readonly name = 'home';
  readonly priority = 35;
  readonly engine: IntentEngine;
  readonly understanding: Understanding;
  private readonly pending = new Map<string, Pending>();
  private readonly conversations: Conversations;
  private registrySeen: unknown;

  constructor(
    private readonly home: HomeAccess | undefined,
    private readonly clock: Clock,
    engine?: IntentEngine,
    private readonly timers?: AgentTimers,
  ) {
    this.engine =
      engine ?? new IntentEngine(home ? home.registry() : { entities: [], areas: [], floors: [] });
    this.understanding = new Understanding(this.engine);
    this.registrySeen = this.engine.registry;
    this.conversations = new Conversations(clock);
    timers?.setRunner((row) => this.runTimer(row));
  }

  status(): AgentStatus {
    return this.home ? 'ready' : 'unavailable';
  }

  accepts(msg: AgentMessage): boolean {
    if (this.pendingFor(msg.conversation_id)) return true;
    if (parseSceneRequest(msg.text)) return true;
    this.refresh();
    // a copy: deciding whether to accept must not consume a "which one?"
    const conv = { ...this.conversations.get(msg.conversation_id) };
    return this.understanding.understand(msg.text, msg.area ?? null, conv).kind !== 'none';
  }

  async handle(msg: AgentMessage): Promise<AgentReply> {
    const home = this.home;
    if (!home) return { reply: 'The home is not available right now.', intent: null, actions: [] };
    const pending = this.pendingFor(msg.conversation_id);
    if (pending) {
      this.pending.delete(msg.conversation_id);
      if (YES.test(msg.text.trim())) {
        if (msg.user.role === 'viewer')
          return refuse(pending.kind === 'rule' ? 'HearthAutomationCreate' : pending.intent);
        if (pending.kind === 'rule') return this.createRule(pending.rule);
        return this.run(pending.intent, pending.commands, actorOf(msg));
      }
      if (NO.test(msg.text.trim())) return { reply: 'Okay, I left it as it is.', intent: null, actions: [] };
      // anything else: the question lapses and the message is handled on its own
    }
    const scene = parseSceneRequest(msg.text);
    if (scene) {
      if (msg.user.role === 'viewer') return refuse('HassSceneCreate');
      return createSceneFromChat(scene, msg, home, this.engine);
    }
    this.refresh();
    const conv = this.conversations.get(msg.conversation_id);
    const u = this.understanding.understand(msg.text, msg.area ?? null, conv);
    this.understanding.remember(conv, u);
    switch (u.kind) {
      case 'none':
        return { reply: "Sorry, I didn't understand that.", intent: null, actions: [] };
      case 'ask':
        return { reply: u.reading.ask ?? 'Which one?', intent: u.reading.intent, actions: [] };
      case 'special':
        return this.special(u.intent, msg, conv);
      case 'rule': {
        if (msg.user.role === 'viewer') return refuse('HearthAutomationCreate');
        const commands = ruleCommands(u.rule, home);
        if (commands.length === 0)
          return {
            reply: "I can't make that into an automation.",
            intent: 'HearthAutomationCreate',
            actions: [],
          };
        this.pending.set(msg.conversation_id, {
          kind: 'rule',
          rule: u.rule,
          expires: this.clock.now() + PENDING_MS,
        });
        return {
          reply: `${ruleInWords(u.rule, commands, (id) => this.nameOf(id))} Shall I create this automation? Say yes to confirm.`,
          intent: 'HearthAutomationCreate',
          actions: [],
        };
      }
      case 'command':
        if (u.command.when) return this.schedule(u.command, msg, conv);
        return this.handleReading(u.command.reading, msg);
      case 'compound':
        return this.compound(u.parts, msg, conv);
    }
  }

  /**
   * Acts on a recognised intent from the language-model fallback: the same rules as a reading
   * (questions answered, viewers refused, risky commands confirmed, the control path).
   */
  async handleRecognized(r: IntentResult, msg: AgentMessage): Promise<AgentReply> {
    if (!r.intent) return { reply: "Sorry, I didn't understand that.", intent: null, actions: [] };
    if (r.ask) return { reply: r.ask, intent: r.intent, actions: [] };
    return this.handleReading({ intent: r.intent, slots: r.slots, entity_ids: r.entity_ids }, msg);
  }

  private async handleReading(r: Reading, msg: AgentMessage): Promise<AgentReply> {
    const home = this.home!;
    if (QUESTIONS.has(r.intent)) return { reply: answerQuestion(r, home), intent: r.intent, actions: [] };
    if (msg.user.role === 'viewer') return refuse(r.intent);
    const { commands, entities } = plan(asResult(r), home);
    if (commands.length === 0)
      return { reply: nothingFound(r, entities.length), intent: r.intent, actions: [] };
    const risky = commands.filter((c) => needsConfirmation(c, home.entity(c.entity_id)!));
    if (risky.length > 0) {
      this.pending.set(msg.conversation_id, {
        kind: 'commands',
        commands,
        intent: r.intent,
        expires: this.clock.now() + PENDING_MS,
      });
      return { reply: confirmQuestion(risky, (id) => this.nameOf(id)), intent: r.intent, actions: [] };
    }
    return this.run(r.intent, commands, actorOf(msg));
  }

  /** Each part through the control path; one reply that says what happened to each. */
  private async compound(parts: Command[], msg: AgentMessage, conv: Conversation): Promise<AgentReply> {
    const replies: string[] = [];
    const actions: AgentAction[] = [];
    for (const part of parts) {
      const r = part.when
        ? await this.schedule(part, msg, conv)
        : await this.handleReading(part.reading, msg);
      replies.push(r.reply);
      actions.push(...r.actions);
      // a confirmation question stops the sequence: the rest would run before the answer
      if (this.pendingFor(msg.conversation_id)) break;
    }
    return { reply: replies.join(' '), intent: parts.map((p) => p.reading.intent).join('+'), actions };
  }

  /** "turn off the kitchen light in 10 minutes": a persisted one-shot timer. */
  private async schedule(cmd: Command, msg: AgentMessage, conv: Conversation): Promise<AgentReply> {
    const intent = cmd.reading.intent;
    if (!this.timers) return { reply: "I can't set timers here.", intent, actions: [] };
    if (msg.user.role === 'viewer') return refuse(intent);
    const { commands, entities } = plan(asResult(cmd.reading), this.home!);
    if (commands.length === 0)
      return { reply: nothingFound(cmd.reading, entities.length), intent, actions: [] };
    if (commands.some((c) => needsConfirmation(c, this.home!.entity(c.entity_id)!)))
      return { reply: 'For safety I only do that right away, with a confirmation.', intent, actions: [] };
    const tz = this.timeZone();
    const due = dueOf(cmd.when!, this.clock.now(), tz);
    const label = timerLabel(commands, (id) => this.nameOf(id));
    let row;
    try {
      row = await this.timers.add({ user_id: msg.user.id, label, commands, due });
    } catch (err) {
      if (err instanceof TooManyTimers)
        return { reply: 'You have too many timers set; cancel some first.', intent, actions: [] };
      throw err;
    }
    conv.lastTimer = row.id;
    return {
      reply: `Okay, I'll ${label} ${whenInWords(cmd.when!, due, this.clock.now(), tz)}.`,
      intent,
      actions: [],
    };
  }

  private async runTimer(row: { user_id: string; commands: PlannedCommand[] }) {
    const r = await this.run('HearthTimer', row.commands, { agent: this.name, user_id: row.user_id });
    return r.actions.map((a) => ({ entity_id: a.entity_id, outcome: a.outcome }));
  }

  private async special(intent: string, msg: AgentMessage, conv: Conversation): Promise<AgentReply> {
    const now = this.clock.now();
    switch (intent) {
      case 'HassGetCurrentTime':
        return { reply: timeReply(now, this.timeZone()), intent, actions: [] };
      case 'HassGetCurrentDate':
        return { reply: dateReply(now, this.timeZone()), intent, actions: [] };
      case 'HearthHelp':
        return { reply: helpReply(this.engine.registry), intent, actions: [] };
      case 'HearthUndo': {
        if (msg.user.role === 'viewer') return refuse(intent);
        const r = await this.home!.undo(actorOf(msg));
        if (!r.restored) return { reply: 'There is nothing of yours to undo.', intent, actions: [] };
        const names = joinNames([...new Set(r.results.map((x) => `the ${this.nameOf(x.entity_id)}`))]);
        return {
          reply: `Okay, I put ${names || 'it'} back.`,
          intent,
          actions: r.results.map((x) => ({ entity_id: x.entity_id, action: x.action, outcome: x.outcome })),
        };
      }
      case 'HearthTimerList': {
        const list = this.timers?.list(msg.user.id) ?? [];
        if (list.length === 0) return { reply: 'You have no timers set.', intent, actions: [] };
        const items = list.map((t) => `${t.label} at ${clockIn(Date.parse(t.due_at), this.timeZone())}`);
        return { reply: `${capital(joinAll(items))}.`, intent, actions: [] };
      }
      case 'HearthTimerCancel': {
        if (msg.user.role === 'viewer') return refuse(intent);
        const mine = this.timers?.list(msg.user.id) ?? [];
        // "cancel the kettle timer": the timer whose label names what was said, never another
        const said = timerWords(msg.text);
        const named =
          said.length > 0 ? mine.filter((t) => said.every((w) => labelWords(t.label).has(w))) : undefined;
        if (named && named.length !== 1)
          return {
            reply:
              named.length === 0
                ? "You have no timer for that; say 'what timers do I have' to hear them."
                : 'Several of your timers fit; cancel one on the dashboard.',
            intent,
            actions: [],
          };
        const id = named
          ? named[0]!.id
          : conv.lastTimer && mine.some((t) => t.id === conv.lastTimer)
            ? conv.lastTimer
            : mine.length === 1
              ? mine[0]!.id
              : undefined;
        if (!id) {
          return {
            reply:
              mine.length === 0
                ? 'You have no timers set.'
                : 'You have several timers; cancel one on the dashboard or say which.',
            intent,
            actions: [],
          };
        }
        const label = this.timers!.get(id)?.label ?? 'that';
        await this.timers!.cancel(id);
        if (conv.lastTimer === id) conv.lastTimer = undefined;
        return { reply: `Cancelled: ${label}.`, intent, actions: [] };
      }
      default:
        return { reply: "Sorry, I didn't understand that.", intent: null, actions: [] };
    }
  }

  private async createRule(rule: RuleDraft): Promise<AgentReply> {
    const intent = 'HearthAutomationCreate';
    const def = automationFromRule(rule, ruleCommands(rule, this.home!), (id) => this.nameOf(id));
    if (!def) return { reply: "I can't make that into an automation.", intent, actions: [] };
    try {
      const a = await this.home!.createAutomation(def);
      return { reply: `Created the automation "${a.name}".`, intent, actions: [] };
    } catch (err) {
      return {
        reply: `I couldn't create it: ${err instanceof Error ? err.message : String(err)}`,
        intent,
        actions: [],
      };
    }
  }

  /** Re-indexes when the home's registry snapshot changed (entities, areas, scenes). */
  refresh(): void {
    const reg = this.home?.registry();
    if (reg && reg !== this.registrySeen) {
      this.registrySeen = reg;
      this.understanding.setRegistry(reg);
    }
  }

  private pendingFor(conversationId: string): Pending | undefined {
    const p = this.pending.get(conversationId);
    if (p && p.expires < this.clock.now()) {
      this.pending.delete(conversationId);
      return undefined;
    }
    return p;
  }

  /** The home's time zone (settings), else the process's. */
  private timeZone(): string {
    return this.home?.timeZone?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  private nameOf(id: string): string {
    return this.home?.entity(id)?.name ?? id;
  }

  private async run(intent: string, commands: PlannedCommand[], by: AgentActor): Promise<AgentReply> {
    const home = this.home!;
    const results = [];
    for (const cmd of commands) {
      if (cmd.action === 'activate' && cmd.entity_id.startsWith('scene.')) {
        const res = await home.activateScene(cmd.entity_id, by);
        const failed = res.find((x) => x.outcome === 'failed' || x.outcome === 'timeout');
        results.push({
          entity_id: cmd.entity_id,
          action: 'activate',
          outcome: failed ? failed.outcome : 'confirmed',
        });
      } else {
        try {
          results.push(await home.execute(cmd, by));
        } catch (err) {
          results.push({
            entity_id: cmd.entity_id,
            action: cmd.action,
            outcome: 'failed',
            error: err instanceof Error ? err.message : String(err),
          });
        }
      }
    }
    return {
      reply: actionReply(commands, results, (id) => this.nameOf(id)),
      intent,
      actions: results.map((x) => ({ entity_id: x.entity_id, action: x.action, outcome: x.outcome })),
    };
  }
}

const actorOf = (msg: AgentMessage): AgentActor => ({ agent: 'home', user_id: msg.user.id });

function refuse(intent: string): AgentReply {
  return { reply: "Sorry, viewers can ask about the home but can't control it.", intent, actions: [] };
}

function nothingFound(r: Reading, found: number): string {
  if (found > 0) return "That device can't do that.";
  const where =
    typeof r.slots.area === 'string'
      ? ` in the ${r.slots.area}`
      : typeof r.slots.floor === 'string'
        ? ` on the ${r.slots.floor}`
        : '';
  return `I couldn't find anything to control${where}.`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const joinAll = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Words that say which timer beyond "cancel the timer": "cancel the kettle timer" → kettle. */
const NOT_WHICH_TIMER = new Set(
  `cancel scrap delete remove forget drop stop never mind the a an my that this it its timer timers
   one 1 ones please for of on off all last again now just can could would you pls thanks`.split(/\s+/),
);
function timerWords(text: string): string[] {
  return tokenize(text).filter((w) => !NOT_WHICH_TIMER.has(w));
}
function labelWords(label: string): Set<string> {
  return new Set(tokenize(label));
}

/** What a rule would do, planned; nothing when any of its parts acts on nothing. */
function ruleCommands(rule: RuleDraft, home: HomeAccess): PlannedCommand[] {
  const each = rule.commands.map((c) => plan(asResult(c), home).commands);
  return each.some((p) => p.length === 0) ? [] : each.flat();
}
