/**
 * A device described by where it is or what it does instead of its name: "the light over the
 * mirror", "the lamp on the nightstand", "the fan above the stove", "the lights round the back
 * of the telly", "the big door of the garage", "the machine that makes the coffee". The
 * description is replaced by the device's name before the sentence is read — only when exactly
 * one device of that kind fits it best; otherwise the words stay as they are and the sentence
 * is read (and, with words unexplained, declined) as before.
 *
 * A device fits by its name (a word of the landmark, or a word people link with it: a "bed"
 * has a "bedside" lamp) or by its room (a "stove" is in the kitchen).
 */
import type { RegistryIndex } from '../intents/index-phrases.js';
import { tokenize } from '../intents/normalize.js';
import type { IntentEntity } from '../intents/registry.js';
import { NOUNS } from './lexicon.js';

/** Words that place a device by a landmark, longest first. */
const RELATIONS = [
  'round the back of',
  'around the back of',
  'at the back of',
  'in front of',
  'next to',
  'over',
  'above',
  'by',
  'near',
  'beside',
  'behind',
  'under',
  'below',
  'on',
  'round',
  'around',
  'outside',
  'of',
  'that',
  'which',
  'what',
].map((r) => r.split(' '));

/** A verb's particle before a device said with no article: "turn on lamp by bed". */
const PARTICLES_BEFORE = new Set(['on', 'off']);

/** Nouns that stand for any device ("the thing that …", "the machine that …"). */
const ANY_KIND = new Set(['thing', 'machine', 'gadget', 'device', 'contraption', 'one', 'ones']);

/** Words said of a device that add nothing to which one: "that tall standing lamp". */
const ADJECTIVES = new Set(
  'big little small large tall short standing main old new white black round square wee'.split(' '),
);

const DETERMINERS = new Set(['the', 'my', 'our', 'your', 'his', 'her', 'their', 'this', 'that', 'a']);

/**
 * Landmarks and the words of a device's name or room that go with them. Knowledge of homes in
 * general, not of this one: the home's own names decide what exists.
 */
const LANDMARKS: Record<string, string[]> = {
  bed: ['bedside', 'bedroom', 'bed'],
  beds: ['bedside', 'bedroom'],
  nightstand: ['bedside', 'bedroom'],
  nightstands: ['bedside', 'bedroom'],
  pillow: ['bedside', 'bedroom'],
  mirror: ['mirror', 'bathroom'],
  sink: ['kitchen', 'bathroom'],
  basin: ['bathroom'],
  shower: ['bathroom'],
  bath: ['bathroom'],
  bathtub: ['bathroom'],
  toilet: ['bathroom'],
  stove: ['kitchen', 'cooker', 'stove'],
  cooker: ['kitchen', 'cooker'],
  hob: ['kitchen', 'hob'],
  oven: ['kitchen'],
  range: ['kitchen'],
  desk: ['desk', 'office'],
  computer: ['desk', 'office'],
  telly: ['tv'],
  television: ['tv'],
  tv: ['tv'],
  sofa: ['living'],
  couch: ['living'],
  // (the sofa as older Canadians and Americans name it)
  chesterfield: ['living'],
  davenport: ['living'],
  settee: ['living'],
  armchair: ['living', 'floor'],
  fireplace: ['living'],
  ceiling: ['ceiling'],
  step: ['porch', 'entrance', 'front'],
  front: ['porch', 'entrance'],
  doorstep: ['porch', 'entrance'],
  porch: ['porch'],
  stoop: ['porch'],
  car: ['garage'],
  coffee: ['coffee'],
  tea: ['kettle'],
};

/** Verbs of what a device does, and the kind of device that does it. */
const DOING: Record<string, string> = Object.fromEntries(
  'sweep sweeps sweeping hoover hoovers vacuum vacuums mop mops clean cleans cleaning hoovering vacuuming'
    .split(' ')
    .map((v) => [v, 'vacuum']),
);

/** Things every room has, which place nothing by another device's name: "by the window". */
const EVERY_ROOM_HAS = new Set([
  'window',
  'windows',
  'door',
  'doors',
  'wall',
  'walls',
  'corner',
  'table',
  'chair',
  'shelf',
]);

/** Landmark words: English words the speller must not "correct" into the home's ("step" is no "stop"). */
export const LANDMARK_WORDS: ReadonlySet<string> = new Set(Object.keys(LANDMARKS));

