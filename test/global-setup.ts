import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's dashboard build goes (`test/dashboard/browser.ts` builds it on first use). */
    dashboardBuildDir: string;
  }
}

/** Once per test run: a directory for what the run's files share, removed at the end. */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-test-run-'));
  project.provide('dashboardBuildDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
