/**
 * Words that leave what is asked unsure, so nothing is done: a condition not checked now ("lock
 * the back door if the alarm is armed"), a time not said ("later", "in a while"), a feeling
 * denied or kept ("the office isn't warm", "leave the telly loud"), a comparison told ("the
 * telly is louder than the speaker"), a "dis-" or "un-" heard apart ("dis arm the alarm").
 */
import { FEELINGS } from './choose-intent.js';
import { ACTION_VERBS, NEGATIONS } from './guards.js';
import { CUES } from './lexicon.js';

/** What follows "if you" when it only asks nicely: "if you could", "if you don't mind". */
const POLITE_AFTER_IF_YOU = new Set(
  'can could would will wouldnt dont do get have please mind are arent want like wish'.split(' '),
);
/** Words before an "if" that asks whether, or concedes: "check if", "wonder if", "even if". */
const IF_AS_WHETHER = new Set(
  'check see know ask asking wonder wondering wondered deciding decide unsure sure even tell find mind me'.split(
    ' ',
  ),
);
/** Words of wishing a little before an "if": "I'd love it if", "grateful if you …". */
const WISHING = new Set(
  'love appreciate appreciated grateful obliged thankful glad happy nice great good lovely helpful like prefer'.split(
    ' ',
  ),
);
/** What follows "if" when it only asks nicely: "if possible", "if that's ok". */
const POLITE_AFTER_IF = new Set(['possible', 'poss', 'needed', 'necessary', 'so', 'any', 'ever']);

/**
 * "lock the back door if the alarm is armed", "provided Sam's home, turn off the porch
 * light", "turn the telly off unless the kids are up": a condition this agent does not check
 * now (the device's own state aside, read before: `ownCondition`) — so nothing is done, rather
 * than done whether it holds or not. Politeness is no condition ("if you could", "if it's no
 * trouble", "if possible").
 */
export function onCondition(tokens: string[]): boolean {
  return tokens.some((t, i) => {
    if (['provided', 'providing', 'unless', 'assuming'].includes(t)) return true;
    if (t !== 'if' && t !== 'iff') return false;
    // "I'd love it if …", "I wonder if you might …", "check if the garage light is off",
    // "even if it's 8 in the morning": a wish, a question or a concession, no condition
    if (
      IF_AS_WHETHER.has(tokens[i - 1] ?? '') ||
      tokens.slice(Math.max(0, i - 3), i).some((w) => WISHING.has(w))
    )
      return false;
    const next = tokens[i + 1] ?? '';
    // "movie night, if we can stay awake"
    if (['we', 'i'].includes(next) && ['can', 'could'].includes(tokens[i + 2] ?? '')) return false;
    if (next === 'you' || next === 'u' || next === 'ya') return !POLITE_AFTER_IF_YOU.has(tokens[i + 2] ?? '');
    if (POLITE_AFTER_IF.has(next)) return false;
    // "if not too much trouble", "if no bother"
    if (
      (next === 'not' || next === 'no') &&
      /^(too|much|any|a|trouble|bother|problem)/.test(tokens[i + 2] ?? '')
    )
      return false;
    // "if it is no trouble", "if that is ok", "if it is not too much bother"
    const said = tokens.slice(i + 1, i + 7).join(' ');
    return !/^(it|that|this|thats|its)( is| would be| will be)? (ok|okay|alright|fine|no|not|any|all right|cool|possible)\b/.test(
      said,
    );
  });
}

/**
 * "the telly is louder than the speaker", "the office is brighter than it was": a comparison
 * told, no complaint to act on.
 */
export function compared(tokens: string[]): boolean {
  // (not "bit dimmer than that", "brighter than now": a step from where it is)
  return tokens.some(
    (t, i) =>
      t === 'than' &&
      i > 0 &&
      /(er|more|less)$/.test(tokens[i - 1]!) &&
      tokens[i - 1] !== 'other' &&
      !['that', 'this', 'now', 'currently', 'before', 'usual'].includes(tokens[i + 1] ?? ''),
  );
}

/**
 * "dis arm the alarm", "on lock the front door": a "dis-" or "un-" heard as a word of its own
 * (a voice transcript) — which way is meant is not known, so nothing is done.
 */
export function prefixHeardApart(tokens: string[]): boolean {
  return tokens.some(
    (t, i) =>
      (['lock', 'locked'].includes(t) &&
        ['on', 'in', 'an', 'un'].includes(tokens[i - 1] ?? '') &&
        !ACTION_VERBS.has(tokens[i - 2] ?? '')) ||
      (['arm', 'armed'].includes(t) && ['dis', 'this', 'the', 'de', 'des'].includes(tokens[i - 1] ?? '')) ||
      // "turn off the porch light at down": "at dawn" heard as "at down"
      ((t === 'down' || t === 'don') && tokens[i - 1] === 'at'),
  );
}

/**
 * "turn off the lights later", "… in a while", "… in a bit", "lock the back door not yet": a
 * time not said, so not now and not a timer either.
 */
export function vaguelyLater(tokens: string[]): boolean {
  const said = tokens.join(' ');
  return /\b(later( on)?|in a (little )?(while|bit)|after a (little )?while|in a few|shortly|by and by)\b|(?<!\bor )\bnot (?:just )?(?:yet|now|right now)$/.test(
    said,
  );
}

/** Words of feeling that the lexicon reads as a complaint ("it's warm" asks for cooler). */
// (with every one-word feeling the lexicon knows: "gloomy", "baltic" — not a verb like "brighten")
const FEELING_WORDS = new Set([
  ...`warm hot cold cool chilly freezing bright dark dim loud quiet noisy stuffy toasty boiling
   roasting nippy sweltering`.split(/\s+/),
  ...Object.entries(CUES)
    .filter(([w, cue]) => FEELINGS.has(cue) && !w.includes(' ') && !/(er|en)$/.test(w))
    .map(([w]) => w),
]);
/** Comparatives after "less" that say no clear way. */
const LESS_THEN = new Set(
  'warmer cooler colder hotter brighter dimmer darker louder quieter softer'.split(' '),
);
/** Words that keep or dislike a state rather than complain of it. */
const NOT_COMPLAINING = new Set(['leave', 'hate', 'hates', 'hated', 'dislike', 'dislikes']);

/**
 * "the office isn't warm", "it's not too bright", "leave the telly loud", "grandma hates the
 * telly loud": a feeling denied, kept or disliked is no complaint to act on — which way to
 * go is not said.
 */
export function feelingDenied(tokens: string[]): boolean {
  return tokens.some((t, i) => {
    // "less warmer", "less dimmer": which way is meant is not clear
    if (t === 'less' && LESS_THEN.has(tokens[i + 1] ?? '')) return true;
    const within = NOT_COMPLAINING.has(t) ? 5 : NEGATIONS.has(t) ? 3 : 0;
    return tokens
      .slice(i + 1, i + 1 + within)
      .filter((w) => !['too', 'very', 'so', 'that', 'really', 'at', 'all'].includes(w))
      .slice(0, NEGATIONS.has(t) ? 1 : within)
      .some((w) => FEELING_WORDS.has(w));
  });
}
