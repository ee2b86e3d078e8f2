import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/**
 * Headless Chromium for the dashboard's browser tests and benches. Apart from browser.ts (which
 * shares the dashboard build through vitest's run state), so a bench run by tsx can launch it.
 */

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it). */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

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
