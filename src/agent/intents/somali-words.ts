/**
 * Somali as Minneapolis households mix it into English: most of its words of the home are plain
 * word-for-word ones (`dialect-words.ts`: "fadlan", "walaal", "hadda"); "maya" (no) is a name
 * too, so it is read only beside another word of Somali.
 */

/** Somali words that only a Somali-speaking message has ("fadlan", "walaal", "hadda", …). */
const SOMALI_ONLY = new Set(['fadlan', 'walaal', 'haye', 'hadda', 'hooyo', 'aabo']);

/**
 * Somali "maya" (no) — a name too ("Maya is asleep") — read only beside another word of Somali:
 * "maya, more dark. ten" after "walaal, dim it".
 */
export function somaliAsEnglish(words: string[]): string[] {
  if (!words.includes('maya') || !words.some((w) => SOMALI_ONLY.has(w))) return words;
  return words.map((w) => (w === 'maya' ? 'no' : w));
}
