/**
 * Tagging: each word or phrase of a (spelling-corrected) sentence becomes one item — a name,
 * an area or floor from the home's registry, a cue, noun, state, pronoun or filler from the
 * lexicon, a number with its unit, or "unknown" when nothing explains it.
 */
import type { AreaValue, FloorValue, NameValue, RegistryIndex } from '../intents/index-phrases.js';
import { PhraseTrie } from '../intents/index-phrases.js';
import { isNumberToken, tokenize } from '../intents/normalize.js';
import type { IntentArea, IntentFloor } from '../intents/registry.js';
import {
  CUES,
  FILLER_PHRASES,
  FILLERS,
  HERE_WORDS,
  NOUNS,
  PRONOUNS,
  QUESTION_WORDS,
  STATE_QUESTION,
  TEMPERATURE_QUESTION,
  type Cue,
  type Noun,
} from './lexicon.js';

/** One tagged stretch of the sentence, tokens `start` to `end` (exclusive). */
export type Item =
  | { t: 'name'; v: NameValue; start: number; end: number }
  | { t: 'area'; area: IntentArea; start: number; end: number }
  | { t: 'floor'; floor: IntentFloor; start: number; end: number }
  | { t: 'cue'; cue: Cue; word: string; start: number; end: number }
  | { t: 'noun'; noun: Noun; word: string; start: number; end: number }
  | { t: 'number'; value: number; unit?: 'percent' | 'degrees'; start: number; end: number }
  | { t: 'state'; word: string; start: number; end: number }
  | { t: 'pronoun'; start: number; end: number }
  | { t: 'here'; start: number; end: number }
  | { t: 'filler'; start: number; end: number }
  | { t: 'unknown'; word: string; start: number; end: number };

/** Verbs the lexicon reads as fillers that take a way after their object: "put the blinds down". */
/** Times of day, which alone are never part of a name. */
const TIMES_OF_DAY = new Set(
  'night nights morning mornings evening evenings afternoon afternoons day days tonight'.split(' '),
);

const PUTTING = new Set([
  'turn',
  'put',
  'bring',
  'move',
  'pull',
  'roll',
  'wind',
  'crank',
  'pop',
  'get',
  'set',
  'switch',
]);
/** Cues that say how it feels, not what to do: "too hot up here". */
const FEELING_CUES = new Set(['warmer', 'cooler', 'darker', 'brighter', 'louder', 'quieter']);

/** Nouns that are verbs too ("switch the kettle on", "heat the office"). */
const VERB_NOUNS = new Set(['switch', 'plug', 'light', 'heat', 'lock', 'dock', 'vacuum', 'hoover', 'clean']);

const LEX_PRIORITY = {
  name: 0,
  area: 1,
  floor: 1,
  cue: 2,
  noun: 3,
  partial: 4,
  state: 5,
  here: 5,
  pronoun: 6,
  filler: 7,
};

interface LexEntry {
  kind: 'cue' | 'noun' | 'state' | 'here' | 'filler' | 'pronoun';
  value: unknown;
}

/** The lexicon as a phrase trie, built once. */
const LEXICON = (() => {
  const trie = new PhraseTrie();
  const add = (phrase: string, e: LexEntry) => trie.add(tokenize(phrase), { list: e.kind, value: e });
  for (const [p, c] of Object.entries(CUES)) add(p, { kind: 'cue', value: c });
  for (const [p, n] of Object.entries(NOUNS)) add(p, { kind: 'noun', value: n });
  for (const [p, s] of Object.entries(STATE_QUESTION)) add(p, { kind: 'state', value: s });
  for (const p of HERE_WORDS) add(p, { kind: 'here', value: true });
  for (const p of PRONOUNS) add(p, { kind: 'pronoun', value: true });
  for (const p of FILLER_PHRASES) add(p, { kind: 'filler', value: true });
  for (const p of QUESTION_WORDS) add(p, { kind: 'filler', value: true });
  for (const w of FILLERS) add(w, { kind: 'filler', value: true });
  const words = new Set<string>();
  for (const p of [
    ...Object.keys(CUES),
    ...Object.keys(NOUNS),
    ...Object.keys(STATE_QUESTION),
    ...HERE_WORDS,
    ...PRONOUNS,
    ...FILLER_PHRASES,
    ...FILLERS,
    ...QUESTION_WORDS,
    ...TEMPERATURE_QUESTION,
    'percent',
    'degrees',
    'half',
    'halfway',
    'max',
    'maximum',
    'full',
  ])
    for (const t of tokenize(p)) words.add(t);
  return { trie, words };
})();

