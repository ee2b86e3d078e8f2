import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { CoreHomeAccess } from '../home-adapter.js';
import { IntentEngine } from '../intents/engine.js';
import type { IntentRegistry } from '../intents/registry.js';
import { DECOY_AREAS, DECOY_VERBS, decoysFor, decoysIn } from './decoys.js';
import { buildGrammar, PATTERNS, slotPhrases, wordsOf, type Pattern } from './grammar.js';
import { sameCommand } from './index.js';
import { DEFAULT_MODEL_DIR, PocketsphinxEngine } from './pocketsphinx.js';
import { synthesize } from './test-audio.js';
import { parseWav, toSpeechPcm } from './wav.js';

const REG: IntentRegistry = {
  floors: [],
  areas: [
    { id: 'bedroom', name: 'Bedroom' },
    { id: 'office', name: 'Office' }, // a decoy area this home has: must stay a real name
  ],
  entities: [
    { entity_id: 'fan.bedroom', name: 'Bedroom Fan', domain: 'fan', area: 'bedroom' },
    { entity_id: 'light.office', name: 'Office Light', domain: 'light', area: 'office' },
    { entity_id: 'lock.front', name: 'Front Door', domain: 'lock', area: null },
  ],
};

describe('decoy names', () => {
  const slots = slotPhrases(REG);
  const homeWords = wordsOf(slots);
  const decoys = decoysFor(slots, homeWords, (w) => w !== 'nursery'); // as if cmudict lacked it
  const g = buildGrammar(slots, () => true, undefined, decoys);

  it('never uses a word of this home as a decoy word, nor a home name as a decoy', () => {
    expect(decoys.words).toContain('bathroom');
    expect(decoys.words).toContain('garage');
    for (const w of decoys.words) expect(homeWords.has(w)).toBe(false);
    expect(decoys.words).not.toContain('office');
    const names = new Set(Object.values(slots).flat());
    for (const list of Object.values(decoys.slots)) for (const p of list) expect(names.has(p)).toBe(false);
  });

  it('pairs decoy areas with the kinds of device of each slot, and home areas with decoy devices', () => {
    expect(decoys.slots.onoff).toEqual(
      expect.arrayContaining(['bathroom fan', 'bathroom light', 'heater', 'bedroom heater', 'office heater']),
    );
    expect(decoys.slots.lock).toEqual(expect.arrayContaining(['garage door', 'bathroom door', 'gate']));
    expect(decoys.slots.lock).not.toContain('kettle'); // only devices such a slot could name
    expect(decoys.slots.area).toEqual(DECOY_AREAS.filter((a) => a !== 'office' && a !== 'nursery'));
    expect(decoys.slots.cover).toBeUndefined(); // no covers in this home: no decoys for them
  });

  it('leaves out words without a cmudict pronunciation', () => {
    expect(decoys.words).not.toContain('nursery');
  });

  it('puts each home name once and the decoys beside it into the grammar rule', () => {
    const rule = g.jsgf.split('\n').find((l) => l.startsWith('<onoff> ='))!;
    const alternatives = rule.replace(/^<onoff> = \( | \);$/g, '').split(' | ');
    for (const name of slots.onoff!) expect(alternatives.filter((a) => a === name)).toHaveLength(1);
    expect(alternatives).toContain('bathroom fan');
    expect(new Set(alternatives).size).toBe(alternatives.length);
  });

  it('keeps decoys out of the home sentences and in the decoy sentences (for the LM)', () => {
    const words = new Set(g.decoyWords);
    expect(g.sentences).toContain('turn on the bedroom fan');
    expect(g.sentences.filter((s) => decoysIn(s, words).length)).toEqual([]);
    expect(g.decoySentences).toContain('turn on the bathroom fan');
    expect(g.decoySentences.filter((s) => !decoysIn(s, words).length)).toEqual([]);
  });

  it('finds the decoy words of a transcript', () => {
    const words = new Set(g.decoyWords);
    expect(decoysIn('turn on the bathroom fan', words)).toEqual(['bathroom']);
    expect(decoysIn('turn on the bedroom fan', words)).toEqual([]);
  });
});

/** The words a command pattern can start with: the grammar's verbs ("turn", "lock", "activate", …). */
function leadingWords(p: Pattern): string[] {
  if (typeof p === 'string') return [p.split(' ')[0]!];
  if (Array.isArray(p)) return p.length ? leadingWords(p[0]!) : [];
  if ('alt' in p) return p.alt.flatMap(leadingWords);
  return []; // an optional part or a slot never starts a pattern
}

