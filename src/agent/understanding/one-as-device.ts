/**
 * "one" as a device ("the upstairs one", "that one") or as the number 1 ("one percent",
 * "Plug 1"): marked before numbers are read.
 */
import { tokenize } from '../intents/normalize.js';
import type { IntentRegistry } from '../intents/registry.js';
import { sayingsFor } from './sayings.js';
import { NOUNS } from './lexicon.js';

/**
 * Words after which "one" stands for a device: area and floor words ("the upstairs one") and
 * the words of device names ("the back one", "the bedside one"), and other people's words for
 * them ("the hall one") — but not a word a name
 * numbers ("Plug 1": "plug one" stays the plug).
 */
export function placeWords(reg: IntentRegistry): Set<string> {
  const places = [...reg.areas, ...reg.floors].flatMap((p) => [p.name, ...(p.aliases ?? [])]);
  const devices = reg.entities.flatMap((e) => [e.name, ...(e.aliases ?? [])]).map((n) => tokenize(n));
  const numbered = new Set(devices.flatMap((t) => t.filter((w, i) => /^\d+$/.test(t[i + 1] ?? ''))));
  // ("the hall one": the home's own words and the other words people use for them)
  const sayings = sayingsFor({ registry: reg }).flatMap(([other]) => other);
  const words = new Set([...places.flatMap((n) => tokenize(n)), ...devices.flat(), ...sayings]);
  for (const w of numbered) words.delete(w);
  return words;
}

/** Words after "one" that make it a number: "one percent", "one hundred", "one minute". */
const ONE_AS_NUMBER_NEXT =
  /^(percent|per|%|degrees?|hundred|thousand|and|point|half|minutes?|hours?|seconds?|o|oclock|am|pm|more|less|notch|step|level|zero|one|two|three|four|five|six|seven|eight|nine|niner)$/;
/** Words before "one" that make it a device: "the one", "that one", "the other one". */
const ONE_AS_DEVICE_AFTER = new Set([
  'the',
  'that',
  'this',
  // as Creole, Pidgin and chat say them: "di one by mi bed", "da one by da bed", "dat one"
  'di',
  'da',
  'd',
  'dat',
  'dis',
  'which',
  'other',
  'another',
  'same',
  'each',
  'every',
  'first',
  'second',
  'last',
  // "the big one", "the little one": a device said by what it is like
  'big',
  'small',
  'little',
  'main',
  'tall',
  'short',
  'new',
  'old',
  'left',
  'right',
  'top',
  'bottom',
]);

/**
 * "the upstairs one", "the hallway one as well", "that one": a device, not the number 1.
 * Marked as "ones" (a pronoun to the tagger) before numbers are read, so neither stage takes
 * it for a brightness of 1 %.
 */
export function markPronounOne(text: string, placeWords: ReadonlySet<string>): string {
  const words = text.split(/(\s+)/);
  for (let i = 0; i < words.length; i += 2) {
    // ("skip this one, I can't stick it": the word may carry the punctuation after it)
    // (Scots "the wan by the bed" is that one too)
    const punct = /^(?:one|wan)([,.;:!?]*)$/i.exec(words[i]!);
    if (!punct) continue;
    const prev = (words[i - 2] ?? '').toLowerCase().replace(/[^a-z]/g, '');
    const next = (words[i + 2] ?? '').toLowerCase().replace(/[^a-z%]/g, '');
    if (ONE_AS_NUMBER_NEXT.test(next)) continue;
    if (ONE_AS_DEVICE_AFTER.has(prev) || placeWords.has(prev)) words[i] = `ones${punct[1]}`;
  }
  return words.join('');
}

/** The first words of the home's areas and floors, by name and alias ("office", "upstairs"). */
export function areaWords(reg: IntentRegistry): Set<string> {
  const places = [...reg.areas, ...reg.floors].flatMap((p) => [p.name, ...(p.aliases ?? [])]);
  const words = new Set(places.map((n) => tokenize(n)[0]).filter((w): w is string => !!w));
  // (and other people's words for them: "up in the study", "down in the lounge")
  const names = new Set(places.map((n) => tokenize(n).join(' ')));
  for (const [from, to] of sayingsFor({ registry: reg })) if (names.has(to.join(' '))) words.add(from[0]!);
  return words;
}

