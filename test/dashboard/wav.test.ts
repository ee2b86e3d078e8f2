import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { transformWithEsbuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './browser.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * The dashboard's recorder (web/src/wav.ts) in Chromium's own Web Audio: it must hand the voice
 * endpoint 16 kHz audio where speech-band tones survive and ultrasonic-to-8 kHz hiss does not
 * fold back into the speech band.
 */
describe.skipIf(!hasChromium)("the dashboard recorder's resampling and WAV encoding", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const source = readFileSync(fileURLToPath(new URL('../../web/src/wav.ts', import.meta.url)), 'utf8');
    const { code } = await transformWithEsbuild(source, 'wav.ts', { format: 'esm', target: 'es2022' });
    browser = await launchChromium();
    page = await browser.newPage();
    await page.setContent('<!doctype html><title>wav</title>');
    await page.addScriptTag({ type: 'module', content: `${code}\nwindow.wav = { resample, encodeWav };` });
    await page.waitForFunction('window.wav');
  });
  afterAll(async () => {
    await orUnset(browser)?.close();
  });

  /** RMS of a `hz` sine at 48 kHz, resampled to 16 kHz by the recorder. */
  const through = (hz: number) =>
    page.evaluate<number>(`(async () => {
    const input = new Float32Array(48000);
    for (let i = 0; i < input.length; i++) input[i] = 0.5 * Math.sin(2 * Math.PI * ${hz} * i / 48000);
    const out = await window.wav.resample([input.subarray(0, 20000), input.subarray(20000)], 48000, 16000);
    if (out.length !== 16000) throw new Error('length ' + out.length);
    const tail = out.subarray(1600);
    return Math.sqrt(tail.reduce((s, x) => s + x * x, 0) / tail.length);
  })()`);

  it('keeps a 1 kHz tone and stops a 12 kHz one from aliasing into the speech band', async () => {
    const sine = 0.5 / Math.SQRT2;
    expect(await through(1000)).toBeGreaterThan(sine * 0.9);
    expect(await through(12000)).toBeLessThan(sine * 0.05);
  });

  it('encodes 16-bit mono PCM WAV with a consistent header, clipping out-of-range samples', async () => {
    const bytes = await page.evaluate<number[]>(`(async () => {
      const blob = window.wav.encodeWav(new Float32Array([0, 0.5, -0.5, 2, -2]), 16000);
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    })()`);
    const wav = Buffer.from(bytes);
    expect(wav.toString('ascii', 0, 4) + wav.toString('ascii', 8, 16)).toBe('RIFFWAVEfmt ');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect({
      format: wav.readUInt16LE(20),
      channels: wav.readUInt16LE(22),
      rate: wav.readUInt32LE(24),
      bytesPerSecond: wav.readUInt32LE(28),
      bits: wav.readUInt16LE(34),
    }).toEqual({ format: 1, channels: 1, rate: 16000, bytesPerSecond: 32000, bits: 16 });
    expect(wav.readUInt32LE(40)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([
      0, 16383, -16383, 32767, -32767,
    ]);
  });
});
