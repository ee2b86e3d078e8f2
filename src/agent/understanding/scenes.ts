/**
 * Scenes said by name among other words: the words that may frame a bare scene name, a part of
 * a name said again beside the whole (an echo), and when a scene's whole name among unknown
 * words is the request ("the in-laws are here, dinner party lighting please").
 */
import { tokenize } from '../intents/normalize.js';
import { declarative, NOT_POLITE, REMARK_BLOCKERS } from './guards.js';
import type { Item } from './tagger.js';

/** Words that may frame a scene's bare name: "it's movie night", "dinner party time, everyone". */
export const SCENE_FRAME = new Set([
  'it is',
  'it',
  'is',
  'its',
  'the',
  'please',
  'now',
  'time',
  'mode',
  'scene',
  'for',
  'let us',
  'lets',
  'we are',
  'everyone',
  'a',
  'ok',
  'okay',
  'so',
  'and',
  'then',
  'well',
  'hey',
  // "switch the house to away", "put the house into movie night mode"
  'switch',
  'put',
  // "chuck it in away mode", "pop it on movie night", "bung the house in away mode"
  'chuck',
  'pop',
  'bung',
  'stick',
  'house',
  'home',
  'to',
  'into',
  'my',
  'routine',
  'sequence',
  'ambiance',
  'ambience',
  'atmosphere',
  'thing',
  // "do the away setting", "put the house in away mode", "good morning for us"
  'do',
  'setting',
  'settings',
  'arrangement',
  'preset',
  'place',
  'in',
  'us',
  // a sign-off: "away mode thanks", "movie night lads"
  'thanks',
  'thank you',
  'cheers',
  'ta',
  'mate',
  'love',
  'lads',
  'guys',
  'folks',
]);

/**
 * A part of a name said again beside the whole name ("morning! … the good morning scene",
 * "movie night mode, we're starting the film") is an echo of it, not a second device.
 */
export function withoutEchoes(items: Item[]): Item[] {
  const names = items.filter((i): i is Extract<Item, { t: 'name' }> => i.t === 'name');
  if (names.length < 2) return items;
  const echo = (n: Extract<Item, { t: 'name' }>) =>
    names.some(
      (m) =>
        m !== n && m.end - m.start > n.end - n.start && n.v.entities.every((e) => m.v.entities.includes(e)),
    );
  return items.map((i) => (i.t === 'name' && echo(i) ? { t: 'filler', start: i.start, end: i.end } : i));
}

/** Words that make a sentence with a scene's name about the scene, not a wish to start it. */
const NOT_STARTING_A_SCENE = new Set(
  `was were had been rename edit change modify update create add save show list describe explain
   about like liked love loved hate hated enjoy enjoyed favourite favorite last next`.split(/\s+/),
);

/**
 * A scene's whole name among other words ("the in-laws are here, dinner party lighting please",
 * "kick off the good morning scene would ya"): a name of two words or more is the request even
 * when the words around it are unknown — unless one sits right beside it (it may be part of
 * another name: "the good morning show"), a place or number comes with it, or a word makes the
 * sentence about the scene ("movie night was fun", "rename the away scene") or changes whether
 * to act. A one-word scene name ("away") keeps to the known frame words.
 */
export function sceneAmongWords(items: Item[], tokens: string[], raw: string[], text: string): boolean {
  const names = items.filter((i): i is Extract<Item, { t: 'name' }> => i.t === 'name');
  if (names.length !== 1) return false;
  const n = names[0]!;
  const scene = n.v.entities.length === 1 ? n.v.entities[0]! : undefined;
  if (scene?.domain !== 'scene') return false;
  const words = tokenize(scene.name);
  if (words.length < 2 || tokens.slice(n.start, n.end).join(' ') !== words.join(' ')) return false;
  if (items.some((i) => i.t === 'area' || i.t === 'floor' || i.t === 'number')) return false;
  // as written: the speller may have made "book" a "boot" (the name's own words aside: the
  // "morning" of "good morning")
  const blocks = (t: string) => REMARK_BLOCKERS.has(t) || NOT_POLITE.has(t) || NOT_STARTING_A_SCENE.has(t);
  if (raw.some((t) => !words.includes(t) && blocks(t))) return false;
  // "my mum is hosting a dinner party": a statement, unless it asks for the scene too
  if (declarative(text) && !items.some((i) => i.t === 'cue')) return false;
  // "good morning to you too": a greeting back, not a wish for the scene
  if (tokens[n.end] === 'to' && tokens[n.end + 1] === 'you') return false;
  const k = items.indexOf(n);
  // ("good morning sunshine": whom the greeting is said to, last)
  const after = items[k + 1];
  const addressed = after?.t === 'unknown' && k + 2 === items.length && ADDRESSED.has(after.word);
  return items[k - 1]?.t !== 'unknown' && (after?.t !== 'unknown' || addressed);
}

/** Words by which a greeting is said to someone: "good morning sunshine". */
const ADDRESSED = new Set(['sunshine', 'sweetheart', 'petal', 'gorgeous', 'sleepyhead']);
