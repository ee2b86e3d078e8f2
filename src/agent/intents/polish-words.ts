/**
 * Polish as Polish families in Britain and Ireland mix it into English, or write it whole:
 * "wyłącz światło w kuchni", "Włącz proszę lampkę nocną", "Ustaw ogrzewanie na 22 stopnie",
 * "Czy drzwi wejściowe są zamknięte na klucz?", "heating is working, tak czy nie?". Polish
 * bends its words by case, so each is read by its stem ("kuchni", "kuchnia": the kitchen); the
 * marks are dropped first ("ł" as "l", `normalize.ts`). Only in a message that says a word no
 * English message has: "tak", "na", "i" and "w" are other words elsewhere.
 */

/** Whole phrases: said together they mean more than their words. */
const PHRASES: [RegExp, string][] = [
  [/\bzamkniete na klucz\b/g, 'locked'],
  [/\bzamkniety na klucz\b/g, 'locked'],
  [/\bzamknij na klucz\b/g, 'lock'],
  [/\bzamknac na klucz\b/g, 'lock'],
  [/\btak czy nie\b/g, 'or not'],
  [/\bco (?:ty )?umiesz (?:robic)?\b/g, 'what can you do'],
  [/\bco potrafisz\b/g, 'what can you do'],
  [/\bktora (?:jest )?godzina\b/g, 'what time is it'],
  [/\bjaki (?:jest )?(?:dzis|dzisiaj) dzien\b/g, 'what day is it'],
  [/\bdzien dobry\b/g, 'good morning'],
  [/\bna dobranoc\b/g, 'good night'],
  [/\bdobranoc\b/g, 'good night'],
  [/\blamp\w* nocn\w*/g, 'night light'],
  [/\bdrzwi wejsciowe\b/g, 'front door'],
  [/\bdrzwi frontowe\b/g, 'front door'],
  [/\bdrzwi tylne\b/g, 'back door'],
  [/\bbram\w* garazow\w*/g, 'garage door'],
  [/\bekspres\w*(?: do kawy)?\b/g, 'coffee machine'],
  [/\bna gorze\b/g, 'upstairs'],
  [/\bna dole\b/g, 'downstairs'],
  [/\bcofnij to\b/g, 'undo that'],
  [/\bdwadziescia (jeden|dwa|trzy|cztery|piec)\b/g, 'dwadziescia_$1'],
];

/** Word stems, longest first where one begins another ("wylacz" before "wl"). */
const STEMS: [string, string[]][] = [
  ['wylacz', ['turn', 'off']],
  ['wlacz', ['turn', 'on']],
  ['zgas', ['turn', 'off']],
  ['zapal', ['turn', 'on']],
  ['otworz', ['open']],
  ['zamknij', ['close']],
  ['zamknac', ['close']],
  ['odblokuj', ['unlock']],
  ['ustaw', ['set']],
  ['podglosnij', ['turn', 'up']],
  ['przycisz', ['turn', 'down']],
  ['scisz', ['turn', 'down']],
  ['ciszej', ['quieter']],
  ['glosniej', ['louder']],
  ['jasniej', ['brighter']],
  ['ciemniej', ['dimmer']],
  ['zatrzymaj', ['pause']],
  ['cofnij', ['undo']],
  ['anuluj', ['cancel']],
  ['uruchom', ['start']],
  ['swiatl', ['light']],
  ['swiatel', ['lights']],
  ['lampk', ['lamp']],
  ['wentylator', ['fan']],
  ['telewizor', ['tv']],
  ['czajnik', ['kettle']],
  ['ogrzewani', ['heating']],
  ['termostat', ['thermostat']],
  ['drzwi', ['door']],
  ['rolet', ['blinds']],
  ['zaluzj', ['blinds']],
  ['zaslon', ['curtains']],
  ['odkurzacz', ['vacuum']],
  ['choink', ['christmas', 'tree']],
  ['glosnik', ['speaker']],
  ['glosnosc', ['volume']],
  ['temperatur', ['temperature']],
  ['scen', ['scene']],
  ['kuchni', ['kitchen']],
  ['salon', ['living', 'room']],
  ['sypialni', ['bedroom']],
  ['lazien', ['bathroom']],
  ['garaz', ['garage']],
  ['biur', ['office']],
  ['gabinet', ['office']],
  ['korytarz', ['hallway']],
  ['przedpok', ['hallway']],
  ['ogrod', ['garden']],
];

/** A verb's English words in the past: "turn on" → "turned on". */
function pastOf(verb: string[]): string[] {
  const [head, ...rest] = verb;
  const past: Record<string, string> = {
    turn: 'turned',
    open: 'opened',
    close: 'closed',
    unlock: 'unlocked',
    set: 'set',
    start: 'started',
    pause: 'paused',
    cancel: 'cancelled',
    undo: 'undid',
  };
  return [past[head!] ?? head!, ...rest];
}

