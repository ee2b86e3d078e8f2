/**
 * French as francophone households say it to a home — France's and Québec's ("allume la lampe de
 * chevet", "ferme la lumière de la cuisine" (Québec: switch off), "barre la porte d'en arrière",
 * "part la balayeuse dans une heure", "c'est frette icitte", "la télé est-tu encore allumée?").
 * Read after the tokenizer has dropped marks and apostrophes ("l'entrée" is "lentree", "s'il te
 * plaît" is "sil te plait"): whole phrases first, then each word, then numbers said in words
 * ("soixante-quinze", "vingt et un et demi"), then a noun's "de" place put the English way
 * (`inEnglishOrder`). Only in a message that says a word no English message has.
 */
import { inEnglishOrder } from './spanish-words.js';

/** Whole phrases, as the tokens have them (apostrophes and hyphens gone). */
const PHRASES: [RegExp, string][] = [
  [/\bsil (?:te|vous) plait\b/g, 'please'],
  [/\bmerci de\b/g, 'please'],
  [/\best ce que\b/g, 'is'],
  [/\best ce quil\b/g, 'is there'],
  [/\bquest ce que tu (?:sais|peux) faire(?: au juste)?\b/g, 'what can you do'],
  [/\bquelle heure (?:quil est|est il|il est)\b/g, 'what time is it'],
  [/\bon est quelle date\b/g, 'what date is it'],
  [/\bquelle date (?:on est|sommes nous)\b/g, 'what date is it'],
  [/\bquel jour (?:on est|sommes nous)\b/g, 'what day is it'],
  [/\by a tu quelquun qui bouge\b/g, 'is someone moving'],
  [/\bquelquun qui bouge\b/g, 'someone moving'],
  [/\b(?:y|il) fait combien\b/g, 'how warm is it'],
  [/\bcest tu\b/g, 'is it'],
  [/\bcest frette\b/g, 'it is freezing'],
  [/\bcest ben trop fort\b/g, 'it is too loud'],
  [/\bcest trop fort\b/g, 'it is too loud'],
  [/\bon voit rien\b/g, 'i cannot see'],
  [/\bjy vois rien\b/g, 'i cannot see'],
  [/\bil reste des\b/g, 'are there any'],
  [/\bporte den avant\b/g, 'front door'],
  [/\bporte den arriere\b/g, 'back door'],
  [/\bporte dentree\b/g, 'front door'],
  [/\bporte du garage\b/g, 'garage door'],
  [/\bporte de garage\b/g, 'garage door'],
  [/\blampe de chevet\b/g, 'bedside lamp'],
  [/\blampe sur pied\b/g, 'floor lamp'],
  [/\blampe du bureau\b/g, 'desk lamp'],
  [/\bsapin de noel\b/g, 'christmas tree'],
  [/\bsalle de bain\b/g, 'bathroom'],
  [/\bsalle de bains\b/g, 'bathroom'],
  [/\bsalle a manger\b/g, 'dining room'],
  [/\bventilateur de plafond\b/g, 'ceiling fan'],
  [/\bhaut parleur\b/g, 'speaker'],
  [/\ben haut\b/g, 'upstairs'],
  [/\ben bas\b/g, 'downstairs'],
  [/\ba matin\b/g, 'this morning'],
  [/\bce matin\b/g, 'this morning'],
  [/\ba soir\b/g, 'tonight'],
  [/\bce soir\b/g, 'tonight'],
  [/\btous les matins\b/g, 'every morning'],
  [/\btous les soirs\b/g, 'every evening'],
  [/\btous les jours\b/g, 'every day'],
  [/\bquand le soleil se couche\b/g, 'when the sun sets'],
  [/\bquand le soleil se leve\b/g, 'when the sun rises'],
  [/\bcomme cetait\b/g, 'as it was'],
  [/\bannule ce que tu viens de faire\b/g, 'undo what you just did'],
  [/\bce que tu viens de faire\b/g, 'what you just did'],
  [/\blaisse faire\b/g, 'never mind'],
  [/\bdeux secondes\b/g, ''],
  [/\bencore un peu\b/g, 'a bit more'],
  [/\bun peu\b/g, 'a bit'],
  [/\bon se couche\b/g, 'we are going to bed'],
  [/\bon part\b/g, 'we are leaving'],
  [/\bon se fait\b/g, 'we are having'],
  [/\ba une heure\b/g, 'at 1 oclock'],
  [/\ba (\w+(?: et)?(?: \w+)?) heures?\b/g, 'at $1 heures'],
  [/\ba sa base\b/g, 'to its base'],
  [/\bpour cent\b/g, 'percent'],
  [/\bet demi\b/g, 'point 5'],
  [/\bdabord\b/g, ''],
];

