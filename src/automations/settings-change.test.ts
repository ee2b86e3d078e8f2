import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { automationHome, type AutomationHome } from '../test-support/automations.js';
import { evaluate } from './conditions.js';
import { nextSolar } from './solar.js';

/** The home's zone and location change at run time (issue 7): triggers re-arm, conditions follow, no restart. */
let h: AutomationHome | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const firedTimes = async (id: string) => (await h!.traces(id)).map((t) => t.trigger.scheduled_for).reverse();
const BERLIN = { latitude: 52.52, longitude: 13.405 };
const SYDNEY = { latitude: -33.87, longitude: 151.21 };

async function passHours(clock: FakeClock, n: number) {
  for (let i = 0; i < n; i++) {
    clock.advance(3_600_000);
    await h!.settle(50);
  }
}

describe("a time trigger after the home's time zone changes", () => {
  it('fires at 07:00 in the new zone, not at 07:00 in the old one', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 5, 0)); // 06:00 in Berlin, 00:00 in New York
    h = await automationHome(clock, { config: { time_zone: 'Europe/Berlin' } });
    const a = await h.create({
      name: 'Wake up',
      trigger: { type: 'time', at: '07:00' },
      actions: [{ notify: 'good morning' }],
    });
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-05T06:00:00.000Z');

    await h.settings.update({ time_zone: 'America/New_York' });
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-05T12:00:00.000Z');
    await passHours(clock, 3); // past 07:00 Berlin
    expect(await firedTimes(a.id)).toEqual([]);
    await passHours(clock, 5); // past 07:00 New York
    expect(await firedTimes(a.id)).toEqual(['2026-01-05T12:00:00.000Z']);
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-06T12:00:00.000Z');
  });

  it('goes back to the configured zone when the saved one is cleared', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 5, 0));
    h = await automationHome(clock, { config: { time_zone: 'Europe/Berlin' } });
    const a = await h.create({
      name: 'Wake up',
      trigger: { type: 'time', at: '07:00' },
      actions: [{ notify: 'x' }],
    });
    await h.settings.update({ time_zone: 'Asia/Tokyo' });
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-05T22:00:00.000Z');
    await h.settings.update({ time_zone: null });
    expect(h.settings.view()).toMatchObject({ time_zone: 'Europe/Berlin', sources: { time_zone: 'config' } });
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-05T06:00:00.000Z');
  });

  it('does not fire an occurrence twice when the new zone puts 07:00 back before the one that fired', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 11, 59)); // 06:59 in New York
    h = await automationHome(clock, { config: { time_zone: 'America/New_York' } });
    const a = await h.create({
      name: 'Wake up',
      trigger: { type: 'time', at: '07:00' },
      actions: [{ notify: 'x' }],
    });
    await passHours(clock, 1);
    expect(await firedTimes(a.id)).toEqual(['2026-01-05T12:00:00.000Z']);
    // Chicago's 07:00 today (13:00 UTC) is still ahead: a different instant, so it fires there.
    await h.settings.update({ time_zone: 'America/Chicago' });
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-05T13:00:00.000Z');
    // Back to New York: today's 07:00 already fired, so the next is tomorrow's.
    await h.settings.update({ time_zone: 'America/New_York' });
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-06T12:00:00.000Z');
  });

  it('evaluates time conditions in the new zone and names it in the trace', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 11, 0)); // 12:00 in Berlin, 06:00 in New York
    h = await automationHome(clock, { config: { time_zone: 'Europe/Berlin' } });
    const a = await h.create({
      name: 'Morning only',
      trigger: { type: 'time', at: '07:00' },
      conditions: [{ type: 'time', after: '06:30', before: '07:30' }],
      actions: [{ notify: 'x' }],
    });
    await h.settings.update({ time_zone: 'America/New_York' });
    await passHours(clock, 2);
    const [trace] = await h.traces(a.id);
    expect(trace?.result).not.toBe('blocked');
    expect(trace?.conditions[0]).toMatchObject({
      ok: true,
      seen: { local_time: '07:00', time_zone: 'America/New_York' },
    });
  });

  it('keeps a saved zone across a restart and arms with it at start', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 5, 0));
    h = await automationHome(clock, { config: { time_zone: 'Europe/Berlin' } });
    const a = await h.create({
      name: 'Wake up',
      trigger: { type: 'time', at: '07:00' },
      actions: [{ notify: 'x' }],
    });
    await h.settings.update({ time_zone: 'America/New_York' });
    const dataDir = h.dataDir;
    await h.stop({ keepData: true });
    h = await automationHome(clock, { dataDir, config: { time_zone: 'Europe/Berlin' } });
    expect(h.settings.view()).toMatchObject({
      time_zone: 'America/New_York',
      sources: { time_zone: 'settings' },
    });
    expect(h.engine.nextTriggerAt(a.id)).toBe('2026-01-05T12:00:00.000Z');
  });
});

