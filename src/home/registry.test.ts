import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { startTestApp, tempDataDir, withUsers, type TestApp } from '../test-support/harness.js';

describe('the entity registry across restarts', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it("keeps ids, and the admin's name, area, labels and aliases, when the integration announces again", async () => {
    const dataDir = tempDataDir();
    t = await startTestApp({ dataDir });
    const { adminToken } = await withUsers(t);
    expect(
      (
        await t.api('POST', '/api/home/areas', {
          token: adminToken,
          body: { name: 'Study', floor: 'Upstairs' },
        })
      ).status,
    ).toBe(201);
    const patched = await t.api('PATCH', '/api/home/entities/light.hallway', {
      token: adminToken,
      body: { name: 'Corridor', area: 'study', labels: ['night_light'], aliases: ['landing light'] },
    });
    expect(patched.body).toMatchObject({
      name: 'Corridor',
      area: 'study',
      labels: ['night_light'],
      aliases: ['landing light'],
    });
    const count = (await t.api('GET', '/api/home/entities', { token: adminToken })).body.length;
    await t.stop({ keepData: true });

    t = await startTestApp({ dataDir });
    const login = await t.api('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'correct horse battery' },
    });
    const token = login.body.access_token;
    const entities = (await t.api('GET', '/api/home/entities', { token })).body as any[];
    expect(entities).toHaveLength(count);
    expect(entities.find((e) => e.entity_id === 'light.hallway')).toMatchObject({
      name: 'Corridor',
      area: 'study',
      labels: ['night_light'],
      aliases: ['landing light'],
      available: true,
    });
    expect((await t.api('GET', '/api/home/areas', { token })).body).toEqual(
      expect.arrayContaining([{ id: 'study', name: 'Study', floor: 'Upstairs' }]),
    );
  });

  it('filters entities by domain, area and integration', async () => {
    t = await startTestApp();
    const { adminToken } = await withUsers(t);
    const lights = (await t.api('GET', '/api/home/entities?domain=light', { token: adminToken }))
      .body as any[];
    expect(lights.length).toBeGreaterThanOrEqual(5);
    expect(lights.every((e) => e.domain === 'light')).toBe(true);
    const kitchen = (await t.api('GET', '/api/home/entities?area=kitchen', { token: adminToken }))
      .body as any[];
    expect(kitchen.map((e) => e.entity_id).sort()).toEqual([
      'light.kitchen',
      'lock.back_door',
      'switch.coffee_machine',
    ]);
    expect(
      (await t.api('GET', '/api/home/entities?integration=nothing', { token: adminToken })).body,
    ).toEqual([]);
  });

  it('renames and deletes areas; entities in a deleted area keep working without one', async () => {
    t = await startTestApp();
    const { adminToken } = await withUsers(t);
    const renamed = await t.api('PATCH', '/api/home/areas/hallway', {
      token: adminToken,
      body: { name: 'Entrance Hall' },
    });
    expect(renamed.body).toMatchObject({ id: 'hallway', name: 'Entrance Hall' });
    expect(
      (await t.api('POST', '/api/home/areas', { token: adminToken, body: { name: 'hallway' } })).status,
    ).toBe(409);
    expect((await t.api('DELETE', '/api/home/areas/hallway', { token: adminToken })).status).toBe(200);
    const lock = (await t.api('GET', '/api/home/entities/lock.front_door', { token: adminToken })).body;
    expect(lock.area).toBeNull();
    expect(
      (
        await t.api('POST', '/api/home/control', {
          token: adminToken,
          body: { entity_id: 'lock.front_door', action: 'unlock' },
        })
      ).body.outcome,
    ).toBe('confirmed');
    expect(
      (
        await t.api('PATCH', '/api/home/entities/lock.front_door', {
          token: adminToken,
          body: { area: 'nowhere' },
        })
      ).status,
    ).toBe(400);
  });

  it('lets only an admin edit the registry', async () => {
    t = await startTestApp();
    const u = await withUsers(t);
    const user = (await u.make('resident', 'user')).token;
    expect(
      (await t.api('PATCH', '/api/home/entities/light.kitchen', { token: user, body: { name: 'X' } })).status,
    ).toBe(403);
    expect((await t.api('POST', '/api/home/areas', { token: user, body: { name: 'Attic' } })).status).toBe(
      403,
    );
    expect((await t.api('GET', '/api/home/devices', { token: user })).body.length).toBeGreaterThan(10);
  });
});

describe('history', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('answers the changes in a time window with their causes', async () => {
    t = await startTestApp();
    const { adminToken } = await withUsers(t);
    await t.api('POST', '/api/home/control', {
      token: adminToken,
      body: { entity_id: 'light.kitchen', action: 'on' },
    });
    await t.api('POST', '/api/home/control', {
      token: adminToken,
      body: { entity_id: 'light.kitchen', action: 'off' },
    });
    const rows = (await t.api('GET', '/api/home/entities/light.kitchen/history', { token: adminToken }))
      .body as any[];
    expect(rows.map((r) => [r.state, r.cause.type])).toEqual([
      ['off', 'device'],
      ['on', 'user'],
      ['off', 'user'],
    ]);
    const none = await t.api(
      'GET',
      `/api/home/entities/light.kitchen/history?since=2000-01-01T00:00:00Z&until=2000-01-02T00:00:00Z`,
      { token: adminToken },
    );
    expect(none.body).toEqual([]);
    expect(
      (await t.api('GET', '/api/home/entities/light.kitchen/history?since=yesterday', { token: adminToken }))
        .status,
    ).toBe(400);
  });

  it('deletes rows older than the retention period, keeping the database bounded', async () => {
    const clock = new FakeClock(Date.parse('2026-03-01T12:00:00Z'));
    t = await startTestApp({ clock, config: { history_days: 2 } });
    const { adminToken } = await withUsers(t);
    const home = t.app.ctx.home!;
    home.applyReport('sensor.living_room_temperature', 21.5, undefined);
    clock.advance(3 * 86_400_000);
    home.applyReport('sensor.living_room_temperature', 22, undefined);
    clock.advance(2 * 3_600_000); // the hourly retention job runs
    const rows = (
      await t.api(
        'GET',
        `/api/home/entities/sensor.living_room_temperature/history?since=2026-01-01T00:00:00Z&until=2026-12-31T00:00:00Z`,
        { token: adminToken },
      )
    ).body as any[];
    expect(rows.map((r) => r.state)).toEqual([22]);
  });
});
