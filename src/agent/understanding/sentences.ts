/**
 * A message of several sentences: "Could I trouble you to close the garage door? I think I left
 * it open." Each sentence is understood on its own (its own "?"), the sentences that only tell
 * or greet are set aside, and what is left is the request — or, when several sentences ask for
 * actions, one compound command. A sentence that is neither understood nor a mere remark makes
 * the whole message not understood, so nothing is done on half of it.
 */
import { saidIs } from './said-is.js';
import { adviceOrChallenge } from './told.js';
import { asksNothing, TELLING } from './question-remark.js';
import { tokenize } from '../intents/normalize.js';
import { GREETING, tellsAState } from './clauses.js';
import { FEELINGS } from './choose-intent.js';
import {
  ACTION_VERBS,
  declarative,
  narrated,
  NEGATIONS,
  PAST_FORMS,
  REMARK_BLOCKERS,
  withoutIntensifiers,
  withoutOwnForgetting,
} from './guards.js';
import type { SecondStage } from './reader.js';
import type { IntentEntity } from '../intents/registry.js';
import { QUESTION_INTENTS, type Reading } from './reading.js';
import { NOUNS, QUESTION_WORDS } from './lexicon.js';
import type { Command, Understood } from './understand.js';

/**
 * The sentences of a message: split after ".", "!", "?", ";" or "..." — not after a single letter
 * ("7 p.m. tonight") nor inside a number ("21.5"). A dash stays ("the garage window - is it
 * open?" is one question).
 */
export function sentencesOf(text: string): string[] {
  return (
    text
      // ("desk lamp 80%; office heater 21": a value's sign may end a sentence too)
      // ("pause it!! im coming back": a mark said twice ends it too)
      .split(/(?<=(?:[a-z0-9]{2}|\d[%\u00b0])[.!;]+|\?|\.\.\.)\s+/i)
      .map((s) => s.trim())
      .filter((s) => /[a-z0-9]/i.test(s))
      .flatMap((s, i) => (i === 0 ? greetedApart(s) : [s]))
  );
}

/**
 * "good morning, what's on the news": a greeting before a comma, then a question, is a
 * sentence of its own — as after "!" (a greeting scene beside a question it cannot answer is
 * no request, `joinSentences`).
 */
function greetedApart(sentence: string): string[] {
  const m = /^([^,]+),\s*(.*[a-z0-9].*)$/i.exec(sentence);
  if (!m || !tokenize(m[1]!).every((t) => GREETING.has(t))) return [sentence];
  const asks = QUESTION_WORDS.has(tokenize(m[2]!)[0] ?? '') || /\?\s*$/.test(m[2]!);
  return asks ? [m[1]!, m[2]!] : [sentence];
}

/** Who a statement is about, opening it: "I think …", "We always forget.", "My husband wants …". */
const STATEMENT_OPENERS = new Set(
  'i we he she they you it my our his her their nobody somebody someone something everyone everybody'.split(
    ' ',
  ),
);

/**
 * "Burned the tortillas, sorry", "Pulling in now", "Done charting for tonight": a statement
 * texted without its "I" — it opens on what was done or is being done.
 */
function subjectDropped(first: string): boolean {
  return (
    first === 'done' ||
    PAST_FORMS.has(first) ||
    DAYS_DEEDS.has(first) ||
    (/^[a-z]{3,}(?:ed|ing)$/.test(first) &&
      !first.endsWith('eed') &&
      !NOT_DONE_WORDS.has(first) &&
      NOUNS[first] === undefined &&
      !GREETING.has(first))
  );
}

/** What one did in one's day, said with no "I": "just woke up.", "got in late.", "came home." */
const DAYS_DEEDS = new Set(
  'woke woken got came went ran ate slept sat fell took had saw heard felt thought'.split(' '),
);
/** Words before such a deed that say only when: "just woke up", "finally got home". */
const WHEN_WORDS = new Set(['just', 'only', 'finally', 'already', 'also', 'still', 'now']);

/** Words in "-ed" and "-ing" that tell no deed: "string lights", "morning", "nothing". */
const NOT_DONE_WORDS = new Set(
  'string spring ceiling morning evening nothing something everything anything during lighting heating'.split(
    ' ',
  ),
);

/** Words that stand for a thing said before: "I need it off", "they're giving me a headache". */
const THING_PRONOUNS = new Set(['it', 'them', 'that', 'those', 'these', 'em', 'one', 'ones', 'they']);

/**
 * What one says of oneself with the "I" left out: "don't want her getting cold", "can't see a
 * thing", "need to take this call".
 */
