import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { CommandTracker, type Settled } from './commands.js';

const cause = { type: 'user' as const, id: 'u1' };

function setup(timeoutMs = 10_000) {
  const clock = new FakeClock();
  const settled: (Settled & { at: number })[] = [];
  const tracker = new CommandTracker(clock, timeoutMs, (s) => settled.push({ ...s, at: clock.now() }));
  let n = 0;
  const track = (entity_id: string, action = 'on', timeout?: number) =>
    tracker.track({ correlation_id: `c${++n}`, entity_id, action, params: {}, cause }, timeout);
  return { clock, settled, tracker, track };
}

describe('command confirmation timeouts', () => {
  it('ends many commands with different deadlines as timeout, in deadline order, each at its own deadline, with one timer', () => {
    const { clock, settled, track } = setup(10_000);
    const start = clock.now();
    const expected: { id: string; due: number }[] = [];
    for (let i = 0; i < 200; i++) {
      // Deadlines out of send order: mixed per-command timeouts, sent at different times.
      const timeout = 1_000 + ((i * 7919) % 13) * 700;
      const p = track(`light.lamp_${i % 7}`, 'on', timeout);
      expected.push({ id: p.correlation_id, due: p.due });
      clock.advance(10);
    }
    expect(clock.pendingTimers).toBe(1);
    clock.advance(20_000);
    expect(settled.every((s) => s.outcome === 'timeout')).toBe(true);
    expected.sort((a, b) => a.due - b.due);
    expect(settled.map((s) => s.command.correlation_id)).toEqual(expected.map((e) => e.id));
    for (const s of settled) expect(s.at).toBe(s.command.due);
    expect(settled[0]!.at).toBeGreaterThan(start);
    expect(clock.pendingTimers).toBe(0);
  });

  it('never times out a confirmed command, and times out the one left unconfirmed', () => {
    const { clock, settled, tracker, track } = setup(5_000);
    const on = track('light.desk', 'on');
    const lock = track('lock.door', 'lock');
    clock.advance(1_000);
    expect(tracker.onReport('light.desk', { state: 'on', attributes: {} })).toBe(on);
    clock.advance(60_000);
    expect(settled.map((s) => [s.command.correlation_id, s.outcome])).toEqual([
      [on.correlation_id, 'confirmed'],
      [lock.correlation_id, 'timeout'],
    ]);
    expect(settled[1]!.at).toBe(lock.due);
    expect(tracker.hasPending('light.desk')).toBe(false);
    expect(tracker.hasPending('lock.door')).toBe(false);
  });

  it('re-arms its timer when a command with an earlier deadline arrives', () => {
    const { clock, settled, track } = setup(10_000);
    const late = track('lock.door', 'lock');
    clock.advance(1_000);
    const early = track('light.desk', 'on', 2_000);
    expect(clock.pendingTimers).toBe(1);
    clock.advance(2_000);
    expect(settled.map((s) => s.command)).toEqual([early]);
    expect(settled[0]!.at).toBe(early.due);
    clock.advance(7_000);
    expect(settled.map((s) => s.command)).toEqual([early, late]);
    expect(settled[1]!.at).toBe(late.due);
  });

  it('keeps timing out what is still pending after the command at the head of the queue was confirmed', () => {
    const { clock, settled, tracker, track } = setup(5_000);
    track('light.desk', 'on');
    clock.advance(100);
    const off = track('light.hall', 'off');
    tracker.onReport('light.desk', { state: 'on', attributes: {} });
    clock.advance(4_950);
    expect(settled.map((s) => s.outcome)).toEqual(['confirmed']);
    clock.advance(50);
    expect(settled.map((s) => [s.command, s.outcome])).toEqual([
      [settled[0]!.command, 'confirmed'],
      [off, 'timeout'],
    ]);
  });

  it('ends a flood of commands to one dead device as timeout, all of them, while confirmed ones in between stay confirmed', () => {
    const { clock, settled, tracker, track } = setup(3_000);
    const dead = [];
    for (let i = 0; i < 5_000; i++) {
      dead.push(track('light.dead', i % 2 ? 'on' : 'off'));
      // A live lamp confirming thousands of commands meanwhile (their queue entries get compacted away).
      for (let j = 0; j < 4; j++) track('light.live', 'on');
      tracker.onReport('light.live', { state: 'on', attributes: {} });
    }
    expect(clock.pendingTimers).toBe(1);
    clock.advance(3_000);
    const timeouts = settled.filter((s) => s.outcome === 'timeout');
    expect(timeouts).toHaveLength(5_000);
    expect(timeouts.map((s) => s.command)).toEqual(dead);
    expect(settled.filter((s) => s.outcome === 'confirmed')).toHaveLength(20_000);
    expect(tracker.hasPending('light.dead')).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it('stops its timer on clear, and nothing times out afterwards', () => {
    const { clock, settled, tracker, track } = setup(5_000);
    track('light.desk');
    track('lock.door', 'lock');
    expect(clock.pendingTimers).toBe(1);
    tracker.clear();
    expect(clock.pendingTimers).toBe(0);
    clock.advance(60_000);
    expect(settled).toEqual([]);
    expect(tracker.hasPending('light.desk')).toBe(false);
  });

  it('fails the pending commands of an entity without timing them out later', () => {
    const { clock, settled, tracker, track } = setup(5_000);
    track('lock.door', 'lock');
    track('lock.door', 'unlock');
    tracker.fail('lock.door', 'jammed');
    clock.advance(10_000);
    expect(settled.map((s) => [s.outcome, s.error])).toEqual([
      ['failed', 'jammed'],
      ['failed', 'jammed'],
    ]);
  });
});
