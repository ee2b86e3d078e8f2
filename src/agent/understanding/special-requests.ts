/**
 * Requests outside device control, said in a few fixed ways: undo, the time, the date, help,
 * and listing or cancelling timers.
 */
import { tokenize } from '../intents/normalize.js';
import { ACTION_VERBS } from './guards.js';
import {
  DATE_QUESTION,
  HELP_PHRASES,
  TIME_QUESTION,
  TIMER_CANCEL,
  TIMER_LIST,
  UNDO_PHRASES,
  FILLERS,
  PARTICLES,
} from './lexicon.js';

export type SpecialIntent =
  | 'HearthUndo'
  | 'HassGetCurrentTime'
  | 'HassGetCurrentDate'
  | 'HearthHelp'
  | 'HearthTimerList'
  | 'HearthTimerCancel';

/**
 * "what sorts of things can I ask you to do", "what kind of stuff can you do for us", "what else
 * can I get you to do": what the agent can do, asked in other words (nothing else after it).
 */
const HELP_ASKED =
  /^(?:so |ok |okay )?(?:what|which)(?: (?:sort|sorts|kind|kinds|type|types) of (?:things|stuff|commands))?(?: else)? (?:can|could|may|should) (?:(?:i|we) (?:ask|tell|get) (?:(?:of )?you|u)(?: to(?: do)?)?|(?:i|we) ask(?: for)?|(?:you|u) (?:help|help me|help us) with|(?:you|u|this(?: thing| system)?) do(?: for (?:me|us))?)$/;

/** Words that may come before a request to undo or cancel: "no no, change it back". */
const SECOND_THOUGHTS = new Set([
  ...FILLERS,
  'no',
  'nope',
  'oops',
  'sorry',
  'actually',
  'wait',
  'never',
  'mind',
  'mistake',
  'wrong',
  'whoops',
  'argh',
  'ugh',
  '1', // "wrong one" ("one" is read as a number)
]);

/**
 * The whole sentence is the phrase, or ends with it after second thoughts only ("actually
 * never mind, cancel it", "that was a mistake, reverse it").
 */
const SOFTENERS = new Set(
  `hey ok okay oops so please kindly um uh ugh love dear darling mate hun pet buddy pal then actually really
   again quickly even lol lmao haha ${PARTICLES}`.split(/\s+/),
);

/** A phrase list as a set, with the word counts its phrases have (built once per list). */
const PHRASE_SETS = new WeakMap<string[], { set: Set<string>; lengths: number[] }>();
function phraseSet(phrases: string[]): { set: Set<string>; lengths: number[] } {
  let ps = PHRASE_SETS.get(phrases);
  if (!ps) {
    ps = { set: new Set(phrases), lengths: [...new Set(phrases.map((p) => p.split(' ').length))] };
    PHRASE_SETS.set(phrases, ps);
  }
  return ps;
}

/** The words are one of the phrases, with "please" or second thoughts before it. */
function matchesAny(tokens: string[], phrases: string[]): boolean {
  const { set, lengths } = phraseSet(phrases);
  const n = tokens.length;
  if (set.has(tokens.join(' '))) return true;
  if (n > 1 && tokens[n - 1] === 'please' && set.has(tokens.slice(0, -1).join(' '))) return true;
  return lengths.some(
    (k) =>
      n > k &&
      set.has(tokens.slice(-k).join(' ')) &&
      tokens.slice(0, -k).every((t) => SECOND_THOUGHTS.has(t)),
  );
}

const CANCEL_WORDS = new Set([
  'cancel',
  'scrap',
  'delete',
  'remove',
  'forget',
  'drop',
  'scratch',
  'ditch',
  'kill',
  'clear',
  'stop',
]);
// ("is there a timer running", "how long is left on the timer": the timers asked about)
const LISTING_WORDS = new Set(
  'list show what which any pending got tell read how there running left remaining active'.split(' '),
);

/**
 * "oh hang on, cancel the kettle timer", "nah forget it, cancel that": a word of cancelling,
 * then a timer or "that"/"it" and at most a device's name before "timer" — second thoughts
 * before it.
 */
function cancelsTimer(tokens: string[]): boolean {
  return tokens.some((t, i) => CANCEL_WORDS.has(t) && cancelsTimerAt(tokens, i));
}

