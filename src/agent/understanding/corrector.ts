/**
 * The words as the second stage reads them: other people's words for the home's names made the
 * home's own ("sitting room" → "living room"), words of a name said apart joined ("bed side" →
 * "bedside"), and spelling corrected into the home's and the lexicon's words — never a
 * negation into a word of the home, a typo into a value, or, where a place is said, into a
 * word of action.
 */
import { accentSpellings } from '../intents/dialect-words.js';
import type { RegistryIndex } from '../intents/index-phrases.js';
import { editDistance, tokenize } from '../intents/normalize.js';
import { ACTION_VERBS, NEGATIONS } from './guards.js';
import { CUES, KIN, NOUNS, PARTICLES } from './lexicon.js';
import { FEELINGS } from './choose-intent.js';
import { LANDMARK_WORDS } from './described.js';
import { ARTICLES, PLACE_PREPOSITIONS } from './reader-words.js';
import { sayingsFor, SHORT_FORMS } from './sayings.js';
import { heardKey, skeleton, soundKey, Speller } from './speller.js';
import { FILLER_WORDS, LEXICON_WORDS } from './tagger.js';

export class Corrector {
  private readonly speller: Speller;

  /** Other people's words for this home's names: "sitting room" → "living room" (`SYNONYMS`). */
  private readonly sayings: [string[], string[]][];

  /** Two words said one after the other in a name of the home: "kitchen fan", "fan light". */
  private readonly namePairs = new Set<string>();
  /** For each word of a name, the words said before it and after it in a name. */
  private readonly wordsBefore = new Map<string, Set<string>>();
  private readonly wordsAfter = new Map<string, Set<string>>();

  constructor(private readonly index: RegistryIndex) {
    this.sayings = sayingsFor(index);
    for (const e of index.registry.entities)
      for (const n of [e.name, ...(e.aliases ?? [])]) {
        const w = tokenize(n);
        for (let k = 1; k < w.length; k++) {
          this.namePairs.add(`${w[k - 1]} ${w[k]}`);
          addTo(this.wordsBefore, w[k]!, w[k - 1]!);
          addTo(this.wordsAfter, w[k - 1]!, w[k]!);
        }
      }
    this.speller = new Speller(
      new Set([...index.vocabulary, ...LEXICON_WORDS]),
      index.vocabulary,
      FILLER_WORDS,
      LANDMARK_WORDS,
      NOUNS_ONLY,
      HEARD_VERBS,
    );
  }

  /** The tokens with other people's words for this home's names replaced by the home's own. */
  private synonyms(tokens: string[]): string[] {
    if (this.sayings.length === 0) return tokens;
    const out: string[] = [];
    for (let i = 0; i < tokens.length;) {
      // (not where the words go on as a name of the home: "the air | purifier")
      const hit = this.sayings.find(
        ([from, to]) =>
          from.every((w, k) => tokens[i + k] === w) &&
          !this.sayingGoesOn(from, to, tokens[i + from.length]) &&
          // ("exams to study for": a word after "to" is a verb, no room)
          !(from.length === 1 && ['to', 'i', 'we', 'you', 'they'].includes(tokens[i - 1] ?? '')),
      );
      if (hit) {
        // "the big light in the kitchen", where the kitchen has no ceiling light: its light
        const main = hit[1][0] === 'ceiling' && this.placesWithout(tokens, hit[1].join(' '));
        out.push(...(main ? hit[1].slice(1) : hit[1]));
        i += hit[0].length;
      } else out.push(tokens[i++]!);
    }
    return out;
  }

  /** Whether the word after a saying goes on with it: a name of the home ("the air purifier") or an unknown word. */
  private sayingGoesOn(said: string[], meant: string[], next: string | undefined): boolean {
    if (next === undefined) return false;
    // (a saying with its article, a common word, is only that thing before words the reader
    // knows: "the air to 68", not "the air conditioning")
    if (said[0] === 'the' && !this.known(next) && !/^\d/.test(next)) return true;
    // (the home's own words go on the same: "the front room blinds" are the living room's)
    if (this.namePairs.has(`${meant[meant.length - 1]} ${next}`)) return false;
    return this.namePairs.has(`${said[said.length - 1]} ${next}`);
  }

