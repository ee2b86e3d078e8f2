import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.js';
import {
  apiRequest,
  registerUser,
  startTestApp,
  tempDataDir,
  withUsers,
  type TestApp,
} from '../../src/test-support/harness.js';
import { startServiceProcess, type ServiceProcess } from '../../src/test-support/process.js';

/**
 * GET/PATCH /api/settings (issue 7): the home's time zone and location. The environment is
 * the default; a saved value wins until it is cleared with null, and survives restarts.
 */

describe('the settings API', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let viewer: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { time_zone: 'Europe/Berlin', latitude: 52.52 } });
    const users = await withUsers(t);
    admin = users.adminToken;
    user = (await users.make('settings-user', 'user')).token;
    viewer = (await users.make('settings-viewer', 'viewer')).token;
  });
  afterAll(async () => t.stop());

  it('lets a viewer read the effective values and where each comes from', async () => {
    const res = await t.api('GET', '/api/settings', { token: viewer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      time_zone: 'Europe/Berlin',
      latitude: 52.52,
      longitude: null,
      sources: { time_zone: 'config', latitude: 'config', longitude: 'unset' },
    });
  });

  it.each([
    ['a user', () => user],
    ['a viewer', () => viewer],
  ])('refuses a change from %s with 403 and changes nothing', async (_who, token) => {
    const res = await t.api('PATCH', '/api/settings', { token: token(), body: { time_zone: 'Asia/Tokyo' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await t.api('GET', '/api/settings', { token: admin })).body.time_zone).toBe('Europe/Berlin');
  });

  it("saves an admin's values, which then win over the configuration", async () => {
    const res = await t.api('PATCH', '/api/settings', {
      token: admin,
      body: { time_zone: 'america/new_york', latitude: 40.71, longitude: -74.01 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      time_zone: 'America/New_York',
      latitude: 40.71,
      longitude: -74.01,
      sources: { time_zone: 'settings', latitude: 'settings', longitude: 'settings' },
    });
    expect((await t.api('GET', '/api/settings', { token: viewer })).body).toEqual(res.body);
  });

  it('changes only the fields sent, and null goes back to the configured default', async () => {
    const res = await t.api('PATCH', '/api/settings', {
      token: admin,
      body: { time_zone: null, longitude: null },
    });
    expect(res.body).toEqual({
      time_zone: 'Europe/Berlin',
      latitude: 40.71,
      longitude: null,
      sources: { time_zone: 'config', latitude: 'settings', longitude: 'unset' },
    });
  });

  it.each(['Mars/Olympus', 'Europe/Nowhere', '+01:00', 'not a zone'])(
    'refuses the unknown time zone %j with 400 naming time_zone',
    async (zone) => {
      const res = await t.api('PATCH', '/api/settings', { token: admin, body: { time_zone: zone } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.field).toBe('time_zone');
      expect(res.body.error.message).toContain('time_zone');
      expect((await t.api('GET', '/api/settings', { token: admin })).body.time_zone).toBe('Europe/Berlin');
    },
  );

  it.each([
    ['latitude', 90.5],
    ['latitude', -91],
    ['longitude', 181],
    ['longitude', '13.4'],
  ] as const)('refuses %s = %j with 400 naming the field', async (field, value) => {
    const res = await t.api('PATCH', '/api/settings', { token: admin, body: { [field]: value } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe(field);
    expect(res.body.error.message).toContain(field);
  });

  it('refuses an empty change and unknown fields', async () => {
    expect((await t.api('PATCH', '/api/settings', { token: admin, body: {} })).status).toBe(400);
    const res = await t.api('PATCH', '/api/settings', { token: admin, body: { timezone: 'Europe/Berlin' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('timezone');
  });
});

describe('settings and the automations, through the API', () => {
  it('re-arms a 07:00 time trigger in the new zone: next_trigger_at follows at once', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 5, 0)); // 06:00 in Berlin
    const t = await startTestApp({ clock, config: { time_zone: 'Europe/Berlin' } });
    try {
      const admin = (await registerUser(t, 'admin')).access_token!;
      const created = await t.api('POST', '/api/home/automations', {
        token: admin,
        body: { name: 'Wake up', trigger: { type: 'time', at: '07:00' }, actions: [{ notify: 'morning' }] },
      });
      expect(created.status).toBe(201);
      const next = async () =>
        (await t.api('GET', `/api/home/automations/${created.body.id}`, { token: admin })).body
          .next_trigger_at;
      expect(await next()).toBe('2026-01-05T06:00:00.000Z');
      await t.api('PATCH', '/api/settings', { token: admin, body: { time_zone: 'Asia/Tokyo' } });
      expect(await next()).toBe('2026-01-05T22:00:00.000Z');
    } finally {
      await t.stop();
    }
  });
});

describe('saved settings across restarts', () => {
  const dirs: string[] = [];
  const children: ServiceProcess[] = [];
  afterAll(() => {
    for (const c of children)
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('keeps them through a clean stop and start', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const first = await startTestApp({ dataDir, config: { time_zone: 'Europe/Berlin' } });
    const admin = (await registerUser(first, 'admin')).access_token!;
    await first.api('PATCH', '/api/settings', {
      token: admin,
      body: { time_zone: 'Australia/Sydney', latitude: -33.87, longitude: 151.21 },
    });
    await first.stop({ keepData: true });
    const second = await startTestApp({ dataDir, config: { time_zone: 'Europe/Berlin' } });
    try {
      expect((await second.api('GET', '/api/settings', { token: admin })).body).toEqual({
        time_zone: 'Australia/Sydney',
        latitude: -33.87,
        longitude: 151.21,
        sources: { time_zone: 'settings', latitude: 'settings', longitude: 'settings' },
      });
    } finally {
      await second.stop({ keepData: true });
    }
  });

  it('keeps what was acknowledged through kill -9', { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const env = { HEARTH_DATA_DIR: dataDir, HEARTH_TIME_ZONE: 'Europe/Berlin' };
    const first = await startServiceProcess(env);
    children.push(first);
    const admin = (
      await apiRequest(first.url, 'POST', '/api/auth/register', {
        body: { username: 'owner', password: 'correct horse battery' },
      })
    ).body.access_token;
    const saved = await apiRequest(first.url, 'PATCH', '/api/settings', {
      token: admin,
      body: { time_zone: 'Asia/Tokyo', latitude: 35.68 },
    });
    expect(saved.status).toBe(200);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await startServiceProcess(env);
    children.push(second);
    const res = await apiRequest(second.url, 'GET', '/api/settings', { token: admin });
    expect(res.body).toMatchObject({
      time_zone: 'Asia/Tokyo',
      latitude: 35.68,
      sources: { time_zone: 'settings', latitude: 'settings' },
    });
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
