import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.js';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';

/**
 * End to end on the demo home (issue 5): a motion sensor turns a light on through an automation,
 * and the same automation is blocked when nobody is home — with a trace that says why.
 */
const clock = new FakeClock(Date.UTC(2026, 0, 5, 18, 0));
let t: TestApp;
let token: string;
let viewer: string;

/** Lets fake time pass in small steps while real I/O (HTTP, SQLite) gets its turns. */
async function pass(ms: number, step = 10) {
  for (let done = 0; done < ms; done += step) {
    clock.advance(step);
    await new Promise((r) => setImmediate(r));
  }
}

beforeAll(async () => {
  t = await startTestApp({ clock, config: { presence_leave_delay: 0, time_zone: 'Europe/Berlin' } });
  const users = await withUsers(t);
  token = (await users.make('resident', 'user')).token;
  viewer = (await users.make('guest', 'viewer')).token;
});
afterAll(async () => t.stop());

const motion = (state: 'on' | 'off') =>
  t.app.ctx.home!.applyReport('binary_sensor.hallway_motion', state, undefined);

describe('motion turns the hallway light on through an automation', () => {
  let id: string;

  it("creates the automation in the specification's shape", async () => {
    const res = await t.api('POST', '/api/home/automations', {
      token,
      body: {
        name: 'Hallway motion light',
        trigger: { type: 'device_state', entity: 'binary_sensor.hallway_motion', to: 'on' },
        conditions: [{ type: 'presence', state: 'home' }],
        actions: [{ entity: 'light.hallway', action: 'on' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: 'hallway-motion-light',
      enabled: true,
      mode: 'single',
      last_triggered: null,
      next_trigger_at: null,
      warnings: [],
    });
    id = res.body.id;
  });

  it('turns the light on when motion is detected while someone is home', async () => {
    expect(t.app.ctx.home!.entity('light.hallway').state).toBe('off');
    motion('on');
    await pass(200);
    expect(t.app.ctx.home!.entity('light.hallway').state).toBe('on');
    const traces = await t.api('GET', `/api/home/automations/${id}/traces`, { token: viewer });
    expect(traces.status).toBe(200);
    expect(traces.body[0]).toMatchObject({
      result: 'finished',
      trigger: {
        type: 'device_state',
        entity_id: 'binary_sensor.hallway_motion',
        from_state: 'off',
        to_state: 'on',
      },
    });
    expect(traces.body[0].conditions[0]).toMatchObject({ type: 'presence', ok: true });
    expect(traces.body[0].actions[0]).toMatchObject({
      kind: 'entity',
      target: 'light.hallway',
      outcome: 'confirmed',
    });
  });

  it('is blocked when nobody is home, and the trace says why', async () => {
    await t.api('POST', '/api/home/control?wait=0', {
      token,
      body: { entity_id: 'light.hallway', action: 'off' },
    });
    await pass(100);
    const away = await t.api('POST', '/api/home/presence', {
      token,
      body: { person: 'person.resident', state: 'away' },
    });
    expect(away.status).toBe(200);
    expect(away.body).toMatchObject({ person: 'person.resident', state: 'away' });
    motion('off');
    motion('on');
    await pass(200);
    expect(t.app.ctx.home!.entity('light.hallway').state).toBe('off');
    const traces = await t.api('GET', `/api/home/automations/${id}/traces`, { token });
    expect(traces.body[0]).toMatchObject({ result: 'blocked', reason: 'presence: nobody home', actions: [] });
    expect(traces.body[0].conditions[0]).toMatchObject({
      type: 'presence',
      ok: false,
      seen: { people: { 'person.resident': 'away' } },
    });
  });

  it('a dry run shows each verdict with what it saw and the actions it would run, changing nothing', async () => {
    const res = await t.api('POST', `/api/home/automations/${id}/test`, {
      token,
      body: {
        states: { 'person.resident': 'home' },
        trigger: { entity_id: 'binary_sensor.hallway_motion', to_state: 'on' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      would_run: true,
      blocked_by: null,
      actions: [{ kind: 'entity', description: 'on light.hallway', ok: true }],
    });
    expect(res.body.conditions[0]).toMatchObject({
      ok: true,
      seen: { people: { 'person.resident': 'home' } },
    });
    const blocked = await t.api('POST', `/api/home/automations/${id}/test`, { token, body: {} });
    expect(blocked.body).toMatchObject({
      would_run: false,
      blocked_by: 'presence: nobody home',
      actions: [],
    });
    expect(t.app.ctx.home!.entity('person.resident').state).toBe('away');
    expect(t.app.ctx.home!.entity('light.hallway').state).toBe('off');
  });

  it('names the field of a bad trigger and warns about unknown entities on save', async () => {
    const bad = await t.api('POST', '/api/home/automations', {
      token,
      body: {
        name: 'x',
        trigger: { type: 'time', at: '25:00' },
        actions: [{ entity: 'light.hallway', action: 'on' }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'trigger.at must be HH:MM, 00:00–23:59',
      details: { field: 'trigger.at' },
    });
    const warned = await t.api('POST', '/api/home/automations', {
      token,
      body: {
        name: 'x',
        trigger: { type: 'time', at: '21:00' },
        actions: [{ entity: 'light.attic', action: 'on' }, { scene: 'no-such-scene' }],
      },
    });
    expect(warned.status).toBe(201);
    expect(warned.body.warnings).toEqual([
      'actions[0].entity: unknown entity light.attic',
      'actions[1].scene: unknown scene no-such-scene',
    ]);
    expect(warned.body.next_trigger_at).toBe('2026-01-05T20:00:00.000Z');
    const off = await t.api('PATCH', `/api/home/automations/${warned.body.id}`, {
      token,
      body: { enabled: false },
    });
    expect(off.body).toMatchObject({ enabled: false, next_trigger_at: null });
    expect((await t.api('DELETE', `/api/home/automations/${warned.body.id}`, { token })).status).toBe(200);
    expect((await t.api('GET', `/api/home/automations/${warned.body.id}`, { token })).status).toBe(404);
  });

  it("refuses an entity action's parameters that the action catalogue refuses with 400 at save, not at run", async () => {
    const body = (action: Record<string, unknown>) => ({
      name: 'Dim the hallway',
      trigger: { type: 'time', at: '21:00' },
      actions: [{ notify: 'dimming' }, action],
    });
    const lots = await t.api('POST', '/api/home/automations', {
      token,
      body: body({ entity: 'light.hallway', action: 'dim', brightness: 'lots' }),
    });
    expect(lots.status).toBe(400);
    expect(lots.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'actions[1]: light.hallway: brightness must be a number',
      details: { field: 'actions[1].brightness', entity_id: 'light.hallway' },
    });
    // An entity not paired yet is saved with a warning, but still checked against the catalogue.
    const attic = await t.api('POST', '/api/home/automations', {
      token,
      body: body({ entity: 'light.attic', action: 'dim' }),
    });
    expect(attic.status).toBe(400);
    expect(attic.body.error.details).toMatchObject({ field: 'actions[1].brightness' });
    const fine = await t.api('POST', '/api/home/automations', {
      token,
      body: body({ entity: 'light.hallway', action: 'dim', brightness: 30 }),
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    const replaced = await t.api('PUT', `/api/home/automations/${fine.body.id}`, {
      token,
      body: body({ entity: 'light.hallway', action: 'explode' }),
    });
    expect(replaced.status).toBe(400);
    expect(replaced.body.error.details).toMatchObject({ field: 'actions[1].action' });
    expect((await t.api('DELETE', `/api/home/automations/${fine.body.id}`, { token })).status).toBe(200);
  });

  it('a notify action stores a notification that GET /api/home/notifications lists', async () => {
    const a = await t.api('POST', '/api/home/automations', {
      token,
      body: { name: 'tell', trigger: { type: 'time', at: '06:00' }, actions: [{ notify: 'Hello house' }] },
    });
    const run = await t.api('POST', `/api/home/automations/${a.body.id}/run`, { token });
    expect(run.status).toBe(200);
    expect(run.body.trigger).toMatchObject({ type: 'manual' });
    await pass(50);
    const list = await t.api('GET', '/api/home/notifications', { token: viewer });
    expect(list.body[0]).toMatchObject({
      message: 'Hello house',
      source_type: 'automation',
      source_id: a.body.id,
    });
  });

  it('a viewer may read but not write automations', async () => {
    expect((await t.api('GET', '/api/home/automations', { token: viewer })).status).toBe(200);
    expect(
      (await t.api('PATCH', `/api/home/automations/${id}`, { token: viewer, body: { enabled: false } }))
        .status,
    ).toBe(403);
  });
});
