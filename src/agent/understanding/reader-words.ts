/**
 * Words and small readings the second stage checks as it reads: "heating" as a device, the room
 * a referent is in, people telling of themselves, errands of other assistants, and where a
 * place is said.
 */
import type { RegistryIndex } from '../intents/index-phrases.js';
import type { IntentArea } from '../intents/registry.js';
import { NOUNS } from './lexicon.js';
import type { Referent } from './reading.js';
import type { Item } from './tagger.js';

/**
 * Words for a home's central heating (or cooling): its one thermostat, not a space heater —
 * "the heating", "the heat", American "the furnace", British "the boiler", "the aircon".
 */
export const CENTRAL_HEATING: ReadonlySet<string> = new Set([
  'heating',
  'heat',
  'furnace',
  'boiler',
  'aircon',
]);

/** See `interpret`: "heating" as the device when it is not the only action word. */
export function heatingAsDevice(items: Item[]): Item[] {
  const named = items.some((i) => i.t === 'name' || i.t === 'noun');
  const cues = items.filter((i) => i.t === 'cue');
  if (named || cues.length < 2) return items;
  return items.map((i) =>
    i.t === 'cue' && (i.word === 'heating' || i.word === 'heat') && NOUNS[i.word]
      ? { t: 'noun' as const, noun: NOUNS[i.word]!, word: i.word, start: i.start, end: i.end }
      : i,
  );
}

/** The one area of what a referent acts on, if it has one. */
export function referentArea(index: RegistryIndex, ref: Referent): IntentArea | undefined {
  const t = ref.target;
  if (t.kind === 'group') return t.area;
  const areas = new Set(t.entities.map((e) => e.area));
  const id = areas.size === 1 ? [...areas][0] : undefined;
  return id ? index.areaById.get(id) : undefined;
}

/** People who tell of themselves: "we are all going out", "I am off". */
export const SOMEONE_TELLING = new Set(['we', 'i', 'they', 'he', 'she']);

/** Words of errands a home controller does not run: calls, messages, announcements. */
export const ERRANDS = new Set([
  'call',
  'phone',
  'ring',
  'text',
  'message',
  'email',
  'announce',
  'broadcast',
  'intercom',
]);
/** Words before an errand's verb: "please call mum", "could you text Sam". */
export const ERRAND_OPENERS = new Set([
  'please',
  'can',
  'could',
  'would',
  'will',
  'you',
  'kindly',
  'hey',
  'just',
]);

export const ARTICLES = new Set(['the', 'my', 'our', 'your']);
export const PLACE_PREPOSITIONS = new Set(['in', 'into', 'on', 'at', 'from', 'upstairs', 'downstairs']);