export const LEXICON_WORDS: ReadonlySet<string> = LEXICON.words;
/** Filler words that are nothing else (not a cue, noun or state). */
export const FILLER_WORDS: ReadonlySet<string> = (() => {
  const meaningful = new Set<string>();
  for (const p of [...Object.keys(CUES), ...Object.keys(NOUNS), ...Object.keys(STATE_QUESTION)])
    for (const t of tokenize(p)) meaningful.add(t);
  return new Set([...FILLERS, ...QUESTION_WORDS].filter((w) => !meaningful.has(w)));
})();

/** Spans of time after "all": "on all day", "left running all night". */
const ALL_OF_A_TIME = new Set([
  'day',
  'night',
  'morning',
  'afternoon',
  'evening',
  'arvo',
  'week',
  'weekend',
  'year',
  'summer',
  'winter',
]);

/**
 * "has the tree been left on all day", "is the porch light on all night": how long something
 * was or stays adds nothing to the request — and "night" is no part of "Good Night".
 */
export function withoutSpansOfTime(tokens: string[]): string[] {
  // ("don't leave the heater on all night": how long is what is denied — kept)
  if (tokens.some((t) => t === 'not' || t === 'dont' || t === 'never')) return tokens;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === 'all' && ALL_OF_A_TIME.has(tokens[i + 1] ?? '') && i > 0) i++;
    else out.push(tokens[i]!);
  }
  return out;
}

