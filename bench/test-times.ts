/**
 * A Vitest reporter: where the suite's time goes, per test file. Usage:
 *   npx vitest run --reporter=default --reporter=./bench/test-times.ts
 * Prints the sums (importing the files, hooks such as starting an app or a browser, the tests
 * themselves) and the 40 files that take longest, slowest first. Worker time, not wall time:
 * files run side by side (vitest.config.ts).
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface Row {
  file: string;
  importMs: number;
  runMs: number;
  testsMs: number;
}

export default class TestTimes implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]) {
    const rows: Row[] = modules.map((m) => {
      const diagnostic = m.diagnostic();
      let testsMs = 0;
      for (const test of m.children.allTests()) testsMs += test.diagnostic()?.duration ?? 0;
      return {
        file: relative(process.cwd(), m.moduleId),
        importMs: diagnostic.collectDuration,
        runMs: diagnostic.duration,
        testsMs,
      };
    });
    rows.sort((a, b) => b.importMs + b.runMs - (a.importMs + a.runMs));
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const sum = (f: (r: Row) => number) => rows.reduce((acc, r) => acc + f(r), 0);
    console.log(
      `\n${rows.length} files; worker time: import ${s(sum((r) => r.importMs))} s, hooks ${s(
        sum((r) => r.runMs - r.testsMs),
      )} s, tests ${s(sum((r) => r.testsMs))} s`,
    );
    console.log(`${'import'.padStart(6)} ${'hooks'.padStart(6)} ${'tests'.padStart(6)}  file (s)`);
    for (const r of rows.slice(0, 40))
      console.log(`${s(r.importMs)} ${s(r.runMs - r.testsMs)} ${s(r.testsMs)}  ${r.file}`);
  }
}
