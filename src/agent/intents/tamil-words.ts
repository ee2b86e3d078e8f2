/**
 * Tamil as Chennai households mix it into English ("Tanglish"): "ceiling light off pannu",
 * "tv volume konjam down pannu", "living room blinds-a close pannu", "coffee machine on-a illa
 * off-a?", "seri, off pannu", "aiyo wrong one, undo pannu". The words become the English words
 * the lexicon knows — only in a message that says a word no English message has ("pannu",
 * "konjam", …), since "a", "pa", "da" and "illa" are English words or other Englishes' words
 * elsewhere.
 */

/** Words only a Tamil-speaking message has: their presence lets the others be read. */
const TAMIL_ONLY = new Set(
  `pannu pannunga pannungo pannungal pannidu panniru pannuda pannuma pannunge podu podunga konjam
   seri sari aiyo ayyo ippo ippove illa illaya irukka irukku`.split(/\s+/),
);

const WORDS: Record<string, string[]> = {
  // "do" closing a request, as Hindi "karo" and Bengali "koro": "off pannu", "close pannunga"
  pannu: [],
  pannunga: [],
  pannungo: [],
  pannungal: [],
  pannunge: [],
  pannidu: [],
  panniru: [],
  pannuda: [],
  pannuma: [],
  // "podu" (put): "fan podu" is the fan on
  podu: ['on'],
  podunga: ['on'],
  konjam: ['a', 'bit'],
  seri: ['ok'],
  sari: ['ok'],
  aiyo: ['oh'],
  ayyo: ['oh'],
  ippo: ['now'],
  ippove: ['now'],
  illaya: ['or', 'not'],
};

/** The particles that close a Tamil request to someone ("lights on pannu pa"). */
const CLOSING = new Set(['pa', 'da', 'ma', 'di']);
/** Words the "-a" of Tamil may follow ("on-a illa off-a"). */
const BEFORE_SUFFIX_A = new Set([
  'on',
  'off',
  'open',
  'closed',
  'locked',
  'unlocked',
  'lock',
  'unlock',
  'close',
]);
/** A verb said for the state it leaves ("unlock-a irukku": it is unlocked). */
const AS_STATE: Record<string, string> = { lock: 'locked', unlock: 'unlocked', close: 'closed' };
/** Words the "-a" may come before: the verb after its object ("blinds-a close pannu"). */
const AFTER_SUFFIX_A = new Set(
  'close open on off lock unlock start stop dim up down illa pause play'.split(' '),
);

/** Steps "konjam" (a little) may come before. */
const STEPS = new Set(
  'dim down up brighter dimmer louder quieter lower higher warmer cooler brighten darker'.split(' '),
);

/** Words made so with "pannu": "bright pannu" is brighter, "loud pannu" louder. */
const MADE_SO: Record<string, string> = {
  bright: 'brighter',
  loud: 'louder',
  dark: 'darker',
  dim: 'dimmer',
  warm: 'warmer',
  hot: 'warmer',
  cold: 'cooler',
  cool: 'cooler',
  quiet: 'quieter',
  soft: 'quieter',
  high: 'higher',
  low: 'lower',
};
/** Whether the next words are "pannu" (do) — a "-a" may come first ("bright-a pannu"). */
function isPannu(next: string, after: string): boolean {
  return PANNU.has(next) || (next === 'a' && PANNU.has(after));
}
const PANNU = new Set(Object.keys(WORDS).filter((w) => w.startsWith('pann')));

/** Whether a message says Tamil: a word of it that no English message has. */
export function saysTamil(words: readonly string[]): boolean {
  return words.some((w) => TAMIL_ONLY.has(w));
}

/** The words as English, when the message says Tamil; else as they are. */
export function tamilAsEnglish(words: string[]): string[] {
  if (!saysTamil(words)) return words;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // the "-a" written on to a word ("blinds-a", "on-a"): no article — before a verb of Tamil,
    // after a state, or last
    if (
      w === 'a' &&
      i > 0 &&
      (BEFORE_SUFFIX_A.has(words[i - 1]!) ||
        AFTER_SUFFIX_A.has(words[i + 1] ?? '') ||
        TAMIL_ONLY.has(words[i + 1] ?? '') ||
        i === words.length - 1)
    )
      continue;
    if (CLOSING.has(w) && (i === words.length - 1 || TAMIL_ONLY.has(words[i - 1] ?? ''))) continue;
    // "konjam dim pannu": a little, before the step — said after it ("dim a bit"), as "a bit
    // dim" is a complaint; "konjam bright pannu", "loud pannu": made so, the comparative
    // ("brighter"); before anything else only softens ("konjam start the vacuum")
    const made = MADE_SO[w] !== undefined && isPannu(words[i + 1] ?? '', words[i + 2] ?? '');
    if (made) {
      out.push(MADE_SO[w]!);
      continue;
    }
    if (w === 'konjam') {
      const next = words[i + 1] ?? '';
      if (MADE_SO[next] !== undefined) {
        out.push(MADE_SO[next], 'a', 'bit');
        i++;
      } else if (STEPS.has(next)) {
        out.push(next, 'a', 'bit');
        i++;
      } else if (!BEFORE_SUFFIX_A.has(words[i - 1] ?? '') && words[i - 1] !== 'volume') continue;
      else out.push('a', 'bit');
      continue;
    }
    // "garage door open-a irukku" (it is open): a state told, "irukka?" (is it?) asked — the
    // "is" before the state, as English says it
    if (w === 'irukku' || w === 'irukka') {
      const at = out.length - 1;
      if (at >= 0 && BEFORE_SUFFIX_A.has(out[at]!)) {
        out[at] = AS_STATE[out[at]!] ?? out[at]!;
        if (w === 'irukka') out.unshift('is');
        else out.splice(at, 0, 'is');
      }
      continue;
    }
    // "on-a illa off-a": or, between two states; after one state, "not" ("tv off illa": the tv
    // isn't off — told)
    if (w === 'illa') {
      const prev = words[i - 1] === 'a' ? words[i - 2] : words[i - 1];
      const next = words[i + 1] ?? '';
      if (BEFORE_SUFFIX_A.has(prev ?? '') && BEFORE_SUFFIX_A.has(next)) out.push('or');
      else {
        const at = out.length - 1;
        if (at >= 0 && BEFORE_SUFFIX_A.has(out[at]!)) {
          out[at] = AS_STATE[out[at]!] ?? out[at]!;
          out.splice(at, 0, 'is', 'not');
        } else out.push('not');
      }
      continue;
    }
    out.push(...(WORDS[w] ?? [w]));
  }
  return out;
}
