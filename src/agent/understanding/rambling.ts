/**
 * A request said first and then a story around it: "Would you mind starting the robot vacuum?
 * The shipping boxes left cardboard bits all over the hallway again, I swear I spend half my life
 * sweeping", "Quick question, is the coffee machine still on? I ran out the door for a pickup and
 * I have this horrible feeling, my mom used to leave the iron on all the time". The story names
 * things of the home (the hallway, the iron "on"), so no reading of the whole message holds; the
 * request alone does, and the rest asks for nothing: no clause of it opens with a verb or a
 * request, takes anything back, sets a condition or says when — unless it tells of one's own day.
 * Only a request that names its device (or a question, whose answer changes nothing).
 */
import { tokenize } from '../intents/normalize.js';
import type { Conversation } from './conversation.js';
import { ACTION_VERBS, NEGATIONS } from './guards.js';
import { QUESTION_INTENTS } from './reading.js';
import type { Understanding, Understood } from './understand.js';

/** Words that open a request, or take one back, at the start of a clause. */
const ASKING_OPENERS = new Set(
  `please pls can could would will you also and then instead actually wait no nah dont never do go
   let lets make put turn switch keep leave`.split(/\s+/),
);
/** Words of a condition or an exception, anywhere in the story: it may limit the request. */
const LIMITS = new Set(
  'if unless until till when whenever once except instead but only later tonight tomorrow soon'.split(' '),
);
/** Words that open another question in the story: it is asked, not told. */
const WHO_ASKS = new Set(['who', 'why', 'what', 'how', 'which', 'where']);
/** Who tells of their own day: a time in their clause is no time to act. */
const OWN = new Set(['i', 'im', 'ive', 'id', 'we', 'were', 'my', 'our']);
/** A request opened politely: the head must be one (or a question). */
const POLITE_HEAD =
  /^\W*(?:(?:quick question|hey|hi|hello|ok|so)\W+)?(?:could|would|can|will)\s+(?:you|u|ya)\b|^\W*please\b/i;

export function requestBeforeRemarks(
  u: Understanding,
  said: string,
  area: string | null,
  conv: Conversation,
): Understood | undefined {
  // the head: the first sentence, or the first clause before a comma
  const m = /^(.+?[?.!])\s+(\S.*)$/.exec(said.trim()) ?? /^([^,]+),\s+(\S.*)$/.exec(said.trim());
  if (!m) return undefined;
  const [, head, story] = m as unknown as [string, string, string];
  // ("What exactly is a thermostat, and who invented it?": what a thing is, no state of it)
  if (/^\W*what (?:exactly )?(?:is|are) (?:a|an)\b/i.test(head)) return undefined;
  const clauses = story
    .split(/[,.;!?]+|\band\b/i)
    .map((c) => tokenize(c))
    .filter((c) => c.length > 0);
  if (clauses.length === 0) return undefined;
  for (const c of clauses) {
    if (ASKING_OPENERS.has(c[0]!) || ACTION_VERBS.has(c[0]!) || WHO_ASKS.has(c[0]!)) return undefined;
    if (c.some((t) => LIMITS.has(t))) return undefined;
    // ("… I am not doing that without caffeine": one's own "not" tells; any other takes back)
    if (c.some((t) => NEGATIONS.has(t)) && !OWN.has(c[0]!)) return undefined;
    if (c.some((t) => /\d/.test(t)) && !OWN.has(c[0]!)) return undefined;
  }
  const read = u.understand(head, area, { ...conv });
  if (read.kind !== 'command') return undefined;
  const r = read.command.reading;
  // (a question asked as one: "…?", or opened by its word — "porch light still on, …" tells)
  if (QUESTION_INTENTS.has(r.intent))
    return /\?\s*$/.test(head) ||
      /^\W*(?:quick question\W+)?(?:is|are|was|were|did|does|do|has|have|what|whats|how|which|where|who)\b/i.test(
        head,
      )
      ? read
      : undefined;
  if (
    !POLITE_HEAD.test(head) ||
    r.target?.kind !== 'entities' ||
    'delay_seconds' in r.slots ||
    'at' in r.slots
  )
    return undefined;
  return read;
}
