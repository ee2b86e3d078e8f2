/**
 * How a message divides into a request and the rest: the words that join commands, a greeting
 * or second thoughts before a request, a wait on its own, a state told after it, the words
 * that open a reason after it, and "there" as a place.
 */
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
   spring string building living during ring king`.split(/\s+/),
);
export const PARTICLES = new Set(['on', 'off', 'up', 'down', 'in', 'out', 'to', 'at', 'of', 'for', 'with']);
export const SUBJECT_OPENERS = new Set(['the', 'my', 'our', 'your', 'his', 'her', 'their']);
/** Words that make what follows a when, not a why ("… for an hour", "… as the sun sets"). */
export const NOT_A_REASON = new Set(
  `tonight tomorrow today morning evening afternoon noon midnight hour hours minute minutes second
   seconds later soon sunset sunrise dark dusk dawn`.split(/\s+/),
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
  'good morning mornin afternoon evening evenin night nite nighty hi hello hey hiya howdy gday there dear love all everyone folks guys lads house'.split(
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
