/**
 * Collects, per voice, every pass's output with pocketsphinx's backtrace (per-word frames,
 * acoustic score, posterior) for the development (and with --held-out the held-out) utterances,
 * so confidence rules can be compared offline without decoding again. Usage:
 *   npx tsx bench/voice-collect.ts OUTDIR espeak:en-us flite:kal …
 * Writes OUTDIR/<voice>.json.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreHomeAccess } from '../src/agent/home-adapter.js';
import { PocketsphinxEngine } from '../src/agent/voice/pocketsphinx.js';
import { synthesize } from '../src/agent/voice/test-audio.js';
import { parseWav, toSpeechPcm, writeWav } from '../src/agent/voice/wav.js';
import { startTestApp } from '../src/test-support/harness.js';
import { COMMANDS, HELD_OUT, HELD_OUT_OOG, OUT_OF_GRAMMAR } from './voice.js';

const MODEL = '/usr/share/pocketsphinx/model/en-us';
const BEAMS = ['-beam', '1e-80', '-pbeam', '1e-80', '-wbeam', '1e-60'];

export interface Seg {
  w: string;
  s: number;
  e: number;
  p: number;
  a: number;
}
export interface Pass {
  hyp: string;
  segs: Seg[];
  err: boolean;
}

function run(args: string[]): Promise<Pass> {
  return new Promise((resolve, reject) => {
    execFile(
      'pocketsphinx_continuous',
      [...args, '-backtrace', 'yes'],
      { maxBuffer: 16 << 20 },
      (err, out, log) => {
        if (err) return reject(new Error(err.message));
        const segs: Seg[] = [];
        for (const l of log.split('\n')) {
          const m = /^(\S+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)\s*$/.exec(l);
          if (m) segs.push({ w: m[1]!, s: +m[2]!, e: +m[3]!, p: +m[4]!, a: +m[5]! });
        }
        const hyp = out
          .split('\n')
          .map((x) => x.trim())
          .filter(Boolean)
          .join(' ');
        resolve({ hyp, segs, err: log.includes('does not match the grammar') });
      },
    );
  });
}

async function main() {
  const args = process.argv.slice(2);
  const held = args.includes('--held-out');
  const [outDir, ...voices] = args.filter((a) => a !== '--held-out');
  mkdirSync(outDir!, { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), 'hearth-voice-collect-'));
  const t = await startTestApp();
  const access = new CoreHomeAccess(t.app.ctx.home!, t.app.ctx.scenes!);
  const reg = access.registry();
  const g = await new PocketsphinxEngine({ workDir, registry: () => reg, agree: () => true }).grammar();
  const items: { text: string; set: string }[] = [
    ...COMMANDS.map((text) => ({ text, set: 'dev' })),
    ...OUT_OF_GRAMMAR.map((text) => ({ text, set: 'dev-oog' })),
  ];
  if (held)
    items.push(
      ...HELD_OUT.map((text) => ({ text, set: 'held' })),
      ...HELD_OUT_OOG.map((text) => ({ text, set: 'held-oog' })),
    );
  for (const voice of voices) {
    const rows = [];
    for (const [i, it] of items.entries()) {
      const file = join(workDir, `u${i}.wav`);
      writeFileSync(file, writeWav(toSpeechPcm(parseWav(await synthesize(it.text, voice)))));
      const base = ['-infile', file, '-hmm', join(MODEL, 'en-us')];
      const [grammar, lm] = await Promise.all([
        run([...base, '-dict', g.dict, '-jsgf', g.gram, ...BEAMS]),
        run([...base, '-dict', g.lmDict, '-lm', g.lm]),
      ]);
      const phones = await run([
        ...base,
        '-allphone',
        join(MODEL, 'en-us-phone.lm.bin'),
        '-allphone_ci',
        'yes',
      ]);
      // the runner-up: the best path through the grammar without the 1-best sentence
      let second: Pass | undefined;
      if (grammar.hyp && g.grammar.sentences.includes(grammar.hyp)) {
        // on/off alone is not what this measures: both passes confirm it
        const shape = (x: string) => x.replace(/\b(on|off)\b/g, '*');
        const others = g.grammar.sentences.filter((x) => shape(x) !== shape(grammar.hyp));
        const gram2 = join(workDir, `u${i}.gram`);
        writeFileSync(gram2, `#JSGF V1.0;\ngrammar rest;\npublic <command> = ${others.join('\n  | ')};\n`);
        second = await run([...base, '-dict', g.dict, '-jsgf', gram2, ...BEAMS]);
      }
      rows.push({ ...it, grammar, lm, phones, second });
    }
    writeFileSync(join(outDir!, `${voice.replace(/[^a-z0-9+@-]/gi, '_')}.json`), JSON.stringify(rows));
    console.log(`${voice}: ${rows.length} utterances`);
  }
  await t.stop();
}

await main();
