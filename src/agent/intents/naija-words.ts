/**
 * Nigerian Pidgin ("Naija") and the Yoruba and Igbo words Lagos households mix into English:
 * "shey somebody dey move for the hallway?", "the back door, e don lock abi e still dey open?",
 * "jọ̀ọ́ open the curtains make light enter", "anytime motion dey for hallway, on the light".
 * Its verbs of being carry the sense: "dey" + a verb is the verb going on ("dey move": moving),
 * "dey" + a state is that state, "don" + a verb of closing is the state it leaves ("don lock":
 * locked). Read only in a message that says a word no English message has ("dey", "abeg",
 * "wetin", "shey", "jọ̀ọ́", …); the word-for-word rest is `dialect-words.ts` (CREOLE).
 */

/** Words only a Naija message has: their presence lets the others be read. */
const NAIJA_ONLY = new Set('dey abeg wetin shey joo biko daalu una oya abi jare sef'.split(' '));

/** States "dey" (is) tells, read word for word: "e still dey open", "e dey on?". */
const STATES = new Set('open on off hot cold dark bright loud quiet locked closed'.split(' '));

/** Pidgin's own verbs, read word for word after "dey": "we dey comot" (we are leaving). */
const PIDGIN_VERBS = new Set(['comot', 'waka', 'chop', 'yarn', 'fit', 'go', 'come']);

/** What "don" + a verb of closing or switching leaves: "e don lock" (it is locked). */
const LEFT_BY: Record<string, string> = {
  lock: 'locked',
  unlock: 'unlocked',
  close: 'closed',
  shut: 'shut',
  open: 'open',
  off: 'off',
  on: 'on',
};

/** The "-ing" form of a verb: "move" → "moving", "smell" → "smelling", "charge" → "charging". */
function going(verb: string): string {
  if (verb.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (verb.endsWith('e') && !verb.endsWith('ee')) return `${verb.slice(0, -1)}ing`;
  return `${verb}ing`;
}

/** Words after "make" that start the clause of a purpose: "make light enter", "make e start". */
const PURPOSE_SUBJECTS = new Set(['light', 'e', 'we', 'una', 'dem', 'the', 'am', 'it', 'air', 'i']);

/** Whether a message says Naija: a word of it that no English message has. */
export function saysNaija(words: readonly string[]): boolean {
  return words.some((w) => NAIJA_ONLY.has(w));
}

/** The words as English, when the message says Naija; else as they are. */
export function naijaAsEnglish(words: string[], spoken = saysNaija(words)): string[] {
  if (!spoken) return words;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    // Yoruba "ẹ jọ̀ọ́" (please, to an elder), "ẹ ṣé" (thank you); Igbo "daalụ"
    if (w === 'e' && next === 'joo') continue;
    if (w === 'joo') {
      out.push('please');
      continue;
    }
    if (w === 'e' && next === 'se' && i === words.length - 2) {
      out.push('thanks');
      i++;
      continue;
    }
    if (w === 'daalu') {
      out.push('thanks');
      continue;
    }
    // "shey the fan dey on?": asks whether
    if (w === 'shey' && i === 0) {
      out.push('is');
      continue;
    }
    // "anytime motion dey for hallway, …": whenever
    if (w === 'anytime' && i === 0) {
      out.push('whenever');
      continue;
    }
    if (w === 'dey') {
      // "dey for hallway": is in the hallway
      if (next === 'for') {
        out.push('is', 'in');
        i++;
        continue;
      }
      // "dey move", "dey charge": the verb going on ("e dey on?" is a state, "i no dey hear"
      // cannot: read word for word)
      if (
        next !== undefined &&
        /^[a-z]{3,}$/.test(next) &&
        !STATES.has(next) &&
        !PIDGIN_VERBS.has(next) &&
        words[i - 1] !== 'no' &&
        !['the', 'there', 'here'].includes(next)
      ) {
        out.push(going(next));
        i++;
        continue;
      }
      out.push(w);
      continue;
    }
    // "e don lock": it is locked; "e don off": it is off
    if (w === 'don' && next !== undefined && LEFT_BY[next]) {
      out.push('is', LEFT_BY[next]);
      i++;
      continue;
    }
    // "what time e don be?", "wetin be today date": is
    if (w === 'be' && (words[i - 1] === 'wetin' || words[i - 1] === 'time' || words[i - 1] === 'don')) {
      if (out[out.length - 1] === 'don') out.pop();
      out.push('is');
      continue;
    }
    // "e don be" closing a question: "is it"
    if (w === 'e' && next === 'don' && words[i + 2] === 'be' && i + 3 === words.length) {
      out.push('is', 'it');
      break;
    }
    // "… abi e still dey open?": or; a last "abi" asks for agreement only
    if (w === 'abi') {
      if (next !== undefined) out.push('or');
      continue;
    }
    // "wetin you fit do sef?": "sef" after a verb stresses it ("even"); after a thing it is "too"
    if (w === 'sef' && ['do', 'be', 'fit', 'am', 'it'].includes(words[i - 1] ?? '')) continue;
    // "make you help me put off the light": please
    if (w === 'make' && next === 'you' && (i === 0 || words[i - 1] === 'abeg')) {
      out.push('please');
      i++;
      continue;
    }
    // "open the curtains make light enter", "the vacuum, make e start work": so that
    if (w === 'make' && i > 1 && next !== undefined && PURPOSE_SUBJECTS.has(next) && words[i - 1] !== 'to') {
      // ("make e start work": what is made to happen is the request itself)
      if ((next === 'e' || next === 'am' || next === 'it') && i > 0) {
        i++;
        continue;
      }
      out.push('so');
      continue;
    }
    out.push(w);
  }
  return out;
}
