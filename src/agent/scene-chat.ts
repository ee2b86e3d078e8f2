/**
 * Creating scenes by chat. Two phrasings:
 *   "save the living room as reading time"                 → a snapshot of the area now
 *   "create a scene called movie with the tv backlight on and the blinds closed"
 *                                                          → a scene from explicit settings
 * Each setting ("the blinds closed", "the lamp at 30%") is rewritten as a command and read by
 * the same intent engine, so names, areas and typos work as they do in commands.
 */
import type { AgentMessage, AgentReply } from './agents.js';
import type { HomeAccess, HomeEntityView } from './home-access.js';
import type { IntentEngine } from './intents/engine.js';
import { commandFor, targetEntities, type PlannedCommand } from './plan.js';
import { QUESTIONS } from './questions.js';

const SNAPSHOT =
  /^(?:please\s+)?(?:save|store|remember|snapshot)\s+(?:the\s+)?(.+?)\s+as\s+(?:a\s+)?(?:scene\s+)?(?:called\s+|named\s+)?["']?(.+?)["']?[.!]?$/i;
const CREATE =
  /^(?:please\s+)?(?:create|make|add|set up)\s+(?:a\s+)?(?:new\s+)?scene\s+(?:called|named)\s+["']?(.+?)["']?\s+with\s+(.+?)[.!]?$/i;

export type SceneRequest =
  { kind: 'snapshot'; place: string; name: string } | { kind: 'create'; name: string; settings: string[] };

export function parseSceneRequest(text: string): SceneRequest | undefined {
  const t = text.trim();
  const c = CREATE.exec(t);
  if (c) {
    const settings = c[2]!
      .split(/\s*(?:,\s*(?:and\s+)?|\s+and\s+)\s*/i)
      .map((s) => s.trim())
      .filter(Boolean);
    return { kind: 'create', name: c[1]!.trim(), settings };
  }
  const s = SNAPSHOT.exec(t);
  if (s) return { kind: 'snapshot', place: s[1]!.trim(), name: s[2]!.trim() };
  return undefined;
}

/** "the blinds closed" → "close the blinds"; "the lamp at 30%" → "set the lamp to 30%". */
export function settingAsCommand(setting: string): string {
  const s = setting.trim().replace(/[.!]$/, '');
  let m: RegExpExecArray | null;
  if ((m = /^(.+?)\s+(?:at|to)\s+(\d+(?:\.\d+)?\s*(?:%|percent|degrees|°)?)$/i.exec(s)))
    return `set ${m[1]} to ${m[2]}`;
  if ((m = /^(.+?)\s+(on|off)$/i.exec(s))) return `turn ${m[2]} ${m[1]}`;
  if ((m = /^(.+?)\s+(closed|shut)$/i.exec(s))) return `close ${m[1]}`;
  if ((m = /^(.+?)\s+(open|opened)$/i.exec(s))) return `open ${m[1]}`;
  if ((m = /^(.+?)\s+locked$/i.exec(s))) return `lock ${m[1]}`;
  if ((m = /^(.+?)\s+unlocked$/i.exec(s))) return `unlock ${m[1]}`;
  if (
    (m =
      /^(.+?)\s+(red|orange|yellow|green|blue|purple|pink|white|warm white|cool white|turquoise|cyan|magenta)$/i.exec(
        s,
      ))
  )
    return `set ${m[1]} to ${m[2]}`;
  return s;
}

/**
 * Creates the scene a person asked for: a snapshot of an area (or of the devices a place names)
 * now, or the settings read one by one as commands.
 */
export async function createSceneFromChat(
  req: SceneRequest,
  msg: AgentMessage,
  home: HomeAccess,
  engine: IntentEngine,
): Promise<AgentReply> {
  const intent = 'HassSceneCreate';
  if (req.kind === 'snapshot') {
    const reg = home.registry();
    const key = req.place.toLowerCase().replace(/^the\s+/, '');
    const area = reg.areas.find(
      (a) => a.name.toLowerCase() === key || (a.aliases ?? []).some((x) => x.toLowerCase() === key),
    );
    if (area) {
      const scene = await home.snapshotScene(req.name, { area: area.id });
      return { reply: `Saved the ${area.name} as ${scene.name}.`, intent, actions: [] };
    }
    const r = engine.recognize(`turn on ${req.place}`, { area: msg.area ?? null });
    const ids = r.intent ? targetEntities(r, reg) : [];
    if (ids.length === 0)
      return { reply: `I don't know a room or device called ${req.place}.`, intent, actions: [] };
    const scene = await home.snapshotScene(req.name, { entities: ids });
    return { reply: `Saved ${req.place} as ${scene.name}.`, intent, actions: [] };
  }
  const actions: { entity: string; action: string; [param: string]: unknown }[] = [];
  for (const setting of req.settings) {
    const r = engine.recognize(settingAsCommand(setting), { area: msg.area ?? null });
    if (!r.intent || r.ask || QUESTIONS.has(r.intent))
      return { reply: r.ask ?? `I didn't understand "${setting}".`, intent, actions: [] };
    const ids = targetEntities(r, home.registry());
    const found = ids.map((id) => home.entity(id)).filter((e): e is HomeEntityView => !!e);
    const cmds = found.map((e) => commandFor(r.intent!, r.slots, e)).filter((c): c is PlannedCommand => !!c);
    if (cmds.length === 0)
      return { reply: `I couldn't find anything for "${setting}".`, intent, actions: [] };
    for (const c of cmds) actions.push({ entity: c.entity_id, action: c.action, ...c.params });
  }
  const scene = await home.createScene(req.name, actions);
  return {
    reply: `Created the scene ${scene.name} with ${actions.length} ${actions.length === 1 ? 'setting' : 'settings'}.`,
    intent,
    actions: [],
  };
}
