/**
 * Punjabi as Punjabi households mix it into English, beside the Hindi verbs they share ("band kar
 * do", "chala do", read in `dialects.ts`): "pakha bund" (the fan off), "putt tv bund car do ji",
 * "kettle chala do te pakha vi chala do" (and the fan too), "bathroom vich mirror light jaga do"
 * (in the bathroom, switch it on), "putt kitchen di batti adhi kar do" (the kitchen's light to
 * half), "kinne vaje ne" (what time is it), "ajj kehri tareek hai" (what is the date), "bahar
 * kinni thand hai" (how cold is it outside), "thand lagdi aa" (I feel cold), "pehlan vargi kar
 * do" (as before: undo). Read only in a message that says Punjabi (a word of it no English
 * message has): "te", "vi", "nu", "di" and "das" are English or other languages' words too.
 */
import { type Phrase, withPhrases, wordByWord } from './phrase-reading.js';

/** Punjabi words no English message has. */
const PUNJABI_ONLY = new Set(
  `putt pakha bund jaga jagao bujha adhi kinne vaje kehri tareek kinni lagdi hanera pehlan vargi
   bhej ethe uchi neevi parde mehrbani ajj`.split(/\s+/),
);

/** Whether a message's words say Punjabi. */
export function saysPunjabi(words: readonly string[]): boolean {
  return words.some((w) => PUNJABI_ONLY.has(w));
}

/** Whole phrases, as the tokens have them. */
const PHRASES: Phrase[] = [
  [/\bkinne vaje(?: ne| han| hoye)?\b/g, 'what time is it'],
  // ("nahi nahi, …": no, no — second thoughts, no negation of what follows)
  [/^nahi nahi\b/g, 'no no'],
  [/\b(?:ajj )?kehri tareek(?: hai)?(?: ajj)?\b/g, 'what is the date today'],
  [/\b(bahar|ethe|ithe) kinni (thand|garmi) hai\b/g, 'how $2 is it $1'],
  [/\bkinni (thand|garmi) hai\b/g, 'how $1 is it'],
  [/\bthand lagdi(?: aa| hai)?\b/g, 'i am cold'],
  [/\bgarmi lagdi(?: aa| hai)?\b/g, 'i am hot'],
  [/\b(?:bada |bahut )?hanera hai\b/g, 'it is very dark'],
  [/\bpehlan vargi kar do\b|\bpehlan vargi\b/g, 'put it back how it was'],
  [/\bwapas bhej do\b/g, 'send back'],
  [/\bmehrbani kar ke\b/g, 'please'],
  [/\b(\d+|das|panj|veeh) minute baad\b/g, 'in $1 minutes'],
  [/\bawaaz uchi kar do\b|\bawaaz uchi\b/g, 'volume up'],
  [/\bawaaz neevi kar do\b|\bawaaz neevi\b/g, 'volume down'],
  // ("tv di awaaz uchi na karo", "light na bujha do": do not)
  [/\b(uchi|neevi|adhi) na (?:karo|kar do|kardo)\b/g, 'dont $1'],
  [/\bna (bujha|bujhao|chala|chalao|jaga|jagao|laga|band|bund|khol|karo|kar do)\b/g, 'dont $1'],
  [/\b(?:jaga|jagao|laga) do\b/g, 'on'],
  [/\bbujha do\b/g, 'off'],
  [/\badhi kar do\b/g, 'to half'],
  [/\bbund car do\b/g, 'band kar do'],
  // "X vich Y": Y in X
  [/\b([a-z]+) vich\b/g, 'in the $1'],
];

const WORDS: Record<string, string[]> = {
  putt: [],
  ji: [],
  hun: ['now'],
  pakha: ['fan'],
  // ("pakha bund", "bund kar do": Hindi's "band", read with its verb in `dialects.ts`)
  bund: ['band'],
  jaga: ['on'],
  jagao: ['on'],
  bujha: ['off'],
  adhi: ['half'],
  parde: ['curtains'],
  te: ['and'],
  vi: ['too'],
  nu: [],
  di: [],
  da: [],
  de: [],
  aa: [],
  ethe: ['here'],
  ithe: ['here'],
  bahar: ['outside'],
  thand: ['cold'],
  garmi: ['hot'],
  das: ['ten'],
  panj: ['five'],
  veeh: ['twenty'],
};

/** The message's words with Punjabi read as English (most messages have none). */
export function punjabiAsEnglish(words: string[], spoken = saysPunjabi(words)): string[] {
  return spoken ? wordByWord(withPhrases(words, PHRASES), WORDS) : words;
}
