import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { ReadPacer } from './pacer.js';

function setup(concurrency = 2, spacingMs = 100, answerTimeoutMs = 1_000) {
  const clock = new FakeClock();
  const sent: [string, number][] = [];
  const pacer = new ReadPacer(clock, { concurrency, spacingMs, answerTimeoutMs }, async (key) => {
    sent.push([key, clock.now() - start]);
  });
  const start = clock.now();
  return { clock, sent, pacer };
}

describe('paced device reads', () => {
  it('keeps at most `concurrency` reads unanswered, spaced apart, and sends the next when one is answered', () => {
    const { clock, sent, pacer } = setup();
    for (const k of ['a', 'b', 'c', 'd']) pacer.request(k);
    expect(sent).toEqual([['a', 0]]);
    clock.advance(100);
    expect(sent.map(([k]) => k)).toEqual(['a', 'b']);
    clock.advance(500);
    expect(sent).toHaveLength(2); // two unanswered: the others wait
    pacer.answered('a');
    expect(sent.at(-1)).toEqual(['c', 600]);
    pacer.answered('b');
    expect(sent).toHaveLength(3); // spaced: not before 700
    clock.advance(100);
    expect(sent.at(-1)).toEqual(['d', 700]);
  });

  it('frees the slot of a read nobody answers after the answer timeout', () => {
    const { clock, sent, pacer } = setup(1, 0, 1_000);
    pacer.request('asleep');
    pacer.request('awake');
    expect(sent.map(([k]) => k)).toEqual(['asleep']);
    clock.advance(999);
    expect(sent).toHaveLength(1);
    clock.advance(1);
    expect(sent.map(([k]) => k)).toEqual(['asleep', 'awake']);
  });

  it('asks a device once while its read is queued or on its way, and forgets everything on clear', () => {
    const { clock, sent, pacer } = setup(1, 0);
    pacer.request('a');
    pacer.request('a');
    pacer.request('b');
    pacer.request('b');
    expect(pacer.pending).toEqual({ queued: 1, in_flight: 1 });
    pacer.clear();
    expect(pacer.pending).toEqual({ queued: 0, in_flight: 0 });
    clock.advance(5_000);
    expect(sent.map(([k]) => k)).toEqual(['a']);
    pacer.request('a');
    expect(sent.map(([k]) => k)).toEqual(['a', 'a']);
  });
});
