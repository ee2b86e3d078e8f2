/**
 * Spelling and sound-alike correction of single words against a known vocabulary (the home's
 * names and the lexicon). Typos: one edit for words of 4–7 letters, two for longer ones, found
 * through a deletion index (SymSpell), accepted only when one known word is that close.
 * Sound-alikes (voice transcripts: "lite", "nite", "kichen"): a phonetic key shared by exactly
 * one known word. Plurals: "lamps" → "lamp" when only the singular is known. Joined words:
 * "livingroom" → "living room".
 *
 * Building is linear in the vocabulary: words longer than MAX_WORD letters are not indexed
 * (nobody says them; a device's junk name must not cost quadratic time or memory).
 */
import { editDistance, isNumberToken } from '../intents/normalize.js';

const MAX_WORD = 24;

export class Speller {
  private readonly deletions = new Map<string, string[]>();
  private readonly phonetic = new Map<string, string[]>();
  private readonly skeletons = new Map<string, string[]>();

  /** `preferred`: words that win a tie between equally close candidates (the home's own names). */
  constructor(
    readonly known: ReadonlySet<string>,
    private readonly preferred: ReadonlySet<string> = new Set(),
    /** Words never reached by correcting a short word: "had" must not become "has". */
    private readonly weak: ReadonlySet<string> = new Set(),
    /** English words kept as they are, never the result of a correction ("step" is no "stop"). */
    private readonly kept: ReadonlySet<string> = new Set(),
    /** Words that are only nouns: no "-ing" or "-ed" form reads as one ("blinding" is no "blind"). */
    private readonly nounsOnly: ReadonlySet<string> = new Set(),
    /** Words besides the home's own that a sound-alike may be heard as ("paws" → "pause"). */
    private readonly sounded: ReadonlySet<string> = new Set(),
  ) {
    for (const w of known) {
      if (w.length > MAX_WORD || isNumberToken(w)) continue;
      if (w.length < 3) continue;
      push(this.deletions, w, w);
      for (const d of deletes(w)) push(this.deletions, d, w);
      push(this.phonetic, soundKey(w), w);
      push(this.skeletons, skeleton(w), w);
    }
  }

  /**
   * The one word of the home's own that sounds as `tok` and starts with its letter, its length
   * within a letter: "holeway" is the hallway. For words a transcript split, whose vowels it
   * guessed.
   */
  soundsLike(tok: string): string | undefined {
    const all = this.phonetic
      .get(soundKey(tok))
      ?.filter((w) => this.preferred.has(w) && w.startsWith(tok[0]!) && Math.abs(w.length - tok.length) <= 1);
    return all?.length === 1 ? all[0] : undefined;
  }

