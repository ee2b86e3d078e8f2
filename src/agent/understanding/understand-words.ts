/**
 * The words and little tests the understanding of a message reads by: when a "when" asks, a rule's
 * remark, a device left as it is, what "switch", "again" and "out" say there, units, a measured
 * thing named alone, letting a timer go.
 */
import { ACTION_VERBS, NEGATIONS } from './guards.js';

/** Words after "when" that make a question of it: "when did the door open", "when is sunset". */
export const ASKING_AFTER_WHEN = new Set(
  'did does do is was were will are can could should would has have'.split(' '),
);

/** Words that make a thing named a statement: "I love the outside temperature". */
export const SAID_OF_ONESELF = new Set(
  'i im we you he she they it its me us love like hate want need think is are was were be'.split(' '),
);

/** Letting go of what was just set for later: "forget that", "never mind", "leave it". */
export const LET_GO =
  /^(?:forget (?:it|that|about it)|never mind(?: that| it)?|leave it|cancel it leave it|scratch that|skip it|dont bother|no need)$/;
export const SECOND_THOUGHT_WORDS = new Set([
  'nah',
  'no',
  'ok',
  'okay',
  'actually',
  'oh',
  'um',
  'wait',
  'please',
  'just',
  'hmm',
]);

/** A temperature named with no verb: "temp in office", "the temperature out there", "kitchen temp". */
export const TEMPERATURE_NAMED =
  /^(?:the )?(?:(?:[a-z]+ ){0,2}(?:temp|temperature)|(?:temp|temperature) (?:in|of|at|out|up|down) (?:the )?[a-z ]{2,30})$/;

/** "switch off", "ok switch on please": "switch" said only as the verb, before its way. */
export function switchIsTheVerb(tokens: string[]): boolean {
  const k = tokens.indexOf('switch');
  return (
    k >= 0 &&
    ['on', 'off'].includes(tokens[k + 1] ?? '') &&
    !tokens.slice(0, k).some((t) => ACTION_VERBS.has(t) || t === 'the' || t === 'that' || t === 'this') &&
    !tokens.some((t) => t === 'switches')
  );
}

const GOING_BACK = new Set(['previous', 'last', 'replay', 'back', 'rewind', 'before']);
const PLAYED = new Set(['song', 'track', 'tune', 'it', 'that', 'this', 'one']);
export function goingBack(tokens: string[]): boolean {
  return (
    tokens.some((t) => GOING_BACK.has(t)) || (tokens.includes('again') && tokens.some((t) => PLAYED.has(t)))
  );
}

/**
 * "every night at half eleven lock the back door, the lads always forget": after a rule, a remark
 * that tells a habit — nothing that limits the rule (no "not", "only", "except", day or hour).
 */
export function ruleRemark(tokens: string[]): boolean {
  if (tokens.some((t) => /\d/.test(t) || RULE_LIMITS.has(t) || NEGATIONS.has(t))) return false;
  return tokens.some((t) => HABIT_WORDS.has(t));
}
const HABIT_WORDS = new Set([
  'always',
  'usually',
  'normally',
  'often',
  'sometimes',
  'never',
  'forget',
  'forgets',
]);
const RULE_LIMITS = new Set(
  `only except unless until till but not never weekend weekends weekday weekdays monday tuesday wednesday
   thursday friday saturday sunday morning evening afternoon night tonight tomorrow today am pm`.split(/\s+/),
);

/** "leave the porch one": a device kept as it is — unless a state is said ("leave the light on"). */
export function leftAsItIs(tokens: string[]): boolean {
  return (
    tokens[0] === 'leave' &&
    !tokens.some((t) => ['on', 'off', 'open', 'closed', 'shut', 'locked', 'unlocked', 'running'].includes(t))
  );
}

/** Units that make a number a value, not a wait. */
export const VALUE_UNITS = new Set(['percent', '%', 'degrees', 'degree']);

/** Words that make a bare "set the lounge to 40" about its lights. */
export const LIGHT_WORDS = new Set([
  'light',
  'lights',
  'lamp',
  'lamps',
  'bright',
  'brightness',
  'dim',
  'percent',
  '%',
]);

export const DOMAIN_OF: Record<string, string> = {
  HassLightSet: 'light',
  HassClimateSetTemperature: 'climate',
  HassClimateGetTemperature: 'climate',
  HassSetVolume: 'media_player',
  HassMediaPause: 'media_player',
  HassMediaUnpause: 'media_player',
  HassMediaNext: 'media_player',
  HassMediaPrevious: 'media_player',
  HassSetPosition: 'cover',
  HassVacuumStart: 'vacuum',
  HassVacuumReturnToBase: 'vacuum',
};
