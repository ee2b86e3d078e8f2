/**
 * Messages that speak of a deed without asking the agent for one: one's own deed told ("I
 * already turned off the porch light"), someone else's to do ("tell the kids to turn off the
 * tv"), scolding ("grandma told the telly off"), a wish of how something else would act ("i
 * wish away mode would lock the back door too"), a device left out ("… not the porch light"), a
 * device told of ("the kettle we have is so slow"), someone else's deed before an undo.
 */
import type { SecondStage } from './reader.js';
import { KIN, NOUNS } from './lexicon.js';

/** One's own deed, said with "already", "just" or Pidgin "don" before its verb. */
const OWN_DEED =
  /^(?:i|we|he|she|they|sam|alex)(?: (?:have|already|just|don|has))+ (?:turn|turned|switch|switched|on|off|lock|locked|close|closed|open|opened|unlock|unlocked|shut|put|set|start|started|stop|stopped|arm|armed)\b/;

/** "told the telly off", "tell him off": scolding, no switching. */
const TOLD_OFF = /\b(?:told|tell|tells|telling)(?: (?!to\b|me\b)[a-z]+){1,3} off\b/;
/** "tell the kids to turn off the tv", "ask sam to lock up": someone else asked to act. */
const TELL_SOMEONE_TO =
  /\b(?:tell|ask|remind)((?: (?!me\b|us\b|you\b|it\b)[a-z]+){1,3}) to (?:turn|switch|lock|unlock|shut|close|open|put|start|stop|pause|dim)\b/;

/** "i wish away mode would …": a wish of how something other than the agent would act. */
const WISHED_OF_ANOTHER = /\bi (?:wish|hope) (?!you\b|u\b|ya\b|someone\b|somebody\b)[a-z ]+ would\b/;

/** "i hope the back door is locked": a hope of how it is, no request. */
const HOPED = /\bi (?:hope|hoped|trust) (?:the|my|our|that) [a-z ]+ (?:is|are|was|were)\b/;

/** Whether the words tell of a deed, or ask it of someone else, rather than ask the agent. */
export function notAskedOfAgent(stage2: SecondStage, tokens: string[]): boolean {
  const said = tokens.join(' ');
  // ("tell the robot vacuum to start" asks the device itself)
  const told = TELL_SOMEONE_TO.exec(said);
  return (
    OWN_DEED.test(said) ||
    TOLD_OFF.test(said) ||
    (!!told && stage2.namesNothing(told[1]!)) ||
    WISHED_OF_ANOTHER.test(said) ||
    HOPED.test(said) ||
    // ("turn off the lights not the porch light": never read as the device acted on)
    leftOut(tokens) ||
    ownedToldOf(stage2, said) ||
    someoneElseMadeSure(stage2, said) ||
    habitTold(stage2, tokens) ||
    messageFor(stage2, tokens)
  );
}

/**
 * "tell alex im on my way home", "let sam know dinner's ready", "text mum the back door is
 * open": a message for someone of the household — nothing this agent sends, and no question
 * ("tell me if …" asks the agent).
 */
function messageFor(stage2: SecondStage, tokens: string[]): boolean {
  const k = tokens[0] === 'please' || tokens[0] === 'pls' ? 1 : 0;
  if (!['tell', 'let', 'text', 'message', 'remind', 'ask', 'warn'].includes(tokens[k] ?? '')) return false;
  const who = tokens[k + 1] === 'the' ? tokens[k + 2] : tokens[k + 1];
  return !!who && someoneElse(stage2, who);
}

/** Whether a word names someone of the household other than the asker: "mum", "sam", "they". */
function someoneElse(stage2: SecondStage, word: string): boolean {
  return KIN.has(word) || OTHER_PEOPLE.has(word) || stage2.personNamed(word);
}

/** "make sure they lock the back door", "make sure the kids turn off the tv": someone else to act. */
const MADE_SURE_OF =
  /\bmake sure (?:that )?(?:the |my |our )?([a-z]+) (?:[a-z]+ )?(?:lock|locks|turn|turns|switch|switches|close|closes|shut|shuts|open|opens|unlock|unlocks|put|puts|leave|leaves|start|starts|stop|stops)\b/;
