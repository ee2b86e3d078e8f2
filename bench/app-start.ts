/**
 * How long the service takes to start and stop in-process, as the tests start it (the demo home,
 * the embedded broker, SQLite in a temp dir). The first start also loads the modules; the later
 * ones are what each further app in a test file costs. Usage: `npx tsx bench/app-start.ts [starts]`
 */
import { startTestApp } from '../src/test-support/harness.js';

const starts = Number(process.argv[2] ?? 8);
const ms: number[] = [];
for (let i = 0; i < starts; i++) {
  const t0 = performance.now();
  const t = await startTestApp();
  const started = performance.now() - t0;
  await t.stop();
  ms.push(started);
  console.log(
    `start ${String(i + 1).padStart(2)}: ${started.toFixed(0)} ms (stop ${(performance.now() - t0 - started).toFixed(0)} ms)`,
  );
}
const later = ms.slice(1).sort((a, b) => a - b);
console.log(`first ${ms[0]!.toFixed(0)} ms; later starts median ${later[later.length >> 1]!.toFixed(0)} ms`);
