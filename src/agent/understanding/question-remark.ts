/**
 * A question, then a remark: "how cold is it outside, need to know how many layers to put her
 * in", "is the telly still on? kids are meant to be doing homework", "how humid is the
 * bathroom after that long shower". An answer changes nothing in the home, so what follows a
 * question may tell anything — as long as it asks for nothing itself: no request, no action
 * on a device, nothing said to the agent.
 */
import { tokenize } from '../intents/normalize.js';
import type { RequestReader } from './around-request.js';
import type { SecondStage } from './reader.js';
import { NOT_A_REASON, REASON_OPENERS, SUBJECT_OPENERS } from './clauses.js';
import { ACTION_VERBS, declarative } from './guards.js';
import { QUESTION_INTENTS, type Referent } from './reading.js';
import { specialIntent } from './special-requests.js';
import type { Understood } from './understand.js';

/** Where a question may end and a remark begin in written text. */
const BOUNDARY = /[?!.,;:]+\s+|\s+[-\u2013\u2014]+\s+/g;

/** Words of a hypothetical or a condition: "what happens if I open …", "… while the alarm is on". */
const CONDITIONS = new Set([
  'if',
  'unless',
  'while',
  'whilst',
  'when',
  'once',
  'whether',
  'happens',
  'happen',
]);

/** Words that open a remark said straight after a question, with no stop between. */
const REMARK_OPENERS = new Set([
  // ("… while the alarm is on": a condition of the question, no remark)
  ...[...REASON_OPENERS].filter((w) => !CONDITIONS.has(w)),
  ...[...SUBJECT_OPENERS].filter((w) => w !== 'the'),
  'after',
  'kids',
  'lol',
  'ngl',
  'tbh',
  'feels',
  'gotta',
  'just',
]);

/** What a verb of action acts on, said after it: "lock it", "switch the heater off". */
const OBJECTS = new Set(['it', 'them', 'that', 'this', 'those', 'these', 'the', 'all', 'everything']);

/** Words of a request or of speaking to the agent: such a tail is no remark. */
const ASKING = new Set(['you', 'u', 'ya', 'please', 'pls', 'plz', 'plis']);

/** Questions outside device control that a remark may follow. */
export const TELLING: ReadonlySet<string> = new Set(['HassGetCurrentTime', 'HassGetCurrentDate']);

export function questionThenRemark(
  reader: RequestReader,
  text: string,
  area: string | null,
  referent: Referent | undefined,
): Understood | undefined {
  const cuts = cutsOf(reader, text);
  if (cuts.length === 0) return undefined;
  // (the whole read as one comes first)
  const whole = reader.single(tokenize(text), area, referent);
  if (whole && whole.kind !== 'none') return undefined;
  for (const [head, tail] of cuts) {
    const asked = question(reader, tokenize(head), area, referent);
    if (asked && remarkOnly(reader, tail, area, referent)) return asked;
  }
  return undefined;
}

/** Where the question may end and a remark begin: at a stop, or before a word that opens one. */
function cutsOf(reader: RequestReader, text: string): [string, string][] {
  const cuts: [string, string][] = [];
  for (const m of text.matchAll(BOUNDARY)) {
    const head = text.slice(0, m.index).trim();
    const tail = text.slice(m.index + m[0].length).trim();
    if (head && tail) cuts.push([head, tail]);
  }
  // with no stop between: the remark opens with a word that opens one ("… my towels never dry")
  const tokens = tokenize(text);
  for (let i = 3; i < tokens.length - 1; i++) {
    // ("is the porch light on after sunset": another time asked of, not what happened after)
    if (
      tokens[i] === 'after' &&
      (tokens.slice(i + 1).some((t) => NOT_A_REASON.has(t)) || /^\d/.test(tokens[i + 1]!))
    )
      continue;
    if (REMARK_OPENERS.has(tokens[i]!) || reader.stage2.personNamed(tokens[i]!))
      cuts.push([tokens.slice(0, i).join(' '), tokens.slice(i).join(' ')]);
  }
  return cuts;
}

/** The head as a question of the home or of the time, or undefined. */
function question(
  reader: RequestReader,
  head: string[],
  area: string | null,
  referent: Referent | undefined,
): Understood | undefined {
  if (head.some((w) => CONDITIONS.has(w))) return undefined;
  const own = specialIntent(head);
  if (own) return TELLING.has(own) ? { kind: 'special', intent: own } : undefined;
  const u = reader.single(head, area, referent);
  if (u?.kind !== 'command' || u.command.when || !QUESTION_INTENTS.has(u.command.reading.intent))
    return undefined;
  return u;
}

/** Whether the words after a question ask for nothing: a remark, not a request. */
function remarkOnly(
  reader: RequestReader,
  tail: string,
  area: string | null,
  referent: Referent | undefined,
): boolean {
  const u = reader.single(tokenize(tail), area, referent);
  if (u && u.kind !== 'none' && !(u.kind === 'command' && QUESTION_INTENTS.has(u.command.reading.intent)))
    return false;
  return asksNothing(reader.stage2, tail);
}

/**
 * Whether words that read as no command ask for nothing: no verb of action first, nothing said
 * to the agent, no wish for a device ("I want it off") — a statement with its own verb, or
 * words that name no device nor place of the home.
 */
export function asksNothing(stage2: SecondStage, said: string): boolean {
  const words = tokenize(said);
  if (words.length === 0 || ACTION_VERBS.has(words[0]!) || CONDITIONS.has(words[0]!)) return false;
  if (words.some((w) => ASKING.has(w))) return false;
  // ("… we are going out lock it", "… sam left it on again switch it off": a request inside)
  if (words.some((w, i) => ACTION_VERBS.has(w) && words.slice(i + 1, i + 3).some((x) => OBJECTS.has(x))))
    return false;
  // ("…, I want it off", "…, I need the heater on": a wish of its own — not "need to know …")
  const wish = words.some(
    (w, i) =>
      ['want', 'need', 'wanna', 'rather', 'like'].includes(w) &&
      ['it', 'them', 'that', 'those', 'this', 'the', 'all'].includes(words[i + 1] ?? ''),
  );
  if (wish && stage2.hasAction(said)) return false;
  return declarative(said, 5) || (!stage2.namesDevice(said) && !stage2.namesPlace(said));
}
