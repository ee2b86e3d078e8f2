/**
 * "one" as a device ("the upstairs one", "that one") or as the number 1 ("one percent",
 * "Plug 1"): marked before numbers are read.
 */
import { tokenize } from '../intents/normalize.js';
import type { IntentRegistry } from '../intents/registry.js';

/**
 * Words after which "one" stands for a device: area and floor words ("the upstairs one") and
 * the words of device names ("the back one", "the bedside one") — but not a word a name
 * numbers ("Plug 1": "plug one" stays the plug).
 */
export function placeWords(reg: IntentRegistry): Set<string> {
  const places = [...reg.areas, ...reg.floors].flatMap((p) => [p.name, ...(p.aliases ?? [])]);
  const devices = reg.entities.flatMap((e) => [e.name, ...(e.aliases ?? [])]).map((n) => tokenize(n));
  const numbered = new Set(devices.flatMap((t) => t.filter((w, i) => /^\d+$/.test(t[i + 1] ?? ''))));
  const words = new Set([...places.flatMap((n) => tokenize(n)), ...devices.flat()]);
  for (const w of numbered) words.delete(w);
  return words;
}

/** Words after "one" that make it a number: "one percent", "one hundred", "one minute". */
const ONE_AS_NUMBER_NEXT =
  /^(percent|per|%|degrees?|hundred|thousand|and|point|half|minutes?|hours?|seconds?|o|oclock|am|pm|more|less|notch|step|level)$/;
/** Words before "one" that make it a device: "the one", "that one", "the other one". */
const ONE_AS_DEVICE_AFTER = new Set([
  'the',
  'that',
  'this',
  'which',
  'other',
  'another',
  'same',
  'each',
  'every',
]);

/**
 * "the upstairs one", "the hallway one as well", "that one": a device, not the number 1.
 * Marked as "ones" (a pronoun to the tagger) before numbers are read, so neither stage takes
 * it for a brightness of 1 %.
 */
export function markPronounOne(text: string, placeWords: ReadonlySet<string>): string {
  const words = text.split(/(\s+)/);
  for (let i = 0; i < words.length; i += 2) {
    if (words[i]!.toLowerCase() !== 'one') continue;
    const prev = (words[i - 2] ?? '').toLowerCase().replace(/[^a-z]/g, '');
    const next = (words[i + 2] ?? '').toLowerCase().replace(/[^a-z%]/g, '');
    if (ONE_AS_NUMBER_NEXT.test(next)) continue;
    if (ONE_AS_DEVICE_AFTER.has(prev) || placeWords.has(prev)) words[i] = 'ones';
  }
  return words.join('');
}
