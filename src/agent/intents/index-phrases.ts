/**
 * Phrase index: a token trie over every list phrase (static lists and the registry's names,
 * aliases, areas and floors). Tagging a sentence walks the trie once from each position, so
 * the cost grows with the sentence, not with the number of entities.
 */
import { tokenize } from './normalize.js';
import type { IntentArea, IntentEntity, IntentFloor, IntentRegistry } from './registry.js';

export interface NameValue {
  kind: 'name';
  /** The phrase as heard (normalised). */
  phrase: string;
  entities: IntentEntity[];
  partial: boolean;
}
export interface AreaValue {
  kind: 'area';
  area: IntentArea;
}
export interface FloorValue {
  kind: 'floor';
  floor: IntentFloor;
}

export interface Entry {
  list: string;
  value: unknown;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  entries: Entry[];
}

const newNode = (): TrieNode => ({ next: new Map(), entries: [] });

export class PhraseTrie {
  readonly root = newNode();

  add(tokens: string[], entry: Entry): void {
    if (tokens.length === 0) return;
    let node = this.root;
    for (const t of tokens) {
      let n = node.next.get(t);
      if (!n) node.next.set(t, (n = newNode()));
      node = n;
    }
    node.entries.push(entry);
  }

  /** Calls `hit(end, entry)` for every phrase that starts at `start`. */
  walk(tokens: string[], start: number, hit: (end: number, entry: Entry) => void): void {
    let node: TrieNode | undefined = this.root;
    for (let i = start; i < tokens.length && node; i++) {
      node = node.next.get(tokens[i]!);
      if (node) for (const e of node.entries) hit(i + 1, e);
    }
  }
}

/** One place a word occurs in an entity's name or alias: the name's tokens and the position. */
interface Occurrence {
  entity: IntentEntity;
  tokens: string[];
  at: number;
}

/**
 * Names, aliases, areas and floors of one registry snapshot, ready for tagging.
 *
 * Building is linear in the home's size and in each name's length: every name token is
 * visited a constant number of times. Partial names ("desk" of "desk lamp") are not
 * enumerated up front (every sub-phrase of every name is cubic in a name's length, so one
 * 16 KB name from a device stalled the event loop for minutes); they are found at tagging
 * time by walking the occurrences of the sentence's word (`walkPartial`).
 */
export class RegistryIndex {
  readonly trie = new PhraseTrie();
  readonly vocabulary = new Set<string>();
  readonly areaById = new Map<string, IntentArea>();
  readonly floorById = new Map<string, IntentFloor>();
  /** Entities whose name or alias contains a word ("lamp" → desk lamp, floor lamp). */
  readonly byWord = new Map<string, IntentEntity[]>();
  private readonly occurrences = new Map<string, Occurrence[]>();
  /** Whole names and aliases (a part equal to one is not partial) and area/floor names. */
  private readonly wholeNames = new Set<string>();
  private readonly placeNames = new Set<string>();
  /** The words of area names ("room" of "Living Room"). */
  private readonly placeWords = new Set<string>();

  constructor(readonly registry: IntentRegistry) {
    for (const f of registry.floors) {
      this.floorById.set(f.id, f);
      for (const n of [f.name, ...(f.aliases ?? [])]) {
        this.addPhrase(n, { list: 'floor', value: { kind: 'floor', floor: f } satisfies FloorValue });
        this.placeNames.add(tokenize(n).join(' '));
      }
    }
    for (const a of registry.areas) {
      this.areaById.set(a.id, a);
      for (const n of [a.name, ...(a.aliases ?? [])]) {
        this.addPhrase(n, { list: 'area', value: { kind: 'area', area: a } satisfies AreaValue });
        this.placeNames.add(tokenize(n).join(' '));
        for (const w of tokenize(n)) this.placeWords.add(w);
      }
    }
    // "close the curtains in our room": with one bedroom, "our room" and "my room" are it (with
    // several, whose room is not known — none of them)
    const bedrooms = registry.areas.filter((a) => /\bbed ?room\b/i.test(a.name));
    if (bedrooms.length === 1)
      for (const n of ['my room', 'our room', 'my bedroom', 'our bedroom'])
        if (!this.placeNames.has(n)) {
          this.addPhrase(n, {
            list: 'area',
            value: { kind: 'area', area: bedrooms[0]! } satisfies AreaValue,
          });
          this.placeNames.add(n);
        }

    const byPhrase = new Map<string, IntentEntity[]>();
    for (const e of registry.entities) {
      for (const n of new Set([e.name, ...(e.aliases ?? [])])) {
        const toks = tokenize(n);
        if (toks.length === 0) continue;
        const key = toks.join(' ');
        toks.forEach((t, at) => {
          // entities are visited in order, so "already listed" is a look at the last element
          let w = this.byWord.get(t);
          if (!w) this.byWord.set(t, (w = []));
          if (w[w.length - 1] !== e) w.push(e);
          let o = this.occurrences.get(t);
          if (!o) this.occurrences.set(t, (o = []));
          o.push({ entity: e, tokens: toks, at });
        });
        let list = byPhrase.get(key);
        if (!list) byPhrase.set(key, (list = []));
        if (list[list.length - 1] !== e) list.push(e);
      }
    }
    for (const [key, entities] of byPhrase) {
      this.wholeNames.add(key);
      this.addPhrase(key, {
        list: 'name',
        value: { kind: 'name', phrase: key, entities, partial: false } satisfies NameValue,
      });
    }
  }

  /**
   * Calls `hit(end, entry)` for every contiguous part of a name or alias that starts at
   * `start` and is not itself a whole name, a place name or a number ("desk" of "desk lamp").
   * Cost: the occurrences of the first word times the length of the match.
   */
  walkPartial(tokens: string[], start: number, hit: (end: number, entry: Entry) => void): void {
    const occ = this.occurrences.get(tokens[start]!);
    if (!occ) return;
    const byEnd = new Map<number, Set<IntentEntity>>();
    for (const o of occ) {
      for (let k = 0; start + k < tokens.length && o.at + k < o.tokens.length; k++) {
        if (tokens[start + k] !== o.tokens[o.at + k]) break;
        if (o.at === 0 && k + 1 === o.tokens.length) continue; // the whole name: exact, not partial
        let set = byEnd.get(start + k + 1);
        if (!set) byEnd.set(start + k + 1, (set = new Set()));
        set.add(o.entity);
      }
    }
    for (const [end, set] of byEnd) {
      const phrase = tokens.slice(start, end).join(' ');
      if (this.wholeNames.has(phrase) || this.placeNames.has(phrase)) continue;
      // a word of a place's name alone ("room" of "Living Room") names no device: "I am
      // leaving the room" is no "Living Room Blinds"
      if (end - start === 1 && this.placeWords.has(phrase)) continue;
      if (/^\d+(\.\d+)?$/.test(phrase) || phrase.length < 2) continue;
      hit(end, {
        list: 'name',
        value: { kind: 'name', phrase, entities: [...set], partial: true } satisfies NameValue,
      });
    }
  }

  private addPhrase(text: string, entry: Entry): void {
    const toks = tokenize(text);
    for (const t of toks) this.vocabulary.add(t);
    this.trie.add(toks, entry);
  }
}