/** The English verbs the stems give: after "nie" one is "don't" do it. */
const VERB_WORDS = new Set([
  'turn',
  'open',
  'close',
  'unlock',
  'set',
  'pause',
  'undo',
  'cancel',
  'start',
  'quieter',
  'louder',
]);

/** Whole words (not stems): the little words, states, numbers and times. */
const WORDS: Record<string, string[]> = {
  w: ['in'],
  // ("włącz światło o 22": at a clock time)
  o: ['at'],
  we: ['in'],
  na: ['to'],
  lampa: ['lamp'],
  lampe: ['lamp'],
  lampy: ['lamp'],
  lampie: ['lamp'],
  tez: ['too'],
  prosze: ['please'],
  dziekuje: ['thanks'],
  dzieki: ['thanks'],
  tak: ['yes'],
  nie: ['no'],
  nigdy: ['never'],
  czy: ['is'],
  jest: ['is'],
  // ("czy drzwi są zamknięte?": "czy" asks, "są" is said by it)
  sa: [],
  jaka: ['what'],
  jaki: ['what'],
  ile: ['how', 'much'],
  otwarte: ['open'],
  otwarta: ['open'],
  wlaczone: ['on'],
  wlaczony: ['on'],
  wylaczone: ['off'],
  wylaczony: ['off'],
  teraz: ['now'],
  za: ['in'],
  minut: ['minutes'],
  minuty: ['minutes'],
  godzine: ['an', 'hour'],
  stopnie: ['degrees'],
  stopni: ['degrees'],
  procent: ['percent'],
  ciemno: ['dark'],
  zimno: ['cold'],
  goraco: ['hot'],
  cieplo: ['warm'],
  tu: ['here'],
  tutaj: ['here'],
  mi: [],
  jeden: ['1'],
  dwa: ['2'],
  trzy: ['3'],
  piec: ['5'],
  dziesiec: ['10'],
  pietnascie: ['15'],
  dwadziescia: ['20'],
  trzydziesci: ['30'],
  czterdziesci: ['40'],
  piecdziesiat: ['50'],
  dwadziescia_jeden: ['21'],
  dwadziescia_dwa: ['22'],
  dwadziescia_trzy: ['23'],
  dwadziescia_cztery: ['24'],
  dwadziescia_piec: ['25'],
};

/** Polish words no English message has: one of them and the message's Polish is read. */
const POLISH_ONLY =
  /^(?:wylacz|wlacz|zgas|zapal|otworz|zamkn|ustaw|podglosnij|przycisz|scisz|ciszej|glosniej|jasniej|ciemniej|zatrzymaj|cofnij|anuluj|uruchom|swiatl|swiatel|lampk|wentylator|telewizor|czajnik|ogrzewani|drzwi|rolet|zaluzj|zaslon|odkurzacz|choink|glosnik|glosnosc|kuchni|salon(?:ie)|sypialni|lazien|garazu|korytarz|przedpok|ogrod|prosze|dziekuje|dzieki|dobranoc|umiesz|potrafisz|godzina|teraz|stopni|ciemno|zimno|goraco|jaka|jest|czy)/;

/** Whether a message says Polish: a word of it that no English message has. */
export function saysPolish(words: readonly string[]): boolean {
  return words.some((w) => POLISH_STARTS.has(w.slice(0, 3)) && POLISH_ONLY.test(w));
}

/** The first three letters of each word `POLISH_ONLY` reads: most words are ruled out by them alone. */
const POLISH_STARTS = new Set(
  POLISH_ONLY.source
    .replace(/^\^\(\?:/, '')
    .replace(/\)$/, '')
    .split('|')
    .map((w) => w.slice(0, 3)),
);

/** The message's words with Polish read as English (most messages have none). */
export function polishAsEnglish(words: string[], spoken = saysPolish(words)): string[] {
  if (!spoken) return words;
  let said = words.join(' ');
  for (const [re, out] of PHRASES) said = said.replace(re, out);
  const read = said.split(' ').filter((w) => w.length > 0);
  return read.flatMap((w, i) => {
    // "a w salonie?": "and" opening a follow-up; "… telewizor i zgaś światło": "and" before
    // Polish ("a" and "i" are English words too)
    if ((w === 'a' && i === 0) || (w === 'i' && (read[i + 1] === 'w' || POLISH_ONLY.test(read[i + 1] ?? ''))))
      return ['and'];
    // "nie wyłączaj światła": "nie" before a verb is "don't" (alone, "no")
    if (
      w === 'nie' &&
      STEMS.some(([stem, en]) => (read[i + 1] ?? '').startsWith(stem) && VERB_WORDS.has(en[0]!))
    )
      return ['dont'];
    const stem = STEMS.find(([st]) => w.startsWith(st));
    // "wyłączyłem światło": a verb's past ("-łem", "-ła") tells what was done, no request
    if (stem && VERB_WORDS.has(stem[1][0]!) && w.slice(stem[0].length).includes('l') && !WORDS[w])
      return ['i', 'already', ...pastOf(stem[1])];
    return WORDS[w] ?? stem?.[1] ?? [w];
  });
}