  /** Whether the word at `i`, spelled into a word of the home, makes a name's pair of words with a neighbour. */
  private inName(said: string[], i: number): boolean {
    const c = this.speller.correct(said[i]!)?.[0];
    if (!c || c === said[i]) return false;
    return this.namePairs.has(`${said[i - 1] ?? ''} ${c}`) || this.namePairs.has(`${c} ${said[i + 1] ?? ''}`);
  }

  /** The one known word a word written as an accent says it stands for ("staht", "tirty"). */
  private spokenAs(t: string): string[] | undefined {
    if (this.known(t)) return undefined;
    for (const rule of accentSpellings(t)) {
      const hits = rule.filter((w) => this.known(w));
      if (hits.length === 1) return hits;
      if (hits.length > 1) return undefined;
    }
    return undefined;
  }

  private known(w: string): boolean {
    return this.index.vocabulary.has(w) || LEXICON_WORDS.has(w);
  }

  /**
   * The one word that makes a name's pair with the neighbour of the word at `i` and is close
   * to it: its consonants the same ("cartons" → "curtains"), or one letter off for a short word
   * and two for a longer one, the first letter kept ("bak" → "back", "fornt" → "front").
   */
  private partnerOf(said: string[], i: number): string[] | undefined {
    const t = said[i]!;
    if (t.length < 3 || this.known(t) || /\d/.test(t) || NEGATIONS.has(t)) return undefined;
    const found = new Set<string>();
    const consider = (w: string) => {
      if (w === t) return;
      // ("the kitchen van": a first consonant heard voiced for voiceless, or the other way)
      if (!w.startsWith(t[0]!)) {
        if (w.length === t.length && VOICING[w[0]!] === t[0] && heardKey(w.slice(1)) === heardKey(t.slice(1)))
          found.add(w);
        return;
      }
      // ("the flaw lamp": a non-rhotic "r" left unwritten)
      if (
        Math.abs(w.length - t.length) <= 1 &&
        w.includes('r') &&
        !t.includes('r') &&
        soundKey(w.replace(/r(?![aeiouy])/g, '')) === soundKey(t)
      ) {
        found.add(w);
        return;
      }
      const max = t.length <= 4 ? 1 : 2;
      // (or heard for it on a noisy line: "the bag door" is the back door)
      if (
        skeleton(w) === skeleton(t) ||
        editDistance(t, w, max) <= max ||
        (Math.abs(w.length - t.length) <= 1 && heardKey(w) === heardKey(t))
      )
        found.add(w);
    };
    for (const w of this.wordsBefore.get(said[i + 1] ?? '') ?? []) consider(w);
    for (const w of this.wordsAfter.get(said[i - 1] ?? '') ?? []) consider(w);
    return found.size === 1 ? [...found] : undefined;
  }

  /** The one word a name goes on with after the word before `i`, one letter from the word at `i`. */
  private nameGoesOnAs(said: string[], i: number): string[] | undefined {
    const t = said[i]!;
    const found = [...(this.wordsAfter.get(said[i - 1] ?? '') ?? [])].filter(
      (w) => w.startsWith(t[0]!) && editDistance(t, w, 1) <= 1,
    );
    return found.length === 1 ? found : undefined;
  }

  /**
   * The word of a name a number was heard for, right after the name's word before it and with
   * nothing after it but the end or a word that is no unit: "christmas 3" → "christmas tree".
   */
  private numberInName(said: string[], i: number): string[] | undefined {
    const next = said[i + 1];
    if (next !== undefined && UNITS.has(next)) return undefined;
    const after = this.wordsAfter.get(said[i - 1] ?? '');
    if (!after) return undefined;
    const found = [...after].filter((w) =>
      NUMBER_SOUNDS[said[i]!]!.some((n) => w.startsWith(n[0]!) && editDistance(n, w, 1) <= 1),
    );
    return found.length === 1 ? found : undefined;
  }

