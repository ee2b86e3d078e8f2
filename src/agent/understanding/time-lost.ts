/**
 * The net for a time said and lost: a message that tells a clock time (or, for opening the
 * house up, any time) where the command read from it acts now. Acting now on "turn off the
 * tv at 9" is worse than asking again, so such a reading is declined — unless the time is in a
 * statement of someone's own day ("I have a call at 2:15") or a reason ("so it's not blinding
 * at 3am").
 */
import { tokenize } from '../intents/normalize.js';
import { QUESTION_INTENTS } from './reading.js';
import { OWN_DAY_SUBJECTS } from './sentences.js';
import type { Command, Understood } from './understand.js';

/** A clock time written: "5:30", "5.30", "21h15", "6am", "10 p.m.". */
const CLOCK_TIME = /\b(?:(?:[01]?\d|2[0-3])[:.h][0-5]\d|\d{1,2}\s*[ap]\.?m\b\.?)/i;

/**
 * A later time someone else's doing is told at ("granny's arriving after lunch", "the kids
 * get back after school"): a door unlocked, a garage opened or an alarm disarmed may be meant
 * for then — never done now unasked (a light or the heating now is only early).
 */
const LATER =
  /\b(?:after (?:lunch|work|school|dinner|tea|supper|breakfast)|at lunch(?:time)?|first thing|tonight|this (?:evening|afternoon)|tomorrow|later on|on the weekend|at the weekend|next week)\b/i;
/** Any time told: "at six", "at 9", "in an hour", "after dark", "on Saturday", "when you get home". */
const ANY_TIME =
  /\b(?:at (?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight|half|quarter)\b|in (?:an?|\d+|one|two|three|four|five|ten|fifteen|twenty|thirty|half) (?:hour|minute|min|sec)|after dark|(?:on|by|this|next) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|when (?:you|he|she|they|we|i)\b|soon|later|all (?:day|night|weekend|week|morning|afternoon|evening))/i;
/** Who tells of their own plans: "we've guests tonight" is why, now. */
const FIRST_PERSON = new Set('i im ive ill id we were weve well wed'.split(' '));

/** "at" and digits said one by one: a clock time, or none the reader could read. */
const DIGITS_AT =
  /\bat (?:zero|one|two|three|four|five|six|seven|eight|nine|niner)(?: (?:zero|one|two|three|four|five|six|seven|eight|nine|niner))+\b/i;

/** Whether a command opens the house up: unlocks, disarms, opens a garage door or a gate. */
function opensUp(c: Command): boolean {
  const t = c.reading.target;
  const entities = t?.kind === 'entities' ? t.entities : [];
  const domain = t?.kind === 'group' ? t.domain : undefined;
  const off = c.reading.intent === 'HassTurnOff';
  const on = c.reading.intent === 'HassTurnOn';
  // (the garage's covers said by their room, or set to a position, open it up too)
  const opens = on || c.reading.intent === 'HassSetPosition';
  const garageRoom = t?.kind === 'group' && domain === 'cover' && /garage|gate/i.test(t.area?.name ?? '');
  return (
    (off &&
      (domain === 'lock' ||
        entities.some((e) => e.domain === 'lock' || e.domain === 'alarm_control_panel'))) ||
    (opens &&
      (garageRoom ||
        entities.some(
          (e) => e.domain === 'cover' && /garage|gate/i.test(`${e.device_class ?? ''} ${e.name}`),
        )))
  );
}

/** Words that open a reason or a purpose. */
const REASON_OPENERS = new Set(['so', 'because', 'cos', 'cause', 'since']);

/**
 * Whether a clock time said in the message is lost: the command acts now (no part waits), and
 * the clause the time is in is no statement of someone's own day.
 */
export function timeLost(said: string, u: Understood): boolean {
  // ("turn on the lamp at five five": asked which lamp, the time is still lost)
  if (u.kind === 'ask' && DIGITS_AT.test(said)) return true;
  const parts = u.kind === 'command' ? [u.command] : u.kind === 'compound' ? u.parts : [];
  const acting = parts.filter((p) => !QUESTION_INTENTS.has(p.reading.intent));
  if (acting.length === 0 || parts.some((p) => p.when)) return false;
  // ("unlock the front door so granny can get in at 3pm", "turn off the alarm, the cleaner
  // will be here at 9", "… I'll be back in an hour": opening the house up is never done now
  // while any time is told beside it — whoever's it is)
  if (acting.some(opensUp) && (ANY_TIME.test(said) || LATER.test(said) || CLOCK_TIME.test(said))) return true;
  // ("no open the garage door": "no" before the verb, no comma — perhaps "don't")
  if (acting.some(opensUp) && /^\W*(?:no|nah|nope)\s+(?:open|unlock|disarm|go)\b/i.test(said)) return true;
  // ("Is the garage door open? Keep it open.": kept as it is — never opened up for it)
  if (
    acting.some(opensUp) &&
    /\b(?:keep|leave) (?:it|them|that|the [a-z ]{2,30}?) (?:open|unlocked|up|disarmed)\b/i.test(said)
  )
    return true;
  // ("turn on the porch light at six three": digits after "at" that make no clock time)
  if (DIGITS_AT.test(said) && !parts.some((p) => p.when)) return true;
  // ("I have a call at 2:15, turn off the tv then", "he gets back at seven, open the garage
  // then": "then" is that time)
  if ((CLOCK_TIME.test(said) || ANY_TIME.test(said)) && /\bthen\W*$/i.test(said)) return true;
  // (a reason or a purpose keeps its time: "… so it's not blinding at 3am")
  return said.split(/[,;!?]|\.(?!\d)|(?=\s(?:and|but|so|because|cos|cause|since)\s)/i).some((clause) => {
    const first = tokenize(clause)[0] ?? '';
    if (LATER.test(clause) && !FIRST_PERSON.has(first) && acting.some(opensUp)) return true;
    return CLOCK_TIME.test(clause) && !OWN_DAY_SUBJECTS.has(first) && !REASON_OPENERS.has(first);
  });
}
