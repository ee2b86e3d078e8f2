/**
 * A message in another language, or mixed with one, read as English words before it is divided
 * into clauses: which language is said is known only from the whole message ("en haut, ferme
 * toute les lumières": "en haut" alone says no French, and read alone it would be dropped —
 * every light switched off). Each stretch between punctuation is read with the message's
 * languages, and the punctuation kept for the clauses and questions read after.
 */
import { frenchAsEnglish, saysFrench } from './french-words.js';
import { withoutMarks } from './normalize.js';
import { naijaAsEnglish, saysNaija } from './naija-words.js';
import { polishAsEnglish, saysPolish } from './polish-words.js';
import { portugueseAsEnglish, saysPortuguese } from './portuguese-words.js';
import { saysVietnamese, VIETNAMESE_LETTERS, vietnameseAsEnglish } from './vietnamese-words.js';
import { saysTwi, twiAsEnglish, twiLettersAsEnglish } from './twi-words.js';

/** The letters as the tokenizer reads them: lower case, marks dropped, apostrophes gone. */
function plainLetters(text: string): string {
  return (
    withoutMarks(text.toLowerCase())
      .replace(/'/g, '')
      // ("ferme-la", "est-tu": a hyphen between words parts them)
      .replace(/(?<=[a-z])-(?=[a-z])/g, ' ')
  );
}

/** A Hindi or Urdu request: its verbs of doing ("band karo", "on kar do", "chala do"). */
const SAYS_HINDI = /\b(?:karo|kardo|krdo|kro|kar do|kr do|kar dena|kr dena|kijiye|chala do|khol do)\b/i;

/**
 * "kitchen ki light band karo aur kettle bhi": Hindi's "aur" (and) and "phir" (then), Punjabi's
 * "te" and "fer", join the
 * parts of a compound request, which are divided on the text before its words are read.
 */
function hindiJoinsInEnglish(text: string): string {
  if (!SAYS_HINDI.test(text)) return text;
  // (Punjabi "te" and "fer" too: "kettle chala do te pakha vi chala do")
  return (
    text
      .replace(/\baur\b/gi, 'and')
      .replace(/\bphir\b/gi, 'then')
      // ("… te kitchen di nahi": and not the kitchen's — an exception, said the English way)
      .replace(/\bte ([a-z]+) (?:di|da|de|ki|ka|ke) nahi\b/gi, 'but not the $1')
      .replace(/\bte\b/gi, 'and')
      .replace(/\bfer\b/gi, 'then')
  );
}

/** Italian "e" (and) before its verbs joins a compound: "spegni la luce e accendi il ventilatore". */
function italianJoinsInEnglish(text: string): string {
  return text.replace(/\be (?=(?:accendi|spegni|abbassa|alza|metti|chiudi|apri)\b)/gi, 'and ');
}

/** The message with its other language read as English, or the message as it is. */
export function messageInEnglish(message: string): string {
  const said = italianJoinsInEnglish(hindiJoinsInEnglish(message));
  // (plain ASCII with no word of these languages: most messages, unchanged)
  const first = plainLetters(said).split(/[^a-z0-9]+/);
  const twi = saysTwi(said, first);
  const text = twi ? twiLettersAsEnglish(said) : said;
  const plain = plainLetters(text);
  const words = plain.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
  const french = saysFrench(words);
  const polish = saysPolish(words);
  const portuguese = saysPortuguese(words);
  const naija = saysNaija(words);
  const vietnamese = saysVietnamese(words) || VIETNAMESE_LETTERS.test(text);
  if (!french && !polish && !portuguese && !naija && !vietnamese && !twi) return text;
  return (
    plain
      // (a point, comma or colon between digits is a decimal or a clock, "21.5", "6:30": no stop)
      .split(/((?:[;!?]|(?<!\d)[,:.]|[,:.](?!\d))+)/)
      .map((part, i) => {
        if (i % 2 === 1) return part;
        const said = part.split(/[^a-z0-9.,:]+/).filter((w) => w.length > 0);
        if (said.length === 0) return part;
        const read = twiAsEnglish(
          vietnameseAsEnglish(
            naijaAsEnglish(
              portugueseAsEnglish(polishAsEnglish(frenchAsEnglish(said, french), polish), portuguese),
              naija,
            ),
            vietnamese,
          ),
          twi,
        );
        return ` ${read.join(' ')}`;
      })
      .join('')
      .trim()
  );
}
