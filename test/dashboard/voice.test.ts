import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_DIR } from '../../src/agent/voice/pocketsphinx.js';
import { synthesize } from '../../src/agent/voice/test-audio.js';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';
import { buildDashboard, hasChromium, launchChromium } from './browser.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * The chat panel's microphone, end to end: Chromium plays synthesized speech as its microphone,
 * the page records it (Web Audio → 16 kHz WAV), posts it to /api/ai/voice, pocketsphinx
 * transcribes it, the Home agent acts on the demo home, and the page shows what it heard and did.
 */
const haveSphinx = existsSync('/usr/bin/pocketsphinx_batch') && existsSync(`${DEFAULT_MODEL_DIR}/en-us/mdef`);
const haveFlite = existsSync('/usr/bin/flite');
const missing = [
  !hasChromium && 'chromium',
  !haveSphinx && 'pocketsphinx pocketsphinx-en-us',
  !haveFlite && 'flite',
].filter(Boolean);
if (missing.length)
  console.warn(`dashboard microphone test skipped: install ${missing.join(', ')} (apt-get) to run it`);

const SPEECH_START_S = 0.5;

/** Pads a 16-bit mono WAV with silence: Chromium loops the file, so the command must be said once in the recording. */
function padWav(wav: Buffer, before: number, after: number): { wav: Buffer; speechSeconds: number } {
  const rate = wav.readUInt32LE(24);
  let at = 12;
  while (at < wav.length - 8 && wav.toString('ascii', at, at + 4) !== 'data')
    at += 8 + wav.readUInt32LE(at + 4);
  const pcm = wav.subarray(at + 8, at + 8 + wav.readUInt32LE(at + 4));
  const silence = (s: number) => Buffer.alloc(Math.round(s * rate) * 2);
  const data = Buffer.concat([silence(before), pcm, silence(after)]);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVE', 8);
  head.write('fmt ', 12);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return { wav: Buffer.concat([head, data]), speechSeconds: pcm.length / 2 / rate };
}

describe.skipIf(missing.length > 0)('the microphone button in the chat panel', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let speechSeconds = 0;
  let removeBuild = () => {};
  const dir = mkdtempSync(join(tmpdir(), 'hearth-mic-'));
  const state = async (id: string) =>
    (await t.api('GET', `/api/home/entities/${id}`, { token })).body.state as unknown;

  beforeAll(async () => {
    const spoken = padWav(await synthesize('turn on the kitchen light', 'flite:kal16'), SPEECH_START_S, 20);
    speechSeconds = spoken.speechSeconds;
    const file = join(dir, 'microphone.wav');
    writeFileSync(file, spoken.wav);
    const build = await buildDashboard();
    removeBuild = build.remove;
    t = await startTestApp({ webDir: build.dir });
    token = (await withUsers(t)).adminToken;
    browser = await launchChromium({ fakeMicrophone: file });
    const ctx = await browser.newContext();
    await ctx.addInitScript(`sessionStorage.setItem('hearth.session', ${JSON.stringify(token)})`);
    // Playwright does not expose Blob request bodies: keep a copy of what the page posts.
    await ctx.addInitScript(`{
      const send = window.fetch;
      window.fetch = async (url, init) => {
        if (String(url).endsWith('/api/ai/voice') && init && init.body instanceof Blob) window.sentVoice = Array.from(new Uint8Array(await init.body.arrayBuffer()));
        return send(url, init);
      };
    }`);
    page = await ctx.newPage();
  }, 120_000);
  afterAll(async () => {
    await orUnset(browser)?.close();
    await orUnset(t)?.stop();
    removeBuild();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records a spoken command, shows the transcript and the reply, and the demo light turns on', async () => {
    expect(await state('light.kitchen')).toBe('off');
    await page.goto(`${t.url}/#chat`);
    await page.getByRole('button', { name: 'Speak a command' }).click();
    const stop = page.getByRole('button', { name: 'Stop recording and send' });
    await stop.waitFor();
    // The fake microphone starts its file when the page opens it: let the whole sentence play once.
    await page.waitForTimeout((SPEECH_START_S + speechSeconds + 1) * 1000);
    await stop.click();

    await page
      .locator('.chat-log li.me', { hasText: '🎤 turn on the kitchen light' })
      .waitFor({ timeout: 15_000 });
    const reply = page.locator('.chat-log li.agent');
    await reply.waitFor();
    expect((await reply.locator('p').textContent())?.trim()).not.toBe('');
    expect(await reply.locator('.chat-actions').textContent()).toContain('light.kitchen · on');
    await expect.poll(() => state('light.kitchen')).toBe('on');

    // What the page sent: a 16 kHz mono 16-bit PCM WAV holding the whole sentence.
    const wav = Buffer.from(await page.evaluate<number[]>('window.sentVoice'));
    expect(wav.toString('ascii', 0, 4) + wav.toString('ascii', 8, 12)).toBe('RIFFWAVE');
    expect({
      format: wav.readUInt16LE(20),
      channels: wav.readUInt16LE(22),
      rate: wav.readUInt32LE(24),
      bits: wav.readUInt16LE(34),
    }).toEqual({ format: 1, channels: 1, rate: 16000, bits: 16 });
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    expect((wav.length - 44) / 2 / 16000).toBeGreaterThan(speechSeconds);
  });
});
