/**
 * How a message divides into a request and the rest: the words that join commands, a greeting
 * or second thoughts before a request, a wait on its own, a state told after it, the words
 * that open a reason after it, and "there" as a place.
 */
import { tokenize } from '../intents/normalize.js';
import { ACTION_VERBS } from './guards.js';
import type { SecondStage } from './reader.js';
import { cutWhen, type When } from './when.js';

/** Words that open a reason after a request ("… so I can read", "… I'm coming in"). */
export const REASON_OPENERS = new Set(
  `because cos coz cause as so since now for while need i im ive ill id we were weve well wed it its
   theres there thats thatd thatll itd itll hes shes theyre youre`.split(/\s+/),
);
/** Words that open a purpose or cause, which may be negative ("… so I don't wake the baby"). */
export const PURPOSE_OPENERS = new Set(['so', 'because', 'cos', 'coz', 'cause', 'as', 'since']);
/** "doing my makeup", "cooking tea": a word of being busy (not "turning", "setting"). */
export function doingSomething(word: string): boolean {
  return /^[a-z]{2,}ing$/.test(word) && !NOT_DOING.has(word);
}
const NOT_DOING = new Set(
  `morning evening nothing something anything everything ceiling setting lighting heating thing
   spring string building living during ring king conditioning`.split(/\s+/),
);
export const PARTICLES = new Set(['on', 'off', 'up', 'down', 'in', 'out', 'to', 'at', 'of', 'for', 'with']);
export const SUBJECT_OPENERS = new Set(['the', 'my', 'our', 'your', 'his', 'her', 'their']);
/** Words that make what follows a when, not a why ("… for an hour", "… as the sun sets"). */
export const NOT_A_REASON = new Set(
  `tonight tomorrow today morning evening afternoon noon midnight hour hours minute minutes second
   seconds later sunset sunrise dark dusk dawn`.split(/\s+/),
);
/** "as the sun goes down", "once the sun's set": the sun as a time, not a reason ("the sun's in my eyes"). */
export function sunEvent(tokens: string[]): boolean {
  return tokens.some(
    (t, i) =>
      t === 'sun' &&
      /^(sets?|setting|goes|going|gone|rises?|rising|comes?|coming|down|up)$/.test(tokens[i + 1] ?? ''),
  );
}
/** Lengths of time that are a when only after "for", "till" or "until" ("… it's a lovely day"). */
export const SPANS = new Set(['day', 'days', 'week', 'weeks', 'weekend', 'night']);
/** The words of a greeting said before a request. */
export const GREETING = new Set(
  'good morning mornin afternoon evening evenin night nite nighty hi hello hey hiya howdy gday day greetings yo mate assistant there dear love all everyone folks guys lads house'.split(
    ' ',
  ),
);
/** "it is still open", "they're all off": a state told after "is"/"are". */
export function tellsAState(tokens: string[]): boolean {
  return tokens.some((t, i) => {
    if (!['is', 'are', 'was', 'were'].includes(t)) return false;
    const next = tokens.slice(i + 1).filter((w) => !['still', 'all', 'now', 'already', 'not'].includes(w));
    return STATE_TOLD.has(next[0] ?? '');
  });
}
export const STATE_TOLD = new Set([
  'on',
  'off',
  'open',
  'closed',
  'shut',
  'locked',
  'unlocked',
  'running',
  'up',
  'down',
]);

export function hasJoin(text: string): boolean {
  return /,|&|\band\b(?!\s+an?\s+(?:half|quarter)\b)|\bthen\b|\balso\b/i.test(text);
}

export const SECOND_THOUGHT_OPENERS = new Set([
  'no',
  'nope',
  'nah',
  'wait',
  'actually',
  'oh',
  'oops',
  'sorry',
  'ah',
  'erm',
  'um',
  'hmm',
]);

/**
 * How many words at the start are second thoughts ("no wait", "actually", "hang on") — not
 * "no need to …", nor a wait with a time ("wait ten minutes then …").
 */
export function leadingSecondThoughts(tokens: string[]): number {
  let k = 0;
  while (k < tokens.length) {
    const t = tokens[k]!;
    if ((t === 'hang' || t === 'hold') && tokens[k + 1] === 'on') k += 2;
    else if (t === 'wait' && /^(\d|for|a|an|until|till)/.test(tokens[k + 1] ?? '')) break;
    else if (t === 'no' && ['need', 'more', 'one', 'longer'].includes(tokens[k + 1] ?? '')) break;
    else if (SECOND_THOUGHT_OPENERS.has(t)) k++;
    else break;
  }
  return k;
}

