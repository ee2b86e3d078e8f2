import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { automationHome, type AutomationHome } from '../test-support/automations.js';

/** State triggers, modes, delays and waits across a restart — on the demo home with a fake clock. */
let h: AutomationHome | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const start = () => new FakeClock(Date.UTC(2026, 0, 5, 12, 0));
const report = (id: string, state: string | number) => h!.home.applyReport(id, state, undefined);
const results = async (id: string) => (await h!.traces(id)).map((t) => t.result).reverse();

describe('state triggers', () => {
  it('device_state fires on the transition it names, not on others', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'door',
      trigger: { type: 'device_state', entity: 'binary_sensor.hallway_motion', from: 'off', to: 'on' },
      actions: [{ notify: 'motion' }],
    });
    report('binary_sensor.hallway_motion', 'on');
    await h.settle(50);
    report('binary_sensor.hallway_motion', 'off');
    await h.settle(50);
    expect(await results(a.id)).toEqual(['finished']);
  });

  it('device_state ignores changes out of unavailable by default', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'any',
      trigger: { type: 'device_state', entity: 'binary_sensor.hallway_motion' },
      actions: [{ notify: 'changed' }],
    });
    const e = h.home.registry.get('binary_sensor.hallway_motion')!;
    e.available = false; // as after a bridge restart; the next report brings it back
    report('binary_sensor.hallway_motion', 'on');
    await h.settle(50);
    expect(await results(a.id)).toEqual([]);
    report('binary_sensor.hallway_motion', 'off');
    await h.settle(50);
    expect(await results(a.id)).toEqual(['finished']);
  });

  it('device_state with `for` fires only when the state lasts, and a change back cancels it', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'held',
      trigger: { type: 'device_state', entity: 'binary_sensor.hallway_motion', to: 'on', for: 60 },
      actions: [{ notify: 'still moving' }],
    });
    report('binary_sensor.hallway_motion', 'on');
    await h.settle(30_000, 1000);
    report('binary_sensor.hallway_motion', 'off');
    await h.settle(60_000, 1000);
    expect(await results(a.id)).toEqual([]);
    report('binary_sensor.hallway_motion', 'on');
    await h.settle(59_000, 1000);
    expect(await results(a.id)).toEqual([]);
    await h.settle(2_000, 1000);
    expect(await results(a.id)).toEqual(['finished']);
  });

  it('sensor fires when the value enters the range (and not again while it stays there)', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'warm',
      trigger: { type: 'sensor', entity: 'sensor.living_room_temperature', above: 25, for: 120 },
      actions: [{ notify: 'warm' }],
    });
    report('sensor.living_room_temperature', 26);
    await h.settle(60_000, 1000);
    report('sensor.living_room_temperature', 27);
    await h.settle(61_000, 1000);
    expect(await results(a.id)).toEqual(['finished']);
    report('sensor.living_room_temperature', 28);
    await h.settle(200_000, 1000);
    expect(await results(a.id)).toEqual(['finished']);
    report('sensor.living_room_temperature', 20);
    report('sensor.living_room_temperature', 26);
    await h.settle(121_000, 1000);
    expect(await results(a.id)).toEqual(['finished', 'finished']);
  });

  it('sensor with `to` fires for a binary sensor', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'motion',
      trigger: { type: 'sensor', entity: 'binary_sensor.hallway_motion', to: 'on' },
      actions: [{ notify: 'm' }],
    });
    report('binary_sensor.hallway_motion', 'on');
    await h.settle(50);
    expect(await results(a.id)).toEqual(['finished']);
  });

  it.each([
    ['leave', 'away', 1],
    ['last_left', 'away', 1],
    ['arrive', 'home', 1],
    ['first_arrived', 'home', 1],
  ] as const)('presence %s fires when the person becomes %s', async (event, state, count) => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: event,
      trigger: { type: 'presence', event },
      actions: [{ notify: event }],
    });
    if (state === 'home') {
      h.part.presence.report('person.resident', 'away', { type: 'user' });
      await h.settle(50);
    }
    h.part.presence.report('person.resident', state, { type: 'user' });
    await h.settle(50);
    expect((await results(a.id)).length).toBe(count);
    expect((await h.traces(a.id))[0]!.trigger).toMatchObject({ type: 'presence', person: 'person.resident' });
  });

  it('presence leaving applies after the debounce unless the person comes back first', async () => {
    const clock = start();
    h = await automationHome(clock, { config: { presence_leave_delay: 120 } });
    const res = h.part.presence.report('person.resident', 'away', { type: 'user' });
    expect(res).toMatchObject({ state: 'home', away_at: '2026-01-05T12:02:00.000Z' });
    await h.settle(60_000, 1000);
    h.part.presence.report('person.resident', 'home', { type: 'user' });
    await h.settle(120_000, 1000);
    expect(h.home.entity('person.resident').state).toBe('home');
    h.part.presence.report('person.resident', 'away', { type: 'user' });
    await h.settle(121_000, 1000);
    expect(h.home.entity('person.resident').state).toBe('away');
  });
});

