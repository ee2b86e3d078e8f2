/**
 * The intent engine: normalises a sentence, tags list phrases (registry names, areas, floors,
 * numbers, colours, ...), matches the compiled templates and turns the best parse into a
 * Home Assistant style intent with slots. A second, fuzzy pass (spelling correction against
 * the known vocabulary, partial names) runs only when the exact pass finds nothing.
 */
import { compileRules, literalWords, parseTemplate, requiredWords, type Node } from './grammar.js';
import { PhraseTrie, RegistryIndex } from './index-phrases.js';
import { TemplateAutomaton } from './nfa.js';
import { matchTemplate, type Parse, type Span, type Tagged } from './matcher.js';
import { editDistance, isNumberToken, tokenize } from './normalize.js';
import type { IntentRegistry } from './registry.js';
import { finalizeParse, type Finalized } from './finalize.js';
import { CONTROL } from './templates/control.js';
import { LISTS, RULES, SKIP_PHRASES, SKIP_WORDS, type ListDef } from './templates/lists.js';
import { SETTINGS } from './templates/settings.js';
import { STATE } from './templates/state.js';
import type { IntentGroup } from './templates/types.js';

export const SKIP_TOKEN = '_';
/** Longest word that spelling correction considers (see rebuildVocabulary). */
const MAX_WORD = 24;

export interface IntentContext {
  /** Name of the area the request comes from (dashboard room, voice satellite). */
  area?: string | null;
}

export interface IntentCandidate {
  entity_id: string;
  name: string;
  area: string | null;
}

export interface IntentResult {
  intent: string | null;
  slots: Record<string, string | number>;
  /** Entities a `name` slot referred to (after domain/area filtering). */
  entity_ids: string[];
  /** Set when a name fits several different entities: ask which one. */
  ambiguous?: { phrase: string; candidates: IntentCandidate[] };
  /** The question to ask back when ambiguous. */
  ask?: string;
  /** True when spelling correction or a partial name was needed. */
  fuzzy: boolean;
  /** The template that matched (for explanations and debugging). */
  template?: string;
}

export interface CompiledTemplate {
  group: IntentGroup;
  text: string;
  node: Node;
  required: string[];
}

export const DEFAULT_GROUPS: IntentGroup[] = [...CONTROL, ...SETTINGS, ...STATE];

export class IntentEngine {
  readonly templates: CompiledTemplate[];
  private readonly staticTrie = new PhraseTrie();
  private readonly rangeLists: [string, ListDef][];
  private readonly skipWords: Set<string>;
  private readonly skipPhrases: string[][];
  private readonly templateVocabulary = new Set<string>();
  private readonly automaton: TemplateAutomaton;
  private index: RegistryIndex;
  private vocabulary = new Set<string>();
  private deletions = new Map<string, string[]>();

  constructor(registry: IntentRegistry, groups: IntentGroup[] = DEFAULT_GROUPS) {
    const rules = compileRules(RULES);
    this.templates = [];
    for (const group of groups) {
      for (const text of group.sentences) {
        const node = parseTemplate(text, rules);
        literalWords(node, this.templateVocabulary);
        this.templates.push({ group, text, node, required: [...requiredWords(node)] });
      }
    }
    for (const [list, def] of Object.entries(LISTS)) {
      for (const [phrase, value] of Object.entries(def.values ?? {})) {
        const toks = tokenize(phrase);
        toks.forEach((t) => this.templateVocabulary.add(t));
        this.staticTrie.add(toks, { list, value });
      }
    }
    this.rangeLists = Object.entries(LISTS).filter(([, d]) => d.range);
    this.skipWords = new Set([...SKIP_WORDS, SKIP_TOKEN]);
    this.skipPhrases = SKIP_PHRASES.map((p) => tokenize(p)).sort((a, b) => b.length - a.length);
    for (const w of SKIP_WORDS) this.templateVocabulary.add(w);
    for (const p of this.skipPhrases) p.forEach((t) => this.templateVocabulary.add(t));
    this.automaton = new TemplateAutomaton(this.templates.map((t) => t.node));
    this.index = new RegistryIndex(registry);
    this.rebuildVocabulary();
  }

  /** Swaps in a new registry snapshot (entities, areas or floors changed). */
  setRegistry(registry: IntentRegistry): void {
    this.index = new RegistryIndex(registry);
    this.rebuildVocabulary();
  }

  get registry(): IntentRegistry {
    return this.index.registry;
  }

  /** The names index of the current registry (the second stage reads it too). */
  get registryIndex(): RegistryIndex {
    return this.index;
  }

  /** Whether a word occurs in a template, a list or the registry. */
  knowsWord(word: string): boolean {
    return this.vocabulary.has(word);
  }

  recognize(text: string, context: IntentContext = {}, opts: { exactOnly?: boolean } = {}): IntentResult {
    const tokens = this.collapseSkipPhrases(tokenize(text));
    if (tokens.length === 0) return { intent: null, slots: {}, entity_ids: [], fuzzy: false };
    const exact = this.bestParse(this.tag(tokens, false), context);
    if (exact) return { ...exact, fuzzy: false };
    if (opts.exactOnly) return { intent: null, slots: {}, entity_ids: [], fuzzy: false };
    const corrected = tokens.flatMap((t) => this.correct(t));
    const fuzzy = this.bestParse(this.tag(corrected, true), context);
    if (fuzzy) return { ...fuzzy, fuzzy: true };
    return { intent: null, slots: {}, entity_ids: [], fuzzy: false };
  }