/** The words of a name, with compounds opened: "backlight" also says "back" and "light". */
function nameWords(e: IntentEntity, opened = true): Set<string> {
  const words = new Set<string>();
  for (const n of [e.name, ...(e.aliases ?? [])])
    for (const w of tokenize(n)) {
      words.add(w);
      if (opened)
        for (const part of ['light', 'side', 'stand'])
          if (w.endsWith(part) && w.length > part.length) words.add(w.slice(0, -part.length)).add(part);
    }
  return words;
}

/** The tokens with one described device replaced by its name, or the tokens as they were. */
export function describedDevice(index: RegistryIndex, tokens: string[]): string[] {
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!;
    const noun = NOUNS[word];
    if (!ANY_KIND.has(word) && (!noun || noun.domain === '*' || noun.content)) continue;
    // a thing described is a noun after its article ("the light …", "that tall lamp …"), never
    // the verb of "switch on the …"
    let before = i - 1;
    while (before >= 0 && ADJECTIVES.has(tokens[before]!)) before--;
    // (or, in the English of those whose language has no articles, right after the verb's
    // particle: "turn on lamp next to bed", "put on little lamp by my bed")
    if (
      !DETERMINERS.has(tokens[before] ?? '') &&
      !['those', 'these'].includes(tokens[before] ?? '') &&
      !(PARTICLES_BEFORE.has(tokens[before] ?? '') && before > 0)
    )
      continue;
    // "put the light on over the mirror": the particle belongs to the verb
    let j = i + 1;
    const particle =
      (tokens[j] === 'on' || tokens[j] === 'off') && relationAt(tokens, j + 1) ? [tokens[j++]!] : [];
    // "that light outside by the front step": the last of two relations says where
    if (relationAt(tokens, j) === 1 && relationAt(tokens, j + 1)) j++;
    const rel = relationAt(tokens, j);
    if (!rel) continue;
    let k = j + rel;
    // "that makes the coffee", "what clean the floor": a verb before the landmark
    if (['that', 'which', 'what'].includes(tokens[j]!)) {
      const det = tokens.findIndex((t, n) => n > k && n <= k + 2 && DETERMINERS.has(t));
      // ("the thing that sweeps the floor": what the verb says it does names its kind — the
      // floor it sweeps is no Floor Lamp)
      const doer = DOING[tokens[k] ?? ''];
      if (doer) {
        const kind = index.registry.entities.filter((e) => e.domain === doer);
        if (kind.length !== 1) continue;
        let end = det < 0 ? k + 1 : det;
        while (DETERMINERS.has(tokens[end] ?? '')) end++;
        // (its object: "the floor", "the floors", "the kitchen floor")
        for (let n = 0; n < 2 && end < tokens.length && !STOP.has(tokens[end]!); n++) end++;
        let start = i;
        while (start > 0 && ADJECTIVES.has(tokens[start - 1]!)) start--;
        return [...tokens.slice(0, start), ...tokenize(kind[0]!.name), ...particle, ...tokens.slice(end)];
      }
      if (det < 0) continue;
      k = det;
    }
    while (DETERMINERS.has(tokens[k] ?? '')) k++;
    // the landmark: its first word, then words the home or LANDMARKS know ("the lounge
    // ceiling", "the front door"), never a word that goes on ("the stove | going")
    const landmark: string[] = [];
    while (
      k < tokens.length &&
      landmark.length < 3 &&
      !STOP.has(tokens[k]!) &&
      (landmark.length === 0 || known(index, tokens[k]!))
    )
      landmark.push(tokens[k++]!);
    // "outside the front door, by the step": a second landmark says more of the same place
    let more = relationAt(tokens, k);
    while (
      more &&
      landmark.length > 0 &&
      known(index, tokens[k + more] === 'the' ? (tokens[k + more + 1] ?? '') : (tokens[k + more] ?? ''))
    ) {
      k += more;
      while (DETERMINERS.has(tokens[k] ?? '')) k++;
      while (k < tokens.length && !STOP.has(tokens[k]!) && known(index, tokens[k]!))
        landmark.push(tokens[k++]!);
      more = relationAt(tokens, k);
    }
    if (landmark.length === 0 || landmark.some((t) => /\d/.test(t))) continue;
    const device = fitting(index, word, landmark);
    if (!device) continue;
    let start = i;
    while (start > 0 && ADJECTIVES.has(tokens[start - 1]!)) start--;
    return [...tokens.slice(0, start), ...tokenize(device.name), ...particle, ...tokens.slice(k)];
  }
  return tokens;
}

