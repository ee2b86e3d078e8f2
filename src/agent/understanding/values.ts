/**
 * A number read as a value to set only where it can be one. "heater 6am", "turn the telly down
 * in 5", "set the kitchen speaker to radio 4", "turn on the 2 lamps", "heat the office to 100":
 * the number is a time, a wait, a station, a count or no temperature a heating takes — so the
 * command is not done with it (a question back beats setting 6 °C or volume 4).
 */
import { NOUNS } from './lexicon.js';
import type { Reading } from './reading.js';

/** The slots that carry a value to set. */
const VALUE_SLOTS = ['temperature', 'brightness', 'position', 'volume_level'] as const;

/** Words after which a number names something, not an amount: "radio 4", "track 7". */
const NAMING = new Set(
  'radio station channel track song episode season number no page level room flat door bus'.split(' '),
);
/** Words after which a number of 1 to 12 is a clock time: "heater at 8", "set the heating for 6". */
const AT_A_TIME = new Set(['at', 'for', 'by', 'from', 'till', 'until']);
/** Words before a number that counts things: "the 2 lamps", "both 3 …". */
const COUNTING = new Set(['the', 'my', 'our', 'those', 'these', 'all', 'both']);
/** Words that make a number before them a difference: "10 louder", "20 brighter". */
const COMPARATIVES = new Set(
  'louder quieter brighter dimmer darker warmer cooler colder hotter higher lower more less up down'.split(
    ' ',
  ),
);
/** Steps counted: "two notches", "three clicks". */
const STEPS = new Set([
  'notch',
  'notches',
  'step',
  'steps',
  'click',
  'clicks',
  'point',
  'points',
  'bar',
  'bars',
  'levels',
  'ticks',
]);
/** Words that make a number after them a difference, unless "to" comes first: "raise the volume 15". */
const RELATIVE = new Set(['raise', 'increase', 'lower', 'decrease', 'reduce', 'bump', 'drop']);
/** "volume up 5", "down 10": a number right after them is by how much. */
const BY_HOW_MUCH = new Set(['up', 'down']);
/** Nouns of devices: a number right before one counts them ("one lamp", "2 lights"). */
const NOUN_WORDS = new Set(Object.keys(NOUNS).filter((w) => !w.includes(' ')));
/** Words naming the kind of value: "tv volume at ten", "brightness on 5". */
const VALUE_WORDS = new Set(['volume', 'brightness', 'temperature', 'position', 'degrees', 'percent']);
/** Units and words that make the number a value after all: "at 8 percent", "for 7 degrees". */
const UNITS = new Set(['percent', 'degrees', 'degree', 'c', 'f', 'celsius', 'fahrenheit', '%']);

/**
 * Temperatures a heating is set to: Celsius from Home Assistant's default minimum to its
 * maximum, or Fahrenheit (the planner converts 45–95 for a Celsius device).
 */
function plausibleTemperature(t: number): boolean {
  return (t >= 7 && t <= 35) || (t >= 45 && t <= 95);
}

/** Whether the reading's value comes from a number that is no value (see above). */
export function valueMisread(tokens: string[], raw: string, r: Reading): boolean {
  const slot = VALUE_SLOTS.find((s) => typeof r.slots[s] === 'number');
  if (!slot) return false;
  const value = r.slots[slot] as number;
  // (with its unit said, as said: "set the office thermostat to 1°")
  const unitSaid = new RegExp(`\\b${value}\\s*(°|degrees?\\b|celsius\\b|fahrenheit\\b)`, 'i').test(raw);
  if (slot === 'temperature' && !plausibleTemperature(value) && !unitSaid) return true;
  // "it's like 60 degrees in here, warmer pls": a temperature told, not one to set
  if (
    new RegExp(
      `\\b(it'?s|it is|its)\\s+((like|about|around|nearly|almost|only|just|barely|over|under)\\s+)?${value}\\b`,
      'i',
    ).test(raw)
  )
    return true;
  // "set the heat to -5": a minus the words no longer show
  if (new RegExp(`(^|[^\\w])(-|minus )\\s*${value}\\b`, 'i').test(raw)) return true;
  // "porch light on at quarter to": a time with its hour left unsaid
  if (
    /\b(quarter|half|twenty|ten|five) (to|past)\b/i.test(raw) &&
    !/\b(quarter|half|twenty|ten|five) (to|past) \w/i.test(raw)
  )
    return true;
  const at = tokens.indexOf(String(value));
  if (at < 0) return false;
  const before = tokens[at - 1] ?? '';
  const after = tokens[at + 1] ?? '';
  // "volume +5", "two notches", "one lamp in the bedroom": a step or a count, not a level
  if (new RegExp(`\\+\\s*${value}\\b`).test(raw)) return true;
  if (STEPS.has(after) || NOUN_WORDS.has(after) || BY_HOW_MUCH.has(before)) return true;
  // "raise the volume 15": raised by, not to
  if (tokens.some((t) => RELATIVE.has(t)) && !['to', 'at', 'on'].includes(before) && !UNITS.has(after))
    return true;
  // "make the tv 10 louder", "10 percent dimmer": a step of that size, not a level
  if (COMPARATIVES.has(UNITS.has(after) ? (tokens[at + 2] ?? '') : after)) return true;
  if (UNITS.has(after)) return false;
  if (after === 'am' || after === 'pm' || after === 'oclock') return true;
  // "twenty to", "forty for percent": a number heard in part ("twenty two", "forty four")
  if (
    ['to', 'too', 'for', 'four'].includes(after) &&
    (at === tokens.length - 2 || UNITS.has(tokens[at + 2] ?? ''))
  )
    return true;
  // "floor lamp 0.5": a level is a whole percent
  if (slot !== 'temperature' && !Number.isInteger(value)) return true;
  if (NAMING.has(before)) return true;
  // "put the telly volume at twelve": the kind of value said makes the number one
  if (tokens.some((t) => VALUE_WORDS.has(t))) return false;
  // "turn the telly down in 5": a wait without its unit
  if (before === 'in') return true;
  if (AT_A_TIME.has(before) && value >= 1 && value <= 12 && Number.isInteger(value)) return true;
  // "turn on the 2 lamps": a count before what is counted
  if (COUNTING.has(before) && after !== '' && !['please', 'now', 'thanks'].includes(after)) return true;
  // "put the telly on 7": a channel, not a volume
  return slot === 'volume_level' && before === 'on';
}