describe('decoy verbs', () => {
  const slots = slotPhrases(REG);
  const homeWords = wordsOf(slots);
  const decoys = decoysFor(slots, homeWords, (w) => w !== 'mute'); // as if cmudict lacked it
  const g = buildGrammar(slots, () => true, undefined, decoys);
  const grammarVerbs = new Set(PATTERNS.flatMap(leadingWords));

  it('never uses a verb of the grammar as a decoy, nor a word of this home as a decoy word', () => {
    expect(grammarVerbs).toEqual(
      new Set([
        'turn',
        'switch',
        'set',
        'lock',
        'unlock',
        'open',
        'close',
        'dim',
        'brighten',
        'raise',
        'lower',
        'start',
        'stop',
        'pause',
        'resume',
        'activate',
        'what',
        'yes',
        'no',
        'cancel',
      ]),
    );
    expect(decoys.verbs).toContain('increase');
    expect(decoys.verbs).toContain('make');
    for (const v of decoys.verbs) expect(grammarVerbs.has(v)).toBe(false);
    for (const w of decoys.verbWords) {
      expect(grammarVerbs.has(w)).toBe(false);
      expect(homeWords.has(w)).toBe(false);
    }
    expect(decoys.verbs).not.toContain('mute'); // no cmudict pronunciation
    expect(DECOY_VERBS).toContain('mute');
    for (const v of DECOY_VERBS) expect(grammarVerbs.has(v)).toBe(false); // the list itself
  });

  it('drops a decoy verb whose words this home uses (a home with a "Play Room")', () => {
    const withPlay = decoysFor(slots, new Set([...homeWords, 'play']), () => true);
    expect(withPlay.verbs).not.toContain('play');
    expect(withPlay.verbWords).not.toContain('play');
    expect(withPlay.verbs).toContain('increase');
  });

  it('says the decoy verbs before the home names only, never as home sentences', () => {
    expect(g.decoySentences).toEqual(
      expect.arrayContaining(['increase the office light', 'play the bedroom fan', 'make the bedroom']),
    );
    expect(g.decoySentences).not.toContain('increase the bathroom fan'); // decoy verb + decoy name: not needed
    const verbWords = new Set(g.decoyVerbWords);
    expect(g.sentences.filter((s) => decoysIn(s, verbWords).length)).toEqual([]);
    expect(decoysIn('increase the office light', new Set(g.decoyWords))).toEqual(['increase']);
    expect(decoysIn('turn up the office light', new Set(g.decoyWords))).toEqual([]);
  });
});

const haveSphinx = existsSync('/usr/bin/pocketsphinx_batch') && existsSync(`${DEFAULT_MODEL_DIR}/en-us/mdef`);
const haveEspeak = existsSync('/usr/bin/espeak-ng');

/** A real near miss on the demo home (no bathroom): without decoys it becomes a wrong command. */
describe.skipIf(!haveSphinx || !haveEspeak)('a near miss lands on a decoy and is rejected', () => {
  let t: TestApp;
  let make: (decoys?: 'none' | 'no-verbs') => PocketsphinxEngine;

  beforeAll(async () => {
    t = await startTestApp();
    const access = new CoreHomeAccess(t.app.ctx.home!, t.app.ctx.scenes!);
    const intents = new IntentEngine(access.registry());
    const workDir = mkdtempSync(join(tmpdir(), 'hearth-voice-decoys-'));
    make = (decoys) =>
      new PocketsphinxEngine({
        workDir,
        registry: () => access.registry(),
        agree: (a, b) => sameCommand(intents, a, b),
        // default: decoy names and verbs in the grammar pass
        ...(decoys === 'none' ? { decoys } : decoys === 'no-verbs' ? { verbDecoys: false } : {}),
      });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('"turn on the bathroom fan" is rejected, where the home-only grammar heard the bedroom fan', async () => {
    const audio = toSpeechPcm(parseWav(await synthesize('turn on the bathroom fan', 'espeak:en-us+f3')));
    const homeOnly = await make('none').transcribe(audio);
    expect(homeOnly.text).toBe('turn on the bedroom fan'); // both passes agree on the wrong name
    const r = await make().transcribe(audio);
    expect(r).toMatchObject({ text: '', rejected: expect.stringContaining('does not have') });
    expect(r.passes?.decoys).toContain('bathroom');
  });

  it('"lock the garage door" is rejected, where the home-only grammar locked the back door', async () => {
    const audio = toSpeechPcm(parseWav(await synthesize('lock the garage door', 'espeak:en-us+f3')));
    expect((await make('none').transcribe(audio)).text).toBe('lock the back door');
    const r = await make().transcribe(audio);
    expect(r.text).toBe('');
    expect(r.passes?.decoys).toContain('garage');
  });

  it('"mute the living room tv" is rejected, where the name decoys alone turned its volume up', async () => {
    const audio = toSpeechPcm(parseWav(await synthesize('mute the living room tv', 'flite:kal16')));
    expect((await make('no-verbs').transcribe(audio)).text).toBe('turn up the living room tv');
    const r = await make().transcribe(audio);
    expect(r).toMatchObject({ text: '', rejected: expect.stringContaining('no voice command') });
    expect(r.passes?.decoys).toBe('mute');
  });

  it('still hears the real names', async () => {
    const engine = make();
    for (const text of [
      'turn on the bedroom fan',
      'unlock the front door',
      'set the kitchen light to ten percent',
      'dim the kitchen light', // a decoy verb until the grammar learned it
      'turn up the bedroom light',
    ]) {
      const audio = toSpeechPcm(parseWav(await synthesize(text, 'flite:kal16')));
      expect((await engine.transcribe(audio)).text).toBe(text);
    }
  });
});
