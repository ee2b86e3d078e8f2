/**
 * All templates compiled into one token automaton (Thompson construction). Running it over a
 * tagged sentence touches only the states still alive, so it tells in one pass which
 * templates can match at all; only those are then parsed in detail (matcher.ts). Captures are
 * ignored here, which makes this a fast, exact "can it match" filter.
 */
import type { Node } from './grammar.js';
import type { Tagged } from './matcher.js';

type Edge =
  { k: 'word'; w: string; to: number } | { k: 'slot'; list: string; to: number } | { k: 'any'; to: number };

export class TemplateAutomaton {
  private readonly eps: number[][] = [];
  private readonly edges: (Edge | undefined)[] = [];
  /** final state → template indexes */
  private readonly finals = new Map<number, number[]>();
  private readonly start: number;
  private readonly starts: number[] = [];
  private closures: Int32Array[] = [];
  private marks = new Uint32Array(0);
  private generation = 0;

  constructor(roots: Node[]) {
    this.start = this.newState();
    roots.forEach((root, i) => {
      const s = this.newState();
      this.eps[this.start]!.push(s);
      this.starts.push(s);
      const end = this.build(root, s);
      const list = this.finals.get(end) ?? [];
      list.push(i);
      this.finals.set(end, list);
    });
    this.closures = this.eps.map((_, st) => {
      const seen = new Set<number>([st]);
      const stack = [st];
      while (stack.length)
        for (const e of this.eps[stack.pop()!]!)
          if (!seen.has(e)) {
            seen.add(e);
            stack.push(e);
          }
      // only states that consume or end a template matter during simulation
      return Int32Array.from([...seen].filter((x) => this.edges[x] !== undefined || this.finals.has(x)));
    });
  }

  get size(): number {
    return this.eps.length;
  }

  private newState(): number {
    this.eps.push([]);
    this.edges.push(undefined);
    return this.eps.length - 1;
  }

  private edge(from: number, e: Edge): void {
    // one consuming edge per state keeps the simulation simple: chain through a fresh state
    if (this.edges[from]) {
      const mid = this.newState();
      this.eps[from]!.push(mid);
      this.edges[mid] = e;
    } else this.edges[from] = e;
  }

  private build(node: Node, from: number): number {
    switch (node.t) {
      case 'word': {
        const to = this.newState();
        this.edge(from, { k: 'word', w: node.w, to });
        return to;
      }
      case 'slot': {
        const to = this.newState();
        if (node.list.startsWith('#')) this.eps[from]!.push(to);
        else this.edge(from, { k: 'slot', list: node.list, to });
        return to;
      }
      case 'any': {
        const to = this.newState();
        this.edge(from, { k: 'any', to });
        const loop = this.newState();
        this.eps[to]!.push(loop);
        this.edge(loop, { k: 'any', to });
        return to;
      }
      case 'seq': {
        let cur = from;
        for (const it of node.items) cur = this.build(it, cur);
        return cur;
      }
      case 'alt': {
        const to = this.newState();
        for (const o of node.options) this.eps[this.build(o, from)]!.push(to);
        return to;
      }
      case 'opt': {
        const to = this.newState();
        this.eps[from]!.push(to);
        this.eps[this.build(node.item, from)]!.push(to);
        return to;
      }
    }
  }

  /** Indexes of the templates (among `candidates`) that can match the whole sentence. */
  run(s: Tagged, candidates: number[]): Set<number> {
    const n = s.tokens.length;
    const S = this.eps.length;
    if (this.marks.length < S * (n + 1)) this.marks = new Uint32Array(S * (n + 1));
    if (++this.generation === 0xffffffff) {
      this.marks.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const marks = this.marks;
    const reach: number[][] = Array.from({ length: n + 1 }, () => []);
    const add = (p: number, from: number) => {
      const base = p * S;
      const list = reach[p]!;
      for (const st of this.closures[from]!) {
        if (marks[base + st] === gen) continue;
        marks[base + st] = gen;
        list.push(st);
      }
    };
    for (const c of candidates) add(0, this.starts[c]!);
    for (let p = 0; p < n; p++) {
      const list = reach[p]!;
      for (const st of list) {
        if (s.skip[p]) add(p + 1, st);
        const e = this.edges[st];
        if (!e) continue;
        if (e.k === 'word') {
          if (s.tokens[p] === e.w) add(p + 1, e.to);
        } else if (e.k === 'any') add(p + 1, e.to);
        else for (const sp of s.spans[p]!) if (sp.list === e.list) add(sp.end, e.to);
      }
    }
    const out = new Set<number>();
    for (const st of reach[n]!) for (const t of this.finals.get(st) ?? []) out.add(t);
    return out;
  }
}