/** Verbs of switching and asking, each form people write ("allume", "allumer", "allumez"). */
const VERBS: Record<string, string[]> = {};
for (const [forms, meaning] of [
  ['allume allumer allumez allumes', ['turn', 'on']],
  ['eteins eteindre eteignez eteint', ['turn', 'off']],
  // Québec: "ferme la lumière" switches off, "ouvre la lumière" on — as Montreal English
  // "close the light": the reader knows "close" and "open" of a light
  ['ferme fermer fermez fermes', ['close']],
  ['ouvre ouvrir ouvrez ouvres', ['open']],
  ['barre barrer barrez verrouille verrouiller verrouillez', ['lock']],
  ['debarre debarrer debarrez deverrouille deverrouiller deverrouillez', ['unlock']],
  ['baisse baisser baissez', ['turn', 'down']],
  ['monte monter montez', ['turn', 'up']],
  ['mets mettre mettez met', ['set']],
  ['part partir partez demarre demarrer', ['start']],
  ['active activer activez', ['activate']],
  ['remets remettre', ['resume']],
  ['renvoie renvoyer', ['send']],
  ['annule annuler annulez', ['cancel']],
  ['pause', ['pause']],
  ['peux tu pourrais veux peuxtu pourraistu veuxtu', []],
] as const)
  for (const f of forms.split(' ')) VERBS[f] = [...meaning];

/** Nouns of the home and its rooms. */
const NOUNS: Record<string, string[]> = {
  lumiere: ['light'],
  lumieres: ['lights'],
  lampe: ['lamp'],
  lampes: ['lamps'],
  ventilateur: ['fan'],
  tele: ['tv'],
  television: ['tv'],
  cafetiere: ['coffee', 'machine'],
  bouilloire: ['kettle'],
  hotte: ['kitchen', 'fan'],
  sapin: ['christmas', 'tree'],
  stores: ['blinds'],
  stors: ['blinds'],
  rideaux: ['curtains'],
  thermostat: ['thermostat'],
  chauffage: ['heating'],
  chaufferette: ['heater'],
  porte: ['door'],
  portes: ['doors'],
  balayeuse: ['vacuum'],
  aspirateur: ['vacuum'],
  musique: ['music'],
  scene: ['scene'],
  minuterie: ['timer'],
  minuteries: ['timers'],
  cuisine: ['kitchen'],
  salon: ['living', 'room'],
  chambre: ['bedroom'],
  bureau: ['office'],
  garage: ['garage'],
  lentree: ['the', 'hallway'],
  entree: ['hallway'],
  corridor: ['hallway'],
  galerie: ['porch'],
  jardin: ['garden'],
  miroir: ['mirror'],
  dehors: ['outside'],
};

