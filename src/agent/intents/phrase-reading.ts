/**
 * The common step of the readers of another language (`*-words.ts`): its whole phrases
 * rewritten on the message's words, then its words read one by one from a table.
 */

/** A phrase and what it says in English (a replacement or a function of the match). */
export type Phrase = [RegExp, string | ((match: string, ...groups: string[]) => string)];

/** The words after every phrase is rewritten, empty words dropped. */
export function withPhrases(words: string[], phrases: readonly Phrase[]): string[] {
  let said = words.join(' ');
  for (const [re, out] of phrases)
    said = typeof out === 'string' ? said.replace(re, out) : said.replace(re, out);
  return said.split(' ').filter((w) => w.length > 0);
}

/** Each word as its table reads it, or as it is. */
export function wordByWord(words: string[], table: Readonly<Record<string, string[]>>): string[] {
  return words.flatMap((w) => table[w] ?? [w]);
}
