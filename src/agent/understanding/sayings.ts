/**
 * Other words for the same thing, made the home's own before reading: short forms ("u",
 * "temp") and other people's words for this home's rooms and devices ("sitting room", "big
 * light").
 */
import type { RegistryIndex } from '../intents/index-phrases.js';
import { tokenize } from '../intents/normalize.js';

/** Short and other forms of words the lexicon and names use. */
export const SHORT_FORMS: Record<string, string> = {
  u: 'you',
  temp: 'temperature',
  outdoors: 'outside',
  outdoor: 'outside',
  ya: 'you',
  yer: 'you',
  ye: 'you',
  em: 'them',
  procent: 'percent',
  prozent: 'percent',
  musik: 'music',
  // spellings of the sound: "porch lite", "nite light"
  lite: 'light',
  lites: 'lights',
  nite: 'night',
  // typed short: "porch lt on", "living rm", "speaker vol to 35"
  lt: 'light',
  lts: 'lights',
  rm: 'room',
  dr: 'door',
  drs: 'doors',
  bedrm: 'bedroom',
  vol: 'volume',
  // "turn down the sound", "reduce the sound small": a player's sound is its volume
  sound: 'volume',
  // "movie nite w gran", "walk w the pram"
  w: 'with',
  // a voice transcript's word of the same sound: "clothes the garage door"
  clothes: 'close',
};

/**
 * Words people use for the same room or device. In a home whose area, entity or alias names
 * use one of a group, the group's words it does not use say that one ("sitting room" → "living
 * room"); a word the home uses itself is never replaced.
 */
const SYNONYMS: string[][] = [
  [
    'living room',
    'lounge room',
    'lounge',
    'sitting room',
    'front room',
    'sala',
    'parlour',
    'parlor',
    'pahlor',
  ],
  ['bathroom', 'washroom', 'restroom', 'comfort room', 'cr', 'loo', 'dunny'],
  ['hallway', 'hall', 'front hall', 'entrance hall', 'entryway', 'entrance', 'passage', 'corridor'],
  ['porch light', 'stoep light', 'veranda light', 'verandah light'],
  ['ceiling light', 'big light', 'main light', 'overhead light', 'top light', 'tube light', 'tubelight'],
  [
    'ceiling lights',
    'big lights',
    'main lights',
    'overhead lights',
    'top lights',
    'tube lights',
    'tubelights',
  ],
  ['bedside lamp', 'night light', 'bedside light'],
  ['fridge', 'refrigerator'],
  // (Australian "put the jug on"; "the roller door" of the garage; "the study")
  ['kettle', 'jug', 'electric kettle'],
  ['garage door', 'roller door', 'garage roller door'],
  ['office', 'study', 'home office'],
  ['blinds', 'persiana', 'persianas'],
  ['coffee machine', 'coffee maker'],
  ['floor lamp', 'standing lamp', 'standard lamp'],
  ['front door', 'main door'],
  ['movie', 'film'],
  ['tv', 'television', 'telly'],
  ['good night', 'night night', 'nighty night'],
  // the Southern "turn the air down to 68": the home's thermostat (never "the air purifier"); an
  // "AC" or "aircon" is a device of its own, which a home with only a thermostat does not have
  ['thermostat', 'the air'],
];

export function sayingsFor(index: Pick<RegistryIndex, 'registry'>): [string[], string[]][] {
  const reg = index.registry;
  const names = [
    ...reg.areas.flatMap((a) => [a.name, ...(a.aliases ?? [])]),
    ...reg.floors.flatMap((f) => [f.name, ...(f.aliases ?? [])]),
    ...reg.entities.flatMap((e) => [e.name, ...(e.aliases ?? [])]),
  ].map((n) => ` ${tokenize(n).join(' ')} `);
  // (a plural is used where its singular is: "big lights" are the "ceiling lights")
  const used = (phrase: string) =>
    names.some((n) => n.includes(` ${phrase} `) || n.includes(` ${phrase.replace(/s$/, '')} `));
  const out: [string[], string[]][] = [];
  for (const group of SYNONYMS) {
    const own = group.filter(used);
    if (own.length === 0) continue;
    for (const other of group) if (!own.includes(other)) out.push([other.split(' '), own[0]!.split(' ')]);
  }
  // longest first: "entrance hall" before "hall"
  return out.sort((a, b) => b[0].length - a[0].length);
}