  /** Whether the words name a room and none of the rooms named has a device so called. */
  private placesWithout(tokens: string[], device: string): boolean {
    const said = ` ${tokens.join(' ')} `;
    const rooms = this.index.registry.areas.filter((a) =>
      [a.name, ...(a.aliases ?? [])].some((n) => said.includes(` ${tokenize(n).join(' ')} `)),
    );
    const own = (areaId: string) =>
      this.index.registry.entities.some(
        (e) =>
          e.area === areaId && ` ${tokenize(e.name).join(' ')} `.includes(` ${device.replace(/s$/, '')}`),
      );
    return rooms.length > 0 && rooms.every((a) => !own(a.id));
  }

  /**
   * Words of the home said apart: "bed side lamp" → "bedside lamp", "bath room" → "bathroom",
   * "speak her" → "speaker".
   */
  private joined(tokens: string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const a = tokens[i]!;
      const b = tokens[i + 1];
      const v = this.index.vocabulary;
      // ("the tv back light": two words of the home that, joined, are the word of a name the
      // word before belongs to)
      const nameGoesOn =
        i > 0 &&
        b !== undefined &&
        (this.index.byWord.get(a + b) ?? []).some((e) => tokenize(e.name).includes(tokens[i - 1]!));
      if (b && a.length >= 3 && b.length >= 3 && v.has(a + b) && (!(v.has(a) && v.has(b)) || nameGoesOn)) {
        out.push(a + b);
        i++;
        continue;
      }
      // "the kitchen speak her": a voice transcript's split of one of the home's words, by its
      // sound ("speak" + "her" sounds "speaker") — neither half a word of the home
      const split =
        // (a word of the lexicon is a word as said: "turn" + "off" is never tried)
        // ("the thermos that", "the row bot": a short second half, or a short first one)
        b && a.length >= 3 && b.length <= 4 && !v.has(a) && !v.has(b) && !LEXICON_WORDS.has(a);
      // ("the hole way light": its vowels as the transcript guessed them — a word that makes a
      // name with the word after or before: "not the desk one" is no "night")
      // (a half of three letters or more: "nite w" is "night with")
      const heardAs = split && b.length >= 3 ? this.speller.soundsLike(a + b) : undefined;
      const sounded =
        heardAs &&
        (this.namePairs.has(`${heardAs} ${tokens[i + 2] ?? ''}`) ||
          this.namePairs.has(`${tokens[i - 1] ?? ''} ${heardAs}`))
          ? heardAs
          : undefined;
      const heard = split ? (sounded ? [sounded] : this.speller.correct(a + b)) : undefined;
      // ("the thermal stat": the first half heard as a word of its own, its start kept)
      const close = (w: string) =>
        w.startsWith(a) ||
        // ("the hole way light": the first half sounds as the word starts)
        (a.length >= 3 &&
          (b ?? '').length >= 3 &&
          w.startsWith(a[0]!) &&
          soundKey(a).length >= 2 &&
          soundKey(w).startsWith(soundKey(a))) ||
        (a.length === 3 && w.startsWith(a[0]!) && w.length >= 5) ||
        (a.length >= 5 && w.startsWith(a.slice(0, 5)));
      if (heard?.length === 1 && v.has(heard[0]!) && close(heard[0]!)) {
        out.push(heard[0]!);
        i++;
      } else out.push(a);
    }
    return out;
  }

  /** Spelling-corrected tokens; undefined words stay as they are (and will be unexplained). */
  correct(tokens: string[]): { tokens: string[]; corrected: number } {
    // (one message's words are corrected many times over, always the same way: kept a while)
    const key = tokens.join(' ');
    const known = this.recent.get(key);
    if (known) return { tokens: known.tokens.slice(), corrected: known.corrected };
    const done = this.correctNew(tokens);
    if (this.recent.size >= 1024) this.recent.clear();
    this.recent.set(key, done);
    return { tokens: done.tokens.slice(), corrected: done.corrected };
  }

  private readonly recent = new Map<string, { tokens: string[]; corrected: number }>();

  private correctNew(tokens: string[]): { tokens: string[]; corrected: number } {
    const out: string[] = [];
    let corrected = 0;
    const said = this.joined(this.synonyms(tokens));
    said.forEach((t, i) => {
      // a negation is never corrected into a word of the home ("not" → "hot")
      // (a plain word is kept unless, corrected, it makes a name with its neighbour: "the
      // kitchen fun" is the Kitchen Fan, "far too loud" stays)
      let c =
        // (nor the one spoken to: "…, son," is no "song")
        NEGATIONS.has(t) || ((PLAIN_WORDS.has(t) || KIN.has(t)) && !this.inName(said, i))
          ? [t]
          : SHORT_FORMS[t] && !this.index.vocabulary.has(t)
            ? [SHORT_FORMS[t]]
            : (this.spokenAs(t) ?? this.speller.correct(t));
      // ("tuen off the lights": before a particle, a word a letter from one verb of switching is
      // that verb — "tune" is a song)
      if (c?.[0] !== t && !this.known(t) && PARTICLES_AFTER_VERB.has(said[i + 1] ?? '')) {
        const verbs = SWITCHING_VERBS.filter((w) => editDistance(t, w, 1) <= 1);
        if (verbs.length === 1) c = verbs;
      }
      // a typo never becomes a value: "pull the blinds down" is not "full"
      if (c?.some((w) => w !== t && VALUE_WORDS.has(w))) c = undefined;
      // ("the floor is a fright": a word after "a" is a noun — never spelled into a feeling,
      // which no "a" goes before unless a noun follows: "a brigt light")
      if (
        ['a', 'an'].includes(said[i - 1] ?? '') &&
        c?.some((w) => w !== t && FEELING_WORDS.has(w)) &&
        !NOUNS[said[i + 1] ?? ''] &&
        !this.index.vocabulary.has(said[i + 1] ?? '')
      )
        c = [t];
      // where a place is said ("in the den"), a word is only spelled into one of the home's
      // words, never into a word of action or feeling
      const placeSaid = ARTICLES.has(said[i - 1] ?? '') && PLACE_PREPOSITIONS.has(said[i - 2] ?? '');
      if (placeSaid && c?.some((w) => w !== t && !this.index.vocabulary.has(w))) c = undefined;
      // "close the bedroom cartons", "the bak door": a word the speller cannot place, beside a
      // word of a name, is that name's other word when its letters are close enough
      if (!c || (c.length === 1 && c[0] === t && !this.known(t))) c = this.partnerOf(said, i) ?? c;
      // "cut off the ceiling fam": a particle of chat one letter from the word a name goes on
      // with is that word ("the tv fam" stays the friend spoken to)
      if (c?.[0] === t && SOFTENERS.has(t)) c = this.nameGoesOnAs(said, i) ?? c;
      // "switch off the christmas three": a number heard where a name goes on is that name's word
      if (NUMBER_SOUNDS[t]) c = this.numberInName(said, i) ?? c;
      if (!c) out.push(t);
      else {
        if (c.length !== 1 || c[0] !== t) corrected++;
        out.push(...c);
      }
    });
    // ("the tv black light": a word spelled into a name's half joins the other half;
    // "televison", spelled, is then "television" — the home's "tv")
    return { tokens: corrected > 0 ? this.joined(this.synonyms(out)) : out, corrected };
  }
}