function cancelsTimerAt(tokens: string[], i: number): boolean {
  if (tokens.slice(0, i).some((t) => NOT_UNDO.has(t))) return false;
  // "don't forget the timer", "never drop the timer": the opposite
  if (tokens.slice(Math.max(0, i - 2), i).some((t) => ['not', 'never', 'dont', 'cannot'].includes(t)))
    return false;
  const after = tokens.slice(i + 1).filter((t) => t !== 'please');
  // ("forget it, cancel that one", "nah cancel that last one"; "cancel that, leave it on":
  // what the timer would have changed is to stay)
  const kept = after.findIndex((t, k) => t === 'leave' && ['it', 'them'].includes(after[k + 1] ?? ''));
  const that = (kept > 0 && after.length - kept <= 4 ? after.slice(0, kept) : after).filter(
    (t) => !['one', 'ones', 'last'].includes(t),
  );
  if (that.length === 1 && ['that', 'it'].includes(that[0]!) && ['cancel', 'scrap'].includes(tokens[i]!))
    return true;
  const t = after.findIndex((w) => w === 'timer' || w === 'timers');
  if (t < 0 || t > 4) return false;
  // ("stop the fan and set a timer": another request before the timer)
  if (after.slice(0, t).some((w) => ACTION_VERBS.has(w) || w === 'and' || w === 'then')) return false;
  // "cancel that timer for the christmas tree", "delete the timer I set": which timer, said
  // after it — never a second request ("… and turn the kettle off")
  // ("cancel the timer la, no need already": softened, and why it is no longer needed)
  const rest = withoutNoNeed(after.slice(t + 1).filter((w) => !SOFTENERS.has(w)));
  return (
    rest.length === 0 ||
    (TIMER_DESCRIBED.has(rest[0]!) &&
      !rest.some(
        (w, k) =>
          ['and', 'then', 'but', 'instead', 'just'].includes(w) ||
          // ("… the timer I set" tells which; "… turn it off" asks more)
          (ACTION_VERBS.has(w) && !['i', 'we', 'you'].includes(rest[k - 1] ?? '')),
      ))
  );
}
/** "… no need already", "… no need anymore": the reason a timer is cancelled, last. */
function withoutNoNeed(words: string[]): string[] {
  const k = words.findIndex((w, i) => w === 'no' && words[i + 1] === 'need');
  return k >= 0 && words.slice(k + 2).every((w) => ['already', 'anymore', 'now', 'for', 'it'].includes(w))
    ? words.slice(0, k)
    : words;
}
const TIMER_DESCRIBED = new Set(['for', 'on', 'of', 'i', 'we', 'you', 'that']);

/** Words before "back to before" that tell how something is or went, asking nothing. */
const BACK_TOLD = new Set(
  'is are was were be been its went got came things we they he she kids everything'.split(' '),
);

/** The words that ask to undo, wherever they stand: "scratch that, undo the last one". */
const UNDO_CORES = [
  'undo',
  'revert',
  // (French "annuler": "annul that")
  'annul',
  'reverse',
  'put it back',
  'put them back',
  'put that back',
  'change it back',
  'change them back',
  'change that back',
  'set it back',
  'take that back',
  'take it back',
  'ctrl z',
  'control z',
  'the way it was',
  'how it was',
  'like it was',
  // (Northern English "how it were")
  'the way it were',
  'how it were',
  'like it were',
  'as it was',
  'make that undone',
  'make it undone',
  'put everything back',
  'put everything like it was',
  'change back',
  'roll that back',
  'roll it back',
  'roll back',
  'rollback',
  // "go back a step, that wasn't what I meant", "ugh go back, I didn't mean that"
  'go back',
  // "no no, make that back like before"
  'make that back',
  'make it back',
  'like before',
  'as before',
  // ("ah no no, mistake. please back to before")
  'back to before',
  'back to how it was',
  'back to the way it was',
  'step back',
  'put things back',
  'put everything back',
  'the way they were',
  'how they were',
  'like they were',
  'as they were',
].map((p) => p.split(' '));
/** What may follow them: what is undone, said loosely. */
const UNDO_TAIL = new Set(
  `that it them those the last one 1 ones thing things change changes command please thanks for
   me again now way was were how before what you just did all of to everything as like this wrong undo
   lol haha sorry oops mate love pls action actions request requests mistake step steps instruction
   order said move u ya a not i meant mean did at wanted asked is previous have done`.split(/\s+/),
);
/** The words an undo is said with ("put it back the way it was"), for telling what else is said. */
export const UNDO_WORDS: ReadonlySet<string> = new Set([...UNDO_CORES.flat(), ...UNDO_TAIL, 'whatever']);
/** Words that make the sentence not a request to undo: a question how, a device's verbs. */
const NOT_UNDO = new Set(
  `how why when where who turn switch open close lock unlock dim set start stop play pause arm
   disarm`.split(/\s+/),
);

