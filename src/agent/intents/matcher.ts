/**
 * Matches one compiled template against a tagged sentence. Backtracking over the template
 * tree; slots consume spans found by tagging; skip words ("the", "please") may be passed over
 * anywhere at a small cost. Every complete parse is reported with its cost figures so the
 * engine can prefer the most literal reading.
 */
import type { Node } from './grammar.js';

export interface Span {
  end: number;
  list: string;
  value: unknown;
}

export interface Capture {
  slot: string;
  list: string;
  value: unknown;
  start: number;
  end: number;
}

export interface Parse {
  captures: Capture[];
  skipped: number;
  wild: number;
}

export interface Tagged {
  tokens: string[];
  /** spans[i] = list phrases starting at token i */
  spans: Span[][];
  skip: boolean[];
}

/** Upper bound on explored states per template, so a pathological sentence stays cheap. */
const STEP_LIMIT = 20_000;
const PARSE_LIMIT = 64;

export function matchTemplate(root: Node, s: Tagged, onParse: (p: Parse) => void): void {
  const n = s.tokens.length;
  const caps: Capture[] = [];
  let skipped = 0;
  let wild = 0;
  let steps = 0;
  let parses = 0;

  const withSkip = (pos: number, k: (pos: number) => void, f: (pos: number) => void): void => {
    f(pos);
    if (pos < n && s.skip[pos]) {
      skipped++;
      withSkip(pos + 1, k, f);
      skipped--;
    }
  };

  const m = (node: Node, pos: number, k: (pos: number) => void): void => {
    if (++steps > STEP_LIMIT || parses >= PARSE_LIMIT) return;
    switch (node.t) {
      case 'word':
        withSkip(pos, k, (p) => {
          if (s.tokens[p] === node.w) k(p + 1);
        });
        return;
      case 'slot':
        if (node.list.startsWith('#')) {
          caps.push({ slot: node.slot, list: node.list, value: true, start: pos, end: pos });
          k(pos);
          caps.pop();
          return;
        }
        withSkip(pos, k, (p) => {
          const here = s.spans[p];
          if (!here) return;
          for (const sp of here) {
            if (sp.list !== node.list) continue;
            caps.push({ slot: node.slot, list: node.list, value: sp.value, start: p, end: sp.end });
            k(sp.end);
            caps.pop();
          }
        });
        return;
      case 'seq': {
        const items = node.items;
        const step = (i: number, p: number): void => {
          if (i === items.length) k(p);
          else m(items[i]!, p, (q) => step(i + 1, q));
        };
        step(0, pos);
        return;
      }
      case 'alt':
        for (const o of node.options) m(o, pos, k);
        return;
      case 'opt':
        k(pos);
        m(node.item, pos, k);
        return;
      case 'any':
        for (let len = 1; len <= 6 && pos + len <= n; len++) {
          wild += len;
          k(pos + len);
          wild -= len;
        }
        return;
    }
  };

  m(root, 0, (end) => {
    let p = end;
    let extra = 0;
    while (p < n && s.skip[p]) {
      p++;
      extra++;
    }
    if (p !== n) return;
    parses++;
    onParse({ captures: caps.slice(), skipped: skipped + extra, wild });
  });
}