function selfUnsaid(tokens: string[]): boolean {
  const [a, b, c] = tokens;
  // ("got my hands full with the shopping": "I've" unsaid)
  if (a === 'got' && ['my', 'our', 'me'].includes(b ?? '')) return true;
  // ("Need the iron off.", "Want it at half." ask for something: not remarks)
  if (tokens.some((t, i) => i > 0 && THING_PRONOUNS.has(t))) return false;
  return (
    (['want', 'wanna', 'need'].includes(a ?? '') && b === 'to') ||
    ['hate', 'cannot'].includes(a ?? '') ||
    (a === 'do' && b === 'not' && ['want', 'need', 'like', 'know', 'fancy'].includes(c ?? ''))
  );
}

/** Words after a number that make it a value, a time or a step. */
const VALUE_AFTER = new Set(
  'percent degrees degree minutes minute mins min hours hour hrs seconds secs am pm oclock more less times'.split(
    ' ',
  ),
);

/** Verbs of what was done or was so: a number said with them is no value to set. */
const DONE = new Set(['did', 'was', 'were', 'had', 'went', 'worked', 'came', 'got', 'spent']);

/** Thanks that open a sentence: "Thank you so much for earlier.", "Cheers for that." */
const THANKS = new Set(['thank', 'thanks', 'cheers', 'ta']);

/**
 * Action words that only tell: a feeling ("I can't see the stairs", "it's freezing"), what was
 * done ("My husband … left it unlocked again", "I was sure I'd turned it off"), or a particle
 * of going somewhere ("We're heading up to bed").
 */
function told(stage2: SecondStage, tokens: string[]): boolean {
  if (tokens.some((t) => PAST_FORMS.has(t))) return true;
  // "I'm on the phone with my sister", "the yard man is here to drop off the invoice": with
  // nothing of the home in it and no word standing for a thing, an action word is no request
  // (an "it" that opens a statement stands for nothing: "it's on the stove")
  // (but "need the iron off", "want the oven on too" ask for something)
  const wants = tokens.some((t) => ['want', 'wanna', 'need', 'like'].includes(t));
  if (
    stage2.namesNothing(tokens.join(' ')) &&
    !tokens.some((t, i) => i > 0 && THING_PRONOUNS.has(t)) &&
    !(wants && tokens.some((t) => ['on', 'off', 'up', 'down', 'open', 'closed', 'shut'].includes(t)))
  )
    return true;
  // "I can't recall what I asked": what someone cannot do is no request
  if (STATEMENT_OPENERS.has(tokens[0] ?? '') && tokens.some((t) => NEGATIONS.has(t) || t === 'cannot'))
    return true;
  const going =
    declarative(tokens.join(' ')) ||
    ['are', 'am', 'is'].includes(tokens[1] ?? '') ||
    STATEMENT_OPENERS.has(tokens[0] ?? '');
  return stage2
    .cuesOf(tokens.join(' '))
    .every(
      (c) =>
        FEELINGS.has(c.cue) ||
        (going && ['up', 'down', 'in', 'out', 'off', 'go to', 'going to'].includes(c.word)),
    );
}

/**
 * A sentence that only tells, thanks or wonders ("The sun is rather strong this afternoon.",
 * "I think I left it open.", "Thanks so much in advance"): nothing of the home's names or
 * places, nothing that takes a request back or changes it, no action of its own unless it
 * tells what someone did or how a thing is. Being a sentence of its own, it may say when
 * ("we're expecting the grandkids tonight"); a negation is its own ("I never can remember
 * whether I did it") only where it names no device at all.
 */