/** The little words, states, feelings and times. */
const WORDS: Record<string, string[]> = {
  la: ['the'],
  le: ['the'],
  les: ['the'],
  l: ['the'],
  du: ['of', 'the'],
  des: ['the'],
  de: ['of'],
  dans: ['in'],
  a: ['to'],
  au: ['to', 'the'],
  pis: ['and'],
  et: ['and'],
  aussi: ['too'],
  stp: ['please'],
  svp: ['please'],
  merci: ['thanks'],
  toute: ['all'],
  toutes: ['all'],
  tous: ['all'],
  tout: ['all'],
  icitte: ['here'],
  ici: ['here'],
  encore: ['still'],
  allumee: ['on'],
  allumees: ['on'],
  eteinte: ['off'],
  ouverte: ['open'],
  ouvert: ['open'],
  fermee: ['closed'],
  barree: ['locked'],
  barrees: ['locked'],
  humide: ['humid'],
  frette: ['freezing'],
  froid: ['cold'],
  chaud: ['hot'],
  fort: ['loud'],
  moins: ['less'],
  plus: ['more'],
  non: ['no'],
  // "ne débarre pas la porte", "allume pas la télé": not (the English reader declines a request
  // it is said of; "pas celle de la cuisine" is an exception)
  pas: ['not'],
  ne: [],
  n: [],
  jamais: ['never'],
  oui: ['yes'],
  ben: [],
  tse: [],
  coudonc: [],
  voyons: [],
  mon: [],
  ma: [],
  ptit: [],
  coeur: [],
  tu: [],
  est: ['is'],
  sont: ['are'],
  ca: ['it'],
  celle: ['the', 'one'],
  celui: ['the', 'one'],
  se: [],
  chalet: ['the', 'cottage'],
  minutes: ['minutes'],
  heure: ['hour'],
  heures: ['oclock'],
  une: ['an'],
  un: ['a'],
  degres: ['degrees'],
  aujourdhui: ['today'],
  pour: ['for'],
  oups: ['oops'],
};

const UNITS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
};
const TENS: Record<string, number> = {
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
};

/**
 * A number said in French words from `i`: "vingt et un", "dix neuf", "soixante quinze",
 * "quatre vingt dix", "cent"; undefined when none starts there. ("un", "une" alone are
 * articles: read as numbers only before a unit of time, by the caller.)
 */
function frenchNumber(words: string[], i: number): { n: number; end: number } | undefined {
  let k = i;
  let n = 0;
  if (words[k] === 'cent') return { n: 100, end: k + 1 };
  if (words[k] === 'quatre' && /^vingts?$/.test(words[k + 1] ?? '')) {
    n = 80;
    k += 2;
  } else if (TENS[words[k]!] !== undefined) {
    n = TENS[words[k]!]!;
    k++;
  }
  if (n > 0 && words[k] === 'et' && (words[k + 1] === 'un' || words[k + 1] === 'onze')) {
    n += UNITS[words[k + 1]!]!;
    return { n, end: k + 2 };
  }
  const unit = words[k];
  if (unit === 'dix' && UNITS[words[k + 1] ?? ''] !== undefined && UNITS[words[k + 1]!]! < 10) {
    n += 10 + UNITS[words[k + 1]!]!;
    return { n, end: k + 2 };
  }
  if (unit !== undefined && UNITS[unit] !== undefined && (n === 0 || n % 20 === 0 || UNITS[unit] < 10)) {
    // (a tens word's units stop at nine, except after 60 and 80: "soixante quinze" is 75)
    if (n > 0 && n !== 60 && n !== 80 && UNITS[unit] >= 10) return { n, end: k };
    if (n === 0 && (unit === 'un' || unit === 'une')) return undefined;
    return { n: n + UNITS[unit], end: k + 1 };
  }
  return n > 0 ? { n, end: k } : undefined;
}

/** The mark of a word a phrase already put in English. */
const DONE = '\u0001';

/** Words after which a verb's "la", "le" is its pronoun: "ferme-la stp", "renvoie-la à sa base". */
const AFTER_PRONOUN = new Set(
  'stp svp merci a au dans pis et aussi encore tout toute de d to please thanks'.split(' '),
);

