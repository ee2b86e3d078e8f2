/**
 * Text normalisation shared by sentences, templates and registry names, so that all three
 * meet in one token vocabulary: lower case, straight quotes, no punctuation, units spelled
 * out, possessive "'s" dropped and number words turned into digits ("twenty point five" → 20.5).
 */
import { accentSpellings, asEnglish } from './dialect-words.js';
import { calquesAsEnglish } from './calques.js';
import { dialectPhrases, repeatsDropped, restartsDropped, wantSaidShort } from './dialects.js';
import { bengaliAsEnglish } from './bengali-words.js';
import { malayAsEnglish } from './malay-words.js';
import { naijaAsEnglish } from './naija-words.js';
import { frenchAsEnglish } from './french-words.js';
import { polishAsEnglish } from './polish-words.js';
import { portugueseAsEnglish } from './portuguese-words.js';
import { somaliAsEnglish } from './somali-words.js';
import { tamilAsEnglish } from './tamil-words.js';
import { vietnameseAsEnglish } from './vietnamese-words.js';
import { swahiliAsEnglish } from './swahili-words.js';
import { germanAsEnglish } from './german-words.js';
import { punjabiAsEnglish } from './punjabi-words.js';
import { italianAsEnglish } from './italian-words.js';
import { hawaiiPidgin } from './pidgin.js';
import { spanishAsEnglish } from './spanish-words.js';

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  niner: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const CONTRACTIONS: [RegExp, string][] = [
  [/\bwhat's\b/g, 'what is'],
  [/\bwhere's\b/g, 'where is'],
  [/\bhow's\b/g, 'how is'],
  [/\bwho's\b/g, 'who is'],
  [/\bit's\b/g, 'it is'],
  [/\bthat's\b/g, 'that is'],
  [/\bthere's\b/g, 'there is'],
  // ("nobody's home so …": no one's own thing is meant)
  [
    /\b(nobody|somebody|someone|everyone|everybody|anybody|anyone)'s\b(?! (?:room|phone|bed|car|stuff|things?)\b)/g,
    '$1 is',
  ],
  [/\b(i|you|we|they|he|she)'d\b/g, '$1 would'],
  [/\bi'm\b/g, 'i am'],
  [/\b(we|you|they)'re\b/g, '$1 are'],
  [/\b(i|we|you|they)'ve\b/g, '$1 have'],
  [/\b(i|we|you|they|he|she)'ll\b/g, '$1 will'],
  [/\blet's\b/g, 'let us'],
  // Yorkshire "if tha dun't mind"
  [/\bdun't\b/g, 'do not'],
  [/\btha'd\b/g, 'you would'],
  [/\bcan't\b/g, 'cannot'],
  [/\bwon't\b/g, 'will not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  // (typed without the apostrophe: "the back door isnt locked", "my eyes arent awake")
  [/\b(is|are|was|were|has|have|had|does|did|should|would|could)nt\b/g, '$1 not'],
  [/\bcan not\b/g, 'cannot'],
];

/**
 * The tokens of texts lately tokenized: one message is tokenized many times over (whole, by
 * sentence, by part, in each check), always to the same words. Bounded; a copy is handed out,
 * as callers may change their list.
 */
const RECENT = new Map<string, string[]>();
const RECENT_MAX = 1024;

/** Lower-cases and strips punctuation; returns the token list (numbers as digit strings). */
export function tokenize(text: string): string[] {
  const known = RECENT.get(text);
  if (known) return known.slice();
  const tokens = tokenizeNew(text);
  if (RECENT.size >= RECENT_MAX) RECENT.clear();
  RECENT.set(text, tokens);
  return tokens.slice();
}

/**
 * Letters with marks as the plain letters people mean ("vacuüm", "café", "włącz", "đèn"), and
 * typographic quotes as plain ones; plain ASCII, most messages, as it is.
 */
export function withoutMarks(text: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return (
    text
      .normalize('NFKC')
      // "vacuüm", "café": letters with marks as the plain letters people mean
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      // letters NFD keeps whole: Polish "ł", Vietnamese "đ", Danish "ø", German "ß"
      .replace(/ł/g, 'l')
      // Akan and Ewe "ɔ", "ɛ"
      .replace(/ɔ/g, 'o')
      .replace(/ɛ/g, 'e')
      .replace(/đ/g, 'd')
      .replace(/ø/g, 'o')
      .replace(/ß/g, 'ss')
      .replace(/æ/g, 'ae')
      .replace(/œ/g, 'oe')
      .replace(/[\u2018\u2019\u02bc`´]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
  );
}

function tokenizeNew(text: string): string[] {
  // ("it`s too cold": a backtick typed for the apostrophe)
  let s = text.toLowerCase().replace(/`/g, "'");
  s = withoutMarks(s);
  for (const [re, out] of CONTRACTIONS) s = s.replace(re, out);
  // ("lamp to eight, eight percent", "two, three degrees": digits parted by a comma are no one
  // number — a mark between them that `numberWords` drops)
  s = s.replace(DIGITS_PARTED, `$1 ${DIGIT_BREAK} `);
  s = s
    // units as people write them: "per cent", "21 degrees celsius", "68 fahrenheit"
    .replace(/\bper\s+cent\b/g, ' percent ')
    .replace(/\b(degrees?\s+)?(celsius|centigrade|fahrenheit)\b/g, ' degrees ')
    .replace(/(\d)\s*%/g, '$1 percent ')
    // "21 degré", "21 degrés" (French)
    .replace(/\bdegres?\b/g, 'degrees')
    // "shut of the t v": a name spelled out letter by letter
    .replace(/\bt\.? ?v\b\.?/g, 'tv')
    // "lockthe backdoor", "turn onthe kitchen lite": the article run into the word before it
    .replace(/\b(lock|unlock|open|close|shut|on|off|turn|switch|start|stop|pause|dim|in|of)the\b/g, '$1 the')
    // "shutoff the porch light": the verb and its particle as one word
    .replace(/\b(shut|turn|switch)(off|on)\b/g, '$1 $2')
    // "open @ 06:15": at
    .replace(/@\s*(?=\d)/g, ' at ')
    // "35 pc", "50pc": per cent as British and Australian notes write it
    .replace(/(\d)\s*pc\b/g, '$1 percent ')
    .replace(/%/g, ' percent ')
    .replace(/\s*°\s*[cf]?\b/g, ' degrees ')
    // "77F", "21c"
    .replace(/(\d)\s*[cf]\b/g, '$1 degrees ')
    .replace(/°/g, ' degrees ')
    // "openin'", "somethin'": a dropped g
    .replace(/\b([a-z]{3,}in)'(?=\s|$)/g, '$1g')
    .replace(/'s\b/g, '')
    .replace(/'/g, '')
    // "19,5": a decimal comma (one digit after it; "1,000" is a thousand)
    .replace(/(\d),(\d)(?!\d)/g, '$1.$2')
    // keep a decimal point only between digits ("20.5", "pm2.5")
    // NUL marks the kept point through the next replacement (no text contains it).
    .replace(/(\d)\.(\d)/g, '$1\u0000$2')
    // eslint-disable-next-line no-control-regex -- the NUL marker above
    .replace(/[^a-z0-9\u0000\s]+/g, ' ')
    // eslint-disable-next-line no-control-regex -- the NUL marker above
    .replace(/\u0000/g, '.');
  const words = s.split(/\s+/).filter((t) => t.length > 0);
  const raw = wantSaidShort(
    dictatedHomophones(LANGUAGES.reduce((said, inEnglish) => inEnglish(said), words)),
  ).flatMap(asEnglish);
  return hawaiiPidgin(dialectPhrases(repeatsDropped(restartsDropped(calquesAsEnglish(numberWords(raw))))));
}

/** Words after which dictation's "four" is "for": "… the hallway light four my daughter". */
const FOR_BEFORE = new Set('my the me us her him you your our them a an now tonight'.split(' '));
/** Tens before "four": "twenty four tonight" is a number. */
const TENS_BEFORE = new Set('twenty thirty forty fifty sixty seventy eighty ninety hundred'.split(' '));
/** Words after which "four" stays a number: "to four", "at four the …". */
const NUMBER_AFTER = new Set(
  'to at by of and or minus plus than set from till until around about'.split(' '),
);

/**
 * Homophones dictation writes for the little words: "four" for "for" before what it is for
 * ("lock the back door four the night"), "of" for "off" after "turn it", "switch them".
 */
function dictatedHomophones(words: string[]): string[] {
  return words.map((w, i) => {
    const before = words[i - 1] ?? '';
    if (
      w === 'four' &&
      i > 0 &&
      FOR_BEFORE.has(words[i + 1] ?? '') &&
      !NUMBER_AFTER.has(before) &&
      !TENS_BEFORE.has(before) &&
      !/\d/.test(before)
    )
      return 'for';
    if (
      w === 'of' &&
      ['it', 'them'].includes(before) &&
      ['turn', 'switch', 'shut'].includes(words[i - 2] ?? '')
    )
      return 'off';
    return w;
  });
}

/**
 * The languages households mix into English, each read only where the message says it, in this
 * order (Spanish last: its "la", "de" and "el" are read once the others have said theirs).
 */
const LANGUAGES: ((words: string[]) => string[])[] = [
  (w) => frenchAsEnglish(w),
  (w) => polishAsEnglish(w),
  (w) => portugueseAsEnglish(w),
  (w) => vietnameseAsEnglish(w),
  (w) => swahiliAsEnglish(w),
  (w) => germanAsEnglish(w),
  (w) => punjabiAsEnglish(w),
  (w) => italianAsEnglish(w),
  (w) => naijaAsEnglish(w),
  bengaliAsEnglish,
  tamilAsEnglish,
  malayAsEnglish,
  somaliAsEnglish,
  spanishAsEnglish,
];

const DIGIT_WORD = '(?:zero|one|two|three|four|five|six|seven|eight|nine|niner)';
const DIGITS_PARTED = new RegExp(
  `\\b(${DIGIT_WORD})(?:\\s*[,;]\\s*|\\s+[\u2013\u2014-]\\s+)(?=${DIGIT_WORD}\\b)`,
  'g',
);
const DIGIT_BREAK = 'xdigitbreakx';

/** Replaces runs of number words by digits; "a hundred" and "one hundred and five" included. */
export function numberWords(said: string[]): string[] {
  return numberRuns(said).filter((t) => t !== DIGIT_BREAK);
}

/** Words after which "one" is a thing, not a number: "the other one", "which one", "that one". */
const ONE_AS_THING_AFTER = new Set(['the', 'this', 'that', 'which', 'other', 'another', 'each', 'every']);
/** Words that keep a number a number after "one": "the one hundred", "one percent". */
const ONE_COUNTS_BEFORE = new Set([
  ...Object.keys(UNITS),
  'hundred',
  'percent',
  'degree',
  'degrees',
  'minute',
  'hour',
  'second',
  'oclock',
  'thirty',
  'fifteen',
  'point',
  'am',
  'pm',
]);

/** Words after which "one" still counts in its place: "the next one" (track), "the first one". */
const ONE_IN_ORDER_AFTER = new Set([
  'next',
  'last',
  'previous',
  'first',
  'second',
  'third',
  'little',
  'young',
  'wee',
]);

/**
 * "one" naming a thing — "the bed one", "the other one", "which one" — stays a word: a lamp
 * asked about is never set to 1 %. It does right after a determiner, and closing a message or
 * clause after "the" and one word ("no, the bed one"; "the next one" keeps its place).
 */
function oneIsAThing(tokens: string[], i: number): boolean {
  if (tokens[i] !== 'one' || ONE_COUNTS_BEFORE.has(tokens[i + 1] ?? '')) return false;
  if (ONE_AS_THING_AFTER.has(tokens[i - 1] ?? '')) return true;
  const closes = i === tokens.length - 1 || ['please', 'pls', 'then', 'and'].includes(tokens[i + 1]!);
  const word = tokens[i - 1] ?? '';
  return (
    closes &&
    tokens[i - 2] === 'the' &&
    /^[a-z]+$/.test(word) &&
    !(word in UNITS) &&
    !(word in TENS) &&
    !ONE_IN_ORDER_AFTER.has(word)
  );
}

function numberRuns(said: string[]): string[] {
  const tokens = said.map(numberSpokenAs);
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (oneIsAThing(tokens, i)) {
      out.push('one');
      i++;
      continue;
    }
    const parsed = parseNumber(tokens, i);
    if (parsed) {
      out.push(parsed.value);
      i = parsed.end;
    } else {
      out.push(tokens[i]!);
      i++;
    }
  }
  return out;
}

/**
 * A number word as an accent writes it: "tirty" (a "th" said "t"), "thuhty" (an unwritten
 * "r") — the one number word its spellings give (`accentSpellings`); "tree" is a tree and
 * "dirty" is dirty.
 */
function numberSpokenAs(t: string): string {
  if (isNumWord(t) || t === 'tree' || !/^[a-z]{5,}$/.test(t)) return t;
  if (/^t[^h]/.test(t) && isNumWord(`th${t.slice(1)}`)) return `th${t.slice(1)}`;
  for (const rule of accentSpellings(t)) {
    const hits = rule.filter(isNumWord);
    if (hits.length === 1) return hits[0]!;
  }
  return t;
}

function isNumWord(t: string | undefined): boolean {
  return t !== undefined && (t in UNITS || t in TENS || t === 'hundred');
}

function parseInteger(tokens: string[], start: number): { n: number; end: number } | undefined {
  let i = start;
  let total = 0;
  let seen = false;
  // "a hundred"
  if (tokens[i] === 'a' && tokens[i + 1] === 'hundred') {
    total = 100;
    i += 2;
    seen = true;
    if (tokens[i] === 'and' && isNumWord(tokens[i + 1])) i++;
  }
  let current = 0;
  let lastKind: 'unit' | 'tens' | 'hundred' | undefined = seen ? 'hundred' : undefined;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (t in TENS && (lastKind === undefined || lastKind === 'hundred')) {
      current += TENS[t]!;
      lastKind = 'tens';
    } else if (
      t in UNITS &&
      (lastKind === undefined ||
        lastKind === 'hundred' ||
        (lastKind === 'tens' && UNITS[t]! < 10 && UNITS[t]! > 0))
    ) {
      current += UNITS[t]!;
      lastKind = 'unit';
    } else if (t === 'hundred' && lastKind === 'unit' && current > 0 && current < 10) {
      total += current * 100;
      current = 0;
      lastKind = 'hundred';
    } else if (t === 'and' && lastKind === 'hundred' && isNumWord(tokens[i + 1])) {
      i++;
      continue;
    } else break;
    seen = true;
    i++;
  }
  if (!seen) return undefined;
  return { n: total + current, end: i };
}

/** Words of one digit, as radio and phone callers say them ("six niner"). */
const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  niner: '9',
};
const TIME_UNITS = new Set([
  'minute',
  'minutes',
  'min',
  'mins',
  'hour',
  'hours',
  'second',
  'seconds',
  'day',
  'days',
]);
/** Units of a step, after which two digits are a count ("two three notches"). */
const STEPS_UNITS = new Set(['notch', 'notches', 'step', 'steps', 'click', 'clicks', 'points', 'bars']);
/** Words of a step or a change before the number: "turn the heat up two three degrees". */
const STEP_WORDS = new Set(
  'up down by raise lower increase decrease dim brighten bump drop reduce more less warmer cooler louder quieter brighter dimmer'.split(
    ' ',
  ),
);

/**
 * A number said digit by digit: "seven two degrees" (72), "three zero percent", "one zero
 * zero", "two two zero zero" (22:00), "seven four point five". Two digits without a zero
 * before a span of time are a reckoning, not digits ("two three minutes": two or three).
 */
function digitByDigit(tokens: string[], start: number): { value: string; end: number } | undefined {
  let i = start;
  let digits = '';
  while (DIGIT_WORDS[tokens[i] ?? ''] !== undefined) digits += DIGIT_WORDS[tokens[i++]!]!;
  if (digits.length < 2) return undefined;
  const zeroOrNiner = tokens.slice(start, i).some((t) => t === 'zero' || t === 'niner');
  const pointAfter = tokens[i] === 'point' && DIGIT_WORDS[tokens[i + 1] ?? ''] !== undefined;
  // two digits with no zero may be a reckoning ("up two three degrees": two or three), an hour
  // and minutes ("at six three") or a correction ("eight, eight percent"): read as digits only
  // where a value is set — after "to" or a device said bare — never after "at" or a step
  if (digits.length === 2 && !zeroOrNiner && !pointAfter) {
    const before = tokens.slice(Math.max(0, start - 4), start);
    if (TIME_UNITS.has(tokens[i] ?? '') || STEPS_UNITS.has(tokens[i] ?? '')) return undefined;
    if (['by', 'or', 'and', 'about', 'around', 'like'].includes(tokens[start - 1] ?? '')) return undefined;
    if (before.some((t) => STEP_WORDS.has(t))) return undefined;
  }
  // (after "at" the digits are a clock's, read there — "at two two zero zero", "at six three
  // zero" — or no time at all: "at six three" is declined, never 63 percent)
  // ("zero" first is only a clock's: "zero seven three zero")
  if (digits.startsWith('0') && digits.length !== 4) return undefined;
  if (tokens[i] === 'point' && DIGIT_WORDS[tokens[i + 1] ?? ''] !== undefined)
    return { value: `${digits}.${DIGIT_WORDS[tokens[i + 1]!]}`, end: i + 2 };
  return { value: digits, end: i };
}

function parseNumber(tokens: string[], start: number): { value: string; end: number } | undefined {
  const t = tokens[start]!;
  const digits = digitByDigit(tokens, start);
  if (digits) return digits;
  let whole: { n: number; end: number } | undefined;
  if (/^\d+(\.\d+)?$/.test(t)) whole = { n: Number(t), end: start + 1 };
  else whole = parseInteger(tokens, start);
  if (!whole) return undefined;
  // "twenty point five", "20 point 5"
  if (tokens[whole.end] === 'point' && Number.isInteger(whole.n)) {
    const next = tokens[whole.end + 1];
    if (next !== undefined && /^\d$/.test(next)) return { value: `${whole.n}.${next}`, end: whole.end + 2 };
    if (next !== undefined && next in UNITS && UNITS[next]! < 10)
      return { value: `${whole.n}.${UNITS[next]}`, end: whole.end + 2 };
  }
  if (/^\d/.test(t) && whole.end === start + 1) return { value: t, end: whole.end };
  return { value: String(whole.n), end: whole.end };
}

export function isNumberToken(t: string): boolean {
  return /^\d+(\.\d+)?$/.test(t);
}

/** Damerau-Levenshtein distance capped at `max` (returns max+1 when above). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2 = new Array<number>(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j]!;
    prev = cur;
    if (rowMin > max) return max + 1;
  }
  return prev[b.length]!;
}
