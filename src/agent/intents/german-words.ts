/**
 * German as German-speaking households mix it into English: "licht aus", "Heizung aus.",
 * "Kaffeemaschine an.", "jalousie runter", "Front door abschließen.", "gute nacht", "zu dunkel
 * hier", "mir ist kalt", "bisschen dunkler", "Dim the desk lamp to fünfzig percent", "rückgängig
 * machen bitte", "Mach die Lampe an, bitte." A state word closing the request ("aus", "an",
 * "zu", "auf") is its way; "bitte" and "danke" say nothing of what is asked. Read only in a
 * message that says German (a word of it no English message has, marks dropped: "fünfzig" is
 * "funfzig"), since "an", "die", "zu" and "so" are English words or parts of them too.
 */
import { type Phrase, withPhrases } from './phrase-reading.js';

/** German words no English message has (marks dropped). */
const GERMAN_ONLY = new Set(
  `bitte danke licht lampe heizung jetzt schon nicht lassen aber mach mache machen ausschalten einschalten anmachen
   ausmachen kaffeemaschine fernseher jalousie jalousien rollladen rolladen runter hoch abschliessen
   abschliesen aufschliessen zusperren gute guten nacht dunkel dunkler heller lauter leiser
   kalter kalt laut leise mir bisschen bischen ruckgangig nein funfzig zwanzig dreissig vierzig sechzig
   siebzig achtzig neunzig zehn filmabend kuche wohnzimmer schlafzimmer badezimmer garasch`.split(/\s+/),
);

/** Whether a message's words say German. */
export function saysGerman(words: readonly string[]): boolean {
  return words.some((w) => GERMAN_ONLY.has(w));
}

/** The way a German state word says. */
const WAY: Record<string, string> = { an: 'on', aus: 'off', auf: 'open', zu: 'closed' };

/** Whole phrases, as the tokens have them (marks gone). */
const PHRASES: Phrase[] = [
  [/\bgute nacht\b/g, 'good night'],
  [/\bguten morgen\b/g, 'good morning'],
  [/\bmir ist (?:so |sehr )?kalt\b/g, 'i am cold'],
  [/\bmir ist (?:so |sehr )?warm\b/g, 'i am hot'],
  [/\bzu (dunkel|hell|laut|leise|kalt|warm)\b/g, 'too $1'],
  [/\bein bisschen\b|\bbisschen\b|\bbischen\b/g, 'a bit'],
  [/\bruckgangig machen\b|\bruckgangig\b/g, 'undo'],
  // ("Licht nicht aus, bitte", "Kaffeemaschine nicht an": do not — said of the thing before it)
  [/\baber nicht (an|aus)\b/g, (_m, way) => `but not ${WAY[way]}`],
  [/\b([a-z]+) nicht (an|aus)\b/g, (_m, thing, way) => `dont turn ${WAY[way]} the ${thing}`],
  // ("Kuche an lassen": leave the kitchen on — the verb last, as German puts it)
  [/\b([a-z]+) (an|aus) lassen\b/g, 'leave the $1 $2'],
  // "mach die Lampe an": turn the lamp on
  [
    /\bmach(?:e)? (?:das |die |den )?([a-z]+) (an|aus|auf|zu)\b/g,
    (_m, thing, way) => `turn ${WAY[way]} the ${thing}`,
  ],
];

const WORDS: Record<string, string[]> = {
  bitte: ['please'],
  danke: ['thanks'],
  nein: ['no'],
  jetzt: ['now'],
  // ("Das Licht ist schon aus": told, never done; "nicht", "kein": not)
  schon: ['already'],
  ist: ['is'],
  sind: ['are'],
  nicht: ['not'],
  kein: ['no'],
  keine: ['no'],
  lass: ['leave'],
  aber: ['but'],
  lassen: ['leave'],
  licht: ['lights'],
  lampe: ['lamp'],
  heizung: ['heating'],
  kaffeemaschine: ['coffee', 'machine'],
  fernseher: ['tv'],
  jalousie: ['blinds'],
  jalousien: ['blinds'],
  rollladen: ['blinds'],
  rolladen: ['blinds'],
  runter: ['down'],
  hoch: ['up'],
  aus: ['off'],
  an: ['on'],
  auf: ['open'],
  zu: ['closed'],
  ausschalten: ['off'],
  ausmachen: ['off'],
  einschalten: ['on'],
  anmachen: ['on'],
  abschliessen: ['lock'],
  abschliesen: ['lock'],
  zusperren: ['lock'],
  aufschliessen: ['unlock'],
  dunkel: ['dark'],
  dunkler: ['darker'],
  heller: ['brighter'],
  hell: ['bright'],
  lauter: ['louder'],
  leiser: ['quieter'],
  laut: ['loud'],
  leise: ['quiet'],
  warmer: ['warmer'],
  kalter: ['colder'],
  kalt: ['cold'],
  hier: ['here'],
  filmabend: [],
  kuche: ['kitchen'],
  wohnzimmer: ['living', 'room'],
  schlafzimmer: ['bedroom'],
  badezimmer: ['bathroom'],
  garasch: ['garage'],
  zehn: ['ten'],
  zwanzig: ['twenty'],
  dreissig: ['thirty'],
  vierzig: ['forty'],
  funfzig: ['fifty'],
  sechzig: ['sixty'],
  siebzig: ['seventy'],
  achtzig: ['eighty'],
  neunzig: ['ninety'],
  die: [],
  das: [],
  den: [],
};

/** The message's words with German read as English (most messages have none). */
export function germanAsEnglish(words: string[], spoken = saysGerman(words)): string[] {
  if (!spoken) return words;
  return withPhrases(words, PHRASES).flatMap((w, i, all) => {
    // ("the porch light on" keeps its English "on"; "an" is German only as a last word)
    if (w === 'an' && i !== all.length - 1) return [w];
    // (German "die", "das", "den" only before a German word or the light: "die Lampe")
    if ((w === 'die' || w === 'das' || w === 'den') && !GERMAN_ONLY.has(all[i + 1] ?? '')) return [w];
    return WORDS[w] ?? [w];
  });
}
