/**
 * Pronunciations for the grammar's words: the cmudict subset (with its alternate
 * pronunciations), plus espeak-ng's phonemes mapped to ARPAbet for words cmudict lacks (brand
 * names: zigbee → Z IH G B IY). A word with neither is reported missing; the grammar builder
 * then leaves out the names that use it. A per-grammar dict also keeps decoder start-up at
 * ~10 ms instead of ~140 ms for the full cmudict, and only its words stay in memory.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The cmudict pronunciations of `words` only. The whole dictionary (135,000 words) as a Map was
 * ~40 MB of heap kept for the life of the service, for the few hundred words a home's grammar
 * uses; the file is scanned instead each time a grammar is built (tens of ms, rare: at start and
 * when names change), and only the wanted lines are kept.
 */
export async function lookupCmudict(
  path: string,
  words: ReadonlySet<string>,
): Promise<Map<string, string[]>> {
  const text = await readFile(path, 'utf8');
  const found = new Map<string, string[]>();
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const space = text.indexOf(' ', at);
    if (space > at && space < end) {
      const word = text.slice(at, space).replace(/\(\d+\)$/, '');
      if (words.has(word)) {
        const list = found.get(word);
        const pron = text.slice(space + 1, end).trim();
        if (list) list.push(pron);
        else found.set(word, [pron]);
      }
    }
    at = end + 1;
  }
  return found;
}

/** espeak-ng phoneme symbols → ARPAbet (longest first; enough for English names). */
const ESPEAK_TO_ARPA: [string, string][] = [
  ['aI@', 'AY ER'],
  ['aI', 'AY'],
  ['aU', 'AW'],
  ['eI', 'EY'],
  ['OI', 'OY'],
  ['oU', 'OW'],
  ['@U', 'OW'],
  ['tS', 'CH'],
  ['dZ', 'JH'],
  ['i@', 'IY ER'],
  ['e@', 'EH R'],
  ['U@', 'UH R'],
  ['3:', 'ER'],
  ['A@', 'AA R'],
  ['O@', 'AO R'],
  ['o@', 'AO R'],
  ['aa', 'AA'],
  ['i:', 'IY'],
  ['u:', 'UW'],
  ['A:', 'AA'],
  ['O:', 'AO'],
  ['@L', 'AH L'],
  ['@', 'AH'],
  ['3', 'ER'],
  ['a', 'AE'],
  ['E', 'EH'],
  ['I', 'IH'],
  ['i', 'IY'],
  ['0', 'AA'],
  ['O', 'AO'],
  ['V', 'AH'],
  ['U', 'UH'],
  ['u', 'UW'],
  ['e', 'EH'],
  ['o', 'OW'],
  ['T', 'TH'],
  ['D', 'DH'],
  ['S', 'SH'],
  ['Z', 'ZH'],
  ['N', 'NG'],
  ['j', 'Y'],
  ['r', 'R'],
  ['w', 'W'],
  ['h', 'HH'],
  ['l', 'L'],
  ['m', 'M'],
  ['n', 'N'],
  ['p', 'P'],
  ['b', 'B'],
  ['t', 'T'],
  ['d', 'D'],
  ['k', 'K'],
  ['g', 'G'],
  ['f', 'F'],
  ['v', 'V'],
  ['s', 'S'],
  ['z', 'Z'],
  ['x', 'K'],
];

