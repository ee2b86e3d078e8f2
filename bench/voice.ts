/**
 * Voice benchmark: exact-command accuracy and latency of the built-in pocketsphinx engine on
 * the demo home, per synthesizer voice. Usage:
 *   npx tsx bench/voice.ts [flite:kal16 flite:slt espeak:en-us+f3 …]   (default: all voices below)
 * Prints one row per voice; `--dump DIR` also keeps the generated grammar files in DIR.
 * Then, for the first voice, the end-to-end time of `POST /api/ai/voice` over real HTTP on
 * loopback (upload, both passes, agreement check, Home agent, control path until the demo
 * device's outcome) for the same commands.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CoreHomeAccess } from '../src/agent/home-adapter.js';
import { IntentEngine } from '../src/agent/intents/engine.js';
import { sameCommand } from '../src/agent/voice/index.js';
import { PocketsphinxEngine } from '../src/agent/voice/pocketsphinx.js';
import { synthesize } from '../src/agent/voice/test-audio.js';
import { parseWav, toSpeechPcm } from '../src/agent/voice/wav.js';
import { startTestApp, withUsers } from '../src/test-support/harness.js';

export const COMMANDS = [
  'turn on the kitchen light',
  'turn off the kitchen light',
  'turn on the living room light',
  'turn off the bedroom light',
  'switch on the coffee machine',
  'switch off the coffee machine',
  'turn the bedroom fan on',
  'turn the bedroom fan off',
  'turn on the living room tv',
  'turn off the living room tv',
  'set the kitchen light to fifty percent',
  'set the bedroom light to twenty five percent',
  'set the living room light to one hundred percent',
  'set the kitchen light to ten percent',
  'lock the front door',
  'unlock the front door',
  'lock the back door',
  'unlock the back door',
  'open the living room blinds',
  'close the living room blinds',
  'open the bedroom blinds',
  'close the bedroom blinds',
  'what is the temperature in the living room',
  'what is the humidity in the living room',
  'what is the temperature',
  'set the thermostat to twenty one degrees',
  'set the thermostat to eighteen degrees',
  'set the thermostat to seventy degrees',
  'turn on the lights in the kitchen',
  'turn off the lights in the bedroom',
  'turn off the lights in the living room',
  'activate movie night',
  'activate good night',
  'activate good morning',
  'activate away',
  'turn on the hallway light',
  'turn off the hallway light',
  'yes',
  'no',
  'cancel',
];

/** Speech outside the grammar: every one must be rejected (or at least not become a command). */
export const OUT_OF_GRAMMAR = [
  'hello how are you',
  'what is the weather tomorrow',
  'play some music in the kitchen',
  'unlock the window',
  'tell me a joke',
  'order more coffee',
  'call my mother',
  'how tall is mount everest',
];

const VOICES = [
  'flite:kal16',
  'flite:slt',
  'flite:awb',
  'flite:rms',
  'flite:kal',
  'espeak:en-us',
  'espeak:en-us+f3',
  'espeak:en-us+f2',
  'espeak:en-gb',
];

async function main() {
  const args = process.argv.slice(2);
  const dumpAt = args.indexOf('--dump');
  const workDir =
    dumpAt >= 0 ? args.splice(dumpAt, 2)[1]! : mkdtempSync(join(tmpdir(), 'hearth-voice-bench-'));
  const voices = args.length ? args : VOICES;
  const t = await startTestApp();
  const access = new CoreHomeAccess(t.app.ctx.home!, t.app.ctx.scenes!);
  const intents = new IntentEngine(access.registry());
  const engine = new PocketsphinxEngine({
    workDir,
    registry: () => access.registry(),
    agree: (a, b) => sameCommand(intents, a, b),
  });
  const g = (await engine.grammar()).grammar;
  const inGrammar = new Set(g.sentences);
  const outside = COMMANDS.filter((c) => !inGrammar.has(c));
  console.log(
    `grammar ${g.version}: ${g.sentences.length} sentences, ${g.words.length} words; files in ${workDir}`,
  );
  if (outside.length) console.log(`not in the grammar (check the demo names): ${outside.join(' | ')}`);
  console.log('| voice | exact | rejected | wrong | latency mean / p50 / max (ms) | mean audio (s) |');
  console.log('|---|---|---|---|---|---|');
  for (const voice of voices) {
    let exact = 0;
    let rejected = 0;
    const wrong: string[] = [];
    const ms: number[] = [];
    let audio = 0;
    for (const cmd of COMMANDS) {
      const pcm = toSpeechPcm(parseWav(await synthesize(cmd, voice)));
      audio += pcm.length / 16000;
      const t0 = performance.now();
      const r = await engine.transcribe(pcm);
      ms.push(performance.now() - t0);
      if (r.text === cmd) exact++;
      else if (!r.text) rejected++;
      else wrong.push(`${cmd} → ${r.text}`);
    }
    ms.sort((a, b) => a - b);
    const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
    console.log(
      `| ${voice} | ${exact}/${COMMANDS.length} | ${rejected} | ${wrong.length} | ${mean.toFixed(0)} / ${ms[ms.length >> 1]!.toFixed(0)} / ${ms[ms.length - 1]!.toFixed(0)} | ${(audio / COMMANDS.length).toFixed(2)} |`,
    );
    if (wrong.length) console.log(`  wrong: ${wrong.join('; ')}`);
    const accepted: string[] = [];
    for (const text of OUT_OF_GRAMMAR) {
      const r = await engine.transcribe(toSpeechPcm(parseWav(await synthesize(text, voice))));
      if (r.text) accepted.push(`${text} → ${r.text}`);
    }
    console.log(
      `  out of grammar: ${OUT_OF_GRAMMAR.length - accepted.length}/${OUT_OF_GRAMMAR.length} rejected${accepted.length ? `; accepted: ${accepted.join('; ')}` : ''}`,
    );
  }
  await endToEnd(t, voices[0]!);
  await t.stop();
}

async function endToEnd(t: Awaited<ReturnType<typeof startTestApp>>, voice: string) {
  const { adminToken } = await withUsers(t);
  const ms: number[] = [];
  let exact = 0;
  // The first request builds the service's grammar (seconds, once per registry change): warm it up.
  await fetch(`${t.url}/api/ai/voice`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'audio/wav' },
    body: await synthesize('yes', voice),
  });
  for (const cmd of COMMANDS) {
    const wav = await synthesize(cmd, voice);
    const t0 = performance.now();
    const res = await fetch(`${t.url}/api/ai/voice`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'audio/wav' },
      body: wav,
    });
    const body = (await res.json()) as { transcript?: string; actions?: { outcome: string }[] };
    ms.push(performance.now() - t0);
    if (ms.at(-1)! > 1000)
      console.log(
        `  slow: "${cmd}" ${ms.at(-1)!.toFixed(0)} ms, outcomes ${JSON.stringify(body.actions?.map((a) => a.outcome))}`,
      );
    if (body.transcript === cmd) exact++;
  }
  ms.sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  console.log(
    `end to end over HTTP (${voice}): ${exact}/${COMMANDS.length} exact; latency mean / p50 / p90 / max ${mean.toFixed(0)} / ${ms[ms.length >> 1]!.toFixed(0)} / ${ms[Math.floor(ms.length * 0.9)]!.toFixed(0)} / ${ms[ms.length - 1]!.toFixed(0)} ms`,
  );
}

// run only as a script, so the ablation bench can import COMMANDS
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
