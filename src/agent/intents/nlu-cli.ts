/**
 * `npm run --silent nlu -- --fixtures <file.json> [--fixtures <more.json>]`
 *
 * Reads JSON lines {"id","text","context"?:{"area"}} on stdin and writes one line per input
 * {"id","text","intent","slots"} (plus "ask" when a name is ambiguous) to stdout, using the
 * same engine as the service with the fixtures as the registry. Errors go to stderr.
 */
import { createInterface } from 'node:readline';
import { IntentEngine } from './engine.js';
import { registryFromFixtures } from './registry.js';

function parseArgs(argv: string[]): string[] {
  const fixtures: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--fixtures' && argv[i + 1]) fixtures.push(argv[++i]!);
    else if (a.startsWith('--fixtures=')) fixtures.push(a.slice('--fixtures='.length));
    else {
      process.stderr.write(`unknown argument: ${a}\nusage: nlu --fixtures <file.json> [--fixtures <more.json>] < input.jsonl\n`);
      process.exit(2);
    }
  }
  return fixtures;
}

async function main(): Promise<void> {
  const fixtures = parseArgs(process.argv.slice(2));
  const engine = new IntentEngine(registryFromFixtures(fixtures));
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of rl) {
    lineNo++;
    if (!line.trim()) continue;
    let input: { id?: unknown; text?: unknown; context?: { area?: unknown } };
    try {
      input = JSON.parse(line) as typeof input;
    } catch {
      process.stderr.write(`line ${lineNo}: invalid JSON\n`);
      continue;
    }
    const text = typeof input.text === 'string' ? input.text : '';
    const area = typeof input.context?.area === 'string' ? input.context.area : undefined;
    const r = engine.recognize(text, { area });
    const out: Record<string, unknown> = { id: input.id ?? null, text, intent: r.intent, slots: r.slots };
    if (r.ask) out['ask'] = r.ask;
    process.stdout.write(`${JSON.stringify(out)}\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`nlu: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