/** Words that end a landmark: "… the mirror | in the bathroom", "… the bed | please". */
const STOP = new Set([
  ...'in on off please and then so but for to at because as now thanks cheers up down one ones it them'.split(
    ' ',
  ),
  ...RELATIONS.map((r) => r[0]!),
]);

/** A word of the home's names or places, or a landmark people use. */
function known(index: RegistryIndex, word: string): boolean {
  return word in LANDMARKS || index.vocabulary.has(word);
}

function relationAt(tokens: string[], j: number): number {
  const r = RELATIONS.find((p) => p.every((w, n) => tokens[j + n] === w));
  // "on" places only before an article ("the lamp on the desk"), else it is switching
  if (r?.[0] === 'on' && !DETERMINERS.has(tokens[j + 1] ?? '')) return 0;
  return r ? r.length : 0;
}

/** The one device of the noun's kind that fits the landmark best, if one does. */
function fitting(index: RegistryIndex, word: string, landmark: string[]): IntentEntity | undefined {
  const noun = NOUNS[word];
  const reg = index.registry;
  // a landmark that is only a room or floor is the place of a group ("the lights on the upper
  // floor"); of one device it tells which ("the big door of the garage")
  const places = [
    ...reg.areas.flatMap((a) => [a.name, ...(a.aliases ?? [])]),
    ...reg.floors.flatMap((f) => [f.name, ...(f.aliases ?? [])]),
  ].map((n) => tokenize(n).join(' '));
  if (noun?.group && places.includes(landmark.join(' '))) return undefined;
  const singular = word.replace(/s$/, '');
  let cands = reg.entities.filter(
    (e) =>
      !['scene', 'person', 'sensor', 'binary_sensor'].includes(e.domain) &&
      (ANY_KIND.has(word) ||
        e.domain === noun?.domain ||
        (noun?.also ?? []).includes(e.domain) ||
        nameWords(e).has(singular)),
  );
  // "the lamp by the tv": a lamp, not the tv's backlight
  const called = cands.filter((e) => nameWords(e).has(singular));
  if (called.length > 0) cands = called;
  const linked = landmark.flatMap((w) => [w, ...(LANDMARKS[w] ?? [])]);
  const roomWords = new Set(
    reg.areas.flatMap((a) => [a.name, ...(a.aliases ?? [])]).flatMap((n) => tokenize(n)),
  );
  // "the lamp by the tv": the rooms of the other devices the landmark names — unless the
  // landmark is a word of the candidates' own names ("the light on the ceiling": both ceiling
  // lights, whichever room the ceiling fan is in)
  const ownWord = cands.some((e) => linked.some((w) => nameWords(e).has(w) && !roomWords.has(w)));
  // "the light by the back door": a landmark that is a device's whole name is no word of a
  // compound ("backlight")
  const landmarkDevice = reg.entities.some((e) => tokenize(e.name).join(' ') === landmark.join(' '));
  // ("the light by the window": every room has windows — the Garage Window's room is not where
  // it is, unless the landmark is that device's whole name)
  const placing = landmarkDevice ? landmark : landmark.filter((w) => !EVERY_ROOM_HAS.has(w));
  const rooms = new Set(
    ownWord
      ? []
      : reg.entities
          .filter((e) => !cands.includes(e) && placing.some((w) => nameWords(e).has(w)))
          .map((e) => e.area),
  );
  const scored = cands.map((e) => {
    const words = nameWords(e, !landmarkDevice);
    const area = e.area ? index.areaById.get(e.area) : undefined;
    const areaWords = area ? [area.name, ...(area.aliases ?? [])].flatMap((n) => tokenize(n)) : [];
    // a room's word in a name ("Bedroom Curtains") says the room, not which device
    const byName = linked.some((w) => words.has(w) && !roomWords.has(w)) ? 2 : 0;
    const byRoom = linked.some((w) => areaWords.includes(w)) || rooms.has(e.area) ? 1 : 0;
    return { e, score: byName + byRoom };
  });
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (best === 0) return undefined;
  const top = scored.filter((s) => s.score === best);
  return top.length === 1 ? top[0]!.e : undefined;
}
