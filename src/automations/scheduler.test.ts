import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { automationHome, type AutomationHome } from '../test-support/automations.js';
import { nextSolar } from './solar.js';

/** Time and solar triggers with a fake clock: DST days, restarts, catch-up. */
let h: AutomationHome | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const notifyAt = (at: string, extra: Record<string, unknown> = {}) => ({
  name: `At ${at}`,
  trigger: { type: 'time' as const, at },
  actions: [{ notify: `it is ${at}` }],
  ...extra,
});

/** Moves fake time a day at a time, letting each day's runs finish (a jump over two occurrences would see the first still running). */
async function passDays(clock: FakeClock, home: AutomationHome, n: number) {
  for (let i = 0; i < n; i++) {
    clock.advance(86_400_000);
    await home.settle(50);
  }
}

async function firedTimes(home: AutomationHome, id: string) {
  return (await home.traces(id)).map((t) => t.trigger.scheduled_for).reverse();
}

describe('time triggers', () => {
  it('fire at the local minute every day and show next_trigger_at', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 5, 0)); // 06:00 in Berlin
    h = await automationHome(clock);
    const a = await h.create(notifyAt('07:30'));
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-05T06:30:00.000Z');
    await passDays(clock, h, 2);
    expect(await firedTimes(h, a.id)).toEqual(['2026-01-05T06:30:00.000Z', '2026-01-06T06:30:00.000Z']);
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-07T06:30:00.000Z');
    expect((await h.part.notifications.list()).map((n) => n.message)).toEqual(['it is 07:30', 'it is 07:30']);
  });

  it('fire only on the given weekdays', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 0, 0)); // Monday
    h = await automationHome(clock);
    const a = await h.create({
      ...notifyAt('09:00'),
      trigger: { type: 'time', at: '09:00', days: ['sat', 'sun'] },
    });
    await passDays(clock, h, 7);
    expect(await firedTimes(h, a.id)).toEqual(['2026-01-10T08:00:00.000Z', '2026-01-11T08:00:00.000Z']);
  });

  it.each([
    [
      'Europe/Berlin',
      Date.UTC(2026, 2, 28, 12),
      '02:30',
      ['2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-31T00:30:00.000Z'],
    ],
    [
      'America/New_York',
      Date.UTC(2026, 2, 7, 12),
      '02:30',
      ['2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z', '2026-03-10T06:30:00.000Z'],
    ],
  ])(
    'spring forward in %s: a skipped time runs once at the first minute after the gap',
    async (tz, start, at, expected) => {
      const clock = new FakeClock(start);
      h = await automationHome(clock, { config: { time_zone: tz } });
      const a = await h.create(notifyAt(at));
      await passDays(clock, h, 3);
      expect(await firedTimes(h, a.id)).toEqual(expected);
    },
  );

  it.each([
    [
      'Europe/Berlin',
      Date.UTC(2026, 9, 24, 12),
      '02:30',
      ['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z'],
    ],
    [
      'America/New_York',
      Date.UTC(2026, 9, 31, 12),
      '01:30',
      ['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z'],
    ],
  ])('fall back in %s: a repeated time runs once (its first occurrence)', async (tz, start, at, expected) => {
    const clock = new FakeClock(start);
    h = await automationHome(clock, { config: { time_zone: tz } });
    const a = await h.create(notifyAt(at));
    await passDays(clock, h, 2);
    expect(await firedTimes(h, a.id)).toEqual(expected);
  });

  it('never fires one occurrence twice across a restart, and does not replay missed runs by default', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 6, 29, 59)); // 07:29:59 Berlin
    h = await automationHome(clock);
    const a = await h.create(notifyAt('07:30'));
    clock.advance(1_000);
    await h.settle(50);
    expect(await firedTimes(h, a.id)).toEqual(['2026-01-05T06:30:00.000Z']);
    const dataDir = h.dataDir;
    await h.stop({ keepData: true });
    // Restart within the same minute: the occurrence already fired.
    h = await automationHome(clock, { dataDir });
    await h.settle(100);
    expect(await firedTimes(h, a.id)).toEqual(['2026-01-05T06:30:00.000Z']);
    await h.stop({ keepData: true });
    // Down across the next day's 07:30: not replayed; the next one is the day after.
    clock.advance(86_400_000 + 3_600_000);
    h = await automationHome(clock, { dataDir });
    await h.settle(100);
    expect(await firedTimes(h, a.id)).toEqual(['2026-01-05T06:30:00.000Z']);
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-07T06:30:00.000Z');
  });

  it('fires every automation due on one minute once, all before their actions, and none again after a restart', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 6, 29, 59)); // 07:29:59 Berlin
    h = await automationHome(clock);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await h.create(notifyAt('07:30', { name: `At 07:30 #${i}` }))).id);
    const order: string[] = [];
    h.bus.on('automation_triggered', 'test', (e) => order.push(`triggered ${e.automation_id}`));
    // The notify action's database write is its first synchronous effect.
    const repo = h.store.automations;
    const addNotification = repo.addNotification.bind(repo);
    repo.addNotification = (row) => {
      order.push(`notified ${row.source_id}`);
      return addNotification(row);
    };
    clock.advance(1_000);
    await h.settle(50);
    expect(order).toEqual([...ids.map((id) => `triggered ${id}`), ...ids.map((id) => `notified ${id}`)]);
    const dataDir = h.dataDir;
    await h.stop({ keepData: true });
    h = await automationHome(clock, { dataDir });
    await h.settle(100);
    for (const id of ids) expect(await firedTimes(h, id)).toEqual(['2026-01-05T06:30:00.000Z']);
  });

  it('replays a missed occurrence once at start when it is within catch_up', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 6, 0));
    h = await automationHome(clock);
    const a = await h.create(notifyAt('07:30', { catch_up: 3600 }));
    const dataDir = h.dataDir;
    await h.stop({ keepData: true });
    clock.advance(50 * 60_000); // down at 07:30, back at 07:50
    h = await automationHome(clock, { dataDir });
    await h.settle(100);
    expect(await firedTimes(h, a.id)).toEqual(['2026-01-05T06:30:00.000Z']);
    await h.stop({ keepData: true });
    h = await automationHome(clock, { dataDir });
    await h.settle(100);
    expect(await firedTimes(h, a.id)).toEqual(['2026-01-05T06:30:00.000Z']);
  });
});