/** Tags the sentence left to right, longest phrase first. */
export function tag(index: RegistryIndex, tokens: string[]): Item[] {
  const items: Item[] = [];
  let i = 0;
  while (i < tokens.length) {
    let best: { end: number; prio: number; item: Item } | undefined;
    const offer = (end: number, prio: number, item: Item) => {
      if (!best || end > best.end || (end === best.end && prio < best.prio)) best = { end, prio, item };
    };
    index.trie.walk(tokens, i, (end, e) => {
      const v = e.value as NameValue | AreaValue | FloorValue;
      if (v.kind === 'name') offer(end, LEX_PRIORITY.name, { t: 'name', v, start: i, end });
      else if (v.kind === 'area') offer(end, LEX_PRIORITY.area, { t: 'area', area: v.area, start: i, end });
      else offer(end, LEX_PRIORITY.floor, { t: 'floor', floor: v.floor, start: i, end });
    });
    LEXICON.trie.walk(tokens, i, (end, e) => {
      const v = e.value as LexEntry;
      const prio = LEX_PRIORITY[v.kind];
      if (v.kind === 'cue')
        offer(end, prio, {
          t: 'cue',
          cue: v.value as Cue,
          word: tokens.slice(i, end).join(' '),
          start: i,
          end,
        });
      else if (v.kind === 'noun')
        offer(end, prio, {
          t: 'noun',
          noun: v.value as Noun,
          word: tokens.slice(i, end).join(' '),
          start: i,
          end,
        });
      else if (v.kind === 'state') offer(end, prio, { t: 'state', word: v.value as string, start: i, end });
      else if (v.kind === 'here') offer(end, prio, { t: 'here', start: i, end });
      else if (v.kind === 'pronoun') offer(end, prio, { t: 'pronoun', start: i, end });
      else offer(end, prio, { t: 'filler', start: i, end });
    });
    // a part of a name ("backlight", "ceiling fan"), unless the words are a common noun
    index.walkPartial(tokens, i, (end, e) => {
      const v = e.value as NameValue;
      if (end - i === 1 && (NOUNS[tokens[i]!] || STATE_QUESTION[tokens[i]!])) return;
      // ("just in off nights", "nights off": a time of day alone is when, never the "night" of
      // "night light" — only a scene's, "morning routine please")
      if (end - i === 1 && TIMES_OF_DAY.has(tokens[i]!)) {
        const scenes = v.entities.filter((x) => x.domain === 'scene');
        if (scenes.length === 0) return;
        offer(end, LEX_PRIORITY.partial, { t: 'name', v: { ...v, entities: scenes }, start: i, end });
        return;
      }
      offer(end, LEX_PRIORITY.partial, { t: 'name', v, start: i, end });
    });
    const num = readNumber(tokens, i);
    // ("got one of these thermostats", "one of the lamps": how many of a thing, no value)
    if (num && (tokens[num.end] !== 'of' || tokens[num.end + 2] === 'way')) offer(num.end, -1, num);
    const chosen: Item = best ? best.item : { t: 'unknown', word: tokens[i]!, start: i, end: i + 1 };
    items.push(chosen);
    i = chosen.end;
  }
  // "switch them off", "plug it in": a noun that is also a verb, used as the verb
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.t !== 'noun' || !VERB_NOUNS.has(tokens[it.start]!)) continue;
    // (politeness the lexicon does not know may come first: "sorry to be a pain but could you switch …")
    const firstReal = items.findIndex((x) => x.t !== 'filler' && x.t !== 'unknown');
    const next = items.slice(k + 1).find((x) => x.t !== 'filler');
    const targetFollows = next && ['pronoun', 'name', 'noun', 'area', 'floor'].includes(next.t);
    if ((k === firstReal && targetFollows) || items[k + 1]?.t === 'pronoun')
      items[k] = { t: 'filler', start: it.start, end: it.end };
  }
  // "on the ground floor", "on the porch": a preposition, not the action
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.t !== 'cue' || it.word !== 'on') continue;
    const next = items.slice(k + 1).find((x) => x.t !== 'filler');
    const direct = items[k + 1];
    if (
      next &&
      (next.t === 'area' || next.t === 'floor') &&
      direct?.t === 'filler' &&
      ['the', 'my', 'our', 'this'].includes(tokens[direct.start]!)
    )
      items[k] = { t: 'filler', start: it.start, end: it.end };
  }
  // "cut it off", "fire the coffee maker up": a phrasal verb split by its object — the verb
  // the lexicon knows only with its particle
  // ("send the hoover round": a verb the lexicon reads as a filler, with a particle it does not know)
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if ((it.t !== 'unknown' && it.t !== 'filler') || it.end !== it.start + 1) continue;
    const verb = tokens[it.start]!;
    for (let j = k + 1; j < items.length && j <= k + 5; j++) {
      const p = items[j]!;
      const particle = (p.t === 'cue' || p.t === 'unknown') && p.end === p.start + 1;
      const cue = particle ? CUES[`${verb} ${tokens[p.start]}`] : undefined;
      // ("kick the hoover off": the particle says off, the phrase "kick off" starts — no reading)
      const against =
        p.t === 'cue' &&
        ((p.cue === 'off' && ['on', 'start', 'activate', 'open'].includes(cue ?? '')) ||
          (p.cue === 'on' && ['off', 'close'].includes(cue ?? '')));
      if (cue && !against && (it.t === 'unknown' || p.t === 'unknown')) {
        items[k] = { t: 'filler', start: it.start, end: it.end };
        items[j] = { t: 'cue', cue, word: `${verb} ${tokens[p.start]}`, start: p.start, end: p.end };
        break;
      }
      if (p.t === 'cue' || !['pronoun', 'name', 'noun', 'filler', 'area', 'floor'].includes(p.t)) break;
    }
  }
  // "I am on a call", "we're off to the shops", "freezing my bum off": a particle after a form
  // of "be" before a thing, or after a part of one's own, that is no device of the home is a
  // preposition of what someone does — no switching (the words may have been spelled into the
  // lexicon's: "call" → "all", "bum" → "bump")
  const device = (i: Item | undefined) =>
    !!i && (i.t === 'name' || i.t === 'area' || i.t === 'floor' || (i.t === 'noun' && i.noun.domain !== '*'));
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.t !== 'cue' || !['on', 'off'].includes(it.word)) continue;
    const next = items[k + 1];
    const afterBe =
      ['am', 'are', 'is', 'im', 'was', 'were', 'be'].includes(tokens[it.start - 1] ?? '') &&
      next?.t === 'filler' &&
      ['a', 'an', 'the', 'my', 'our', 'his', 'her'].includes(tokens[next.start]!) &&
      !!items[k + 2] &&
      !device(items[k + 2]);
    const ownPart =
      k > 0 &&
      !device(items[k - 1]) &&
      items[k - 1]!.end === it.start &&
      ['my', 'your', 'his', 'her', 'our'].includes(tokens[it.start - 2] ?? '');
    if (afterBe || ownPart) items[k] = { t: 'filler', start: it.start, end: it.end };
  }
  // "switch them all off", "turn all of them off": "all" of a pronoun counts it, it is no
  // second target (everything in the home)
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.t !== 'noun' || it.noun.domain !== '*' || !['all', 'both'].includes(tokens[it.start]!)) continue;
    const before = items[k - 1];
    const after = tokens.slice(it.end, it.end + 2).join(' ');
    // ("turn all the heating off": "all" of a kind of device counts it too)
    const ofKind =
      NOUNS[tokens[it.end] ?? ''] !== undefined ||
      (tokens[it.end] === 'the' && NOUNS[tokens[it.end + 1] ?? ''] !== undefined);
    if (
      (before?.t === 'pronoun' && tokens[before.start] !== 'it') ||
      /^of (them|those|these|em)$/.test(after) ||
      ofKind ||
      // ("that wasn't what I meant at all", "is it on at all": the idiom, no everything)
      (tokens[it.start] === 'all' && tokens[it.start - 1] === 'at') ||
      // ("has the tree been left on all day", "crisps all over the hall", "on all the time": how
      // long or how widely, no everything)
      (tokens[it.start] === 'all' &&
        (tokens[it.end] === 'over' || after === 'the time' || after === 'the while'))
    )
      items[k] = { t: 'filler', start: it.start, end: it.end };
  }
  // "turn it back on", "switch them back off": "back" after a pronoun is the adverb, not a
  // part of a name ("back door")
  for (let k = 1; k < items.length; k++) {
    const it = items[k]!;
    if (it.end === it.start + 1 && tokens[it.start] === 'back' && items[k - 1]!.t === 'pronoun')
      items[k] = { t: 'filler', start: it.start, end: it.end };
  }
  // "warm it up", "cool the bedroom down": a feeling word as the verb, its way said after
  for (let k = 0; k + 2 < items.length; k++) {
    const it = items[k]!;
    const way = items
      .slice(k + 1, k + 4)
      .find((x): x is Extract<Item, { t: 'cue' }> => x.t === 'cue' && (x.cue === 'up' || x.cue === 'down'));
    // ("warm it up here": the way said as the start of "up here", right after the object)
    const hereWay = items
      .slice(k + 2, k + 4)
      .find(
        (x, j) =>
          x.t === 'here' &&
          ['up', 'down'].includes(tokens[x.start]!) &&
          ['pronoun', 'name', 'noun', 'area'].includes(items[k + 1 + j]!.t),
      );
    if (it.t !== 'cue' || !['warm', 'heat', 'cool'].includes(tokens[it.start]!) || (!way && !hereWay))
      continue;
    if (way) {
      items[k] = { ...it, cue: way.cue === 'up' ? 'warmer' : 'cooler' };
      items[items.indexOf(way)] = { t: 'filler', start: way.start, end: way.end };
    } else items[k] = { ...it, cue: tokens[hereWay!.start] === 'up' ? 'warmer' : 'cooler' };
  }
  // "turn the music up here", "put the blinds down here": after a verb and its object, the
  // "up" or "down" is the verb's way, and "here" the place ("too hot up here" keeps it a place)
  for (let k = 1; k < items.length; k++) {
    const it = items[k]!;
    const before = items[k - 1]!;
    if (it.t !== 'here' || !['up', 'down'].includes(tokens[it.start]!) || it.end - it.start !== 2) continue;
    if (!['pronoun', 'name', 'noun'].includes(before.t)) continue;
    const verb = items
      .slice(0, k - 1)
      .find((x) => x.t === 'cue' || (x.t === 'filler' && PUTTING.has(tokens[x.start]!)));
    if (!verb || (verb.t === 'cue' && FEELING_CUES.has(verb.cue))) continue;
    const way = CUES[tokens[it.start]!];
    if (!way) continue;
    items.splice(
      k,
      1,
      { t: 'cue', cue: way, word: tokens[it.start]!, start: it.start, end: it.start + 1 },
      { t: 'here', start: it.start + 1, end: it.end },
    );
  }
  // "bedroom ceiling fan": a part of one name ("Bedroom Ceiling Light") before a device word
  // of another kind is a place and the whole name after it ("Bedroom", "Ceiling Fan")
  for (let k = 0; k + 1 < items.length; k++) {
    const it = items[k]!;
    const next = items[k + 1]!;
    if (it.t !== 'name' || !it.v.partial || next.t !== 'noun' || next.noun.domain === '*') continue;
    const kinds = [next.noun.domain, ...(next.noun.also ?? [])];
    if (it.v.entities.some((e) => kinds.includes(e.domain))) continue;
    let place: { end: number; area: IntentArea } | undefined;
    index.trie.walk(tokens, it.start, (end, e) => {
      const v = e.value as NameValue | AreaValue | FloorValue;
      if (v.kind === 'area' && end < next.end) place = { end, area: v.area };
    });
    if (!place) continue;
    const at = place.end;
    let whole: NameValue | undefined;
    index.trie.walk(tokens, at, (end, e) => {
      const v = e.value as NameValue | AreaValue | FloorValue;
      if (v.kind === 'name' && end === next.end && v.entities.some((x) => kinds.includes(x.domain)))
        whole = v;
    });
    if (!whole) continue;
    items.splice(
      k,
      2,
      { t: 'area', area: place.area, start: it.start, end: at },
      { t: 'name', v: whole, start: at, end: next.end },
    );
  }
  // "the tv lights": a device word before another is a word of the name of a device of the
  // second kind ("TV Backlight"), when exactly the home's devices of that kind so named fit
  for (let k = 0; k + 1 < items.length; k++) {
    const it = items[k]!;
    const next = items[k + 1]!;
    if (it.t !== 'noun' || next.t !== 'noun' || it.end !== it.start + 1) continue;
    const kinds = [next.noun.domain, ...(next.noun.also ?? [])];
    const entities = (index.byWord.get(tokens[it.start]!) ?? []).filter((e) => kinds.includes(e.domain));
    if (entities.length === 0 || new Set(entities.map((e) => e.name)).size !== 1) continue;
    const phrase = tokens[it.start]!;
    items[k] = {
      t: 'name',
      v: { kind: 'name', phrase, entities, partial: true },
      start: it.start,
      end: it.end,
    };
  }
  // "lock everything up", "lock the house up": the particle of "lock up", said after its object
  for (let k = 0; k + 2 < items.length; k++) {
    const it = items[k]!;
    if (it.t !== 'cue' || it.cue !== 'lock') continue;
    const up = items
      .slice(k + 2, k + 4)
      .find((x) => x.t === 'cue' && tokens[x.start] === 'up' && x.end === x.start + 1);
    if (up && items.slice(k + 1, items.indexOf(up)).every((x) => x.t !== 'cue')) {
      items[items.indexOf(up)] = { t: 'filler', start: up.start, end: up.end };
      items[k] = { ...it, word: 'lock up' };
    }
  }
  // "is sam back": "back" after a person is being home, not a part of "Back Door"
  for (let k = 1; k < items.length; k++) {
    const it = items[k]!;
    const before = items[k - 1]!;
    if (
      it.end === it.start + 1 &&
      tokens[it.start] === 'back' &&
      before.t === 'name' &&
      before.v.entities.every((e) => e.domain === 'person')
    )
      items[k] = { t: 'state', word: 'home', start: it.start, end: it.end };
  }
  // "the temperature in the office", "is anything on in the kitchen": "in" before a place is
  // the preposition, not the state of a person ("is sam in")
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.t !== 'state' || tokens[it.start] !== 'in' || it.end !== it.start + 1) continue;
    const next = items.slice(k + 1).find((x) => x.t !== 'filler');
    if (next && (next.t === 'area' || next.t === 'floor'))
      items[k] = { t: 'filler', start: it.start, end: it.end };
  }
  return items;
}

