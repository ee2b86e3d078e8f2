/**
 * A whole message read as a command, and taken back: what it says tells of a device, of words or
 * of shopping rather than asking for anything — checked after reading, on the message as said.
 */
import { tokenize } from '../intents/normalize.js';
import { declarative, narrated } from './guards.js';
import type { SecondStage } from './reader.js';
import { QUESTION_INTENTS, type Reading } from './reading.js';
import type { Understood } from './understand.js';

/** A device's own doing, told: "… opened by itself", "… came on on its own", "… unlocked itself". */
const BY_ITSELF =
  /\b(?:opened|closed|shut|locked|unlocked|turned|switched|started|stopped|armed|disarmed|came|went)\b(?:\s+(?:on|off|up|down|open))?\s+(?:by itself|on its own|itself|by themselves|on their own|themselves)\b/i;

/** A device flickering, told: "the kitchen light's going on and off", "keeps switching off and on". */
const FLICKERING =
  /\b(?:going|goes|went|keeps? (?:going|turning|switching|coming)|kept (?:going|turning|switching)|flicker\w*|flash\w*|blink\w*)\s+(?:on and off|off and on)\b/i;

/** A question about words, not the home: "what is the English word for czajnik?", "how do you say lamp". */
const ABOUT_WORDS =
  /\b(?:word|words|name) for\b|\bhow (?:do|would|d) (?:you|i|we) say\b|\bwhat does [a-z' ]+ mean\b|\bin english\b|\bspell\b/i;

/** Shopping, not the home: "what thermostat should we buy at costco". */
const SHOPPING = /\b(?:buy|buying|purchase|recommend)\b/i;

/** A thing declined for oneself: "no kettle for me, thanks", "no more tv for us tonight". */
const NOT_FOR_ME =
  /^\W*no\s+(?:more\s+)?(?!wait\b|sorry\b|no\b)[a-z' ]{2,30}?\s+for\s+(?:me|us|now|tonight|today)\b/i;

/** A remark of a past or a fault: "…, kai was rubbish", "…, it's broken", "… last time". */
const TOLD_OF_ANOTHER_TIME =
  /\b(?:was|(?<!\bwe\s)(?<=\w\s)were|did|had|loved|hated|liked|enjoyed|broke|broken|yesterday|last (?:time|night|week)|doesn'?t|does not|didn'?t|did not|isn'?t|won'?t|not working)\b/i;

/**
 * "movie night, kai was rubbish", "dinner party scene, the guests loved it last time", "the
 * dinner party mode, it's broken": a scene's name, then a remark of a past or a fault — the
 * evening it names is what is spoken of; nothing is asked now.
 */
export function sceneToldOf(said: string, u: Understood): boolean {
  if (u.kind !== 'command' || !isScene(u.command.reading)) return false;
  // (a scene said as a greeting is asked by saying it: "good night, it was a long day")
  const t = u.command.reading.target;
  if (
    t?.kind === 'entities' &&
    t.entities.every((e) => /^good (?:night|morning|evening|afternoon)$/i.test(e.name))
  )
    return false;
  const m = /^([^,;:.!?]+)[,;:.!?]+\s*(.+)$/.exec(said.trim());
  if (
    !m ||
    /\b(?:please|pls|plz|now|on|start|run|activate|put|set|turn|switch|change|have|do|want|need)\b/i.test(
      m[1]!,
    )
  )
    return false;
  return TOLD_OF_ANOTHER_TIME.test(m[2]!);
}

/**
 * What a device did, a flicker, a thing declined for oneself, a question about words, shopping:
 * nothing asked of the home, whatever a command the words hold.
 */
export function toldNotAsked(said: string): boolean {
  return (
    BY_ITSELF.test(said) ||
    FLICKERING.test(said) ||
    NOT_FOR_ME.test(said) ||
    ABOUT_WORDS.test(said) ||
    SHOPPING.test(said)
  );
}

/**
 * "the christmas tree, desliga", "the kettle, florp": a device's name alone, and beside it one
 * word not understood — most likely the verb, in a language not read.
 */
export function bareNameBesideUnknown(stage2: SecondStage, said: string): boolean {
  const parts = said
    .split(/[,.;:!?]+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length !== 2) return false;
  const bare = parts.findIndex((p) => stage2.namesOnlyADevice(p));
  const other = parts[1 - bare];
  return (
    bare >= 0 &&
    other !== undefined &&
    /^[\p{L}']+$/u.test(other) &&
    !stage2.hasAction(other) &&
    stage2.hasUnknownWord(other)
  );
}

/**
 * "the kettle, we brought it from India", "porch light - it's been flickering": a device named
 * with nothing asked of it, then a statement about it ("it", "them") tells of the device; only
 * a scene is asked for by its name alone.
 */
export function nameThenToldOfIt(stage2: SecondStage, said: string, u: Understood): boolean {
  if (u.kind !== 'command' || QUESTION_INTENTS.has(u.command.reading.intent)) return false;
  const m = /^([^,;:.!?-]+)[,;:.!?-]+\s*(.+)$/.exec(said.trim());
  if (!m || !stage2.namesDevice(m[1]!) || stage2.hasAction(m[1]!) || !declarative(m[2]!)) return false;
  // ("the porch light, I turned it off yesterday": a deed of one's own told of it asks nothing)
  if (
    !/\b(?:it|its|they|them|their)\b/i.test(m[2]!) ||
    (stage2.hasAction(m[2]!) && !narrated(tokenize(m[2]!)))
  )
    return false;
  const t = u.command.reading.target;
  return !(t?.kind === 'entities' && t.entities.every((e) => e.domain === 'scene'));
}

/** Whether a reading starts scenes only. */
export function isScene(r: Reading): boolean {
  const t = r.target;
  return t?.kind === 'entities' && t.entities.length > 0 && t.entities.every((e) => e.domain === 'scene');
}