describe('actions and modes', () => {
  const slow = (mode: string) => ({
    name: `slow ${mode}`,
    mode: mode as 'single',
    trigger: { type: 'device_state' as const, entity: 'binary_sensor.hallway_motion', to: 'on' },
    actions: [
      { entity: 'light.hallway', action: 'on' },
      { delay: 60 },
      { entity: 'light.hallway', action: 'off' },
    ],
  });
  const pulse = async () => {
    report('binary_sensor.hallway_motion', 'on');
    report('binary_sensor.hallway_motion', 'off');
    await h!.settle(100);
  };

  it('single (default) records a trigger while running as skipped', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create(slow('single'));
    await pulse();
    await pulse();
    await h.settle(61_000, 1000);
    const traces = await h.traces(a.id);
    expect(traces.map((t) => t.result).sort()).toEqual(['finished', 'skipped']);
    expect(traces.find((t) => t.result === 'skipped')!.reason).toMatch(/^mode single: a run is still going/);
    expect(h.home.entity('light.hallway').state).toBe('off');
  });

  it('restart cancels the running run and starts again', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create(slow('restart'));
    await pulse();
    await h.settle(30_000, 1000);
    await pulse();
    await h.settle(61_000, 1000);
    const traces = await h.traces(a.id);
    expect(traces.map((t) => t.result).sort()).toEqual(['cancelled', 'finished']);
    expect(traces.find((t) => t.result === 'cancelled')!.reason).toContain('restarted');
  });

  it('queued runs one after the other', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create(slow('queued'));
    await pulse();
    await pulse();
    await h.settle(61_000, 1000);
    expect(await results(a.id)).toEqual(['finished', 'running']);
    await h.settle(65_000, 1000);
    expect(await results(a.id)).toEqual(['finished', 'finished']);
  });

  it('parallel runs alongside', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create(slow('parallel'));
    await pulse();
    await pulse();
    expect(h.engine.runningCount(a.id)).toBe(2);
    await h.settle(61_000, 1000);
    expect(await results(a.id)).toEqual(['finished', 'finished']);
  });

  it('a failing action stops the run and the trace names it', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'bad',
      trigger: { type: 'time', at: '13:00' },
      actions: [{ entity: 'light.nowhere', action: 'on' }, { notify: 'never' }],
    });
    h.engine.run(a.id);
    await h.settle(50);
    const [t] = await h.traces(a.id);
    expect(t).toMatchObject({ result: 'failed', reason: 'actions[0] failed: unknown entity light.nowhere' });
    expect(t!.actions).toHaveLength(1);
  });

  it('a scene action activates the scene through the home core', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'night',
      trigger: { type: 'time', at: '23:00' },
      actions: [{ scene: 'good-night' }],
    });
    h.engine.run(a.id);
    await h.settle(3000);
    const [t] = await h.traces(a.id);
    expect(t!.actions[0]).toMatchObject({ kind: 'scene', target: 'good-night' });
    expect(h.home.entity('light.hallway').state).toBe('off');
  });
});

describe('delays and waits across a restart', () => {
  it('a pending delay resumes after a restart at its absolute due time', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'later',
      trigger: { type: 'time', at: '13:00' },
      actions: [{ delay: 600 }, { entity: 'light.hallway', action: 'on' }],
    });
    h.engine.run(a.id);
    await h.settle(1000);
    const dataDir = h.dataDir;
    await h.stop({ keepData: true });
    clock.advance(5 * 60_000);
    h = await automationHome(clock, { dataDir });
    await h.settle(4 * 60_000, 1000);
    expect(h.home.entity('light.hallway').state).toBe('off');
    await h.settle(60_000, 1000);
    expect(h.home.entity('light.hallway').state).toBe('on');
    const [t] = await h.traces(a.id);
    expect(t).toMatchObject({ result: 'finished' });
    expect(t!.actions.map((x) => x.outcome)).toEqual(['done', 'confirmed']);
  });

  it('a pending wait resumes after a restart and goes on when its condition holds', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'until away',
      trigger: { type: 'time', at: '13:00' },
      actions: [{ wait: { type: 'presence', state: 'away' }, timeout: 3600 }, { notify: 'everyone left' }],
    });
    h.engine.run(a.id);
    await h.settle(1000);
    const dataDir = h.dataDir;
    await h.stop({ keepData: true });
    h = await automationHome(clock, { dataDir });
    h.part.presence.report('person.resident', 'away', { type: 'user' });
    await h.settle(1000);
    const [t] = await h.traces(a.id);
    expect(t).toMatchObject({ result: 'finished' });
    expect((await h.part.notifications.list())[0]!.message).toBe('everyone left');
  });

  it('a wait that runs out ends the run with timeout', async () => {
    const clock = start();
    h = await automationHome(clock);
    const a = await h.create({
      name: 'w',
      trigger: { type: 'time', at: '13:00' },
      actions: [
        { wait: { type: 'state', entity: 'light.hallway', state: 'on' }, timeout: 60 },
        { notify: 'x' },
      ],
    });
    h.engine.run(a.id);
    await h.settle(61_000, 1000);
    const [t] = await h.traces(a.id);
    expect(t).toMatchObject({ result: 'timeout' });
    expect(t!.reason).toContain('state: light.hallway is off');
  });
});
