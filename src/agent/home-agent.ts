/**
 * The Home agent (priority 35): natural-language commands and questions about the home,
 * recognised locally by the intent engine and run through the home core's control path with
 * cause `agent`. Viewers may ask but not act; unlocking, opening a garage door and disarming
 * wait for an explicit "yes" in the same conversation.
 */
import type { Clock } from '../clock.js';
import type { Agent, AgentMessage, AgentReply, AgentStatus } from './agents.js';
import type { HomeAccess, HomeEntityView } from './home-access.js';
import { IntentEngine, type IntentResult } from './intents/engine.js';
import { commandFor, needsConfirmation, plan, targetEntities, type PlannedCommand } from './plan.js';
import { actionReply, confirmQuestion, describeState, stateAnswer, stateText } from './replies.js';
import { parseSceneRequest, settingAsCommand } from './scene-chat.js';

const QUESTIONS = new Set(['HassGetState', 'HassClimateGetTemperature']);
const YES = /^(yes|yeah|yep|sure|ok|okay|confirm|confirmed|do it|go ahead|please do|yes please)\b/i;
const NO = /^(no|nope|cancel|stop|don'?t|never ?mind|abort)\b/i;
const PENDING_MS = 60_000;

interface Pending { commands: PlannedCommand[]; intent: string; expires: number }

export class HomeAgent implements Agent {
  readonly name = 'home';
  readonly priority = 35;
  readonly engine: IntentEngine;
  private readonly pending = new Map<string, Pending>();
  private last: { key: string; result: IntentResult } | undefined;

  constructor(private readonly home: HomeAccess | undefined, private readonly clock: Clock, engine?: IntentEngine) {
    this.engine = engine ?? new IntentEngine(home ? home.registry() : { entities: [], areas: [], floors: [] });
  }

  status(): AgentStatus { return this.home ? 'ready' : 'unavailable'; }

  accepts(msg: AgentMessage): boolean {
    if (this.pendingFor(msg.conversation_id)) return true;
    if (parseSceneRequest(msg.text)) return true;
    return this.recognize(msg).intent !== null;
  }

  async handle(msg: AgentMessage): Promise<AgentReply> {
    const home = this.home;
    if (!home) return { reply: 'The home is not available right now.', intent: null, actions: [] };
    const pending = this.pendingFor(msg.conversation_id);
    if (pending) {
      this.pending.delete(msg.conversation_id);
      if (YES.test(msg.text.trim())) {
        if (msg.user.role === 'viewer') return refuse(pending.intent);
        return this.run(pending.intent, pending.commands);
      }
      if (NO.test(msg.text.trim())) return { reply: 'Okay, I left it as it is.', intent: null, actions: [] };
      // anything else: the question lapses and the message is handled on its own
    }
    const scene = parseSceneRequest(msg.text);
    if (scene) {
      if (msg.user.role === 'viewer') return refuse('HassSceneCreate');
      return this.createScene(scene, msg);
    }
    return this.handleRecognized(this.recognize(msg), msg);
  }

  /**
   * Acts on a recognised intent: asks back when ambiguous, answers questions, refuses viewers,
   * asks for confirmation of risky commands, else runs the commands through the control path.
   * The language-model fallback comes here too, so its tool calls get exactly these rules.
   */
  async handleRecognized(r: IntentResult, msg: AgentMessage): Promise<AgentReply> {
    const home = this.home;
    if (!home) return { reply: 'The home is not available right now.', intent: null, actions: [] };
    if (!r.intent) return { reply: "Sorry, I didn't understand that.", intent: null, actions: [] };
    if (r.ask) return { reply: r.ask, intent: r.intent, actions: [] };
    if (QUESTIONS.has(r.intent)) return { reply: this.answer(r), intent: r.intent, actions: [] };
    if (msg.user.role === 'viewer') return refuse(r.intent);

    const { commands, entities } = plan(r, home);
    if (commands.length === 0) return { reply: nothingFound(r, entities.length), intent: r.intent, actions: [] };
    const risky = commands.filter((c) => needsConfirmation(c, home.entity(c.entity_id)!));
    if (risky.length > 0) {
      this.pending.set(msg.conversation_id, { commands, intent: r.intent, expires: this.clock.now() + PENDING_MS });
      return { reply: confirmQuestion(risky, (id) => this.nameOf(id)), intent: r.intent, actions: [] };
    }
    return this.run(r.intent, commands);
  }

  /** Re-indexes the engine when the home's registry snapshot changed (entities, areas, scenes). */
  refresh(): void {
    const reg = this.home?.registry();
    if (reg && reg !== this.engine.registry) {
      this.engine.setRegistry(reg);
      this.last = undefined;
    }
  }

  private recognize(msg: AgentMessage): IntentResult {
    this.refresh();
    const key = `${msg.area ?? ''}\u0000${msg.text}`;
    if (this.last?.key === key) return this.last.result;
    const result = this.engine.recognize(msg.text, { area: msg.area ?? null });
    this.last = { key, result };
    return result;
  }

  private pendingFor(conversationId: string): Pending | undefined {
    const p = this.pending.get(conversationId);
    if (p && p.expires < this.clock.now()) {
      this.pending.delete(conversationId);
      return undefined;
    }
    return p;
  }

  private nameOf(id: string): string { return this.home?.entity(id)?.name ?? id; }

  private async run(intent: string, commands: PlannedCommand[]): Promise<AgentReply> {
    const home = this.home!;
    const results = [];
    for (const cmd of commands) {
      if (cmd.action === 'activate' && cmd.entity_id.startsWith('scene.')) {
        const res = await home.activateScene(cmd.entity_id, this.name);
        const failed = res.find((x) => x.outcome === 'failed' || x.outcome === 'timeout');
        results.push({ entity_id: cmd.entity_id, action: 'activate', outcome: failed ? failed.outcome : 'confirmed' });
      } else {
        try {
          results.push(await home.execute(cmd, this.name));
        } catch (err) {
          results.push({ entity_id: cmd.entity_id, action: cmd.action, outcome: 'failed', error: err instanceof Error ? err.message : String(err) });
        }
      }
    }
    return {
      reply: actionReply(commands, results, (id) => this.nameOf(id)),
      intent,
      actions: results.map((x) => ({ entity_id: x.entity_id, action: x.action, outcome: x.outcome })),
    };
  }

  private answer(r: IntentResult): string {
    const home = this.home!;
    const entities = targetEntities(r, home.registry()).map((id) => home.entity(id)).filter((e): e is HomeEntityView => !!e);
    if (r.intent === 'HassClimateGetTemperature') {
      const e = entities.find((x) => typeof x.attributes['current_temperature'] === 'number');
      if (!e) return "I don't know the temperature there.";
      const where = typeof r.slots['area'] === 'string' ? ` in the ${r.slots['area']}` : '';
      return `It is ${String(e.attributes['current_temperature'])} degrees${where}.`;
    }
    const wanted = typeof r.slots['state'] === 'string' ? r.slots['state'] : undefined;
    if (!wanted && entities.length === 1) return describeState(entities[0]!);
    const word = wanted ? (wanted === 'not_home' ? 'away' : wanted) : '';
    if (wanted && entities.length === 1 && String(entities[0]!.state) !== wanted) {
      return `No, the ${entities[0]!.name} is ${stateText(entities[0]!)}.`;
    }
    return stateAnswer(entities, wanted, word);
  }

  private async createScene(req: NonNullable<ReturnType<typeof parseSceneRequest>>, msg: AgentMessage): Promise<AgentReply> {
    const home = this.home!;
    const intent = 'HassSceneCreate';
    if (req.kind === 'snapshot') {
      const reg = home.registry();
      const key = req.place.toLowerCase().replace(/^the\s+/, '');
      const area = reg.areas.find((a) => a.name.toLowerCase() === key || (a.aliases ?? []).some((x) => x.toLowerCase() === key));
      if (area) {
        const scene = await home.snapshotScene(req.name, { area: area.id });
        return { reply: `Saved the ${area.name} as ${scene.name}.`, intent, actions: [] };
      }
      const r = this.engine.recognize(`turn on ${req.place}`, { area: msg.area ?? null });
      const ids = r.intent ? targetEntities(r, reg) : [];
      if (ids.length === 0) return { reply: `I don't know a room or device called ${req.place}.`, intent, actions: [] };
      const scene = await home.snapshotScene(req.name, { entities: ids });
      return { reply: `Saved ${req.place} as ${scene.name}.`, intent, actions: [] };
    }
    const actions: { entity: string; action: string; [param: string]: unknown }[] = [];
    for (const setting of req.settings) {
      const r = this.engine.recognize(settingAsCommand(setting), { area: msg.area ?? null });
      if (!r.intent || r.ask || QUESTIONS.has(r.intent)) return { reply: r.ask ?? `I didn't understand "${setting}".`, intent, actions: [] };
      const ids = targetEntities(r, home.registry());
      const found = ids.map((id) => home.entity(id)).filter((e): e is HomeEntityView => !!e);
      const cmds = found.map((e) => commandFor(r.intent!, r.slots, e)).filter((c): c is PlannedCommand => !!c);
      if (cmds.length === 0) return { reply: `I couldn't find anything for "${setting}".`, intent, actions: [] };
      for (const c of cmds) actions.push({ entity: c.entity_id, action: c.action, ...c.params });
    }
    const scene = await home.createScene(req.name, actions);
    return { reply: `Created the scene ${scene.name} with ${actions.length} ${actions.length === 1 ? 'setting' : 'settings'}.`, intent, actions: [] };
  }
}

function refuse(intent: string): AgentReply {
  return { reply: "Sorry, viewers can ask about the home but can't control it.", intent, actions: [] };
}

function nothingFound(r: IntentResult, found: number): string {
  if (found > 0) return "That device can't do that.";
  const where = typeof r.slots['area'] === 'string' ? ` in the ${r.slots['area']}` : typeof r.slots['floor'] === 'string' ? ` on the ${r.slots['floor']}` : '';
  return `I couldn't find anything to control${where}.`;
}