describe("a solar trigger after the home's location changes", () => {
  it('re-computes sunset for the new place and fires there', async () => {
    const clock = new FakeClock(Date.UTC(2026, 5, 1, 0, 0));
    h = await automationHome(clock, { config: { time_zone: 'Europe/Berlin', ...BERLIN } });
    const a = await h.create({
      name: 'Dusk',
      trigger: { type: 'solar', event: 'sunset' },
      actions: [{ notify: 'dusk' }],
    });
    const berlinSunset = nextSolar('sunset', 0, clock.now(), BERLIN, 'Europe/Berlin')!;
    expect(h.engine.nextTriggerAt(a.id)).toBe(new Date(berlinSunset).toISOString());

    await h.settings.update({ time_zone: 'Australia/Sydney', ...SYDNEY });
    const sydneySunset = nextSolar('sunset', 0, clock.now(), SYDNEY, 'Australia/Sydney')!;
    expect(sydneySunset).not.toBe(berlinSunset);
    expect(h.engine.nextTriggerAt(a.id)).toBe(new Date(sydneySunset).toISOString());
    await passHours(clock, 24);
    expect((await firedTimes(a.id))[0]).toBe(new Date(sydneySunset).toISOString());
  });

  it('arms as soon as a location is saved where none was configured, and stops when it is cleared', async () => {
    const clock = new FakeClock(Date.UTC(2026, 5, 1, 0, 0));
    h = await automationHome(clock, { config: { time_zone: 'Europe/Berlin' } });
    const a = await h.create({
      name: 'Dusk',
      trigger: { type: 'solar', event: 'sunset', offset: -30 },
      actions: [{ notify: 'dusk' }],
    });
    expect(h.engine.nextTriggerAt(a.id)).toBeNull();
    await h.settings.update(BERLIN);
    const due = nextSolar('sunset', -30, clock.now(), BERLIN, 'Europe/Berlin')!;
    expect(h.engine.nextTriggerAt(a.id)).toBe(new Date(due).toISOString());
    await h.settings.update({ latitude: null });
    expect(h.settings.view()).toMatchObject({
      latitude: null,
      longitude: BERLIN.longitude,
      sources: { latitude: 'unset', longitude: 'settings' },
    });
    expect(h.engine.nextTriggerAt(a.id)).toBeNull();
  });

  it('evaluates sun conditions at the new place', async () => {
    // 12:00 UTC on 1 June: daytime in Berlin, night in Sydney.
    const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0));
    h = await automationHome(clock, { config: { time_zone: 'Europe/Berlin', ...BERLIN } });
    const dark = { type: 'sun' as const, after: 'sunset' as const, before: 'sunrise' as const };
    expect(evaluate(dark, h.engine.env()).ok).toBe(false);
    await h.settings.update({ time_zone: 'Australia/Sydney', ...SYDNEY });
    expect(evaluate(dark, h.engine.env()).ok).toBe(true);
  });
});
