import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { CoreHomeAccess } from '../home-adapter.js';
import { IntentEngine } from '../intents/engine.js';
import { acousticFit, isFiller, MIN_FIT, parseBacktrace, type Segment } from './confidence.js';
import { sameCommand } from './index.js';
import { DEFAULT_MODEL_DIR, PocketsphinxEngine } from './pocketsphinx.js';
import { synthesize } from './test-audio.js';
import { parseWav, toSpeechPcm } from './wav.js';

// an excerpt of pocketsphinx -backtrace yes (grammar pass), log lines around it
const LOG = `INFO: fsg_search.c(870): fsg 0.04 wall 0.025 xRT
word                 start end   pprob ascr       lscr       lback
lock                 0     29    1.000 -577       0          1
the                  30    42    1.000 -416       0          1
front                43    80    1.000 -1843      0          1
door                 81    120   1.000 -759       0          1
<sil>                121   153   1.000 -262       -337       1
INFO: fsg_search.c(263): TOTAL fsg 0.02 CPU 0.010 xRT
`;

const seg = (word: string, start: number, end: number, ascr: number): Segment => ({ word, start, end, ascr });

describe('acoustic confidence of a grammar transcript', () => {
  it('reads the backtrace rows and nothing else', () => {
    const segs = parseBacktrace(LOG);
    expect(segs.map((s) => s.word)).toEqual(['lock', 'the', 'front', 'door', '<sil>']);
    expect(segs[2]).toEqual({ word: 'front', start: 43, end: 80, ascr: -1843 });
  });

  it('knows silence, noise and markers from words', () => {
    for (const w of ['<sil>', '[NOISE]', '<s>', '</s>', '(NULL)', 'SIL', '+SPN+'])
      expect(isFiller(w)).toBe(true);
    for (const w of ['lock', 'the', 'AA', 'door(2)']) expect(isFiller(w)).toBe(false);
  });

  it('is the score difference to the phone loop per frame of the grammar words, in phone-loop frames', () => {
    const grammar = [seg('<sil>', 0, 9, -100), seg('yes', 10, 29, -400)];
    const phones = [seg('SIL', 0, 9, -100), seg('Y', 10, 19, -150), seg('EH', 20, 29, -150)];
    // (-500 - -400) / 20 word frames = -5 per frame; the phone loop costs 400 / 30 frames
    expect(acousticFit(grammar, phones)).toBeCloseTo(-5 / (400 / 30), 6);
  });

  it('does not depend on how well the voice matches the model overall', () => {
    const grammar = [seg('<sil>', 0, 9, -100), seg('yes', 10, 29, -400)];
    const phones = [seg('SIL', 0, 9, -100), seg('Y', 10, 19, -150), seg('EH', 20, 29, -150)];
    const worse = (s: Segment) => ({ ...s, ascr: s.ascr * 2 }); // every score twice as bad
    expect(acousticFit(grammar.map(worse), phones.map(worse))).toBeCloseTo(acousticFit(grammar, phones)!, 6);
  });

  it('counts speech the grammar had to call silence against it', () => {
    // "tell me a joke" → "no": the grammar spends most frames on <sil>, the phone loop on phones
    const grammar = [seg('<sil>', 0, 79, -4000), seg('no', 80, 99, -300)];
    const phones = [seg('T', 0, 39, -800), seg('EH', 40, 79, -800), seg('N', 80, 99, -280)];
    expect(acousticFit(grammar, phones)).toBeLessThan(MIN_FIT * 3);
  });

  it('has no fit when the grammar heard no word', () => {
    expect(acousticFit([seg('<sil>', 0, 50, -100)], [seg('SIL', 0, 50, -90)])).toBeUndefined();
  });
});

const haveSphinx =
  existsSync('/usr/bin/pocketsphinx_continuous') &&
  existsSync(`${DEFAULT_MODEL_DIR}/en-us/mdef`) &&
  existsSync(`${DEFAULT_MODEL_DIR}/en-us-phone.lm.bin`);
const haveEspeak = existsSync('/usr/bin/espeak-ng');

/** The rule on real decodes of the demo home: espeak-ng speech whose LM pass is garbled. */
describe.skipIf(!haveSphinx || !haveEspeak)(
  'with minFit, the engine accepts by acoustic fit when the passes disagree',
  () => {
    let t: TestApp;
    let make: (minFit?: number) => PocketsphinxEngine;
    const pcm = async (text: string) => toSpeechPcm(parseWav(await synthesize(text, 'espeak:en-us')));

    beforeAll(async () => {
      t = await startTestApp();
      const access = new CoreHomeAccess(t.app.ctx.home!, t.app.ctx.scenes!);
      const intents = new IntentEngine(access.registry());
      const workDir = mkdtempSync(join(tmpdir(), 'hearth-voice-fit-'));
      make = (minFit) =>
        new PocketsphinxEngine({
          workDir,
          registry: () => access.registry(),
          agree: (a, b) => sameCommand(intents, a, b),
          ...(minFit === undefined ? {} : { minFit }),
          decoys: 'none', // the fit rule alone (decoys reject some of this speech before it)
          // MIN_FIT was measured with the running cepstral mean; the utterance's own mean
          // (the default) decodes these two right in the LM pass too
          cmn: 'live',
        });
    });
    afterAll(async () => {
      await t.stop();
    });

    it('accepts a correct command the LM pass garbled, which agreement alone rejects', async () => {
      const audio = await pcm('open the bedroom blinds');
      const r = await make(MIN_FIT).transcribe(audio);
      expect(r.passes?.lm).not.toBe('open the bedroom blinds'); // the LM pass hears "… light"
      expect(r.text).toBe('open the bedroom blinds');
      expect(Number(r.passes?.fit)).toBeGreaterThan(MIN_FIT);
      const agreementOnly = await make().transcribe(audio); // the engine's default
      expect(agreementOnly.passes?.fit).toBeUndefined(); // no phone-loop pass
      expect(agreementOnly).toMatchObject({ text: '', rejected: expect.stringContaining('disagree') });
    });

    it('rejects out-of-grammar speech forced into a command, which accepting every grammar result would not', async () => {
      const audio = await pcm('play some music in the kitchen');
      const r = await make(MIN_FIT).transcribe(audio);
      expect(r.text).toBe('');
      expect(Number(r.passes?.fit)).toBeLessThan(MIN_FIT);
      const anyGrammar = await make(-Infinity).transcribe(audio);
      expect(anyGrammar.text).not.toBe(''); // the grammar pass alone forces it into a command
    });
  },
);