/** Numbers as the words a transcript wrote for them, which may be heard for others ("three" / "tree"). */
const NUMBER_SOUNDS: Record<string, string[]> = {
  '1': ['one', 'won'],
  '2': ['two', 'to', 'too'],
  '3': ['three'],
  '4': ['four', 'for'],
  '8': ['eight', 'ate'],
};
const UNITS = new Set(['percent', '%', 'degrees', 'degree', 'minutes', 'minute', 'hours', 'hour', 'seconds']);

/** Consonants a recogniser hears for each other, voiced and voiceless. */
const VOICING: Record<string, string> = {
  f: 'v',
  v: 'f',
  p: 'b',
  b: 'p',
  t: 'd',
  d: 't',
  k: 'g',
  g: 'k',
  s: 'z',
  z: 's',
};

/** Verbs a voice transcript spells by their sound ("paws the telly", "clos the blinds"). */
const HEARD_VERBS = new Set(['pause', 'close', 'unlock', 'switch']);

/** Verbs of switching, and the particles that follow them ("turn off", "switch on"). */
const SWITCHING_VERBS = ['turn', 'switch', 'shut', 'put', 'cut', 'flick', 'flip', 'knock'];
const PARTICLES_AFTER_VERB = new Set(['on', 'off', 'up', 'down', 'out']);