export function espeakToArpa(out: string): string | undefined {
  const phones: string[] = [];
  for (const raw of out.trim().split(/[_\s]+/)) {
    let p = raw.replace(/[',%=]/g, '');
    while (p) {
      const hit = ESPEAK_TO_ARPA.find(([k]) => p.startsWith(k));
      if (!hit) {
        p = p.slice(1);
        continue;
      }
      phones.push(hit[1]);
      p = p.slice(hit[0].length);
    }
  }
  return phones.length ? phones.join(' ') : undefined;
}

async function espeakPhones(word: string, espeak: string): Promise<string | undefined> {
  try {
    const { stdout } = await run(espeak, ['-q', '-x', '--sep=_', '-v', 'en-us', word], { timeout: 5000 });
    return espeakToArpa(stdout);
  } catch {
    return undefined;
  }
}

/**
 * Accent variants cmudict leaves out; each rule is applied to every pronunciation so far, so each
 * cmudict pronunciation yields at most 8 (most words end with 1 to 4).
 *
 * - cot–caught: cmudict gives "on" both AA N and AO N but "off" only AO F, so a speaker with
 *   the merger (most of North America, and espeak-ng's en-us voice) saying "off" with the AA
 *   vowel matches "on" better than "off": the worst error there is, off heard as on (10 of 40
 *   espeak-ng en-us commands). Every AO not before R also gets AA ("door", "four" keep theirs).
 * - non-rhotic: cmudict is General American; most of England, Wales, Australia, New Zealand,
 *   South Africa and the Caribbean say no R before a consonant or a pause ("door" D AO,
 *   "thermostat" TH AH M …, "temperature" … CH AH): see `nonRhotic`.
 * - TRAP: the vowel of "back", "fan", "activate" is an open [a] in England, Scotland and the
 *   Caribbean, which this model (trained on American speech) hears nearer AA than AE ("tv
 *   backlight" became "loft light"): every AE also gets AA.
 *
 * Measured per rule on espeak-ng's English voices and flite (bench/RESULTS.md, sixth round).
 */
export function accentVariants(prons: string[]): string[] {
  const out = [...prons];
  const apply = (rule: (p: string) => string) => {
    for (const p of [...out]) {
      const v = rule(p);
      if (!out.includes(v)) out.push(v);
    }
  };
  apply((p) => p.replace(/\bAO\b(?! R\b)/g, 'AA'));
  apply(nonRhotic);
  apply((p) => p.replace(/\bAE\b/g, 'AA'));
  return out;
}

const VOWELS = new Set([
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
]);
/** Vowels that end in a schwa glide when their R is dropped: near, square, cure (IH AH, EH AH, UH AH). */
const CENTRING = new Set(['IH', 'IY', 'EH', 'UH', 'UW']);

/**
 * The pronunciation without the R a non-rhotic speaker drops: an R (or the r-coloured vowel ER)
 * not followed by a vowel. ER becomes AH, a dropped R after IH/IY/EH/UH/UW leaves a schwa glide,
 * after AA/AO/AH it lengthens the vowel (nothing to write). An R before a vowel stays ("around").
 */
export function nonRhotic(pron: string): string {
  const phones = pron.split(' ');
  const out: string[] = [];
  phones.forEach((p, i) => {
    const next = phones[i + 1];
    const beforeVowel = next !== undefined && VOWELS.has(next);
    if (p === 'ER' && !beforeVowel) out.push('AH');
    else if (p === 'R' && !beforeVowel) {
      if (CENTRING.has(out[out.length - 1] ?? '')) out.push('AH');
    } else out.push(p);
  });
  return out.join(' ');
}

export interface Pronunciations {
  lines: Map<string, string[]>;
  missing: string[];
  guessed: string[];
}

/** Pronunciations for `words`; espeak-ng (if installed) fills cmudict's gaps. */
export async function pronounce(
  words: Iterable<string>,
  cmudictPath: string,
  espeak = 'espeak-ng',
): Promise<Pronunciations> {
  const wanted = new Set(words);
  const cmu = await lookupCmudict(cmudictPath, wanted);
  const lines = new Map<string, string[]>();
  const missing: string[] = [];
  const guessed: string[] = [];
  for (const w of [...wanted].sort()) {
    const known = cmu.get(w);
    if (known) {
      lines.set(w, known);
      continue;
    }
    const g = await espeakPhones(w, espeak);
    if (g) {
      lines.set(w, [g]);
      guessed.push(w);
    } else missing.push(w);
  }
  return { lines, missing, guessed };
}

/**
 * The dictionary file for the words the grammar actually uses (`variants`: add `accentVariants`,
 * except to the words in `plain`).
 */
export function dictText(
  words: string[],
  lines: Map<string, string[]>,
  variants = false,
  plain: ReadonlySet<string> = new Set(),
): string {
  const out: string[] = [];
  for (const w of words)
    (variants && !plain.has(w) ? accentVariants(lines.get(w) ?? []) : (lines.get(w) ?? [])).forEach(
      (pron, i) => out.push(`${i === 0 ? w : `${w}(${i + 1})`} ${pron}`),
    );
  return `${out.join('\n')}\n`;
}
