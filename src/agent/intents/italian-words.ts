/**
 * Italian as Italian-American households mix it into English: "per favore accendi la luce in
 * cucina", "spegni il ventilatore della cucina", "la luce della cucina spegni", "metti la luce
 * della cucina al cinquanta per cento", "spegni il kettle fra cinque minuti", "che ore sono",
 * "troppo buio qua", "madonna fa freddo alza un po", "com'era prima" (as it was: undo). What
 * belongs to a thing follows it with "della", "del", "di" ("luce della cucina" is the kitchen
 * light) and is put before it, as English says it. Read only in a message that says Italian (a
 * word of it no English message has), since "la", "il", "e" and "di" are words of English or
 * other languages too.
 */
import { type Phrase, withPhrases, wordByWord } from './phrase-reading.js';

/** Italian words no English message has (marks dropped). */
const ITALIAN_ONLY = new Set(
  `accendi accendere spegni spegnere grazie favore piacere luce luci cucina ventilatore abbassa metti
   mettiamo buio troppo freddo buonanotte buongiorno oggi chiusa chiave macchina caffe anche tesoro
   cinque dieci trenta quaranta cinquanta sessanta settanta ottanta novanta minuti comera tende
   soggiorno bagno notte tutti musica niente`.split(/\s+/),
);

/** Whether a message's words say Italian. */
export function saysItalian(words: readonly string[]): boolean {
  return words.some((w) => ITALIAN_ONLY.has(w)) || /\bche (?:ore sono|giorno)\b/.test(words.join(' '));
}

/** Whole phrases, as the tokens have them (marks and apostrophes gone). */
const PHRASES: Phrase[] = [
  [/\bper (?:favore|piacere)\b/g, 'please'],
  [/\bche ore sono\b/g, 'what time is it'],
  [/\bche giorno e oggi\b|\bche giorno e\b/g, 'what is the date today'],
  [/\bbuona ?notte\b/g, 'good night'],
  [/\bbuongiorno\b/g, 'good morning'],
  [/\bfa freddo\b/g, 'it is cold'],
  [/\bnon vedo (?:niente|nulla)\b/g, 'i cannot see anything'],
  [/\bbuona notte\b/g, 'good night'],
  [/\bfa caldo\b/g, 'it is hot'],
  [/\b(?:no )*comera prima\b/g, 'put it back how it was'],
  [/\bun po\b/g, 'a bit'],
  [/\bchiusa a chiave\b/g, 'locked'],
  [/\bporta di dietro\b/g, 'back door'],
  [/\bporta d ingresso\b|\bporta di ingresso\b/g, 'front door'],
  [/\bmacchina del caffe\b/g, 'coffee machine'],
  [/\b(?:fra|tra) ([a-z0-9]+) minuti\b/g, 'in $1 minutes'],
  [/\bal ([a-z0-9]+) per cento\b/g, 'to $1 percent'],
  [/\bo no\b/g, 'or not'],
  // "luce della cucina" → "cucina luce"
  [/\b(luce|luci|ventilatore|tende|tv) (?:della|del|dello|delle|di) ([a-z]+)\b/g, '$2 $1'],
];

const WORDS: Record<string, string[]> = {
  accendi: ['turn', 'on'],
  accendere: ['turn', 'on'],
  spegni: ['turn', 'off'],
  spegnere: ['turn', 'off'],
  abbassa: ['turn', 'down'],
  alza: ['turn', 'up'],
  metti: ['put'],
  mettiamo: ['put', 'on'],
  basta: ['stop'],
  grazie: ['thanks'],
  tesoro: [],
  tutti: [],
  a: ['a'],
  madonna: [],
  ma: [],
  luce: ['light'],
  luci: ['lights'],
  cucina: ['kitchen'],
  soggiorno: ['living', 'room'],
  bagno: ['bathroom'],
  ventilatore: ['fan'],
  tende: ['curtains'],
  musica: ['music'],
  troppo: ['too'],
  buio: ['dark'],
  forte: ['loud'],
  qua: ['here'],
  qui: ['here'],
  anche: ['too'],
  il: ['the'],
  la: ['the'],
  le: ['the'],
  lo: ['the'],
  e: ['and'],
  cinque: ['five'],
  dieci: ['ten'],
  venti: ['twenty'],
  trenta: ['thirty'],
  quaranta: ['forty'],
  cinquanta: ['fifty'],
  sessanta: ['sixty'],
  settanta: ['seventy'],
  ottanta: ['eighty'],
  novanta: ['ninety'],
  cento: ['hundred'],
};

/** The message's words with Italian read as English (most messages have none). */
export function italianAsEnglish(words: string[], spoken = saysItalian(words)): string[] {
  return spoken ? wordByWord(withPhrases(words, PHRASES), WORDS) : words;
}
