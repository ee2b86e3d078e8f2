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
  // "on-a illa off-a?": on or off; "irukka" (is it there), "irukku" (it is)
  illa: ['or'],
  illaya: ['or', 'not'],
  irukka: [],
  irukku: [],
};

/** The particles that close a Tamil request to someone ("lights on pannu pa"). */
const CLOSING = new Set(['pa', 'da', 'ma', 'di']);
/** Words the "-a" of Tamil may follow ("on-a illa off-a"). */
const BEFORE_SUFFIX_A = new Set(['on', 'off', 'open', 'closed', 'locked', 'unlocked']);
/** Words the "-a" may come before: the verb after its object ("blinds-a close pannu"). */
const AFTER_SUFFIX_A = new Set(
  'close open on off lock unlock start stop dim up down illa pause play'.split(' '),
);

/** Steps "konjam" (a little) may come before. */
const STEPS = new Set(
  'dim down up brighter dimmer louder quieter lower higher warmer cooler brighten darker'.split(' '),
);

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
    // dim" is a complaint; before anything else only softens ("konjam start the vacuum")
    if (w === 'konjam') {
      const next = words[i + 1] ?? '';
      if (STEPS.has(next)) {
        out.push(next, 'a', 'bit');
        i++;
      } else if (!BEFORE_SUFFIX_A.has(words[i - 1] ?? '') && words[i - 1] !== 'volume') continue;
      else out.push('a', 'bit');
      continue;
    }
    out.push(...(WORDS[w] ?? [w]));
  }
  return out;
}