export function asideSentence(stage2: SecondStage, said: string): boolean {
  // ("Burned the tortillas, sorry": an apology closing a remark takes nothing back)
  const sentence = said.replace(/(?<=\w)[,\s]+(?:sorry|lol|haha|oops|my bad)\W*$/i, '');
  if (stage2.isRemark(sentence)) return true;
  // ("Apologies, I'm not very good with this.", "Sorry, I keep asking for things": an apology
  // of one's own that names no device and asks for no action is a remark)
  if (
    APOLOGY.test(sentence) &&
    !stage2.namesDevice(sentence) &&
    !tokenize(sentence).some((t) => ACTION_VERBS.has(t) && t !== 'keep' && t !== 'get')
  )
    return true;
  // ("I only got off shift at seven": "only" after the one who tells is of their day, not of
  // which device)
  const tokens = withoutHabit(withoutOwnForgetting(withoutIntensifiers(tokenize(sentence)))).filter(
    (t, i, all) => !(t === 'only' && ['i', 'we', 'he', 'she', 'they'].includes(all[i - 1] ?? '')),
  );
  // an exclamation: "What a night!", "what a day that was"
  if (
    tokens[0] === 'what' &&
    ['a', 'an'].includes(tokens[1] ?? '') &&
    stage2.cuesOf(sentence).length === 0 &&
    stage2.isAside(sentence)
  )
    return true;
  // (a subject of up to five words: "Something on the stove is smoking a little.")
  const statement =
    declarative(sentence, 5) ||
    (STATEMENT_OPENERS.has(tokens[0] ?? '') && tokenize(sentence).length >= 3) ||
    THANKS.has(tokens[0] ?? '') ||
    selfUnsaid(tokens) ||
    subjectDropped(tokens[0] ?? '') ||
    (WHEN_WORDS.has(tokens[0] ?? '') && subjectDropped(tokens[1] ?? ''));
  // a number of what was done is no value to set ("I just did a twelve hour shift")
  const done =
    tokens.some((t) => PAST_FORMS.has(t) || DONE.has(t)) && !tokens.some((t) => ACTION_VERBS.has(t));
  // (a count of things the home does not know is no value: "I want to make one tea")
  const counted = (k: number) =>
    /^[a-z]{3,}$/.test(tokens[k + 1] ?? '') &&
    !VALUE_AFTER.has(tokens[k + 1]!) &&
    stage2.namesNothing(tokens[k + 1]!) &&
    !stage2.hasAction(tokens[k + 1]!);
  // (nor is a clock time told: "I have a call at 2:15", "we're back by 6pm")
  // ("I want it at 20" is a value for it)
  const clock = (k: number) =>
    OWN_DAY_SUBJECTS.has(tokens[0] ?? '') &&
    !tokens.some((t) => ['it', 'them', 'that'].includes(t)) &&
    (CLOCK_BEFORE.has(tokens[k - 1] ?? '') ||
      (CLOCK_BEFORE.has(tokens[k - 2] ?? '') && /^\d{1,2}$/.test(tokens[k - 1] ?? '')));
  if (!statement || (tokens.some((t, k) => /\d/.test(t) && !counted(k) && !clock(k)) && !done)) return false;
  // ("Mama says she gets cold at night": what someone else says or feels, asking nothing of
  // the agent — no verb of a request in it)
  const reported =
    REPORTING.has(tokens[1] ?? '') &&
    !OWN_DAY_SUBJECTS.has(tokens[0] ?? '') &&
    !tokens.some((t) => ACTION_VERBS.has(t));
  // (a clock time told is no value to act on: "I only got off shift at seven")
  const unclocked = tokens.filter((t, k) => !(/\d/.test(t) && clock(k)));
  if (
    stage2.hasAction(unclocked.join(' ')) &&
    !narrated(tokens) &&
    !tellsAState(tokens) &&
    !told(stage2, tokens) &&
    !reported
  )
    return false;
  if (stage2.isAside(tokens.join(' '))) return true;
  if (reported && stage2.isAside(tokens.filter((t) => stage2.cuesOf(t).length === 0).join(' '))) return true;
  const blockers = tokens.filter((t) => REMARK_BLOCKERS.has(t));
  return (
    blockers.length > 0 &&
    blockers.every((t) => NEGATIONS.has(t)) &&
    stage2.isAside(tokens.filter((t) => !NEGATIONS.has(t)).join(' '), { names: false })
  );
}

