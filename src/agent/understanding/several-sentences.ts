/**
 * A message of several sentences: each read in turn, what one names being the "it" of the next
 * ("The porch light. Can you turn it off?"), and the readings joined into one answer.
 */
import type { Conversation } from './conversation.js';
import { referentOf, type Referent } from './reading.js';
import { sameTarget } from './same-commands.js';
import { joinSentences, namesOnly, statementLike, toldSentence } from './sentences.js';
import type { Understanding, Understood } from './understand.js';

export function understandSentences(
  u: Understanding,
  sentences: string[],
  area: string | null,
  conv: Conversation,
): Understood {
  // ("The porch light. Can you turn it off?": what one sentence names, the next may call "it")
  const running: Conversation = { ...conv };
  // what the last sentence asked of or acted on: for a next one that asks ("Is the porch
  // light on? Turn it off.", "too warm in here; lower it") — not one that tells ("is the
  // heat even on? it feels cold to me", "… Heading up now.")
  let actedOn: Referent | undefined;
  const naming = new Set<number>();
  // (a sentence that only names a device says what the next one's "it" is, first)
  const all = sentences.map((sentence, i) => {
    const asks = actedOn && naming.size === 0 && !statementLike(sentence);
    const understood = u.understand(sentence, area, {
      ...running,
      referent: asks ? actedOn : running.referent,
    });
    // a sentence that only names a device ("The porch light.", "Front door.", "Vacuum."),
    // not a bare scene or command
    if (
      understood.kind === 'command' &&
      ((/^\W*(the|my|our|that)\b/i.test(sentence) && !u.stage2.hasAction(sentence)) ||
        namesOnly(sentence, understood.command.reading))
    ) {
      running.referent = referentOf(understood.command.reading);
      naming.add(i);
    } else if (understood.kind === 'command' && understood.command.reading.target) {
      actedOn = referentOf(understood.command.reading);
    } else if (understood.kind === 'none' && i < sentences.length - 1) {
      // ("Front door. Lock.": a lock named alone is no command, yet names what follows)
      const e = u.stage2.namedDevice(sentence);
      // ("downstairs lights. off": a kind in a place named alone names what follows too)
      const group = e ? undefined : u.namedGroup(sentence, area);
      // ("The kitchen light is on. Turn it off.", "I think I left the garage light on. Is it
      // still on?": a statement of one device, then "it")
      const toldOf =
        e || group || !toldSentence(sentence) || !/\b(it|its|that|this)\b/i.test(sentences[i + 1]!)
          ? undefined
          : u.stage2.deviceToldOf(sentence);
      if (e || group || toldOf) {
        running.referent = group ?? {
          intent: 'HassGetState',
          slots: {},
          target: { kind: 'entities', entities: [(e ?? toldOf)!] },
        };
        naming.add(i);
      }
    }
    return { sentence, understood };
  });
  // …is the target of the request after it, no request of its own
  const later = (i: number) => all.slice(i + 1).some((s) => s.understood.kind === 'command');
  const said = all.filter((_, i) => !naming.has(i) || !later(i));
  conv.pending = undefined;
  return joinSentences(u.stage2, said, (a, b) => sameTarget(u, a, b));
}
