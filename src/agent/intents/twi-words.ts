/**
 * Twi and Ghanaian Pidgin as Ghanaian households mix them into English: "dum kanea for the
 * porch" (switch off the porch light), "sɔ the bedroom ceiling light" (switch it on), "porch
 * kanea sɔ", "mepa wo kyɛw" (please), "medaase" (thank you), "off am" (switch it off), "make am
 * bright small" (a little brighter). What a light belongs to follows it with "for" ("kanea for
 * the kitchen") and is put before it, as English says it. Read only in a message that says Twi:
 * a letter only it writes ("ɔ", "ɛ") or a word of it no English message has. "dum" alone says no
 * Twi (it may be a mistyped "dim"): without another Twi word it is left unknown, never read as
 * either (`corrector.ts`).
 */

/** Letters Twi writes and English does not. */
export const TWI_LETTERS = /[ɔɛƆƐ]/;

/** Twi words no English message has. */
const TWI_ONLY = new Set('kanea medaase mepa kyew chale charle'.split(' '));

/** Whether a message says Twi: its letters, or one of its words. */
export function saysTwi(text: string, words: readonly string[]): boolean {
  return TWI_LETTERS.test(text) || words.some((w) => TWI_ONLY.has(w));
}

/** Phrases written with Twi's own letters, read before the letters are made plain. */
export function twiLettersAsEnglish(text: string): string {
  if (!TWI_LETTERS.test(text)) return text;
  return text
    .replace(/\bmepa wo ky[ɛe]w\b/gi, 'please')
    .replace(/\bky[ɛe]w\b/gi, 'please')
    .replace(/(^|[^a-zɔɛ])[ɛe]te s[ɛe]n\b/gi, '$1how is it')
    .replace(/(^|[^a-zɔɛ])sɔ(?=$|[^a-zɔɛ])/gi, '$1turn on');
}

/** Words of when, never what a light is for: "kanea for the night". */
const WHEN_WORDS = new Set('night day morning evening afternoon weekend rest moment while week'.split(' '));
/** Who did it, or "don" (done), before a verb: its deed is told. */
const DOERS = new Set('i we he she they you don already just'.split(' '));

/** Verbs after which Pidgin's "am" is "it": "off am", "make am bright", "cancel am". */
const AM_AFTER = new Set(
  'off on dum make cancel open close lock unlock set put turn stop start leave'.split(' '),
);
/** Words of light, sound and warmth after which "small" is "a little": "bright small". */
const SMALL_AFTER = new Set(
  'bright brighter dim dimmer loud louder quiet warm warmer cool cooler up down'.split(' '),
);

/** The message's words with Twi and Ghanaian Pidgin read as English. */
export function twiAsEnglish(words: string[], spoken: boolean): string[] {
  if (!spoken) return words;
  // "kanea for the porch" → "porch kanea"
  const said = words
    .join(' ')
    // (only a place said with its article: "kanea for the night", "for ten minutes" say when)
    .replace(/\b(kanea|light) for (?:the|my|our) ([a-z]+)\b/g, (m, thing: string, owner: string) =>
      WHEN_WORDS.has(owner) ? m : `${owner} ${thing}`,
    )
    .split(' ')
    .filter((w) => w.length > 0);
  return said.flatMap((w, i) => {
    const before = said[i - 1] ?? '';
    if (w === 'kanea')
      return ['', 'the', 'turn', 'off', 'on', 'dum', 'all'].includes(before) ? ['lights'] : ['light'];
    // ("I dum am yesterday", "I don dum the kanea": done, told — not asked)
    if (w === 'dum') return DOERS.has(before) ? ['turned', 'off'] : ['turn', 'off'];
    if (w === 'medaase') return ['thanks'];
    if (w === 'chale' || w === 'charle' || w === 'ei' || w === 'paa') return [];
    if (w === 'am' && AM_AFTER.has(before)) return ['it'];
    if (w === 'small' && SMALL_AFTER.has(before)) return ['a', 'bit'];
    return [w];
  });
}
