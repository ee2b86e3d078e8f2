/**
 * Understanding throughput (the Home agent's path: exact templates, then the second stage,
 * compound and time handling) with a synthetic 1,000-entity registry.
 * Run: npx tsx bench/intents-throughput.ts [entities=1000] [sentences=20000]
 */
import { IntentEngine } from '../src/agent/intents/engine.js';
import type { IntentRegistry } from '../src/agent/intents/registry.js';
import { Understanding } from '../src/agent/understanding/understand.js';

const nEntities = Number(process.argv[2] ?? 1000);
const nSentences = Number(process.argv[3] ?? 20000);

const ROOMS = [
  'living room',
  'kitchen',
  'bedroom',
  'office',
  'hallway',
  'garage',
  'bathroom',
  'attic',
  'basement',
  'porch',
  'dining room',
  'guest room',
  'laundry',
  'study',
  'nursery',
  'playroom',
  'pantry',
  'den',
  'loft',
  'gym',
];
const THINGS: [string, string][] = [
  ['lamp', 'light'],
  ['ceiling light', 'light'],
  ['spots', 'light'],
  ['strip', 'light'],
  ['plug', 'switch'],
  ['heater', 'switch'],
  ['fan', 'fan'],
  ['blinds', 'cover'],
  ['curtain', 'cover'],
  ['lock', 'lock'],
  ['speaker', 'media_player'],
  ['thermostat', 'climate'],
  ['motion', 'binary_sensor'],
  ['temperature', 'sensor'],
];
const ADJ = [
  'left',
  'right',
  'north',
  'south',
  'small',
  'big',
  'upper',
  'lower',
  'corner',
  'reading',
  'desk',
  'wall',
  'main',
  'side',
  'back',
  'front',
];

let seed = 42;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
const pick = <T>(a: T[]): T => a[rnd(a.length)]!;

const registry: IntentRegistry = {
  floors: [
    { id: 'f0', name: 'Ground Floor' },
    { id: 'f1', name: 'First Floor' },
    { id: 'f2', name: 'Second Floor' },
  ],
  areas: ROOMS.map((r, i) => ({ id: `a${i}`, name: r, floor: `f${i % 3}` })),
  entities: [],
};
const names: { name: string; domain: string }[] = [];
for (let i = 0; names.length < nEntities; i++) {
  const [thing, domain] = pick(THINGS);
  const room = pick(ROOMS);
  const name = `${room} ${pick(ADJ)} ${thing}${i >= 1000 ? ` ${i}` : ''}`;
  if (names.some((n) => n.name === name)) continue;
  names.push({ name, domain });
  registry.entities.push({ entity_id: `${domain}.e${i}`, name, domain, area: `a${ROOMS.indexOf(room)}` });
}

const FORMS = [
  (n: string) => `turn on the ${n}`,
  (n: string) => `please switch off the ${n}`,
  (n: string) => `is the ${n} on`,
  (n: string) => `set the ${n} to 40 percent`,
  () => `turn off the lights in the ${pick(ROOMS)}`,
  () => `what is the temperature in the ${pick(ROOMS)}`,
  () => 'tell me a joke about the weather please',
  (n: string) => `trun on the ${n}`,
  () => 'order a large pizza with extra cheese',
  () => `set the temperature to twenty one point five degrees`,
];
const sentences = Array.from({ length: 2000 }, () => pick(FORMS)(pick(names).name));

const t0 = performance.now();
const understanding = new Understanding(new IntentEngine(registry));
const tCompile = performance.now() - t0;
const say = (text: string) => understanding.understand(text, 'kitchen', { touched: 0 });
for (let i = 0; i < 500; i++) say(sentences[i % sentences.length]!); // warm-up
let matched = 0;
const cpu0 = process.cpuUsage();
const t1 = performance.now();
for (let i = 0; i < nSentences; i++) if (say(sentences[i % sentences.length]!).kind !== 'none') matched++;
const dt = performance.now() - t1;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  JSON.stringify({
    entities: registry.entities.length,
    sentences: nSentences,
    compile_ms: Math.round(tCompile),
    sentences_per_s: Math.round(nSentences / (dt / 1000)),
    // per CPU second: the figure that does not move with other load on a shared machine
    sentences_per_cpu_s: Math.round(nSentences / (cpuMs / 1000)),
    mean_ms: +(dt / nSentences).toFixed(4),
    matched_share: +(matched / nSentences).toFixed(3),
  }),
);
