/**
 * Creating scenes by chat. Two phrasings:
 *   "save the living room as reading time"                 → a snapshot of the area now
 *   "create a scene called movie with the tv backlight on and the blinds closed"
 *                                                          → a scene from explicit settings
 * Each setting ("the blinds closed", "the lamp at 30%") is rewritten as a command and read by
 * the same intent engine, so names, areas and typos work as they do in commands.
 */
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
