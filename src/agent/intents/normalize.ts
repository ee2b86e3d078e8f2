/**
 * Text normalisation shared by sentences, templates and registry names, so that all three
 * meet in one token vocabulary: lower case, straight quotes, no punctuation, units spelled
 * out, possessive "'s" dropped and number words turned into digits ("twenty point five" → 20.5).
 */

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
  [/\b(i|you|we|they|he|she)'d\b/g, '$1 would'],
  [/\bi'm\b/g, 'i am'],
  [/\b(we|you|they)'re\b/g, '$1 are'],
  [/\b(i|we|you|they)'ve\b/g, '$1 have'],
  [/\b(i|we|you|they|he|she)'ll\b/g, '$1 will'],
  [/\blet's\b/g, 'let us'],
  [/\bcan't\b/g, 'cannot'],
  [/\bwon't\b/g, 'will not'],
  [/\b(\w+)n't\b/g, '$1 not'],
  [/\bcan not\b/g, 'cannot'],
];

/** Lower-cases and strips punctuation; returns the token list (numbers as digit strings). */
export function tokenize(text: string): string[] {
  let s = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"');
  for (const [re, out] of CONTRACTIONS) s = s.replace(re, out);
  s = s
    // units as people write them: "per cent", "21 degrees celsius", "68 fahrenheit"
    .replace(/\bper\s+cent\b/g, ' percent ')
    .replace(/\b(degrees?\s+)?(celsius|centigrade|fahrenheit)\b/g, ' degrees ')
    .replace(/(\d)\s*%/g, '$1 percent ')
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
  const raw = s
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .flatMap((t) => SHORTHAND[t] ?? DIALECT[t] ?? CREOLE[t] ?? TAGALOG[t] ?? [t]);
  return dialectPhrases(numberWords(raw));
}

/**
 * Words of Scots and Northern English (and an Australian one), as standard English: "switch the
 * big light aff", "turn it doon", "on wi it", "up tae 21", "the wan by the bed", "have we left
 * owt on", "every arvo at five".
 */
const DIALECT: Record<string, string[]> = {
  aff: ['off'],
  doon: ['down'],
  wi: ['with'],
  tae: ['to'],
  wan: ['one'],
  hoose: ['house'],
  owt: ['anything'],
  nowt: ['nothing'],
  naw: ['no'],
  // Australian: "every arvo at five"
  arvo: ['afternoon'],
  arvos: ['afternoons'],
  kinda: [],
  sorta: [],
};

/**
 * Words of Jamaican Creole and West African Pidgin as English ("tun off di porch light inna
 * half hour", "mek di vacuum start", "wetin you fit do"): the article, the verbs and the little
 * words; "am" after a verb is "it", "wah time" is "what time" and a last "den" "then"
 * (`dialectPhrases`).
 */
const CREOLE: Record<string, string[]> = {
  di: ['the'],
  d: ['the'],
  tun: ['turn'],
  mek: ['make'],
  fi: ['for'],
  inna: ['in'],
  wetin: ['what'],
  cyaan: ['cannot'],
  cya: ['cannot'],
  nutten: ['nothing'],
  nuttin: ['nothing'],
  yuh: ['you'],
  unu: ['you'],
  nuh: [],
  oya: [],
  e: ['it'],
};

/**
 * Tagalog verbs of switching as Taglish speakers mix them into English ("pakisara the garage
 * door", "patayin mo na yung tv"): the request as English words; "paki-" is "please".
 */
const TAGALOG: Record<string, string[]> = {
  pakisara: ['please', 'close'],
  isara: ['close'],
  pakibukas: ['please', 'open'],
  buksan: ['open'],
  pakipatay: ['please', 'turn', 'off'],
  patayin: ['turn', 'off'],
  pakisindi: ['please', 'turn', 'on'],
  sindihan: ['turn', 'on'],
  pakihinaan: ['please', 'turn', 'down'],
  pakilakasan: ['please', 'turn', 'up'],
};

/** Words after which Creole "mi" is "my": "by mi bed", "in mi room". */
const MI_AS_MY_AFTER = new Set(['by', 'in', 'on', 'at', 'near', 'from', 'under', 'over', 'a']);

/** Verbs after which Pidgin "am" is "it": "off am", "on am", "lock am", "pause am". */
const AM_AS_IT_AFTER = new Set(
  'off on lock unlock open close pause start stop switch turn put play dim shut'.split(' '),
);

/**
 * "the now" (now), "the morra" (tomorrow), "at half ten the night" (tonight), "the date the
 * day"; "away and …" opening a request.
 */
function dialectPhrases(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [t, next] = [tokens[i], tokens[i + 1]];
    // "away and put the kettle on": "go and", said to get someone moving
    if (i === 0 && t === 'away' && next === 'and') out.push();
    // "abeg off am", "lock am": Pidgin "it" after a verb ("I am" stays)
    else if (next === 'am' && AM_AS_IT_AFTER.has(t!)) out.push(t!, 'it');
    // "di light dem": a plural said after the noun
    else if (next === 'dem' && i > 0 && !['and', 'to', 'for', 'tell', 'give'].includes(t!)) out.push(t!);
    // "always when somebody moves in …": "whenever"
    else if (t === 'always' && next === 'when') out.push('whenever');
    // "wah time it is" (Jamaican "what"; Singapore "wah" is a cry of surprise)
    else if (t === 'wah' && ['time', 'day', 'date'].includes(next ?? '')) out.push('what', next!);
    // "I can't see nothing": a negation said twice is one ("anything")
    else if (t === 'nothing' && out.slice(-3).some((w) => ['not', 'cannot', 'never'].includes(w))) {
      out.push('anything');
      continue;
    }
    // "di one by mi bed", "pause it fi mi", "mi cyaan see": Creole "mi" as my, me or I
    else if (t === 'mi') {
      const prev = out[out.length - 1] ?? '';
      out.push(
        next === undefined || ['for', 'to', 'give', 'tell', 'let', 'help'].includes(prev)
          ? 'me'
          : MI_AS_MY_AFTER.has(prev)
            ? 'my'
            : 'i',
      );
      continue;
    }
    // "wetin you fit do": "what can you do"
    else if (t === 'you' && next === 'fit') out.push('you', 'can');
    // "nineteen comma five": the decimal comma said
    else if (t === 'comma' && /^\d+$/.test(out[out.length - 1] ?? '') && /^\d$/.test(next ?? '')) {
      out.push(`${out.pop()}.${next}`);
    }
    // "lock it den": "then" at the end ("the den" is a room)
    else if (t === 'den' && next === undefined && tokens[i - 1] !== 'the') {
      out.push('then');
      continue;
    } else if (t === 'the' && next === 'now') out.push('now');
    else if (t === 'the' && next === 'morra') out.push('tomorrow');
    else if (t === 'the' && next === 'night' && /^\d/.test(tokens[i - 1] ?? '')) out.push('tonight');
    else if (t === 'the' && next === 'day' && tokens[i - 1] === 'date') out.push('today');
    else {
      out.push(t!);
      continue;
    }
    i++;
  }
  return out;
}

/** Chat shorthand, written out: "is the tv on rn", "can u turn it off pls". */
const SHORTHAND: Record<string, string[]> = {
  rn: ['right', 'now'],
  u: ['you'],
  ur: ['your'],
  pls: ['please'],
  plz: ['please'],
  thx: ['thanks'],
  tmrw: ['tomorrow'],
  tmr: ['tomorrow'],
  b4: ['before'],
  cuz: ['because'],
  bc: ['because'],
  r: ['are'],
  // "q: back door locked?": a question marked as one
  q: [],
  dat: ['that'],
  dis: ['this'],
  // said only to soften: "kinda dark in here ngl"
  ngl: [],
  tbh: [],
  fr: [],
  imo: [],
};

/** Replaces runs of number words by digits; "a hundred" and "one hundred and five" included. */
export function numberWords(tokens: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
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

function parseNumber(tokens: string[], start: number): { value: string; end: number } | undefined {
  const t = tokens[start]!;
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
