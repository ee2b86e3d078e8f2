/**
 * Vietnamese as Vietnamese-American households mix it into English, with or without its marks:
 * "tắt đèn garage đi", "bật giùm cái porch light nha", "mở blinds ra", "bật quạt lên, nóng quá",
 * "tat den garage di". Read after the marks are dropped ("tắt" is "tat", "đèn" is "den"); the
 * particles of asking ("nha", "nhé", "đi", "giùm") and the classifier "cái" say nothing of what is
 * asked. Only in a message that says Vietnamese: a word of it no English message has, or a
 * letter only Vietnamese writes (`message-language.ts`), since "bat", "den" and "do" are English
 * words too.
 */

/** Whole phrases, as the tokens have them (marks gone). */
const PHRASES: [RegExp, string][] = [
  [/\blam on\b/g, 'please'],
  [/\bcam on\b/g, 'thanks'],
  [/\bbay gio\b/g, 'now'],
  [/\bmo khoa\b/g, 'unlock'],
  [/\bnong qua\b/g, 'it is too hot'],
  [/\blanh qua\b/g, 'it is too cold'],
  [/\btoi qua\b/g, 'it is too dark'],
  [/\bdi ngu(?: thoi)?\b/g, 'going to bed'],
  [/\bchao buoi sang\b/g, 'good morning'],
  [/\bchuc ngu ngon\b/g, 'good night'],
  [/\bhom nay ngay may(?: vay)?\b/g, 'what date is it today'],
  [/\bmay gio roi\b/g, 'what time is it'],
  [/\bcai do\b/g, 'that'],
  [/\bcua so\b/g, 'window'],
  [/\ble len\b/g, 'now'],
  [/\bcho (?:me|ba|con|em)$/g, ''],
  [/\bphong khach\b/g, 'living room'],
  [/\bphong ngu\b/g, 'bedroom'],
  [/\bnha tam\b/g, 'bathroom'],
  [/\bnha bep\b/g, 'kitchen'],
  [/\bgium (?:me|ba|con|em|anh|chi|ong|ba)\b/g, ''],
];

const WORDS: Record<string, string[]> = {
  tat: ['turn', 'off'],
  bat: ['turn', 'on'],
  mo: ['open'],
  dong: ['close'],
  khoa: ['lock'],
  de: ['set'],
  den: ['light'],
  quat: ['fan'],
  cua: ['door'],
  rem: ['curtains'],
  tivi: ['tv'],
  bep: ['kitchen'],
  do: ['degrees'],
  len: ['up'],
  xuong: ['down'],
  het: ['all'],
  luon: ['too'],
  nua: ['too'],
  voi: ['and'],
  cho: ['for'],
  // "đừng tắt đèn": don't; "không": not
  dung: ['dont'],
  khong: ['not'],
  // the particles of asking and the classifier: nothing of what is asked
  cai: [],
  gium: [],
  nha: [],
  nhe: [],
  di: [],
  oi: [],
  vay: [],
  thoi: [],
  ra: [],
  a: [],
  me: [],
  ba: [],
};

/** Vietnamese words no English message has (marks dropped). */
const VIETNAMESE_ONLY = new Set(
  'tat quat gium nhe nha luon nua het thoi vay cai tivi bep xuong dung khong'.split(' '),
);

/** Whether a message's words say Vietnamese. */
export function saysVietnamese(words: readonly string[]): boolean {
  return words.some((w) => VIETNAMESE_ONLY.has(w));
}

/** Letters only Vietnamese writes: a message with one says it, whatever its words. */
export const VIETNAMESE_LETTERS = /[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;

/** The message's words with Vietnamese read as English (most messages have none). */
export function vietnameseAsEnglish(words: string[], spoken = saysVietnamese(words)): string[] {
  if (!spoken) return words;
  let said = words.join(' ');
  for (const [re, out] of PHRASES) said = said.replace(re, out);
  // ("me", "ba": mum and dad, who asks — "a" only as Vietnamese's particle at the end)
  const split = said.split(' ').filter((w) => w.length > 0);
  return split.flatMap((w, i) => {
    if ((w === 'a' || w === 'me' || w === 'ba') && i !== split.length - 1) return [w];
    // ("68 độ": degrees only after a number)
    if (w === 'do' && !/^\d/.test(split[i - 1] ?? '')) return [w];
    // ("bật quạt lên", "bật cái lamp lên": "lên" closes "bật", switching on)
    if (w === 'len' && split.slice(0, i).some((x) => x === 'bat' || x === 'mo')) return [];
    return WORDS[w] ?? [w];
  });
}
