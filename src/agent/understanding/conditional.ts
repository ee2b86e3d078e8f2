/**
 * A command on a condition of the device's own state: "if the back door's unlocked, lock
 * it", "if the porch light is on then turn it off". Doing it takes the device out of the
 * state asked about, so the command is the request: done now, it changes the device only
 * where the condition held (locking a locked door changes nothing). A condition on another
 * device ("if the kitchen light is on, turn on the fan") is no such command: it stays the
 * question it was read as.
 */
import type { RequestReader } from './around-request.js';
import { sameTarget } from './same-commands.js';
import { askedForm } from './told.js';
import { QUESTION_INTENTS, referentOf } from './reading.js';
import type { Understood } from './understand.js';
import { cutWhen } from './when.js';

/** Times a condition may name that no one-shot command keeps: the sun's, a day's part. */
const LATER = new Set(
  `sunset sunrise dusk dawn sundown sunup dark tonight tomorrow morning evening night afternoon
   later midnight noon`.split(/\s+/),
);

/** States a switch on, a lock or an open takes a device out of, and those a switch off does. */
const LEFT_BY: Record<string, Set<string>> = {
  HassTurnOn: new Set(['off', 'closed', 'unlocked', 'disarmed']),
  HassTurnOff: new Set(['on', 'open', 'locked', 'armed', 'armed_home', 'armed_away', 'armed_night']),
};

export function ownCondition(
  reader: RequestReader,
  tokens: string[],
  area: string | null,
): Understood | undefined {
  const opener = tokens[0] === 'if' ? 1 : tokens[0] === 'in' && tokens[1] === 'case' ? 2 : 0;
  if (opener === 0) return undefined;
  // the longest condition first: "if the lights are on upstairs | switch them off"
  for (let k = tokens.length - 1; k >= opener + 2; k--) {
    // "the back door is unlocked" asked as "is the back door unlocked"
    // "if the front door is unlocked at 10pm, lock it": the check and the deed are at that time
    const timed = cutWhen(tokens.slice(opener, k));
    const said = timed.tokens;
    if (!said.some((t) => t === 'is' || t === 'are')) continue;
    // ("… not on at sunset", "… still open tonight": a time this reading cannot keep: not now)
    // (not a word of a name: "if the night light is off")
    if (
      said.some(
        (t, i) => LATER.has(t) && !['light', 'lamp', 'lights', 'mode', 'scene'].includes(said[i + 1] ?? ''),
      )
    )
      return undefined;
    const asked = reader.single(askedForm(said), area, undefined);
    if (asked?.kind !== 'command' || !QUESTION_INTENTS.has(asked.command.reading.intent)) continue;
    const state = asked.command.reading.slots.state;
    if (typeof state !== 'string') continue;
    const rest = tokens.slice(tokens[k] === 'then' ? k + 1 : k);
    const u = reader.single(rest, area, referentOf(asked.command.reading));
    if (u?.kind !== 'command' || (u.command.when && timed.when)) continue;
    const when = timed.when ?? u.command.when;
    const done = u.command.reading.intent;
    if (!LEFT_BY[done]?.has(state) || !sameTarget(reader, asked.command, u.command)) continue;
    // "… switch them off": the devices as the condition named them
    const slots = u.command.reading.slots;
    if (['name', 'area', 'floor'].some((s) => s in slots))
      return { kind: 'command', command: { reading: u.command.reading, ...(when ? { when } : {}) } };
    const { state: _state, ...named } = asked.command.reading.slots;
    if ('name' in named) {
      delete named.domain;
      delete named.device_class;
    }
    return {
      kind: 'command',
      command: {
        reading: { ...u.command.reading, slots: { ...slots, ...named } },
        ...(when ? { when } : {}),
      },
    };
  }
  return undefined;
}
