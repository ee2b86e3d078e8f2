/**
 * `npm run --silent nlu -- --fixtures <file.json> [--fixtures <more.json>]`
 *
 * Reads JSON lines {"id","text","context"?:{"area"},"history"?:[{"text"}]} on stdin and writes
 * one line per input {"id","text","intent","slots"} (plus "ask" when the agent would ask back)
 * to stdout, using the same understanding as the service (templates, second stage,
 * conversation, compound commands, times) with the fixtures as the registry. Earlier turns in
 * `history` are understood first in the same conversation, so "turn it off" can follow "turn
 * on the kitchen light". Errors go to stderr.
 */
import { createInterface } from 'node:readline';
import { Understanding } from '../understanding/understand.js';
import { IntentEngine } from './engine.js';
import { registryFromFixtures } from './registry.js';
import { nluLine } from './nlu-output.js';

function parseArgs(argv: string[]): string[] {
  const fixtures: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--fixtures' && argv[i + 1]) fixtures.push(argv[++i]!);
    else if (a.startsWith('--fixtures=')) fixtures.push(a.slice('--fixtures='.length));
    else {
      process.stderr.write(
        `unknown argument: ${a}\nusage: nlu --fixtures <file.json> [--fixtures <more.json>] < input.jsonl\n`,
      );
      process.exit(2);
    }
  }
  return fixtures;
}

async function main(): Promise<void> {
  const fixtures = parseArgs(process.argv.slice(2));
  const understanding = new Understanding(new IntentEngine(registryFromFixtures(fixtures)));
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of rl) {
    lineNo++;
    if (!line.trim()) continue;
    let input: { id?: unknown; text?: unknown; context?: { area?: unknown }; history?: unknown };
    try {
      input = JSON.parse(line) as typeof input;
    } catch {
      process.stderr.write(`line ${lineNo}: invalid JSON\n`);
      continue;
    }
    const text = typeof input.text === 'string' ? input.text : '';
    const area = typeof input.context?.area === 'string' ? input.context.area : null;
    const history = Array.isArray(input.history)
      ? input.history
          .map((h: unknown) => (typeof h === 'object' && h && 'text' in h ? String(h.text) : ''))
          .filter((t) => t.length > 0)
      : [];
    const out = nluLine(understanding, text, area, history);
    process.stdout.write(`${JSON.stringify({ id: input.id ?? null, text, ...out })}\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`nlu: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
