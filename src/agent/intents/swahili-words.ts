/**
 * Swahili as Kenyan households say it to a home, whole: "zima taa ya jikoni na ufunge back door",
 * "blinds za sebule to sixty percent", "zima taa zote", "si uzime basi", "jua likizama, washa the
 * porch light", "kuna baridi hapa", "leo ni tarehe gani". What belongs to a thing comes after it
 * with "ya", "za", "wa" ("taa ya jikoni" is the kitchen light) and is put before it as English
 * has it; a verb's "u-" or "i-" form asks the same ("uzime": turn it off), and "si" before it
 * asks why not (a polite request). Read only in a message that says Swahili (a word of it no
 * English message has); the verbs English speakers mix in alone ("washa", "zima", "tafadhali")
 * are read everywhere (`dialect-words.ts`).
 */
import { type Phrase, withPhrases } from './phrase-reading.js';

/** Swahili words no English message has. */
const SWAHILI_ONLY = new Set(
  `washa zima fungua funga uzime uwashe izime iwashe ufunge uifunge ifunge ufungue uifungue ifungue
   ongeza iongeze uongeze punguza ipunguze upunguze sitaki sipendi usizime usiwashe usifunge usifungue tafadhali asante taa zote jikoni sebule sebuleni
   chumbani bafuni ofisini nje hapa kidogo baridi joto nimechoka tarehe gani ngapi mlango likizama
   likichomoza asubuhi usiku jioni kuna iwe pazia mapazia feni`.split(/\s+/),
);

/** Whether a message's words say Swahili. */
export function saysSwahili(words: readonly string[]): boolean {
  return words.some((w) => SWAHILI_ONLY.has(w));
}

/** Things whose owner or place follows with "ya", "za", "wa": put before them, as English says it. */
const THINGS = 'taa|mlango|blinds|curtains|pazia|mapazia|volume|feni|tv|telly|light|lights|door|fan';

/** Whole phrases, as the tokens have them. */
const PHRASES: Phrase[] = [
  [/\bjua likizama\b/g, 'when the sun sets'],
  [/\bjua likichomoza\b/g, 'when the sun rises'],
  [/\b(?:leo )?ni tarehe gani(?: leo)?\b/g, 'what is the date today'],
  [/\btarehe gani leo\b/g, 'what is the date today'],
  [/\b(?:ni )?saa ngapi(?: sasa)?\b/g, 'what time is it'],
  [/\bkuna baridi\b/g, 'it is cold'],
  [/\bkuna joto\b/g, 'it is hot'],
  [/\bnimechoka\b/g, 'i am tired'],
  [/\basante sana\b/g, 'thanks'],
  [/\bchumba cha kulala\b/g, 'bedroom'],
  [/\btaa zote\b/g, 'all the lights'],
  // ("habari ya asubuhi": a greeting, no morning's news)
  [/\bhabari (?:ya|za) (?:asubuhi|mchana|jioni|leo)\b/g, 'hello'],
  // ("funga mlango", "ufunge back door": fastening a door is locking it)
  [/\b(?:funga|ufunge|ifunge) (?=(?:the )?(?:mlango|back door|front door)\b)/g, 'lock '],
  // "si uzime basi": why don't you — a request
  [/\bsi (?=(?:u|i)[a-z]+e\b)/g, ''],
  // "taa ya jikoni" → "jikoni taa", "blinds za sebule" → "sebule blinds"
  [new RegExp(`\\b(${THINGS}) (?:ya|za|wa|la|cha) ([a-z]+)\\b`, 'g'), '$2 $1'],
];

const WORDS: Record<string, string[]> = {
  // ("sitaki uzime taa": I do not want you to switch off the lights; "usizime": do not)
  sitaki: ['i', 'do', 'not', 'want'],
  sipendi: ['i', 'do', 'not', 'like'],
  usizime: ['dont', 'turn', 'off'],
  usiwashe: ['dont', 'turn', 'on'],
  usifunge: ['dont', 'close'],
  usifungue: ['dont', 'open'],
  uzime: ['turn', 'it', 'off'],
  uwashe: ['turn', 'it', 'on'],
  ufunge: ['close'],
  uifunge: ['close', 'it'],
  ufungue: ['open'],
  uifungue: ['open', 'it'],
  ongeza: ['turn', 'up'],
  iongeze: ['turn', 'it', 'up'],
  uongeze: ['turn', 'it', 'up'],
  punguza: ['turn', 'down'],
  ipunguze: ['turn', 'it', 'down'],
  upunguze: ['turn', 'it', 'down'],
  asante: ['thanks'],
  taa: ['lights'],
  zote: ['all'],
  jikoni: ['kitchen'],
  sebule: ['living', 'room'],
  sebuleni: ['living', 'room'],
  chumbani: ['bedroom'],
  bafuni: ['bathroom'],
  ofisini: ['office'],
  nje: ['outside'],
  hapa: ['here'],
  mbele: ['front'],
  nyuma: ['back'],
  mlango: ['door'],
  pazia: ['curtains'],
  mapazia: ['curtains'],
  feni: ['fan'],
  iwe: ['to'],
  kisha: ['then'],
  halafu: ['then'],
  asubuhi: ['morning'],
  usiku: ['night'],
  jioni: ['evening'],
  baridi: ['cold'],
  joto: ['hot'],
  sana: ['very'],
  bana: [],
  basi: [],
  sasa: [],
  tu: [],
  poa: [],
  kwani: [],
};

/** The message's words with Swahili read as English (most messages have none). */
export function swahiliAsEnglish(words: string[], spoken = saysSwahili(words)): string[] {
  if (!spoken) return words;
  const split = withPhrases(words, PHRASES);
  return split.flatMap((w, i) => {
    // ("jikoni taa": the one light of a place named before it)
    if (w === 'taa' && i > 0 && OWNED_PLACE.has(split[i - 1]!)) return ['light'];
    return WORDS[w] ?? [w];
  });
}

const OWNED_PLACE = new Set([
  'jikoni',
  'sebule',
  'sebuleni',
  'chumbani',
  'bafuni',
  'ofisini',
  'nje',
  'mbele',
  'nyuma',
]);