/**
 * "hang on that's wrong, undo it", "ah that's not right, can you put it back the way it was",
 * "ctrl z": the words of an undo with second thoughts or a remark before them, what is undone
 * after them, and nothing that asks how or works a device ("put it back on" turns it on).
 */
function asksUndo(tokens: string[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const core = UNDO_CORES.find((c) => c.every((w, k) => tokens[i + k] === w));
    if (!core) continue;
    const before = tokens.slice(0, i);
    // ("undo whatever u just did": what you did; not "set it back to whatever alex had")
    const after = tokens
      .slice(i + core.length)
      .map((t, k, a) => (t === 'whatever' && ['you', 'u', 'ya'].includes(a[k + 1] ?? '') ? 'what' : t));
    if (['not', 'never', 'dont'].includes(before[before.length - 1] ?? '')) return false;
    // ("leave it how it were", "is it how it was?", "tell me how it was": kept, or asked of)
    if (
      core[0] !== 'undo' &&
      (before.some((t) => t === 'leave' || t === 'keep') || ['is', 'was', 'tell'].includes(before[0] ?? ''))
    )
      return false;
    // ("go back" alone is the track before: only a step back, or what was not meant, undoes)
    // (another way of asking may follow: "go back, undo it")
    if (
      core[0] === 'go' &&
      !after.some((t) => ['step', 'steps', 'meant', 'mean', 'not', 'did', 'before'].includes(t))
    )
      continue;
    // "I take it back", "I didn't mean undo", "is there an undo": words taken back, or asked about
    if (['i', 'we', 'mean', 'an', 'the'].includes(before[before.length - 1] ?? '')) return false;
    if (before[0] === 'is' && before[1] === 'there') return false;
    // ("things are back to before", "the heating went back to before": how something is, told)
    if (core[0] === 'back' && before.some((t) => BACK_TOLD.has(t))) return false;
    // ("ah stop, undo that last one": "stop" cried out before it, no device stopped)
    const cried = before.every((t) => t === 'stop' || SECOND_THOUGHTS.has(t) || SOFTENERS.has(t));
    if (
      before.some((t) => NOT_UNDO.has(t) && !(cried && t === 'stop')) ||
      !after.every((t) => UNDO_TAIL.has(t))
    )
      return false;
    return true;
  }
  return false;
}

/** The words that only say "now" at the end of a question: "now", "today", "right now", "at the moment". */
function withoutNow(tokens: string[]): string[] {
  for (const tail of [['right', 'now'], ['at', 'the', 'moment'], ['now'], ['today'], ['currently']]) {
    const n = tail.length;
    if (tokens.length > n && tail.every((w, i) => tokens[tokens.length - n + i] === w))
      return tokens.slice(0, -n);
  }
  return tokens;
}

/**
 * "what time is it", "which day we are", "what date is today", "what day have we": the time or
 * the day asked, in either order of its verb (as learners and voice transcripts say it).
 */
const ORDER_FREE_CLOCK =
  /^(what|which) (time|day|date)( (is|are|have|s))? (it|we|today|now)( (is|are|have))?$/;