  private collapseSkipPhrases(tokens: string[]): string[] {
    const out: string[] = [];
    let i = 0;
    outer: while (i < tokens.length) {
      for (const p of this.skipPhrases) {
        if (p.length > 0 && p.every((t, k) => tokens[i + k] === t)) {
          out.push(SKIP_TOKEN);
          i += p.length;
          continue outer;
        }
      }
      out.push(tokens[i]!);
      i++;
    }
    return out;
  }

  private tag(tokens: string[], fuzzy: boolean): Tagged {
    const spans: Span[][] = tokens.map(() => []);
    for (let i = 0; i < tokens.length; i++) {
      const here = spans[i]!;
      const hit = (end: number, e: { list: string; value: unknown }) =>
        here.push({ end, list: e.list, value: e.value });
      this.staticTrie.walk(tokens, i, hit);
      this.index.trie.walk(tokens, i, hit);
      if (fuzzy) this.index.walkPartial(tokens, i, hit);
      const tok = tokens[i]!;
      if (isNumberToken(tok)) {
        const n = Number(tok);
        for (const [list, def] of this.rangeLists) {
          if (n >= def.range![0] && n <= def.range![1]) here.push({ end: i + 1, list, value: n });
        }
      }
    }
    return { tokens, spans, skip: tokens.map((t) => this.skipWords.has(t)) };
  }

  private bestParse(s: Tagged, context: IntentContext): Omit<IntentResult, 'fuzzy'> | undefined {
    const found: { t: CompiledTemplate; p: Parse; score: number }[] = [];
    const present = new Set(s.tokens);
    const candidates: number[] = [];
    this.templates.forEach((t, i) => {
      if (t.required.every((w) => present.has(w))) candidates.push(i);
    });
    for (const i of this.automaton.run(s, candidates)) {
      const t = this.templates[i]!;
      matchTemplate(t.node, s, (p) => found.push({ t, p, score: scoreParse(p) }));
    }
    found.sort((a, b) => b.score - a.score);
    for (const f of found) {
      const r: Finalized | undefined = finalizeParse(f.t.group, f.p, context, this.index);
      if (r) return { ...r, template: f.t.text };
    }
    return undefined;
  }

  private rebuildVocabulary(): void {
    this.vocabulary = new Set([...this.templateVocabulary, ...this.index.vocabulary]);
    this.deletions = new Map();
    for (const w of this.vocabulary) {
      // nobody says a word of more than MAX_WORD letters: such a "word" (a device's junk name)
      // is matched exactly but not spelling-corrected, which keeps this index linear
      if (w.length < 4 || w.length > MAX_WORD || isNumberToken(w)) continue;
      for (const d of deletes(w)) {
        let l = this.deletions.get(d);
        if (!l) this.deletions.set(d, (l = []));
        if (l[l.length - 1] !== w) l.push(w);
      }
    }
  }

  /** Spelling correction of an unknown word: the one known word one edit away (two for long words). */
  private correct(tok: string): string[] {
    if (
      tok.length < 4 ||
      tok.length > MAX_WORD ||
      this.vocabulary.has(tok) ||
      isNumberToken(tok) ||
      tok === SKIP_TOKEN
    )
      return [tok];
    const cands = new Set<string>();
    for (const d of [tok, ...deletes(tok)]) for (const w of this.deletions.get(d) ?? []) cands.add(w);
    const near = [...cands].filter((w) => editDistance(tok, w, 1) <= 1);
    if (near.length === 1) return [near[0]!];
    if (near.length > 1) return [tok];
    // words run together: "livingroom" → "living room"
    for (let i = 3; i <= tok.length - 3; i++) {
      const a = tok.slice(0, i);
      const b = tok.slice(i);
      if (this.vocabulary.has(a) && this.vocabulary.has(b)) return [a, b];
    }
    if (tok.length < 8) return [tok];
    const far = [...this.vocabulary].filter(
      (w) => Math.abs(w.length - tok.length) <= 2 && editDistance(tok, w, 2) <= 2,
    );
    return far.length === 1 ? [far[0]!] : [tok];
  }
}

function deletes(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) out.push(w.slice(0, i) + w.slice(i + 1));
  return out;
}

/**
 * Higher is better. Wildcards cost most, then skipped words, then the number of slots (one
 * long name beats an area plus a noun: "garage door", "outside temperature"); words covered
 * by names and lists break the remaining ties in favour of the more specific reading.
 */
function scoreParse(p: Parse): number {
  let spans = 0;
  let slotTokens = 0;
  let names = 0;
  for (const c of p.captures) {
    if (c.list.startsWith('#')) continue;
    spans++;
    slotTokens += c.end - c.start;
    if (c.list === 'name') names++;
  }
  return -1.0 * p.wild - 0.5 * p.skipped - 0.2 * spans + 0.05 * slotTokens + 0.25 * names;
}
