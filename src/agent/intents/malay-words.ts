/**
 * Malay as Malaysian households mix it into English ("Manglish"): "tolong tutup the living room
 * blinds ya", "buka garage door", "tutup lampu kitchen", "lampu hallway on", "brighter sikit
 * lah", "boleh tolong on the kettle tak?", "coffee machine dah off ke belum?". The words become
 * the English words the lexicon knows — only in a message that says a word no English message
 * has ("tutup", "buka", "tolong", …), since "ya", "ke" and "tak" are other words elsewhere.
 */

/** Words only a Malay-speaking message has: their presence lets the others be read. */
const MALAY_ONLY = new Set(
  `tutup buka lampu tolong boleh sikit jap sekejap semua tidur panas sejuk belum nak dah sudah
   kipas pintu`.split(/\s+/),
);

const WORDS: Record<string, string[]> = {
  // switching: "tutup" (shut: off, closed), "buka" (open: on)
  tutup: ['close'],
  buka: ['open'],
  tolong: ['please'],
  sekarang: ['now'],
  boleh: ['can'],
  sikit: ['a', 'bit'],
  jap: [],
  sekejap: [],
  semua: ['everyone'],
  orang: [],
  tidur: ['sleeping'],
  panas: ['hot'],
  sejuk: ['cold'],
  nak: ['want'],
  dah: ['already'],
  sudah: ['already'],
  // "dah off ke belum?": already off or not yet
  ke: ['or'],
  belum: ['not', 'yet'],
  kipas: ['fan'],
  pintu: ['door'],
  ya: [],
};

/** Whether a message says Malay: a word of it that no English message has. */
export function saysMalay(words: readonly string[]): boolean {
  return words.some((w) => MALAY_ONLY.has(w));
}

/** The words as English, when the message says Malay; else as they are. */
export function malayAsEnglish(words: string[]): string[] {
  if (!saysMalay(words)) return words;
  // "garage door buka ke tak", "tv dah off ke belum": "ke" (or) asks whether — a question,
  // however the sentence ends; "dah" (already) before a state tells it ("garage door dah buka")
  const asking = words.includes('ke') || words[words.length - 1] === 'belum';
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // "lampu kitchen", "kipas bedroom": the noun first, its place after — said the English way
    if ((w === 'lampu' || w === 'kipas' || w === 'pintu') && /^[a-z]+$/.test(words[i + 1] ?? '')) {
      const next = words[i + 1]!;
      if (!['the', 'tu', 'ni', 'on', 'off', 'ya', 'lah'].includes(next)) {
        // ("lampu living room off": a room of two words)
        const two = ['living', 'dining'].includes(next) && /^[a-z]+$/.test(words[i + 2] ?? '');
        out.push(...(two ? [next, words[i + 2]!] : [next]), ...(WORDS[w] ?? ['light']));
        i += two ? 2 : 1;
        continue;
      }
    }
    if (w === 'lampu') {
      out.push('light');
      continue;
    }
    if (asking && ['ke', 'tak', 'belum', 'dah', 'sudah', 'ya', 'check', 'tolong', 'boleh'].includes(w))
      continue;
    if ((w === 'dah' || w === 'sudah') && STATES.has(words[i + 1] ?? '')) {
      const next = words[i + 1]!;
      out.push('is', 'already', PARTICIPLE[next] ?? next);
      i++;
      continue;
    }
    // "on the kettle tak?": "tak" closing a request asks it kindly; before a verb it is "not"
    if (w === 'tak' && i === words.length - 1) continue;
    if (w === 'tak') {
      out.push('not');
      continue;
    }
    out.push(...(WORDS[w] ?? [w]));
  }
  return asking ? ['is', ...out.filter((t) => t !== 'please')] : out;
}

/** A state said by its verb, as the state it leaves ("dah unlock": already unlocked). */
const PARTICIPLE: Record<string, string> = {
  buka: 'open',
  tutup: 'closed',
  close: 'closed',
  lock: 'locked',
  unlock: 'unlocked',
};

/** States "dah" (already) may tell: "garage door dah buka", "front door dah unlock". */
const STATES = new Set([
  'buka',
  'tutup',
  'on',
  'off',
  'open',
  'close',
  'closed',
  'lock',
  'unlock',
  'locked',
  'unlocked',
]);
