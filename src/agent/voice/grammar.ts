/**
 * The speech grammar: a compact JSGF grammar (pass 1), a trigram language model over the same
 * sentences (pass 2, for the agreement check) and a pronunciation dictionary for exactly their
 * words, generated from the current registry (entity names, areas, scenes) and the command
 * patterns. Deliberately small: a grammar built from every intent template was 4–7 s per
 * utterance; this one decodes a 2 s command in well under 100 ms (bench/RESULTS.md).
 */
import { createHash } from 'node:crypto';
import type { IntentRegistry } from '../intents/registry.js';
import { VERB_TARGET_SLOTS, type Decoys } from './decoys.js';
import { numberToWords } from './numbers.js';

/** A pattern: a word sequence, alternatives, an optional part, or a named slot list. */
export type Pattern = string | Pattern[] | { alt: Pattern[] } | { opt: Pattern } | { slot: string };

export interface SpeechGrammar {
  jsgf: string;
  /** Every sentence of this home the grammar accepts (for the language model and for tests). */
  sentences: string[];
  /** Sentences naming a decoy (`decoys.ts`): in the grammar and the LM, never a command. */
  decoySentences: string[];
  /** Every word of both (the dictionaries'). */
  words: string[];
  /** Words only decoys use: a transcript with one is rejected. */
  decoyWords: string[];
  /** Those of `decoyWords` from decoy verbs (an action no command has). */
  decoyVerbWords: string[];
  /** Content hash, changes when the grammar does. */
  version: string;
}

