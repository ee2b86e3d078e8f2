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
export interface AreaValue { kind: 'area'; area: IntentArea }
export interface FloorValue { kind: 'floor'; floor: IntentFloor }

export interface Entry { list: string; value: unknown }

interface TrieNode { next: Map<string, TrieNode>; entries: Entry[] }

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

/** Names, aliases, areas and floors of one registry snapshot, ready for tagging. */
export class RegistryIndex {
  readonly trie = new PhraseTrie();
  /** Contiguous parts of names ("desk" of "desk lamp"), used only when nothing matched exactly. */
  readonly partial = new PhraseTrie();
  readonly vocabulary = new Set<string>();
  readonly areaById = new Map<string, IntentArea>();
  readonly floorById = new Map<string, IntentFloor>();
  /** Entities whose name or alias contains a word ("lamp" → desk lamp, floor lamp). */
  readonly byWord = new Map<string, IntentEntity[]>();

  constructor(readonly registry: IntentRegistry) {
    for (const f of registry.floors) {
      this.floorById.set(f.id, f);
      for (const n of [f.name, ...(f.aliases ?? [])]) this.addPhrase(n, { list: 'floor', value: { kind: 'floor', floor: f } satisfies FloorValue });
    }
    const placeNames = new Set<string>();
    for (const a of registry.areas) {
      this.areaById.set(a.id, a);
      for (const n of [a.name, ...(a.aliases ?? [])]) {
        this.addPhrase(n, { list: 'area', value: { kind: 'area', area: a } satisfies AreaValue });
        placeNames.add(tokenize(n).join(' '));
      }
    }
    for (const f of registry.floors) for (const n of [f.name, ...(f.aliases ?? [])]) placeNames.add(tokenize(n).join(' '));

    const byPhrase = new Map<string, IntentEntity[]>();
    const partialByPhrase = new Map<string, Set<IntentEntity>>();
    for (const e of registry.entities) {
      for (const n of new Set([e.name, ...(e.aliases ?? [])])) {
        const toks = tokenize(n);
        if (toks.length === 0) continue;
        const key = toks.join(' ');
        for (const t of toks) {
          let w = this.byWord.get(t);
          if (!w) this.byWord.set(t, (w = []));
          if (!w.includes(e)) w.push(e);
        }
        let list = byPhrase.get(key);
        if (!list) byPhrase.set(key, (list = []));
        if (!list.includes(e)) list.push(e);
        for (let i = 0; i < toks.length; i++) {
          for (let j = i + 1; j <= toks.length; j++) {
            if (i === 0 && j === toks.length) continue;
            const part = toks.slice(i, j).join(' ');
            if (placeNames.has(part) || /^\d+(\.\d+)?$/.test(part) || part.length < 2) continue;
            let set = partialByPhrase.get(part);
            if (!set) partialByPhrase.set(part, (set = new Set()));
            set.add(e);
          }
        }
      }
    }
    for (const [key, entities] of byPhrase) {
      this.addPhrase(key, { list: 'name', value: { kind: 'name', phrase: key, entities, partial: false } satisfies NameValue });
    }
    for (const [key, entities] of partialByPhrase) {
      if (byPhrase.has(key)) continue;
      this.partial.add(key.split(' '), { list: 'name', value: { kind: 'name', phrase: key, entities: [...entities], partial: true } satisfies NameValue });
    }
  }

  private addPhrase(text: string, entry: Entry): void {
    const toks = tokenize(text);
    for (const t of toks) this.vocabulary.add(t);
    this.trie.add(toks, entry);
  }
}