/** Words of where a place is that may go before "in the …": "up in the office", "out in the garden". */
const WHERE_PARTICLES = new Set(['up', 'down', 'out', 'over', 'back']);
/** Words that open a question, after which such a word is never a step ("what's the temp up in …"). */
const ASKING = /^(what|whats|how|hows|is|are|was|were|did|any|anything|which)$/;

/**
 * "and up in the office?", "down in the hallway, turn the light on", "what's the temp up in
 * the office": "up" or "down" before "in" a place says where that place is, not a step — at
 * the start of a clause, or anywhere in a question. Dropped before reading, so a question
 * about the office never turns its heater up. ("turn the light down in the hallway" keeps its
 * step: the word follows what it acts on, in a command.)
 */
export function withoutPlaceParticles(text: string, areaWords: ReadonlySet<string>): string {
  const said = stairsAsFloor(text).split(/\s+/);
  const low = said.map((w) => w.toLowerCase().replace(/[^a-z]/g, ''));
  // "turn on the lights n the bedroom": "n" before a place of the home is "in", not "and"
  // (not when a device word follows the place: "the desk lamp n the office heater" is "and")
  const words = said.map((w, i) => {
    if (w.toLowerCase() !== 'n' || i === 0) return w;
    let k = ['the', 'my', 'our'].includes(low[i + 1] ?? '') ? i + 2 : i + 1;
    const place = low[k];
    if (!place || !areaWords.has(place)) return w;
    while (areaWords.has(low[k] ?? '') || low[k] === 'room') k++;
    const next = low[k];
    return next !== undefined && NOUNS[next] !== undefined ? w : 'in';
  });
  const bare = words.map((w) => w.toLowerCase().replace(/[^a-z]/g, ''));
  const question = ASKING.test(bare[0] ?? '') || /\?\s*$/.test(text);
  return words
    .filter((_, i) => {
      if (!WHERE_PARTICLES.has(bare[i]!) || !['in', 'at'].includes(bare[i + 1] ?? '')) return true;
      const place = bare[i + 2] === 'the' ? bare[i + 3] : bare[i + 2];
      if (!place || !(areaWords.has(place) || place === 'here' || place === 'there')) return true;
      const clauseStart =
        i === 0 || /[,;:]$/.test(words[i - 1]!) || ['and', 'or', 'about'].includes(bare[i - 1]!);
      // ("are the blinds up in the living room": up after what rolls up is how it stands)
      if (question && !clauseStart && ROLLED.has(bare[i - 1]!)) return true;
      return !(clauseStart || question);
    })
    .join(' ');
}

/** Things that are up or down as they stand: blinds, curtains, shutters, a garage door. */
const ROLLED = new Set([
  'blinds',
  'blind',
  'curtains',
  'curtain',
  'shutters',
  'shutter',
  'shades',
  'shade',
  'door',
]);

/** Verbs of going somewhere: "so I can get up the stairs" is a way, not a floor. */
const GOING = new Set(
  'get go going gone come coming walk walking run running climb climbing carry carrying went came fall fell'.split(
    ' ',
  ),
);

/**
 * "any lights on up the stair(s)", "the telly doon the stair": the floor above or below, as
 * said in Scotland and the North — not after a verb of going ("get up the stairs").
 */
function stairsAsFloor(text: string): string {
  return text.replace(
    /\b(\w+)(\s+)(up|down|doon)\s+the\s+stairs?\b/gi,
    (all, before: string, space: string, way: string) =>
      GOING.has(before.toLowerCase())
        ? all
        : `${before}${space}${way.toLowerCase() === 'up' ? 'upstairs' : 'downstairs'}`,
  );
}
