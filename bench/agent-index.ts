/**
 * Build time and memory of the Home agent's indexes (names trie, partial names, spelling
 * index, second stage) for a big home with long names, and for one pathological device name.
 * Run: node --expose-gc --import tsx bench/agent-index.ts [entities=5000] [name_chars=100]
 */
import { IntentEngine } from '../src/agent/intents/engine.js';
import type { IntentRegistry } from '../src/agent/intents/registry.js';
import { Understanding } from '../src/agent/understanding/understand.js';

const nEntities = Number(process.argv[2] ?? 5000);
const nameChars = Number(process.argv[3] ?? 100);
const gc = (globalThis as { gc?: () => void }).gc;

let seed = 7;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
const WORDS =
  'kitchen living bedroom office hallway garage bathroom attic left right upper lower corner reading desk wall main side back front ceiling floor table strip spot pendant sconce lamp light fan plug heater blinds curtain lock speaker sensor motion door window north south east west small big guest study nursery pantry porch garden shed'.split(
    ' ',
  );
/** A name of about `chars` characters made of house words and a number, so names differ. */
function longName(i: number, chars: number): string {
  const words: string[] = [];
  while (words.join(' ').length < chars - 6) words.push(WORDS[rnd(WORDS.length)]!);
  return `${words.join(' ')} ${i}`.slice(0, chars);
}

function registry(n: number, chars: number): IntentRegistry {
  const areas = Array.from({ length: 40 }, (_, i) => ({
    id: `a${i}`,
    name: `area ${WORDS[i % WORDS.length]} ${i}`,
  }));
  const domains = ['light', 'switch', 'fan', 'cover', 'sensor', 'binary_sensor', 'media_player', 'climate'];
  return {
    floors: [],
    areas,
    entities: Array.from({ length: n }, (_, i) => ({
      entity_id: `${domains[i % domains.length]}.e${i}`,
      name: longName(i, chars),
      domain: domains[i % domains.length]!,
      area: `a${i % areas.length}`,
    })),
  };
}

function measure(label: string, reg: IntentRegistry) {
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const u = new Understanding(new IntentEngine(reg));
  const ms = performance.now() - t0;
  gc?.();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  // one sentence through both stages, so nothing is built lazily after the measurement
  const t1 = performance.now();
  u.understand(`turn on the ${reg.entities[0]!.name}`, null, { touched: 0 });
  const firstMs = performance.now() - t1;
  console.log(
    JSON.stringify({
      case: label,
      entities: reg.entities.length,
      name_chars: Math.max(...reg.entities.map((e) => e.name.length)),
      build_ms: Math.round(ms),
      heap_mb: gc ? +heapMb.toFixed(1) : null,
      first_sentence_ms: +firstMs.toFixed(2),
    }),
  );
  return u;
}

measure(`${nEntities} entities, ${nameChars}-character names`, registry(nEntities, nameChars));
measure(`${nEntities / 5} entities, ${nameChars}-character names`, registry(nEntities / 5, nameChars));
// one device with a 16 KB name (words) and one with a 64 KB single "word", as an MQTT device may send
const junk = registry(100, 30);
junk.entities.push({ entity_id: 'light.junk_words', name: longName(1, 16_384), domain: 'light', area: null });
junk.entities.push({ entity_id: 'light.junk_word', name: 'x'.repeat(65_536), domain: 'light', area: null });
measure('100 entities + one 16 KB name + one 64 KB word', junk);