function someoneElseMadeSure(stage2: SecondStage, said: string): boolean {
  const m = MADE_SURE_OF.exec(said);
  return !!m && someoneElse(stage2, m[1]!);
}

/** Words that say a habit: "mum always forgets to lock the back door". */
const HABIT_ADVERBS = new Set([
  'always',
  'never',
  'usually',
  'often',
  'sometimes',
  'constantly',
  'forever',
  'keeps',
]);
/** Words that turn a habit told into a request after all: "… so can you do it", "… please". */
const ASKING_WORDS = new Set(['you', 'u', 'ya', 'please', 'pls', 'plz', 'can', 'could', 'so', 'then']);

/**
 * "mum always forgets to lock the back door", "the kids never turn the telly off": a habit of
 * someone else's, told alone — no request (with one after it, the request is read).
 */
function habitTold(stage2: SecondStage, tokens: string[]): boolean {
  const k = ['my', 'our', 'the'].includes(tokens[0] ?? '') ? 1 : 0;
  return (
    someoneElse(stage2, tokens[k] ?? '') &&
    HABIT_ADVERBS.has(tokens[k + 1] ?? '') &&
    !tokens.some((t) => ASKING_WORDS.has(t))
  );
}

/** "the kettle we have is like so slow": a device and who has it, told of. */
function ownedToldOf(stage2: SecondStage, said: string): boolean {
  const ours = OURS_TOLD_OF.exec(said);
  return !!ours && !stage2.namesNothing(ours[1]!);
}

/** "the kettle we have …", "the tv that I bought …": a device and who has it, told of, opening the message. */
const OURS_TOLD_OF =
  /^(?:(?:um|uh|so|like|well|and|oh|honestly|ugh|erm) )*(?:the|my|our|this|that) ([a-z]+(?: [a-z]+)?) (?:that |which )?(?:we|i|you|they) (?:have|got|bought|own|use)\b/;

/** A device left out after the request: "… not the porch light", "… but not the back door". */
function leftOut(tokens: string[]): boolean {
  return tokens.some(
    (t, i) =>
      t === 'not' &&
      i >= 3 &&
      ['the', 'my', 'our', 'that', 'this'].includes(tokens[i + 1] ?? '') &&
      !SECOND_THOUGHT_WORDS.has(tokens[i - 1]!) &&
      tokens.slice(0, i).some((w) => NOUNS[w] !== undefined || w === 'everything' || w === 'all'),
  );
}
const SECOND_THOUGHT_WORDS = new Set([
  'or',
  'no',
  'wait',
  'sorry',
  'actually',
  'oops',
  'nah',
  'nope',
  'is',
  'are',
  'was',
  'were',
]);

/** Someone else, said of a deed: "undo what he did". */
export const OTHER_PEOPLE: ReadonlySet<string> = new Set([
  'he',
  'she',
  'they',
  'someone',
  'somebody',
  'hes',
  'shes',
]);

/**
 * "sam turned the heating up, undo that", "the kids turned the lights on, undo it": a deed of
 * someone else (by name, pronoun or family word), told before the undo — what it would undo is the asker's own, not what was told.
 */
export function othersDeed(stage2: SecondStage, tokens: string[]): boolean {
  // (the undo's own word: "the", "that" or "it" are said with an undo, and before it)
  const k = tokens.findIndex((t) => UNDO_VERBS.has(t));
  return tokens
    .slice(0, Math.max(k, 0))
    .some(
      (t, i, a) =>
        (stage2.personNamed(t) || OTHER_PEOPLE.has(t) || KIN.has(t)) &&
        PAST_DEEDS.test(a.slice(i + 1, i + 3).join(' ')),
    );
}
const UNDO_VERBS = new Set(['undo', 'revert', 'reverse', 'back']);
const PAST_DEEDS =
  /^(?:just |already )?[a-z]+ed\b|^(?:just |already )?(?:put|set|shut|turned|switched|left|did|made|got)\b/;
