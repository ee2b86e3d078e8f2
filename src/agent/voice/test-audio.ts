/** Synthesized speech for tests and the benchmark (flite, espeak-ng), as WAV buffers. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `voice` is `flite:<name>` (kal, slt, awb, rms, kal16) or `espeak:<name>` (en-us, en-us+f3, …),
 * optionally with `@<rate>` (e.g. `flite:slt@8000`): the speech taken down to that sample rate
 * with sox (`-R`: deterministic), as a phone or intercom would deliver it.
 */
export async function synthesize(text: string, voice = 'flite:kal'): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-tts-'));
  const out = join(dir, 'speech.wav');
  try {
    const [spec, rate] = voice.split('@') as [string, string | undefined];
    const [tool, name] = spec.split(':') as [string, string];
    if (tool === 'flite') await run('flite', ['-voice', name, '-t', text, '-o', out]);
    else await run('espeak-ng', ['-v', name, '-s', '160', '-w', out, text]);
    if (!rate) return await readFile(out);
    const low = join(dir, 'low.wav');
    await run('sox', ['-R', out, '-r', rate, low]);
    return await readFile(low);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