/**
 * "la télé est-tu encore allumée": Québec's "-tu" after the verb asks — the verb put first, as
 * an English question ("is the tv still on").
 */
function questionFirst(words: string[]): string[] {
  const k = words.findIndex((w, i) => (w === 'est' || w === 'sont') && words[i + 1] === 'tu' && i > 0);
  if (k < 0) return words;
  return [words[k] === 'est' ? 'is' : 'are', ...words.slice(0, k), ...words.slice(k + 2)].map((w) =>
    w === 'is' || w === 'are' ? `${DONE}${w}` : w,
  );
}

/** French words no English message has: one of them and the message's French is read. */
const FRENCH_ONLY = new Set(
  `allume allumer allumez eteins eteindre ferme fermer fermez ouvre ouvrir barre barrer debarre
   baisse baisser monte mets mettre remets renvoie annule lumiere lumieres lampe ventilateur tele
   cafetiere bouilloire hotte sapin stores stors rideaux chauffage chaufferette porte portes
   balayeuse aspirateur musique minuterie minuteries cuisine chambre lentree galerie jardin
   miroir dehors dans pis aussi stp svp merci toute toutes icitte encore allumee allumees
   eteinte ouverte fermee barree barrees humide frette sil quest cest tse coudonc voyons ben
   aujourdhui heures degres celle peux pourrais veux oups quelle vingt trente quarante cinquante
   soixante demi chalet pas jamais verrouille deverrouille`.split(/\s+/),
);

/** Whether a message says French: a word of it that no English message has. */
export function saysFrench(words: readonly string[]): boolean {
  return words.some((w) => FRENCH_ONLY.has(w));
}

/** The message's words with French read as English (most messages have none). */
export function frenchAsEnglish(words: string[], spoken = saysFrench(words)): string[] {
  if (!spoken) return words;
  let said = words.join(' ');
  // (a phrase's English is marked, so its words are not read again as French: "a bit"; a
  // phrase that keeps French words of its own, "at $1 heures", is read on)
  for (const [re, out] of PHRASES)
    said = said.replace(
      re,
      /\$\d/.test(out)
        ? out
        : out
            .split(' ')
            .map((w) => (w ? `${DONE}${w}` : w))
            .join(' '),
    );
  const split = questionFirst(said.split(' ').filter((w) => w.length > 0));
  const out: string[] = [];
  for (let i = 0; i < split.length; i++) {
    const w = split[i]!;
    if (w.startsWith(DONE)) {
      out.push(w.slice(DONE.length));
      continue;
    }
    // "quelle heure qu'il est là": a last "là" only stresses
    if (w === 'la' && i === split.length - 1 && i > 0) continue;
    // "une heure", "un peu": an article before a unit of time is one
    const num = frenchNumber(split, i);
    if (num) {
      out.push(String(num.n));
      i = num.end - 1;
      continue;
    }
    const verb = VERBS[w];
    // "allume pas la télé", "ne débarre pas la porte", "ferme-la pas": don't (its "pas" read here)
    if (verb && verb.length > 0) {
      const k = [i + 1, i + 2].find(
        (j) => split[j] === 'pas' && (j === i + 1 || ['la', 'le', 'les', 'l'].includes(split[i + 1]!)),
      );
      if (k !== undefined) {
        out.push('dont');
        split.splice(k, 1);
      }
    }
    // "ferme-la", "allume-le", "renvoie-la à sa base": a verb's pronoun after it is "it"
    if (
      verb &&
      ['la', 'le', 'les', 'l'].includes(split[i + 1] ?? '') &&
      (split[i + 2] === undefined || AFTER_PRONOUN.has(split[i + 2]!))
    ) {
      out.push(...verb, split[i + 1] === 'les' ? 'them' : 'it');
      i++;
      continue;
    }
    out.push(...(verb ?? NOUNS[w] ?? WORDS[w] ?? [w]));
  }
  return inEnglishOrder(out);
}
