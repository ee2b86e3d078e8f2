/**
 * Voice ablation: separates the effect of the cot–caught dictionary variants (per pass) from
 * the resampler's anti-aliasing filter and dither. Each pass of the engine depends only on its
 * own dictionary and the audio, so every pass is decoded once per (audio, dictionary) and the
 * engine's result (grammar text, accepted only when the agreement check passes) is combined
 * offline exactly as `PocketsphinxEngine.transcribe` does. Usage:
 *   npx tsx bench/voice-ablation.ts espeak:en-us espeak:en-us+f3 …
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreHomeAccess } from '../src/agent/home-adapter.js';
import { IntentEngine } from '../src/agent/intents/engine.js';
import { sameCommand } from '../src/agent/voice/index.js';
import { PocketsphinxEngine } from '../src/agent/voice/pocketsphinx.js';
import { synthesize } from '../src/agent/voice/test-audio.js';
import { parseWav, toSpeechPcm, writeWav, type ResampleOptions } from '../src/agent/voice/wav.js';
import { startTestApp } from '../src/test-support/harness.js';
import { COMMANDS, OUT_OF_GRAMMAR } from './voice.js';

const BEAMS = ['-beam', '1e-80', '-pbeam', '1e-80', '-wbeam', '1e-60'];
const MODES: [string, ResampleOptions][] = [
  ['main (average+linear, no dither)', { antiAlias: false, dither: false }],
  ['filter only', { antiAlias: true, dither: false }],
  ['dither only', { antiAlias: false, dither: true }],
  ['filter+dither', { antiAlias: true, dither: true }],
];
const DICTS = ['none', 'grammar', 'both'] as const;

async function main() {
  const voices = process.argv.slice(2);
  const workDir = mkdtempSync(join(tmpdir(), 'hearth-voice-ablation-'));
  const t = await startTestApp();
  const access = new CoreHomeAccess(t.app.ctx.home!, t.app.ctx.scenes!);
  const reg = access.registry();
  const intents = new IntentEngine(reg);
  const agree = (a: string, b: string) => sameCommand(intents, a, b);
  const mk = (v: 'none' | 'both', d: string) =>
    new PocketsphinxEngine({ workDir: join(workDir, d), registry: () => reg, agree, accentVariants: v });
  const plain = await mk('none', 'plain').grammar();
  const varied = await mk('both', 'varied').grammar();
  const raw = mk('none', 'plain') as unknown as { decode(a: string[]): Promise<{ text: string }> };
  const eng = { decode: async (a: string[]) => (await raw.decode(a)).text };
  const hmm = ['-hmm', '/usr/share/pocketsphinx/model/en-us/en-us', '-logfn', '/dev/null'];
  // score[voice][mode][dict] = {exact, rejected, wrong, oog accepted}
  const rows: string[] = [];
  for (const voice of voices) {
    const wavs: { text: string; inG: boolean; wav: Buffer }[] = [];
    for (const c of COMMANDS) wavs.push({ text: c, inG: true, wav: await synthesize(c, voice) });
    for (const c of OUT_OF_GRAMMAR) wavs.push({ text: c, inG: false, wav: await synthesize(c, voice) });
    for (const [mname, mopts] of MODES) {
      const res = await Promise.all(
        wavs.map(async (w, i) => {
          const file = join(workDir, `${voice.replace(/[^a-z0-9]/gi, '_')}-${i}.wav`);
          writeFileSync(file, writeWav(toSpeechPcm(parseWav(w.wav), mopts)));
          return file;
        }),
      );
      const out: { gP: string; gV: string; lP: string; lV: string }[] = [];
      // two at a time (2 cores)
      for (const file of res) {
        const base = ['-infile', file, ...hmm];
        const [gP, gV] = await Promise.all([
          eng.decode([...base, '-dict', plain.dict, '-jsgf', plain.gram, ...BEAMS]),
          eng.decode([...base, '-dict', varied.dict, '-jsgf', varied.gram, ...BEAMS]),
        ]);
        const [lP, lV] = await Promise.all([
          eng.decode([...base, '-dict', plain.dict, '-lm', plain.lm]),
          eng.decode([...base, '-dict', varied.dict, '-lm', varied.lm]),
        ]);
        out.push({ gP, gV, lP, lV });
      }
      for (const d of DICTS) {
        let exact = 0;
        let rejected = 0;
        let gramExact = 0;
        const wrong: string[] = [];
        const oog: string[] = [];
        wavs.forEach((w, i) => {
          const o = out[i]!;
          const g = d === 'none' ? o.gP : o.gV;
          const l = d === 'both' ? o.lV : o.lP;
          const text = g && agree(g, l) ? g : '';
          if (!w.inG) {
            if (text) oog.push(`${w.text} → ${text}`);
            return;
          }
          if (g === w.text) gramExact++;
          if (text === w.text) exact++;
          else if (!text) rejected++;
          else wrong.push(`${w.text} → ${text}`);
        });
        const row = `| ${voice} | ${mname} | variants: ${d} | ${exact} / ${rejected} / ${wrong.length} | ${8 - oog.length}/8 | grammar pass ${gramExact} |`;
        rows.push(row);
        console.log(
          row +
            (wrong.length ? `  wrong: ${wrong.join('; ')}` : '') +
            (oog.length ? `  OOG accepted: ${oog.join('; ')}` : ''),
        );
      }
    }
  }
  await t.stop();
}

await main();