/** "give it twenty minutes", "wait ten minutes", "in an hour": a wait and nothing else. */
export function waitOnly(tokens: string[]): When | undefined {
  const words = tokens.filter(
    // ("give me 5 minutes then …", "give us ten minutes")
    (t) => !['give', 'it', 'me', 'us', 'wait', 'for', 'about', 'just', 'ok', 'okay', 'so'].includes(t),
  );
  const cut = cutWhen(words[0] === 'in' ? words : ['in', ...words]);
  return cut.when?.delay_seconds !== undefined && cut.tokens.length === 0 ? cut.when : undefined;
}

/** Where "there" stands for a place ("the lights out there"), or -1. */
export function placeThere(tokens: string[]): number {
  return tokens.findIndex(
    (t, i) =>
      t === 'there' &&
      i > 0 &&
      !['is', 'are', 'was', 'were', 's'].includes(tokens[i + 1] ?? '') &&
      !['is', 'are', 'was', 'were', 'hi', 'hello', 'hey', 'over'].includes(tokens[i - 1] ?? ''),
  );
}

/**
 * "ugh too bright", "brr too cold": a cry that opens a message is set apart as by a comma
 * ("ugh, too bright"), whatever follows.
 */
export function criedApart(text: string): string {
  // ("put the telly off and and the big light too": a small word said twice is said once)
  return text.replace(CRY, '$1,').replace(/\b(and|the|a|to|of|my|in)(?:\s+\1)+\b/gi, '$1');
}
// (and the oaths of two or three words: "good grief", "oh my days"; "by 'eck" is "heck", in
// plain-message.ts)
const CRY =
  /^(\s*(?:ugh|urgh|argh|brr+|oof|ooh|ahh|eek|phew|whew|whoa|yikes|jeez|geez|gosh|blimey|crikey|ach|och|erm|uhh|uh|um+|err|meh|gah|eish|omg|good (?:grief|god|heavens|lord)|oh my (?:god|gosh|days)|bloody hell))\b(?![,!.?'\u2019-])/i;

/** Who a remark of its own is about: "I don't want him tripping …", "Sam is still out …". */
const REMARK_SUBJECTS = new Set([
  'i',
  'im',
  'ive',
  'id',
  'we',
  'were',
  'he',
  'hes',
  'she',
  'shes',
  'they',
  'theyre',
]);

/**
 * "turn on the porch light, Sam is still out and I don't want him tripping on the steps when
 * he gets home": an event told inside a remark after the request, a sentence of its own about
 * someone — not when to act. Not a wish about a device ("…, I want it on when he gets home").
 */
export function eventInRemark(stage2: SecondStage, marked: string): boolean {
  const at = marked.indexOf(',');
  if (at < 0) return false;
  const head = tokenize(marked.slice(0, at));
  const tail = tokenize(marked.slice(at + 1));
  if (head.some((w) => ['when', 'whenever', 'once'].includes(w)) || tail.length < 5) return false;
  if (!REMARK_SUBJECTS.has(tail[0]!) && !stage2.personNamed(tail[0]!)) return false;
  const tailText = tail.join(' ');
  return (
    !stage2.namesDevice(tailText) &&
    !tail.some(
      (w, i) => ACTION_VERBS.has(w) || (TOLD_PRONOUNS.has(w) && STATE_AFTER.has(tail[i + 1] ?? '')),
    ) &&
    // ("…, so do it when he gets home", "… but only when …", "… will need it when …": when to act)
    // ("don't", split as "do not", is no "do it")
    !tail.some((w, i) => NOT_TOLD.has(w) && !(w === 'do' && tail[i + 1] === 'not'))
  );
}
const NOT_TOLD = new Set(
  'you u please pls it that this only do does doing need needs wait until till then later'.split(' '),
);
const STATE_AFTER = new Set(['on', 'off', 'up', 'down', 'open', 'closed', 'shut', 'locked', 'unlocked']);

const TOLD_PRONOUNS = new Set(['it', 'them', 'that', 'those', 'one', 'they']);
