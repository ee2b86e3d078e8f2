/**
 * The sentence template language (a small cousin of Home Assistant's hassil syntax):
 *
 *   words           literal words, normalised like the input ("turn on")
 *   (a|b c|d)       alternatives
 *   [x]             optional part ([a|b] = optional alternatives)
 *   {list}          a slot filled from a list; the list name is the slot name
 *   {list:slot}     a slot filled from `list` but stored under `slot`
 *   <rule>          an expansion rule, defined once and inlined at compile time
 *   ...             one to five arbitrary words (used sparingly, scored down)
 *
 * Templates are compiled once into a tree; the matcher walks the tree against the tagged
 * tokens of a sentence, never against expanded strings.
 */
import { tokenize } from './normalize.js';

export type Node =
  | { t: 'word'; w: string }
  | { t: 'slot'; list: string; slot: string }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'opt'; item: Node }
  | { t: 'any' };

export class TemplateError extends Error {}

export function parseTemplate(text: string, rules: Record<string, Node>): Node {
  let i = 0;
  const src = text;

  function parseAlt(close: string | undefined): Node {
    const options: Node[] = [parseSeq(close)];
    while (src[i] === '|') {
      i++;
      options.push(parseSeq(close));
    }
    if (close !== undefined) {
      if (src[i] !== close) throw new TemplateError(`expected '${close}' at ${i} in "${src}"`);
      i++;
    }
    return options.length === 1 ? options[0]! : { t: 'alt', options };
  }

  function parseSeq(close: string | undefined): Node {
    const items: Node[] = [];
    let words = '';
    const flush = () => {
      if (words.trim()) for (const w of tokenize(words)) items.push({ t: 'word', w });
      words = '';
    };
    while (i < src.length) {
      const c = src[i]!;
      if (c === '|' || c === ')' || c === ']') {
        if (close === undefined) throw new TemplateError(`unbalanced '${c}' at ${i} in "${src}"`);
        break;
      }
      if (c === '(') {
        flush();
        i++;
        items.push(parseAlt(')'));
      } else if (c === '[') {
        flush();
        i++;
        items.push({ t: 'opt', item: parseAlt(']') });
      } else if (c === '{') {
        flush();
        const end = src.indexOf('}', i);
        if (end < 0) throw new TemplateError(`unclosed '{' in "${src}"`);
        const [list, slot] = src.slice(i + 1, end).split(':');
        items.push({ t: 'slot', list: list!.trim(), slot: (slot ?? list!).trim() });
        i = end + 1;
      } else if (c === '<') {
        flush();
        const end = src.indexOf('>', i);
        if (end < 0) throw new TemplateError(`unclosed '<' in "${src}"`);
        const name = src.slice(i + 1, end).trim();
        const rule = rules[name];
        if (!rule) throw new TemplateError(`unknown rule <${name}> in "${src}"`);
        items.push(rule);
        i = end + 1;
      } else if (src.startsWith('...', i)) {
        flush();
        items.push({ t: 'any' });
        i += 3;
      } else {
        words += c;
        i++;
      }
    }
    flush();
    return items.length === 1 ? items[0]! : { t: 'seq', items };
  }

  const node = parseAlt(undefined);
  if (i !== src.length) throw new TemplateError(`trailing text at ${i} in "${src}"`);
  return node;
}

/** Compiles a rule table in order; a rule may use rules defined before it. */
export function compileRules(defs: Record<string, string>): Record<string, Node> {
  const rules: Record<string, Node> = {};
  for (const [name, text] of Object.entries(defs)) rules[name] = parseTemplate(text, rules);
  return rules;
}

/** Words present in every expansion: a sentence lacking one of them cannot match. */
export function requiredWords(node: Node): Set<string> {
  switch (node.t) {
    case 'word':
      return new Set([node.w]);
    case 'slot':
    case 'opt':
    case 'any':
      return new Set();
    case 'seq': {
      const out = new Set<string>();
      for (const it of node.items) for (const w of requiredWords(it)) out.add(w);
      return out;
    }
    case 'alt': {
      let acc: Set<string> | undefined;
      for (const o of node.options) {
        const r = requiredWords(o);
        acc = acc ? new Set([...acc].filter((w) => r.has(w))) : r;
      }
      return acc ?? new Set();
    }
  }
}

/** Every literal word a template can use (the vocabulary for spelling correction). */
export function literalWords(node: Node, out: Set<string>): void {
  switch (node.t) {
    case 'word':
      out.add(node.w);
      break;
    case 'seq':
      node.items.forEach((n) => literalWords(n, out));
      break;
    case 'alt':
      node.options.forEach((n) => literalWords(n, out));
      break;
    case 'opt':
      literalWords(node.item, out);
      break;
    default:
      break;
  }
}

/** All expansions with slots shown as `{slot}` (tests and the voice grammar); capped. */
export function expand(node: Node, limit = 10_000): string[][] {
  const go = (n: Node): string[][] => {
    switch (n.t) {
      case 'word':
        return [[n.w]];
      case 'slot':
        return [[`{${n.slot}}`]];
      case 'any':
        return [['...']];
      case 'opt':
        return [[], ...go(n.item)];
      case 'alt':
        return n.options.flatMap(go).slice(0, limit);
      case 'seq': {
        let acc: string[][] = [[]];
        for (const it of n.items) {
          const next: string[][] = [];
          for (const a of acc)
            for (const b of go(it)) {
              if (next.length >= limit) break;
              next.push([...a, ...b]);
            }
          acc = next;
        }
        return acc;
      }
    }
  };
  return go(node);
}