function readNumber(tokens: string[], i: number): Extract<Item, { t: 'number' }> | undefined {
  const t = tokens[i]!;
  let value: number;
  let end = i + 1;
  if (isNumberToken(t)) value = Number(t);
  else if (t === 'half' || t === 'halfway') value = 50;
  else if (t === 'max' || t === 'maximum' || t === 'full') value = 100;
  else if (t === 'quarter') value = 25;
  else return undefined;
  if (t === '3' && tokens[end] === 'quarters')
    return { t: 'number', value: 75, unit: 'percent', start: i, end: end + 1 };
  // "open the blinds one quarter", "1 half": a fraction counted
  if (t === '1' && (tokens[end] === 'quarter' || tokens[end] === 'half'))
    return { t: 'number', value: tokens[end] === 'half' ? 50 : 25, unit: 'percent', start: i, end: end + 1 };
  if (isNumberToken(t) && tokens[end] === 'and' && tokens[end + 1] === 'a' && tokens[end + 2] === 'half') {
    value += 0.5;
    end += 3;
  } else if (
    isNumberToken(t) &&
    tokens[end] === 'and' &&
    tokens[end + 1] === 'half' &&
    !['the', 'of', 'a', 'my', 'that'].includes(tokens[end + 2] ?? '')
  ) {
    // "twenty-one and half degrees"
    value += 0.5;
    end += 2;
  }
  let unit: 'percent' | 'degrees' | undefined;
  if (tokens[end] === 'percent') {
    unit = 'percent';
    end++;
  } else if (tokens[end] === 'degrees') {
    unit = 'degrees';
    end++;
  } else if (t === 'half' && tokens[end] === 'brightness') {
    unit = 'percent';
  }
  if (['half', 'halfway', 'max', 'maximum', 'full', 'quarter'].includes(t)) unit = 'percent';
  return { t: 'number', value, ...(unit ? { unit } : {}), start: i, end };
}