describe('solar triggers', () => {
  it.each([
    ['Berlin', 52.52, 13.405, 'Europe/Berlin'],
    ['Sydney', -33.87, 151.21, 'Australia/Sydney'],
  ])('fire at sunset with a signed offset at %s', async (_name, latitude, longitude, tz) => {
    const clock = new FakeClock(Date.UTC(2026, 5, 1, 0, 0));
    h = await automationHome(clock, { config: { time_zone: tz, latitude, longitude } });
    const before = await h.create({
      name: 'before',
      trigger: { type: 'solar', event: 'sunset', offset: -30 },
      actions: [{ notify: 'dusk soon' }],
    });
    const after = await h.create({
      name: 'after',
      trigger: { type: 'solar', event: 'sunrise', offset: 15 },
      actions: [{ notify: 'morning' }],
    });
    const loc = { latitude, longitude };
    const sunset = nextSolar('sunset', 0, clock.now(), loc, tz)!;
    const sunrise = nextSolar('sunrise', 0, clock.now(), loc, tz)!;
    expect(h.engine.nextTriggerAt(before.id)).toBe(new Date(sunset - 30 * 60_000).toISOString());
    expect(h.engine.nextTriggerAt(after.id)).toBe(new Date(sunrise + 15 * 60_000).toISOString());
    await passDays(clock, h, 1);
    expect((await firedTimes(h, before.id))[0]).toBe(new Date(sunset - 30 * 60_000).toISOString());
    expect((await firedTimes(h, after.id))[0]).toBe(new Date(sunrise + 15 * 60_000).toISOString());
  });

  it('do not fire without a location, and say so in next_trigger_at (null)', async () => {
    const clock = new FakeClock(Date.UTC(2026, 5, 1, 0, 0));
    h = await automationHome(clock);
    const a = await h.create({
      name: 'dusk',
      trigger: { type: 'solar', event: 'sunset' },
      actions: [{ notify: 'x' }],
    });
    expect(h.engine.nextTriggerAt(a.id)).toBeNull();
  });
});