const ONOFF_DOMAINS = new Set(['light', 'switch', 'fan', 'media_player', 'input_boolean']);
/** What "turn up/down" steps: brightness, target temperature, volume. */
const STEPPED_DOMAINS = new Set(['light', 'climate', 'media_player']);
/** What one starts and stops: on/off things that are not lights. */
const MACHINE_DOMAINS = new Set(['switch', 'fan', 'media_player', 'input_boolean']);
const PERCENTS = Array.from({ length: 21 }, (_, i) => i * 5);
const DEGREES = [...range(10, 30), ...range(60, 80)];

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** Spoken form of a name: lower-case words, digits spelled out; undefined if not speakable. */
export function spoken(phrase: string): string | undefined {
  const words = phrase
    .toLowerCase()
    .replace(/[_\-/.,!?()]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((t) => (/^\d+$/.test(t) ? numberToWords(Number(t)).split(' ') : [t.replace(/'s$/, 's')]));
  if (words.length === 0 || words.some((w) => !/^[a-z]+$/.test(w))) return undefined;
  return words.join(' ');
}

const alt = (...p: Pattern[]): Pattern => ({ alt: p });
const opt = (p: Pattern): Pattern => ({ opt: p });
const slot = (s: string): Pattern => ({ slot: s });
// "the" is required: an optional one lets the decoder trade it for a name's first sound
const THE = 'the';
const ON_OFF = alt('on', 'off');
const UP_DOWN = alt('up', 'down');
/** The rule of home names a decoy verb is said before. */
const DECOY_TARGET = 'decoy_target';

/** The command patterns; a pattern whose slot list is empty is left out. */
export const PATTERNS: Pattern[] = [
  [alt('turn', 'switch'), ON_OFF, THE, slot('onoff')],
  ['turn', THE, slot('onoff'), ON_OFF],
  ['turn', ON_OFF, 'the', 'lights', 'in', THE, slot('area')],
  ['set', THE, slot('light'), 'to', slot('percent'), 'percent'],
  [alt('lock', 'unlock'), THE, slot('lock')],
  [alt('open', 'close'), THE, slot('cover')],
  [alt('dim', 'brighten'), THE, slot('light')],
  [alt('dim', 'brighten'), 'the', 'lights', 'in', THE, slot('area')],
  ['turn', UP_DOWN, THE, slot('stepped')],
  ['turn', THE, slot('stepped'), UP_DOWN],
  [alt('raise', 'lower'), THE, slot('cover')],
  [alt('start', 'stop'), THE, slot('machine')],
  [alt('pause', 'resume'), THE, slot('media')],
  ['activate', slot('scene')],
  ['what', 'is', 'the', 'temperature', opt(['in', THE, slot('temperature_area')])],
  ['what', 'is', 'the', 'humidity', 'in', THE, slot('humidity_area')],
  ['set', THE, slot('climate'), 'to', slot('degrees'), 'degrees'],
  alt('yes', 'no', 'cancel'),
];

/** Spoken phrases per slot, from the registry. */
export function slotPhrases(reg: IntentRegistry): Record<string, string[]> {
  const lists: Record<string, Set<string>> = {
    onoff: new Set(),
    light: new Set(),
    lock: new Set(),
    cover: new Set(),
    stepped: new Set(),
    machine: new Set(),
    media: new Set(),
    scene: new Set(),
    climate: new Set(),
    area: new Set(),
    temperature_area: new Set(),
    humidity_area: new Set(),
  };
  // questions only for areas that can answer them (the intent engine needs a sensor there)
  const measured = { temperature: new Set<string>(), humidity: new Set<string>() };
  const add = (list: string, names: (string | undefined)[]) => {
    for (const n of names) {
      const s = n ? spoken(n) : undefined;
      if (s) lists[list]!.add(s);
    }
  };
  for (const e of reg.entities) {
    const names = [e.name, ...(e.aliases ?? [])];
    if (ONOFF_DOMAINS.has(e.domain)) add('onoff', names);
    if (e.domain === 'light') add('light', names);
    if (e.domain === 'lock') add('lock', names);
    if (e.domain === 'cover') add('cover', names);
    if (STEPPED_DOMAINS.has(e.domain)) add('stepped', names);
    if (MACHINE_DOMAINS.has(e.domain)) add('machine', names);
    if (e.domain === 'media_player') add('media', names);
    if (e.domain === 'scene') add('scene', names);
    if (e.domain === 'climate') add('climate', names);
    if (e.area && (e.domain === 'climate' || e.device_class === 'temperature'))
      measured.temperature.add(e.area);
    if (e.area && e.device_class === 'humidity') measured.humidity.add(e.area);
  }
  for (const a of reg.areas) {
    const names = [a.name, ...(a.aliases ?? [])];
    add('area', names);
    if (measured.temperature.has(a.id)) add('temperature_area', names);
    if (measured.humidity.has(a.id)) add('humidity_area', names);
  }
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(lists)) out[k] = [...v].sort();
  out.percent = PERCENTS.map(numberToWords);
  out.degrees = DEGREES.map(numberToWords);
  return out;
}

/** Words the patterns and slot phrases need pronunciations for. */
export function wordsOf(slots: Record<string, string[]>): Set<string> {
  const words = new Set<string>();
  const walk = (p: Pattern): void => {
    if (typeof p === 'string') words.add(p);
    else if (Array.isArray(p)) p.forEach(walk);
    else if ('alt' in p) p.alt.forEach(walk);
    else if ('opt' in p) walk(p.opt);
  };
  PATTERNS.forEach(walk);
  for (const phrases of Object.values(slots))
    for (const ph of phrases) ph.split(' ').forEach((w) => words.add(w));
  return words;
}

/**
 * Builds the grammar from slot phrases whose words all have pronunciations (`known`); a name
 * with a word that has none is left out rather than breaking the whole grammar (one missing
 * word makes pocketsphinx reject every utterance). `decoys` (`decoys.ts`) are added beside the
 * home's names in the slots that have any, in the JSGF and in the LM's sentences alike.
 */
export function buildGrammar(
  slots: Record<string, string[]>,
  known: (word: string) => boolean,
  maxSentences = 50_000,
  decoys: Decoys = { slots: {}, verbs: [], words: [], verbWords: [] },
): SpeechGrammar {
  const usable: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(slots)) usable[k] = v.filter((ph) => ph.split(' ').every(known));
  const hasEmptySlot = (p: Pattern): boolean =>
    typeof p === 'string'
      ? false
      : Array.isArray(p)
        ? p.some(hasEmptySlot)
        : 'alt' in p
          ? p.alt.every(hasEmptySlot)
          : 'opt' in p
            ? false
            : (usable[p.slot]?.length ?? 0) === 0;
  const patterns = PATTERNS.filter((p) => !hasEmptySlot(p));
  // decoy verbs before the home's own names only (`decoys.ts`): one rule of those names
  const verbs = decoys.verbs.filter((v) => v.split(' ').every(known));
  const targets = [...new Set(VERB_TARGET_SLOTS.flatMap((s) => usable[s] ?? []))].sort();
  const verbPattern: Pattern[] =
    verbs.length && targets.length ? [[alt(...verbs), THE, slot(DECOY_TARGET)]] : [];
  const used = new Set<string>();
  const jsgfOf = (p: Pattern): string => {
    if (typeof p === 'string') return p;
    if (Array.isArray(p)) return p.map(jsgfOf).join(' ');
    if ('alt' in p) return `( ${p.alt.map(jsgfOf).join(' | ')} )`;
    if ('opt' in p) return `[ ${jsgfOf(p.opt)} ]`;
    used.add(p.slot);
    return `<${p.slot}>`;
  };
  const bodies = [...patterns, ...verbPattern].map((p) => `( ${jsgfOf(p)} )`);
  const lines = ['#JSGF V1.0;', 'grammar home;'];
  const withDecoys: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(usable))
    withDecoys[k] = [
      ...v,
      ...(v.length ? (decoys.slots[k] ?? []).filter((ph) => ph.split(' ').every(known)) : []),
    ];
  withDecoys[DECOY_TARGET] = targets;
  for (const s of [...used].sort()) lines.push(`<${s}> = ( ${withDecoys[s]!.join(' | ')} );`);
  lines.push(`public <command> = ${bodies.join('\n  | ')};`);
  const jsgf = `${lines.join('\n')}\n`;

  const expand = (p: Pattern, lists: Record<string, string[]>): string[] => {
    if (typeof p === 'string') return [p];
    if (Array.isArray(p)) {
      let acc = [''];
      for (const part of p) {
        const next = expand(part, lists);
        acc = acc.flatMap((a) => next.map((n) => (a && n ? `${a} ${n}` : a || n)));
        if (acc.length > maxSentences) acc = acc.slice(0, maxSentences);
      }
      return acc;
    }
    if ('alt' in p) return p.alt.flatMap((q) => expand(q, lists));
    if ('opt' in p) return ['', ...expand(p.opt, lists)];
    return lists[p.slot] ?? [];
  };
  const sentences = [...new Set(patterns.flatMap((p) => expand(p, usable)))].slice(0, maxSentences);
  const home = new Set(sentences);
  const decoySentences = [...new Set([...patterns, ...verbPattern].flatMap((p) => expand(p, withDecoys)))]
    .filter((s) => !home.has(s))
    .slice(0, maxSentences);
  const words = [...new Set([...sentences, ...decoySentences].flatMap((s) => s.split(' ')))].sort();
  const decoyWords = decoys.words.filter((w) => words.includes(w));
  const decoyVerbWords = decoys.verbWords.filter((w) => words.includes(w));
  const version = createHash('sha256').update(jsgf).digest('hex').slice(0, 12);
  return { jsgf, sentences, decoySentences, words, decoyWords, decoyVerbWords, version };
}

/** A trigram ARPA model with absolute discounting and back-off; small and good enough for pass 2. */
export function buildArpa(sentences: string[]): string {
  const counts = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  for (const s of sentences) {
    const w = ['<s>', ...s.split(' '), '</s>'];
    for (let i = 0; i < w.length; i++) {
      for (let n = 1; n <= 3 && i + n <= w.length; n++) {
        const g = w.slice(i, i + n).join(' ');
        counts[n - 1]!.set(g, (counts[n - 1]!.get(g) ?? 0) + 1);
      }
    }
  }
  const D = 0.5;
  const total = [...counts[0]!.values()].reduce((a, b) => a + b, 0);
  const ctxCount = (ctx: string, n: number) => (n === 1 ? total : (counts[n - 2]!.get(ctx) ?? 0));
  const followers = new Map<string, number>();
  for (let n = 2; n <= 3; n++) {
    for (const g of counts[n - 1]!.keys()) {
      const ctx = g.split(' ').slice(0, -1).join(' ');
      followers.set(ctx, (followers.get(ctx) ?? 0) + 1);
    }
  }
  const log10 = (x: number) => Math.log10(Math.max(x, 1e-99)).toFixed(4);
  const lines = ['', '\\data\\', ...[1, 2, 3].map((n) => `ngram ${n}=${counts[n - 1]!.size}`), ''];
  for (let n = 1; n <= 3; n++) {
    lines.push(`\\${n}-grams:`);
    for (const [g, c] of [...counts[n - 1]!].sort()) {
      const parts = g.split(' ');
      const ctx = parts.slice(0, -1).join(' ');
      const p = n === 1 ? c / total : (c - D) / ctxCount(ctx, n);
      const prob = n === 1 && parts[0] === '<s>' ? '-99' : log10(p);
      let line = `${prob} ${g}`;
      if (n < 3) {
        const f = followers.get(g) ?? 0;
        line += ` ${log10(f > 0 ? (D * f) / c : 1)}`;
      }
      lines.push(line);
    }
    lines.push('');
  }
  lines.push('\\end\\', '');
  return lines.join('\n');
}