  /** The corrected word(s), or undefined when no single known word fits. */
  correct(tok: string): string[] | undefined {
    if (this.known.has(tok) || this.kept.has(tok)) return [tok];
    // a letter held down: "onn", "offf", "lighht"
    const single = tok.replace(/(.)\1+/g, '$1');
    if (single !== tok && single.length >= 2 && this.known.has(single) && !/\d/.test(tok)) return [single];
    // (or held down on a doubled letter, "flooor", or among doubles, "pleeease")
    for (const held of [tok.replace(/(.)\1{2,}/g, '$1$1'), tok.replace(/(.)\1{2,}/g, '$1')])
      if (held !== tok && this.known.has(held) && !/\d/.test(tok)) return [held];

    // two letters swapped: "pasue", "lihgt" — one known word so
    if (tok.length >= 4 && !/\d/.test(tok)) {
      const swapped = new Set<string>();
      for (let i = 1; i < tok.length - 1; i++) {
        const w = tok.slice(0, i) + tok[i + 1]! + tok[i]! + tok.slice(i + 2);
        if (w !== tok && this.known.has(w) && !this.weak.has(w)) swapped.add(w);
      }
      if (swapped.size === 1) return [...swapped];
    }
    if (tok.length > MAX_WORD || tok.length < 3 || isNumberToken(tok)) return undefined;
    // ("runnin": the -ing word itself where it is known)
    if (tok.endsWith('in') && this.known.has(`${tok}g`)) return [`${tok}g`];
    // plural, past or -ing form of a known word: "lamps", "switching", "dimming", "closed"
    const verbForm = /(ing|ed)$/.test(tok);
    for (const stem of inflections(tok))
      if (this.known.has(stem) && !(verbForm && this.nounsOnly.has(stem) && !tok.startsWith(`${stem}s`)))
        return [stem];
    const max = tok.length >= 8 ? 2 : 1;
    const cands = new Set<string>();
    for (const d of [tok, ...deletes(tok)]) for (const w of this.deletions.get(d) ?? []) cands.add(w);
    if (max === 2)
      for (const d of deletes(tok))
        for (const dd of deletes(d)) for (const w of this.deletions.get(dd) ?? []) cands.add(w);
    // a three-letter word keeps its first letter, or a vowel for a vowel ("dor" → "door",
    // "aff" → "off"): "sun" is no "run"
    const vowel = (c: string | undefined) => !!c && 'aeiou'.includes(c);
    // ("taking" is no "baking", "sitting" no "fitting": a word of doing that rhymes with
    // another is a word of its own)
    const rhymes = (w: string) =>
      tok.endsWith('ing') && w.length === tok.length && w.slice(1) === tok.slice(1);
    const near = [...cands].filter(
      (w) =>
        (tok.length >= 5 || !this.weak.has(w)) &&
        (tok.length > 3 || w.startsWith(tok[0]!) || (vowel(w[0]) && vowel(tok[0]))) &&
        !rhymes(w) &&
        // ("call", "wall", "tall" are no "all": a consonant before a word makes another word —
        // not a vowel, "abit", nor one not sounded, "knight")
        !(w === tok.slice(1) && !vowel(tok[0]) && !/^(kn|wr|gn)/.test(tok)),
    );
    for (let d = 1; d <= max; d++) {
      const at = near.filter((w) => editDistance(tok, w, d) <= d);
      if (at.length === 0) continue;
      const pick = tieBreak(tok, at, this.preferred);
      return pick ? [pick] : undefined;
    }
    // words run together: "livingroom", "frontdoor" — the home's own words only: "tonight" is
    // not "to night" (the night light), "forget" not "for get"
    for (let i = 2; i <= tok.length - 2; i++) {
      const a = tok.slice(0, i);
      const b = tok.slice(i);
      if (this.preferred.has(a) && this.preferred.has(b) && a.length + b.length >= 6) return [a, b];
    }
    // sound-alikes of the home's own names ("lite", "nite", "kichen") and of a few verbs
    // ("paws the telly"): "ready" is no "radio"
    const sound = this.phonetic
      .get(soundKey(tok))
      ?.filter((w) => Math.abs(w.length - tok.length) <= 1 && (this.preferred.has(w) || this.sounded.has(w)));
    // (and they start alike: "dryer" is no "door"; "sealing" is "ceiling", a soft "c" an "s")
    const start = (w: string) => w.slice(0, 2).replace(/^c(?=[eiy])/, 's');
    if (sound?.length === 1 && tok.length >= 4 && start(sound[0]!) === start(tok)) return [sound[0]!];
    // ("switch on the cattle", "pit the cattle on": one vowel of a home's name heard as another,
    // as Kenyan, Irish, Scots and Ghanaian English say "kettle" — a hard "c" its "k")
    const vowelHeard = sound?.filter(
      (w) => this.preferred.has(w) && tok.length >= 5 && oneVowelApart(hardC(tok), hardC(w)),
    );
    if (vowelHeard?.length === 1) return [vowelHeard[0]!];
    // typed without its vowels: "frnt", "mrng", "ktchn" — the one word of the home (else of
    // the lexicon) of those consonants
    if (tok.length >= 3 && !/[aeiouy\d]/.test(tok)) {
      const all = this.skeletons.get(skeleton(tok)) ?? [];
      const own = all.filter((w) => this.preferred.has(w));
      const pick = own.length > 0 ? own : all;
      if (pick.length === 1 && pick[0]!.startsWith(tok[0]!)) return [pick[0]!];
    }
    // a letter held down and a typo besides: "pleeeese"
    return /(.)\1\1/.test(tok) && single.length >= 4 && !/\d/.test(tok) ? this.correct(single) : undefined;
  }
}

/** A hard "c" written as the "k" it sounds: "cattle" → "kattle". */
function hardC(w: string): string {
  return w.replace(/c(?=[aou])/g, 'k');
}

/** Two words of one length that differ in one vowel only ("kattle" / "kettle"). */
function oneVowelApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let apart = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (!'aeiou'.includes(a[i]!) || !'aeiou'.includes(b[i]!) || ++apart > 1) return false;
  }
  return true;
}

