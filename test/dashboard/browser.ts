import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it). */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the dashboard with the real Vite config into a fresh temp dir (tests never depend on a stale dist/web). */
export async function buildDashboard(): Promise<{ dir: string; remove: () => void }> {
  const { build } = await import('vite');
  const dir = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  await build({
    configFile: join(root, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface LaunchOptions {
  /** A WAV file Chromium plays as the microphone (getUserMedia is granted without asking). */
  fakeMicrophone?: string;
}

export async function launchChromium(opts: LaunchOptions = {}): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const mic = opts.fakeMicrophone
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${opts.fakeMicrophone}`,
      ]
    : [];
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...mic,
    ],
  });
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

/** Logs `username` in through the login form and waits for the home's rooms. */
export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(baseUrl + '/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.locator('.room').first().waitFor();
}
