import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { PollingCoordinator } from './poller.js';

const settle = () => new Promise((r) => setImmediate(r));

/** A device whose answers the test scripts: each poll waits until released or fails when `down`. */
function device() {
  const d = {
    polls: 0,
    down: false,
    inFlight: 0,
    maxInFlight: 0,
    hold: false,
    release: [] as (() => void)[],
    availability: [] as boolean[],
    poll: async () => {
      d.polls++;
      d.inFlight++;
      d.maxInFlight = Math.max(d.maxInFlight, d.inFlight);
      try {
        if (d.hold) await new Promise<void>((r) => d.release.push(r));
        if (d.down) throw new Error('no answer');
      } finally {
        d.inFlight--;
      }
    },
  };
  return d;
}

describe('PollingCoordinator', () => {
  it('polls at once, then every interval (jitter 0 → exactly)', async () => {
    const clock = new FakeClock();
    const poller = new PollingCoordinator(clock, () => 0.5);
    const d = device();
    poller.add('a', { intervalMs: 10_000, poll: d.poll, jitter: 0 });
    await settle();
    expect(d.polls).toBe(1);
    clock.advance(9_999);
    await settle();
    expect(d.polls).toBe(1);
    clock.advance(1);
    await settle();
    expect(d.polls).toBe(2);
    clock.advance(20_000);
    await settle();
    expect(d.polls).toBe(3); // the next one is armed only after the previous answered
  });

  it('spreads waits by the jitter fraction', () => {
    const poller = new PollingCoordinator(new FakeClock(), () => 0);
    const low = poller.nextWait({
      opts: { intervalMs: 10_000, jitter: 0.2, maxMisses: 3, maxBackoffMs: 1e6, poll: async () => {} },
      misses: 0,
    });
    const high = new PollingCoordinator(new FakeClock(), () => 1).nextWait({
      opts: { intervalMs: 10_000, jitter: 0.2, maxMisses: 3, maxBackoffMs: 1e6, poll: async () => {} },
      misses: 0,
    });
    expect([low, high]).toEqual([9_000, 11_000]);
  });

  it('reports unavailable after N consecutive misses, backs off, and available again when it answers', async () => {
    const clock = new FakeClock();
    const poller = new PollingCoordinator(clock, () => 0.5);
    const d = device();
    const opts = { intervalMs: 1_000, poll: d.poll, jitter: 0, maxMisses: 3, maxBackoffMs: 8_000 };
    poller.add('a', { ...opts, onAvailability: (a) => d.availability.push(a) });
    await settle();
    d.down = true;
    for (let i = 0; i < 3; i++) {
      clock.advance(1_000);
      await settle();
    }
    expect(d.polls).toBe(4);
    expect(d.availability).toEqual([false]);
    expect(poller.isAvailable('a')).toBe(false);
    // Back-off: 2 s, 4 s, 8 s, 8 s …
    clock.advance(1_999);
    await settle();
    expect(d.polls).toBe(4);
    clock.advance(1);
    await settle();
    expect(d.polls).toBe(5);
    clock.advance(4_000);
    await settle();
    expect(d.polls).toBe(6);
    clock.advance(8_000);
    await settle();
    clock.advance(8_000);
    await settle();
    expect(d.polls).toBe(8);
    d.down = false;
    clock.advance(8_000);
    await settle();
    expect(d.availability).toEqual([false, true]);
    clock.advance(1_000);
    await settle();
    expect(d.polls).toBe(10); // back to the interval
  });

  it('keeps at most one request in flight per device; a refresh during a poll runs right after it', async () => {
    const clock = new FakeClock();
    const poller = new PollingCoordinator(clock, () => 0.5);
    const d = device();
    d.hold = true;
    poller.add('a', { intervalMs: 1_000, poll: d.poll, jitter: 0 });
    await settle();
    poller.refresh('a');
    poller.refresh('a');
    clock.advance(5_000);
    await settle();
    expect(d.polls).toBe(1);
    d.release.shift()!();
    await settle();
    expect(d.polls).toBe(2); // the refreshes joined into one poll after the first
    d.release.shift()!();
    await settle();
    expect(d.polls).toBe(2);
    expect(d.maxInFlight).toBe(1);
  });

  it('polls immediately on refresh (after a command) and re-arms the interval from then', async () => {
    const clock = new FakeClock();
    const poller = new PollingCoordinator(clock, () => 0.5);
    const d = device();
    poller.add('a', { intervalMs: 10_000, poll: d.poll, jitter: 0 });
    await settle();
    clock.advance(6_000);
    poller.refresh('a');
    await settle();
    expect(d.polls).toBe(2);
    clock.advance(9_999);
    await settle();
    expect(d.polls).toBe(2);
    clock.advance(1);
    await settle();
    expect(d.polls).toBe(3);
  });

  it('one slow or failing device does not hold back the others; removal stops its timer', async () => {
    const clock = new FakeClock();
    const poller = new PollingCoordinator(clock, () => 0.5);
    const slow = device();
    slow.hold = true;
    const fast = device();
    poller.add('slow', { intervalMs: 1_000, poll: slow.poll, jitter: 0 });
    poller.add('fast', { intervalMs: 1_000, poll: fast.poll, jitter: 0 });
    for (let i = 0; i < 5; i++) {
      await settle();
      clock.advance(1_000);
    }
    await settle();
    expect(slow.polls).toBe(1);
    expect(fast.polls).toBe(6);
    poller.remove('fast');
    poller.remove('slow');
    expect(clock.pendingTimers).toBe(0);
    slow.release.shift()!();
    await settle();
    expect(clock.pendingTimers).toBe(0);
  });
});