/** The special request the words make, if they make one (politeness and hesitation aside). */
export function specialIntent(tokens: string[]): SpecialIntent | undefined {
  // ("whats the time love", "what can you actually do then": words said to soften, or to someone)
  // "cancel that, would you?": the question tag asks nothing
  const n = tokens.length;
  const untagged =
    n > 2 && tokens[n - 1] === 'you' && ['would', 'could', 'will', 'can'].includes(tokens[n - 2]!)
      ? tokens.slice(0, -2)
      : tokens;
  // ("what is the time, tell me": asked, then asked again)
  const told = untagged.slice(-2).join(' ') === 'tell me' ? untagged.slice(0, -2) : untagged;
  const softened = told
    .filter((t) => !SOFTENERS.has(t))
    .flatMap((t) => (t === 'whats' ? ['what', 'is'] : [t]));
  // "please tell me, what is the time now", "kindly tell me what all you are able to do"
  // ("may I know what is the date today": asked the same way)
  // ("may I ask what time it is": leave asked to ask)
  // ("would you remind me what today's date is")
  const tell = softened.findIndex(
    (t, i) =>
      ((t === 'tell' || t === 'remind') && softened[i + 1] === 'me') ||
      (t === 'i' && (softened[i + 1] === 'know' || softened[i + 1] === 'ask')),
  );
  const core =
    tell >= 0 && tell <= 3 && ['what', 'which', 'how'].includes(softened[tell + 2] ?? '')
      ? softened.slice(tell + 2).filter((t) => t !== 'all')
      : softened;
  // "what time is it now", "what date is it today", "… right now", "… at the moment"
  // ("today which date it is", "now what time is it": the day said first)
  const asked = withoutNow(
    ['today', 'now'].includes(core[0] ?? '') && core.length > 2 ? core.slice(1) : core,
  );
  const text = core.join(' ');
  // "is there an undo?", "is there a way to undo": asked about, not asked for
  // ("can you undo things?": whether it can, not a request)
  const aboutUndo =
    /^(is|are) there\b|\b(an|a) undo\b|\bundo (things|stuff|anything)\b|\b(yesterday|last week|last night)\b/.test(
      text,
    );
  if (asksUndo(core) && !aboutUndo) return 'HearthUndo';
  // ("undo that, turn on the kettle" asks for more than an undo: not half done)
  const more = core.slice(1).some((t) => ACTION_VERBS.has(t));
  // "undo that, way too bright" — not "revert the thermostat to 20", "revert to 20": a value
  // to set
  const undoneSaid = !core.slice(1).some((t) => t === 'to' || /\d/.test(t));
  if (
    !more &&
    !aboutUndo &&
    undoneSaid &&
    (UNDO_PHRASES.some((p) => text === p || (text.startsWith(`${p} `) && /^(undo|revert)/.test(text))) ||
      /^undo\b/.test(text))
  )
    return 'HearthUndo';
  if (
    !aboutUndo &&
    matchesAny(core, [
      'put it back',
      'change it back',
      'take that back',
      'revert that',
      'revert it',
      'reverse that',
      'reverse it',
      'undo',
      'undo that',
      'undo it',
      'annul that',
      'annul it',
      'reverse what you just did',
      'undo what you just did',
      'undo the last thing',
      'go back to how it was',
      'go back to how it was before',
      'put it back how it was',
      'put it back the way it was',
    ])
  )
    return 'HearthUndo';
  // ("what time now ar": the time, its verb left out)
  const clock =
    ORDER_FREE_CLOCK.exec(asked.join(' ')) ??
    // ("which day is today": the day asked of today, not "now" said around it)
    ORDER_FREE_CLOCK.exec(text) ??
    (asked.length < core.length && asked.join(' ') === 'what time' ? ['', 'what', 'time'] : null);
  if (matchesAny(core, TIME_QUESTION) || matchesAny(asked, TIME_QUESTION) || clock?.[2] === 'time')
    return 'HassGetCurrentTime';
  if (
    matchesAny(core, DATE_QUESTION) ||
    matchesAny(asked, DATE_QUESTION) ||
    text === 'what day is today' ||
    clock
  )
    return 'HassGetCurrentDate';
  if (matchesAny(core, HELP_PHRASES) || HELP_ASKED.test(core.join(' '))) return 'HearthHelp';
  // "list all my pending timers", "what have I got scheduled"
  const aboutTimers = core.some((t) => /^(timers?|scheduled|schedule|reminders?)$/.test(t));
  const cancelling = core.some((t) => CANCEL_WORDS.has(t));
  if (
    (TIMER_LIST.some((p) => text.includes(p)) || (aboutTimers && core.some((t) => LISTING_WORDS.has(t)))) &&
    !cancelling
  )
    return 'HearthTimerList';
  if (
    matchesAny(core, TIMER_CANCEL) ||
    (/^cancel (the |my |all )?(timers?|scheduled)/.test(text) && !/\b(and|then)\b/.test(text)) ||
    cancelsTimer(core)
  )
    return 'HearthTimerCancel';
  return undefined;
}

/**
 * What an undo is said of: the words after it in its clause ("my mistake in the spreadsheet"
 * of "undo my mistake in the spreadsheet, sorry"); what comes before ("ugh, wrong room") is a
 * remark.
 */
export function undoneSaid(text: string): string[] {
  const clause = text.split(/[,.;:!?]+/).find((c) => /\b(undo|revert|reverse|back)\b/i.test(c)) ?? text;
  const tokens = tokenize(clause);
  const k = tokens.findLastIndex((t) => ['undo', 'revert', 'reverse', 'back'].includes(t));
  return tokens.slice(k + 1);
}
