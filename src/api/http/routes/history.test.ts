import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../../test-support/harness.js';
import { stateSpans } from '../../../home/history-summary.js';

/** History with its causes: per entity, summarized for graphs, and the logbook of the whole home. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

const eventually = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('never happened');
};

describe('the logbook', () => {
  it('names the person, the automation and the scene behind each change', async () => {
    t = await startTestApp();
    const { adminToken: token } = await withUsers(t);
    const api = (method: string, path: string, body?: unknown) => t!.api(method, path, { token, body });
    await api('POST', '/api/home/control', { entity_id: 'light.kitchen', action: 'on' });
    const created = await api('POST', '/api/home/automations', {
      name: 'Hall at dusk',
      trigger: { type: 'time', at: '03:00' },
      actions: [{ entity: 'light.hallway', action: 'on' }],
    });
    expect(created.status).toBe(201);
    await api('POST', `/api/home/automations/${created.body.id}/run`);
    await eventually(async () => (await api('GET', '/api/home/entities/light.hallway')).body.state === 'on');
    await api('POST', '/api/home/scenes/movie-night/activate');

    const book = (await api('GET', '/api/home/logbook')).body as any[];
    const of = (id: string) => book.find((r) => r.entity_id === id);
    expect(of('light.kitchen')).toMatchObject({
      name: 'Kitchen Light',
      area: 'kitchen',
      state: 'on',
      previous_state: 'off',
      cause: { type: 'user', name: 'admin' },
    });
    expect(of('light.hallway')).toMatchObject({
      state: 'on',
      cause: { type: 'automation', id: created.body.id, name: 'Hall at dusk' },
    });
    expect(of('light.tv_backlight')).toMatchObject({
      cause: { type: 'scene', id: 'movie-night', name: 'Movie Night' },
    });
    // Newest first.
    expect(book.map((r) => r.at)).toEqual([...book.map((r) => r.at)].sort().reverse());

    const byCause = (await api('GET', '/api/home/logbook?cause_type=automation')).body as any[];
    expect(byCause.map((r) => r.entity_id)).toEqual(['light.hallway']);
    const kitchen = (await api('GET', '/api/home/logbook?area=kitchen')).body as any[];
    expect(new Set(kitchen.map((r) => r.area))).toEqual(new Set(['kitchen']));
    const history = (await api('GET', '/api/home/entities/light.hallway/history')).body as any[];
    expect(history.at(-1).cause).toEqual({ type: 'automation', id: created.body.id, name: 'Hall at dusk' });
  });

  it('leaves out attribute-only updates and sensor readings unless asked for by entity', async () => {
    t = await startTestApp();
    const { adminToken: token } = await withUsers(t);
    const home = t.app.ctx.home!;
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    home.applyReport('light.living_room', undefined, { brightness: 10 });
    home.applyReport('sensor.living_room_temperature', 22.5, undefined);
    home.applyReport('binary_sensor.hallway_motion', 'on', undefined);
    const book = (await t.api('GET', `/api/home/logbook?since=${since}`, { token })).body as any[];
    expect(book.map((r) => r.entity_id)).toEqual(['binary_sensor.hallway_motion']);
    const sensor = (
      await t.api('GET', '/api/home/logbook?entity_id=sensor.living_room_temperature', { token })
    ).body as any[];
    expect(sensor[0]).toMatchObject({
      state: 22.5,
      previous_state: 20.6,
      cause: { type: 'device', name: null },
    });
  });

  it('refuses a window that ends before it starts, and an unknown entity', async () => {
    t = await startTestApp();
    const { adminToken: token } = await withUsers(t);
    const bad = await t.api(
      'GET',
      '/api/home/logbook?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z',
      {
        token,
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('since');
    expect((await t.api('GET', '/api/home/logbook?entity_id=light.nope', { token })).status).toBe(404);
  });
});

describe('the history summary', () => {
  it('reduces a numeric sensor to buckets of min, mean and max', async () => {
    t = await startTestApp();
    const { adminToken: token } = await withUsers(t);
    const home = t.app.ctx.home!;
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    for (const v of [21, 23, 22]) home.applyReport('sensor.living_room_temperature', v, undefined);
    const res = await t.api(
      'GET',
      `/api/home/entities/sensor.living_room_temperature/history/summary?buckets=10&since=${since}`,
      {
        token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('numeric');
    const last = res.body.buckets.at(-1);
    expect(last).toMatchObject({ min: 21, max: 23, mean: 22 });
  });

  it('turns on/off rows into spans that cover the window from the state before it', () => {
    const s = stateSpans(
      [
        { state: 'on', at: '2026-01-01T06:00:00.000Z' },
        { state: 'on', at: '2026-01-01T07:00:00.000Z' },
        { state: 'off', at: '2026-01-01T08:00:00.000Z' },
      ],
      {
        since: '2026-01-01T00:00:00.000Z',
        until: '2026-01-02T00:00:00.000Z',
        before: 'off',
      },
    );
    expect(s).toEqual({
      kind: 'states',
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-01-02T00:00:00.000Z',
      spans: [
        { state: 'off', from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T06:00:00.000Z' },
        { state: 'on', from: '2026-01-01T06:00:00.000Z', to: '2026-01-01T08:00:00.000Z' },
        { state: 'off', from: '2026-01-01T08:00:00.000Z', to: '2026-01-02T00:00:00.000Z' },
      ],
    });
  });
});