/** An apology that opens a sentence of one's own: "Sorry, I …", "Apologies, I'm …". */
const APOLOGY =
  /^\W*(?:sorry|so sorry|apologies|i'?m (?:so )?sorry|i apologi[sz]e|forgive me)\b[\s,!.]*(?:i|i'm|im|i've|ive|we|we're|it's|its|my)\b/i;

/** Verbs of what someone else says or feels: "Mama says …", "Alex thinks …". */
const REPORTING = new Set(['says', 'said', 'thinks', 'reckons', 'feels', 'complains']);

/** Who a statement of one's own day opens with: "I have a call at 2:15", "we're back by 6pm". */
export const OWN_DAY_SUBJECTS: ReadonlySet<string> = new Set(
  'i im ive ill id we were weve well wed my our he hes she shes they theyre mum dad'.split(' '),
);

/** Words before a clock time told in a remark. */
const CLOCK_BEFORE = new Set(['at', 'by', 'around', 'before', 'after', 'from']);

/**
 * "The flashing keeps distracting her": "keeps" before what keeps happening tells a habit — it
 * is no "keep … on" (not "keep the fan running", whose object comes first).
 */
function withoutHabit(tokens: string[]): string[] {
  return tokens.filter(
    (t, i) => !(['keeps', 'kept'].includes(t) && i > 0 && /^[a-z]{3,}ing$/.test(tokens[i + 1] ?? '')),
  );
}

/** The request among the sentences, each already understood; undefined when none or unclear. */
const TAKES_BACK =
  /^\W*(?:(?:oops|sorry|no|nope|nah|wait|oh|ah)\b[\s,!.]*)+(?:no\b|wait\b|i meant?\b|actually\b|scratch that\b|not\b)|^\W*(?:i meant?|actually|scratch that)\b|^\W*(?:no|nope|nah|oops|wait)\b[\s,!.]+sorry\b/i;

/** Words that ask something of what was just acted on, with no "it": "off please", "warmer". */
const ASKS_OF_IT =
  /\b(on|off|up|down|open|close|shut|lock|unlock|kill|warmer|cooler|brighter|dimmer|darker|louder|quieter|higher|lower|more|less|pause|stop|start)\b/i;

/** "backlight to like ten... no twenty": a "no" and the value meant instead. */
function valueTakenBack(sentence: string): boolean {
  const t = tokenize(sentence);
  return ['no', 'nope', 'nah', 'sorry', 'actually'].includes(t[0] ?? '') && /^\d/.test(t[1] ?? '');
}

const ECHO_WORDS = new Set([
  'not',
  'no',
  'percent',
  'degrees',
  'exactly',
  'precisely',
  'just',
  'only',
  'and',
  'or',
]);

/** A sentence of numbers only, each denied or said in another sentence too. */
function numberEcho(sentence: string, others: string[]): boolean {
  const tokens = tokenize(sentence);
  if (!tokens.some((t) => /^\d/.test(t)) || !tokens.every((t) => /^\d/.test(t) || ECHO_WORDS.has(t)))
    return false;
  const elsewhere = new Set(others.flatMap((o) => tokenize(o)));
  // ("Set the thermostat to 20. Not 20.": the value denied is no echo)
  return tokens.every((t, i) =>
    !/^\d/.test(t) ? true : tokens[i - 1] === 'not' ? !elsewhere.has(t) : elsewhere.has(t),
  );
}

/** A sentence that lets a thing be: "it's fine", "all good", "no worries", "forget it". */
const LET_BE =
  /^\W*(?:(?:it'?s|that'?s|its|thats|it is|that is) (?:fine|ok|okay|alright|all right)|all good|no worries|no need|(?:don'?t|do not) worry|forget it|doesn'?t matter)\W*$/i;

/** Words beside a request that name nothing of the home, hold no number and ask nothing. */
function remarkBeside(stage2: SecondStage, sentence: string): boolean {
  const tokens = tokenize(sentence);
  return (
    stage2.namesNothing(sentence) &&
    !/\d|\?\s*$/.test(sentence) &&
    !QUESTION_WORDS.has(tokens[0] ?? '') &&
    !tokens.some((t) => NEGATIONS.has(t))
  );
}

/**
 * "HOUSE NOTE: turn off the lights", "To whoever reads this (prob just the assistant lol): …",
 * "can you set up a rule for me: every day at 7 …": a heading before a colon that names nothing
 * of the home and asks nothing itself (or asks for a rule, a rule following) — the message is
 * what follows it. ("Activate scene: Movie Night", "back door: locked?" keep their heading.)
 */
export function withoutHeading(stage2: SecondStage, text: string): string {
  const m = /^([^:]{2,80}?[a-z)]):\s+(\S.*)$/is.exec(text);
  if (!m || !stage2.namesNothing(m[1]!)) return text;
  // ("at 7am: porch light off", "Every weekday 8:45am: office heater on": a heading that says
  // when is the request's time, read as if said with a comma — never dropped to act now)
  if (WHEN_IN_HEADING.test(m[1]!)) return `${m[1]!}, ${m[2]!}`;
  if (!stage2.hasAction(m[1]!)) return m[2]!;
  const rule =
    /\b(rules?|routines?|automations?|schedules?)\b/i.test(m[1]!) &&
    /^(every|each|when|whenever|daily|weekdays?|weekends?|on|at|if)\b/i.test(m[2]!);
  return rule ? m[2]! : text;
}

const WHEN_IN_HEADING =
  /\d|\b(?:am|pm|noon|midday|midnight|tomorrow|tonight|today|morning|evening|afternoon|night|nights|every|each|daily|weekdays?|weekends?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|sunset|sunrise|dusk|dawn|later|in|at|after|before|until|till|when|whenever|once)\b/i;

/** Words that alone say something of the request — an answer, a time, a second thought: no signature. */
const SAYS_SOMETHING =
  /^(?:no|nope|nah|naw|nae|yes|yeah|yep|aye|ok|okay|wait|stop|never|now|later|again|please|thanks|sorry|oops|actually|instead|both|neither|either|all|none)$/i;

/** Words of a closing: "With thanks, Margaret", "Much obliged", "love you all x", "Kind regards". */
const SIGN_OFF_WORDS = new Set(
  `with thanks thank you many much obliged kind kindly regards best warm warmest wishes love cheers ta
   x xx xxx all yours truly sincerely ever so very in advance appreciated again bless take care
   cheerio bye for now a lot lots heaps mate luv hugs everyone yall guys of and from`.split(/\s+/),
);
/** The words a closing opens with ("with" alone is no closing). */
const SIGN_OFF_OPENERS = new Set(
  'with many much kind best warm warmest love lots cheers thanks thank ta x xx xxx yours sincerely regards hugs bless take cheerio bye'.split(
    ' ',
  ),
);

/**
 * A sentence that closes a message as a letter closes: its words of thanks or love, and at most
 * two names after them as written with capitals ("With thanks, Margaret", "Love, Nan & Grandad").
 */
export function signsOff(stage2: SecondStage, sentence: string): boolean {
  const words = sentence.split(/[\s,.!&+]+/).filter((w) => w.length > 0);
  // ("… Thank you kindly. Harold": a name alone, as a letter is signed)
  if (
    words.length > 0 &&
    words.length <= 2 &&
    words.every(
      (w) =>
        /^[A-Z][a-z]+$/.test(w) &&
        !WHEN_IN_HEADING.test(w) &&
        !SAYS_SOMETHING.test(w) &&
        ((stage2.namesNothing(w) && stage2.hasUnknownWord(w)) || stage2.personNamed(w.toLowerCase())),
    )
  )
    return true;
  let n = words.length;
  while (
    n > 1 &&
    words.length - n < 2 &&
    /^[A-Z][a-z]+$/.test(words[n - 1]!) &&
    !SIGN_OFF_WORDS.has(words[n - 1]!.toLowerCase())
  )
    n--;
  const closing = tokenize(words.slice(0, n).join(' '));
  return (
    closing.length > 0 &&
    SIGN_OFF_OPENERS.has(closing[0]!) &&
    closing.every((t) => SIGN_OFF_WORDS.has(t)) &&
    // (the names are who wrote it, no device: "Love, Sam" of the home's Sam)
    words.slice(n).every((w) => stage2.namesNothing(w) || stage2.personNamed(w.toLowerCase()))
  );
}

export function joinSentences(
  stage2: SecondStage,
  said: { sentence: string; understood: Understood }[],
  sameTarget: (a: Command, b: Command) => boolean,
): Understood {
  const none: Understood = { kind: 'none' };
  const meant: Understood[] = [];
  const greetings: Understood[] = [];
  const told: Command[] = [];
  // "Sorry, this was a mistake. Please undo it.": beside an undo, regret naming nothing is a remark
  const undoing = said.some((s) => s.understood.kind === 'special' && s.understood.intent === 'HearthUndo');
  // "Good morning! Start the day.": a scene greeted by its name, beside words that name
  // nothing of the home and ask no number, is the request
  const greetedScene = said.some(
    (s) =>
      tokenize(s.sentence).every((t) => GREETING.has(t)) &&
      s.understood.kind === 'command' &&
      s.understood.command.reading.target?.kind === 'entities' &&
      s.understood.command.reading.target.entities.every((e) => e.domain === 'scene'),
  );
  // "Is the telly still on? Kids are meant to be doing homework.": beside questions only, a
  // sentence that asks for nothing is a remark (an answer changes nothing)
  const questionsOnly =
    said.some((s) => s.understood.kind !== 'none') &&
    said.every(
      (s) =>
        s.understood.kind === 'none' ||
        (s.understood.kind === 'command' && QUESTION_INTENTS.has(s.understood.command.reading.intent)) ||
        (s.understood.kind === 'special' && TELLING.has(s.understood.intent)),
    );
  const questionAsked = said.some(
    (s) => s.understood.kind === 'command' && QUESTION_INTENTS.has(s.understood.command.reading.intent),
  );
  for (const [at, { sentence, understood }] of said.entries()) {
    if (questionsOnly && understood.kind === 'none' && asksNothing(stage2, sentence)) continue;
    // ("Is the heating on? I'm cold.": a feeling that would ask which device, beside a
    // question, is why it is asked)
    if (understood.kind === 'ask' && questionAsked && declarative(sentence)) continue;
    // "Could you turn the desk lamp on, please? I'm doing lesson plans in the office and the
    // light is going.": a statement that names only what another sentence acts on — its room,
    // its kind — and asks nothing itself is why
    if (
      understood.kind === 'none' &&
      declarative(sentence, 5) &&
      !/\d/.test(sentence) &&
      !tokenize(sentence).some((t) => NEGATIONS.has(t)) &&
      stage2.onlyOf(sentence, actedOn(said, at))
    )
      continue;
    // "… With thanks, Margaret": a closing, as a letter's; "… ? sorry": an apology for asking
    if (
      understood.kind === 'none' &&
      (signsOff(stage2, sentence) || /^\W*(?:sorry|sry|soz)\W*$/i.test(sentence))
    )
      continue;
    // "Turn off the garage light. Oops, I meant the garage door": a sentence of second
    // thoughts takes back what was asked before it
    // "Turn on the porch light. Just kidding.": a joke or a dare takes the whole message back
    if (adviceOrChallenge(tokenize(sentence))) return none;
    // "Undo? No.": a bare "no" takes back what was said before it ("No? Lock it then", first,
    // answers what was asked before — the request follows)
    if (/^\W*(no|nope|nah|naw|nae|no no|nahi|nahin|nahi nahi)\W*$/i.test(sentence)) {
      if (at > 0) return none;
      continue;
    }
    // "Mirror light to eighty percent. Not eighty-one, not seventy-nine. Eighty.": the value
    // said again, or what it is not, is no request of its own
    if (
      numberEcho(
        sentence,
        said.filter((_, k) => k !== at).map((s) => s.sentence),
      )
    )
      continue;
    // "Porch light. It's fine.": a device only named, then let be
    // ("Good morning. It's fine. Open the curtains.": let be with no device named before it,
    // or a request after it, takes nothing back)
    if (
      at > 0 &&
      LET_BE.test(sentence) &&
      said.slice(0, at).every((s) => !stage2.hasAction(s.sentence)) &&
      said.slice(0, at).some((s) => stage2.namedDevice(s.sentence)) &&
      said.slice(at + 1).every((s) => !stage2.hasAction(s.sentence))
    )
      return none;
    // ("Turn off the tv. It's too loud. Turn it down instead.": what comes instead replaces it)
    if (TAKES_BACK.test(sentence) || valueTakenBack(sentence) || /\binstead\b/i.test(sentence)) {
      meant.length = 0;
      told.length = 0;
    }
    // "Good morning, dear. Would you …": a greeting, when another sentence is the request
    // ("Good morning, I trust this message finds you well. Kindly open the curtains …": the
    // greeting opening a sentence of courtesy too — the scene only when asked by its own words)
    if (tokenize(sentence).every((t) => GREETING.has(t)) || greetingOnly(sentence, understood, said, at))
      greetings.push(understood);
    // "That's rather bright. Could you take it down to half?": a feeling told of the thing
    // another sentence asks for is its reason
    else if (understood.kind === 'command' && declarative(sentence)) told.push(understood.command);
    else if (understood.kind !== 'none') meant.push(understood);
    // ("Good morning! What's the weather like?": a question it cannot answer beside a greeting
    // is no greeting to act on)
    else if (
      greetedScene &&
      (QUESTION_WORDS.has(tokenize(sentence)[0] ?? '') || /\?\s*$/.test(sentence)) &&
      // ("what a night!": an exclamation)
      !/^\W*(what|how) (a|an)\b/i.test(sentence)
    )
      return none;
    else if (
      // ("… Before I throw it out the window.": a deadline now meets, nothing more)
      tokenize(saidIs(sentence)).length > 0 &&
      !asideSentence(stage2, sentence) &&
      !(undoing && stage2.namesNothing(sentence)) &&
      !(greetedScene && remarkBeside(stage2, sentence))
    )
      return none;
  }
  const asked = meant.flatMap((u) =>
    u.kind === 'command' ? [u.command] : u.kind === 'compound' ? u.parts : [],
  );
  // ("Is the heating on? I'm freezing.": a feeling beside a question is why it is asked — the
  // question is answered, nothing done)
  const asking = asked.length > 0 && asked.every((a) => QUESTION_INTENTS.has(a.reading.intent));
  for (const c of told)
    if (!asking && !asked.some((a) => sameTarget(a, c))) meant.push({ kind: 'command', command: c });
  // "We're off up to bed now. Good night, house.": the greeting was the request
  if (meant.length === 0) meant.push(...greetings.filter((u) => u.kind !== 'none'));
  if (meant.length === 1) return meant[0]!;
  if (meant.length === 0) return none;
  // ("Is the porch light on? Turn it off.": a question, then an action on what it asked of —
  // the action is what is wanted, and its reply says how the thing is now)
  const acts = asked.filter((a) => !QUESTION_INTENTS.has(a.reading.intent));
  // (only a question an action follows: "too warm in here; is it on?" asks)
  const answered = (u: Understood) =>
    u.kind === 'command' &&
    QUESTION_INTENTS.has(u.command.reading.intent) &&
    meant
      .slice(meant.indexOf(u) + 1)
      .some(
        (v) =>
          v.kind === 'command' &&
          !QUESTION_INTENTS.has(v.command.reading.intent) &&
          sameTarget(v.command, u.command),
      );
  if (acts.length > 0 && meant.some(answered))
    return joinedActions(
      meant.filter((u) => !answered(u)),
      sameTarget,
    );
  return joinedActions(meant, sameTarget);
}

/** Slots that say which devices, not what is done to them. */
const TARGET_SLOTS = new Set(['name', 'area', 'floor', 'domain', 'device_class']);

/** Several sentences that each ask for an action: one command of several parts. */
function joinedActions(said: Understood[], sameTarget: (a: Command, b: Command) => boolean): Understood {
  const none: Understood = { kind: 'none' };
  // ("And the back door? Is it locked?": the same question asked twice is one)
  const key = (u: Understood) =>
    u.kind === 'command'
      ? `${u.command.reading.intent} ${JSON.stringify(Object.entries(u.command.reading.slots).sort())}`
      : undefined;
  const meant = said.filter((u, i) => key(u) === undefined || said.findIndex((v) => key(v) === key(u)) === i);
  if (meant.length === 1) return meant[0]!;
  const parts: Command[] = [];
  for (const u of meant) {
    if (u.kind === 'command' && !QUESTION_INTENTS.has(u.command.reading.intent)) parts.push(u.command);
    else if (u.kind === 'compound') parts.push(...u.parts);
    else return none;
  }
  // ("more dark. ten": a step, then the value it comes to, of the same devices — the value)
  for (let k = parts.length - 2; k >= 0; k--) {
    const step = Object.keys(parts[k]!.reading.slots).find((x) => x.endsWith('_step'));
    const value = step?.replace(/_step$/, '');
    if (!value || !(value in parts[k + 1]!.reading.slots) || !sameTarget(parts[k]!, parts[k + 1]!)) continue;
    // ("brighter. ten": a value against the step's way is not understood — nothing done)
    const v = Number(parts[k + 1]!.reading.slots[value]);
    const way = parts[k]!.reading.slots[step!];
    if (value !== 'temperature' && ((way === 'up' && v <= 30) || (way === 'down' && v >= 70))) return none;
    parts.splice(k, 1);
  }
  // "Mornin! Good morning scene please": the same command said twice is one — also when said
  // of the same devices two ways ("too dark. more light" in the kitchen: its lights, its light)
  const values = (c: Command) =>
    JSON.stringify(
      Object.entries(c.reading.slots)
        .filter(([k]) => !TARGET_SLOTS.has(k))
        .sort(),
    );
  const once = parts.filter(
    (p, i) =>
      parts.findIndex(
        (q) =>
          q.reading.intent === p.reading.intent &&
          (JSON.stringify(q.reading.slots) === JSON.stringify(p.reading.slots) ||
            (values(q) === values(p) && sameTarget(q, p))),
      ) === i,
  );
  if (once.length === 1) return { kind: 'command', command: once[0]! };
  return { kind: 'compound', parts: once };
}

/**
 * A sentence that opens with a greeting which is a scene's name ("Good morning, I trust …"),
 * read as that scene, beside another sentence that asks for an action: the greeting, no scene
 * asked for — unless the sentence says so ("… good morning scene", "run …", "mode").
 */
function greetingOnly(
  sentence: string,
  understood: Understood,
  said: { understood: Understood }[],
  at: number,
): boolean {
  if (understood.kind !== 'command') return false;
  const t = understood.command.reading.target;
  if (t?.kind !== 'entities' || t.entities.length !== 1 || t.entities[0]!.domain !== 'scene') return false;
  const words = tokenize(sentence);
  const name = tokenize(t.entities[0]!.name);
  if (!name.every((w, k) => words[k] === w && GREETING.has(w))) return false;
  if (
    words.some((w) =>
      ['scene', 'mode', 'run', 'activate', 'start', 'set', 'put', 'turn', 'switch'].includes(w),
    )
  )
    return false;
  return said.some(
    (s, k) =>
      k !== at &&
      (s.understood.kind === 'compound' ||
        (s.understood.kind === 'command' && !QUESTION_INTENTS.has(s.understood.command.reading.intent))),
  );
}

/** The devices the other sentences' commands act on (never a question's). */
function actedOn(said: { understood: Understood }[], but: number): IntentEntity[] {
  return said.flatMap((s, k) => {
    if (k === but) return [];
    const cmds =
      s.understood.kind === 'command'
        ? [s.understood.command]
        : s.understood.kind === 'compound'
          ? s.understood.parts
          : [];
    return cmds.flatMap((c) =>
      !QUESTION_INTENTS.has(c.reading.intent) && c.reading.target?.kind === 'entities'
        ? c.reading.target.entities
        : [],
    );
  });
}

/** A sentence that tells: "the kitchen light is on", "I think I left …", "Sam said …". */
export function toldSentence(sentence: string): boolean {
  const tokens = tokenize(sentence);
  return (
    declarative(sentence, 5) ||
    narrated(tokens) ||
    ['i', 'we', 'im', 'ive', 'my', 'our'].includes(tokens[0] ?? '') ||
    ['said', 'says', 'told', 'thinks', 'reckons'].includes(tokens[1] ?? '')
  );
}

/**
 * A sentence that tells rather than asks, for what an earlier sentence acted on: a statement
 * (`toldSentence`), one that opens on "is"/"it" without a request's verb ("it feels cold to
 * me", "Is very cold for my blood"), or a doing with its subject left off ("Heading up now.").
 */
export function statementLike(sentence: string): boolean {
  // ("… Ninety.", "… Love, Kitchen": a value or a place alone is no request of what was acted
  // on — unless it takes the value back, "no twenty")
  if (
    !/\b(it|its|them|that|this|those|these|em)\b/i.test(sentence) &&
    !ASKS_OF_IT.test(sentence) &&
    !valueTakenBack(sentence)
  )
    return true;
  const tokens = tokenize(sentence);
  if (toldSentence(sentence) || /^[a-z]{3,}ing$/.test(tokens[0] ?? '')) return true;
  // ("Is it locked?" asks)
  if (/\?\s*$/.test(sentence)) return false;
  return ['is', 'it', 'its'].includes(tokens[0] ?? '') && !tokens.some((t) => ACTION_VERBS.has(t));
}

/**
 * "Front door.", "Vacuum.": a sentence of a few words, all of them words of the one device
 * read's name or aliases — it names the device, whatever a word of the name could also mean.
 */
export function namesOnly(sentence: string, r: Reading): boolean {
  const t = r.target;
  if (t?.kind !== 'entities' || t.entities.length !== 1 || t.entities[0]!.domain === 'scene') return false;
  const e = t.entities[0]!;
  const own = new Set([e.name, ...(e.aliases ?? [])].flatMap((n) => tokenize(n)));
  const words = tokenize(sentence).filter((w) => !['the', 'my', 'our', 'that'].includes(w));
  return words.length > 0 && words.length <= 3 && words.every((w) => own.has(w));
}

/**
 * A sentence of surprise or dismay alone ("is it?", "really?", "oh no.", "eish"), or of having
 * heard ("ack.", "roger.", "noted.").
 */
const SURPRISE =
  /^\W*(?:is it|izit|is that so|is that right|really|seriously|serious|oh no|oh dear|ag no|ag shame|eish|shame|oh|ack|roger|noted|copy that)\W*$/i;

/** A sentence that says nothing of what is asked: "don't ask.", "long story.", "trust me." */
const NOTHING_SAID = /^\W*(?:don'?t ask|do not ask|long story|trust me|no reason|don'?t judge(?: me)?)\W*$/i;

/**
 * The sentences of a message that say something, in the order meant: surprise before a request
 * and words that say nothing are set aside; "is it on? the porch light", "lock it. the back
 * door": a device named alone after the sentence that calls it "it" is what "it" is — read as
 * though named first.
 */
export function sentencesMeant(stage2: SecondStage, said: string[]): string[] {
  // ("is it? lock it then hey", "oh no. lock it then": surprise or dismay before a request is
  // no question and takes nothing back)
  // ("movie night. don't ask.": a remark that says nothing at all, wherever it is)
  const kept = said.filter((s, i) => !(i < said.length - 1 && SURPRISE.test(s)) && !NOTHING_SAID.test(s));
  const sentences = kept.length > 0 ? kept : said;
  const last = sentences[sentences.length - 1];
  const named =
    last && sentences.length === 2 && !stage2.hasAction(last) ? stage2.namedDevice(last) : undefined;
  // (only a name: "the porch light too" adds to "it", "the back door's stuck" tells of it)
  if (
    !named ||
    !namesOnly(last!, {
      intent: 'HassGetState',
      slots: {},
      entity_ids: [],
      target: { kind: 'entities', entities: [named] },
    })
  )
    return sentences;
  const first = sentences[0]!;
  // (asked of "it": "It's fine. Porch light." lets be, then names — read as said)
  if (!/\b(it|its|that|this|them|e|am)\b/i.test(first) || !(stage2.hasAction(first) || /\?\s*$/.test(first)))
    return sentences;
  return [last!, first];
}
