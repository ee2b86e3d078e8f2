import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export { CHROMIUM, hasChromium, launchChromium, type LaunchOptions } from './chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The dashboard built with the real Vite config, once per test run (never a stale dist/web): the
 * first file to ask builds it into the run's directory (`test/global-setup.ts`), files running
 * beside it wait for that build. `remove` is kept for the callers; the run's teardown deletes it.
 */
export async function buildDashboard(): Promise<{ dir: string; remove: () => void }> {
  const dir = join(inject('dashboardBuildDir'), 'web');
  const ready = () => existsSync(join(dir, 'index.html'));
  let mine = false;
  try {
    mkdirSync(`${dir}.lock`);
    mine = true;
  } catch {
    // Another file is building it.
  }
  if (mine) {
    const { build } = await import('vite');
    const staging = `${dir}.staging`;
    await build({
      configFile: join(root, 'web/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: staging, emptyOutDir: true },
    });
    renameSync(staging, dir);
  }
  const end = Date.now() + 120_000;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`the dashboard build in ${dir} did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { dir, remove: () => {} };
}

/**
 * Where screenshots go: docs/screenshots/ when HEARTH_SCREENSHOTS=1 (`npm run screenshots`),
 * else a temp dir, so an ordinary test run leaves the working tree untouched.
 */
export function screenshotDir(): string {
  const dir =
    process.env.HEARTH_SCREENSHOTS === '1'
      ? join(root, 'docs/screenshots')
      : join(tmpdir(), 'hearth-screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Logs `username` in through the login form and waits for the home's rooms and live updates. */
export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(baseUrl + '/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.locator('.room').first().waitFor();
  // Controls stay paused until live updates connect (a moment after the rooms show, longer
  // under load): a drag before that sends nothing.
  await page.locator('.live.on').waitFor();
}