/**
 * Among equally close words: the home's own names first, then the same first letter, then a
 * vowel left out ("lockd" → "locked" rather than "locks": typed fast, vowels go first), then the
 * "c" of a "ck" left out, then the same length ("trun" → "turn" rather than "run", "dor" → "door" rather than "do").
 */
function tieBreak(tok: string, cands: string[], preferred: ReadonlySet<string>): string | undefined {
  let c = cands;
  for (const keep of [
    (w: string) => preferred.has(w),
    (w: string) => (tok === '' ? w === '' : w.startsWith(tok[0]!)),
    (w: string) => vowelLeftOut(tok, w),
    // ("lok" → "lock" rather than "low": the "c" of a "ck" left out, as it sounds)
    (w: string) => w.includes('ck') && w.replace('ck', 'k') === tok,
    (w: string) => w.length === tok.length,
  ]) {
    if (c.length === 1) break;
    const k = c.filter(keep);
    if (k.length > 0) c = k;
  }
  return c.length === 1 ? c[0] : undefined;
}

/** Whether `w` is `tok` with one vowel put back ("lockd" / "locked", "opn" / "open"). */
function vowelLeftOut(tok: string, w: string): boolean {
  if (w.length !== tok.length + 1) return false;
  for (let i = 0; i < w.length; i++)
    if ('aeiou'.includes(w[i]!) && w.slice(0, i) + w.slice(i + 1) === tok) return true;
  return false;
}

function inflections(tok: string): string[] {
  const out: string[] = [];
  if (tok.endsWith('ies')) out.push(`${tok.slice(0, -3)}y`);
  if (tok.endsWith('es')) out.push(tok.slice(0, -2));
  if (tok.endsWith('s') && !tok.endsWith('ss')) out.push(tok.slice(0, -1));
  // ("shuttin off", "switchin on": the g dropped and no apostrophe written)
  for (const suffix of ['ing', 'ed', 'in']) {
    if (!tok.endsWith(suffix) || tok.length < suffix.length + 3) continue;
    if (suffix === 'in' && tok.endsWith('ing')) continue;
    const stem = tok.slice(0, -suffix.length);
    out.push(stem, `${stem}e`);
    if (stem.length > 2 && stem.endsWith(stem[stem.length - 2]!)) out.push(stem.slice(0, -1));
  }
  return out;
}

function push(map: Map<string, string[]>, key: string, w: string) {
  let l = map.get(key);
  if (!l) map.set(key, (l = []));
  if (l[l.length - 1] !== w) l.push(w);
}

function deletes(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) out.push(w.slice(0, i) + w.slice(i + 1));
  return out;
}

/** A word's consonants, doubles once: "front" → "frnt", "morning" → "mrng". */
export function skeleton(w: string): string {
  return w.replace(/[aeiouy]/g, '').replace(/(.)\1+/g, '$1');
}

/**
 * A coarse English sound key: spellings that sound alike collapse ("nite"/"night",
 * "lite"/"light", "kichen"/"kitchen", "foto"/"photo", "garaj"/"garage"), then vowels after the first letter
 * and doubled letters go.
 */
export function soundKey(w: string): string {
  let s = w
    // "garaj" / "garage", "temprachur" / "temperature"
    .replace(/dge/g, 'j')
    .replace(/ge$/, 'j')
    .replace(/tu(?=re?s?$)/, 'chu')
    .replace(/igh/g, 'i')
    .replace(/ph/g, 'f')
    .replace(/tch/g, 'ch')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/wh/g, 'w')
    .replace(/gh/g, '')
    .replace(/e$/, '');
  // An empty key stays the literal 'undefined' it always was (one shared key for all such words).
  s = (s[0] ?? 'undefined') + s.slice(1).replace(/[aeiouyhw]/g, '');
  return s.replace(/(.)\1+/g, '$1');
}

/**
 * The sound key with voiced and voiceless consonants made one ("bag" / "back", "tin" / "din"):
 * what a recogniser confuses in a name's word over a noisy line.
 */
export function heardKey(w: string): string {
  const s = soundKey(w);
  return (
    s[0]! +
    s
      .slice(1)
      .replace(/[bdgvj]/g, (c) => VOICELESS[c]!)
      .replace(/(.)\1+/g, '$1')
  );
}
const VOICELESS: Record<string, string> = { b: 'p', d: 't', g: 'k', v: 'f', j: 'ch' };