/** Device words that are verbs too: "lighting", "locked", "hoovering" are forms of them. */
const VERB_WORDS = new Set([
  'light',
  'heat',
  'lock',
  'dock',
  'vacuum',
  'hoover',
  'clean',
  'switch',
  'plug',
  'fan',
  'play',
]);
/** Device words that are never verbs: "blinding", "doored" are no forms of them. */
const NOUNS_ONLY = new Set(
  Object.keys(NOUNS).filter(
    (w) => !w.includes(' ') && !CUES[w] && !ACTION_VERBS.has(w) && !VERB_WORDS.has(w),
  ),
);

/** Common words a letter from a word of action, never spelled into one ("smart" is no "start"). */
const PLAIN_WORDS = new Set([
  'smart',
  // (Twi "dum" is "switch off": never a mistyped "dim" — `twi-words.ts` reads it in Twi)
  'dum',
  // ("how long do I boil the plantain" is no "song")
  'long',
  'longer',
  // ("turn on the hose in the garden" is no "home"; "the gas bill" no "kill")
  'hose',
  'hoses',
  'bill',
  'bills',
  'gas',
  'pill',
  'hill',
  'mill',
  'fill',
  // ("the back door's stuck" is no "stick"; "the kettle already boiled" asks nothing)
  'stuck',
  'boiled',
  'boils',
  // ("the garage door opener's been sticking" tells of the opener: no "open")
  'opener',
  'openers',
  'closer',
  // ("the vacuum returns to base" tells what it does: no "return")
  'returns',
  // ("I want to pray", "time for prayer": no "play")
  'pray',
  'prayer',
  'prayers',
  'praying',
  'clock',
  'block',
  'sock',
  'stock',
  'rock',
  'chart',
  'heart',
  'part',
  'cart',
  // rooms a home may not have: "loft light on" is no "lift"
  'loft',
  'attic',
  'cellar',
  'basement',
  'pantry',
  'shed',
  'patio',
  'nursery',
  'utility',
  // times of day: "open the curtains at dawn" is no "down"
  'dawn',
  'dusk',
  'noon',
  // "halve the volume" is no "have"
  'halve',
  // short English words a letter from a word of the home: "that's far too loud" is no "fan"
  'far',
  'fat',
  'fun',
  'fin',
  'lap',
  'dam',
  'war',
  'dig',
  'ton',
  'ran',
  // "open the kettle lid" is no "lit" kettle
  'lid',
  // English words a letter from a verb of action, not heard for one: "can you shout me a
  // coffee" is no "shut", "any luck" no "lock" ("look", "torn", "burn", "star" are left to the
  // speller: a transcript hears them for "lock", "turn", "start")
  'shout',
  'luck',
  'lick',
  'lack',
  'duck',
  'dime',
  'stoop',
  'list',
  'shop',
  // "the speaker keeps disconnecting", "I disconnected the tree": told, no "disconnect" asked
  'disconnecting',
  'disconnected',
  'connecting',
  'connected',
]);

/** Words of chat said only to soften, which a fast thumb may type for a name's word. */
const SOFTENERS = new Set(PARTICLES.split(/\s+/).filter((w) => w.length >= 3));

/** Words of how a room feels (the lexicon's cues of warmer, brighter, …): "bright", "dark", "loud". */
const FEELING_WORDS = new Set(
  Object.entries(CUES)
    .filter(([, cue]) => FEELINGS.has(cue))
    .map(([w]) => w),
);

/** Words that read as a number (tagger `readNumber`). */
const VALUE_WORDS = new Set(['full', 'max', 'maximum', 'half', 'halfway', 'quarter', 'quarters']);

function addTo(map: Map<string, Set<string>>, key: string, word: string): void {
  const set = map.get(key);
  if (set) set.add(word);
  else map.set(key, new Set([word]));
}
