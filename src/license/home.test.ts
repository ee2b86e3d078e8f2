import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { startTestApp, withUsers, type TestApp } from '../test-support/harness.js';
import type { StoredLicense } from './home.js';

describe('home license', () => {
  const clock = new FakeClock(Date.UTC(2026, 0, 1, 12));
  let server: TestApp;
  let home: TestApp;
  let serverAdmin: string;
  let admin: string;
  let viewer: string;

  const issue = async (body: Record<string, unknown>) =>
    (await server.api('POST', '/api/licenses', { token: serverAdmin, body })).body.key as string;
  const status = async () => (await home.api('GET', '/api/ai/status', { token: viewer })).body.license;

  beforeAll(async () => {
    [server, home] = await Promise.all([
      startTestApp({ config: { role: 'license-server' }, clock }),
      startTestApp({ clock }),
    ]);
    serverAdmin = (await withUsers(server)).adminToken;
    const users = await withUsers(home);
    admin = users.adminToken;
    viewer = (await users.make('watcher', 'viewer')).token;
  });
  afterAll(async () => Promise.all([server.stop(), home.stop()]));

  it('starts unlicensed with a stable home_id and keeps working', async () => {
    const first = await status();
    expect(first).toEqual({ state: 'unlicensed', home_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await status()).home_id).toBe(first.home_id);
    expect((await home.api('GET', '/api/auth/me', { token: viewer })).status).toBe(200);
  });

  it('lets only admins read and set the license', async () => {
    expect((await home.api('GET', '/api/settings/license', { token: viewer })).status).toBe(403);
    expect(
      (
        await home.api('POST', '/api/settings/license', {
          token: viewer,
          body: { server: server.url, key: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await home.api('POST', '/api/settings/license', {
          token: admin,
          body: { server: 'ftp://x.example', key: 'x' },
        })
      ).status,
    ).toBe(400);
  });

  it('activates a key from the license server, verifies it and shows it valid', async () => {
    const key = await issue({ customer: 'Ann', expires_at: '2026-06-01T00:00:00Z' });
    const res = await home.api('POST', '/api/settings/license', {
      token: admin,
      body: { server: `${server.url}/`, key },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const homeId = (await status()).home_id;
    expect(res.body).toEqual({
      state: 'valid',
      home_id: homeId,
      customer: 'Ann',
      key,
      valid_until: '2026-06-01T00:00:00.000Z',
      issued_at: '2026-01-01T12:00:00.000Z',
      server: server.url,
    });
    expect((await home.api('GET', '/api/settings/license', { token: admin })).body).toEqual(res.body);
    expect(await status()).toEqual({
      state: 'valid',
      home_id: homeId,
      customer: 'Ann',
      valid_until: '2026-06-01T00:00:00.000Z',
      issued_at: '2026-01-01T12:00:00.000Z',
      server: server.url,
    });
    const onServer = (await server.api('GET', '/api/licenses', { token: serverAdmin })).body.find(
      (l: { key: string }) => l.key === key,
    );
    expect(onServer.homes.map((h: { home_id: string }) => h.home_id)).toEqual([homeId]);
  });

  it('verifies offline: still valid while the license server is unreachable, expired after expires_at', async () => {
    const stored = await home.app.ctx.store.settings.get<StoredLicense>('license');
    await home.app.ctx.store.settings.set('license', { ...stored!, server: 'http://127.0.0.1:9' });
    expect((await status()).state).toBe('valid');
    clock.set(Date.UTC(2026, 5, 1, 0, 0, 1));
    expect(await status()).toMatchObject({ state: 'expired', valid_until: '2026-06-01T00:00:00.000Z' });
    expect((await home.api('GET', '/api/auth/me', { token: viewer })).status).toBe(200);
    await home.app.ctx.store.settings.set('license', stored);
  });

  it('reports a tampered license or one issued for another home as invalid', async () => {
    const stored = (await home.app.ctx.store.settings.get<StoredLicense>('license'))!;
    await home.app.ctx.store.settings.set('license', {
      ...stored,
      document: { ...stored.document, expires_at: '2099-01-01T00:00:00.000Z' },
    });
    expect(await status()).toMatchObject({ state: 'invalid', reason: expect.stringContaining('signature') });
    expect(
      (await home.api('GET', '/api/settings/license', { token: admin })).body.valid_until,
    ).toBeUndefined();

    const otherKey = await issue({ customer: 'Bob' });
    const foreign = (
      await server.api('POST', '/api/licenses/activate', {
        body: { key: otherKey, home_id: 'some-other-home' },
      })
    ).body;
    await home.app.ctx.store.settings.set('license', { ...stored, document: foreign });
    expect(await status()).toMatchObject({
      state: 'invalid',
      reason: expect.stringContaining('another home'),
    });
    await home.app.ctx.store.settings.set('license', stored);
  });

  it("passes the license server's refusals through and keeps the stored license", async () => {
    const before = await home.api('GET', '/api/settings/license', { token: admin });
    const unknown = await home.api('POST', '/api/settings/license', {
      token: admin,
      body: { server: server.url, key: 'HRTH-00000-00000-00000-00000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LICENSE_UNKNOWN');

    const revokedKey = await issue({ customer: 'Cat' });
    await server.api('DELETE', `/api/licenses/${revokedKey}`, { token: serverAdmin });
    const revoked = await home.api('POST', '/api/settings/license', {
      token: admin,
      body: { server: server.url, key: revokedKey },
    });
    expect(revoked.status).toBe(403);
    expect(revoked.body.error.code).toBe('LICENSE_REVOKED');

    const unreachable = await home.api('POST', '/api/settings/license', {
      token: admin,
      body: { server: 'http://127.0.0.1:9', key: revokedKey },
    });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error.code).toBe('LICENSE_SERVER_ERROR');

    const notAServer = await home.api('POST', '/api/settings/license', {
      token: admin,
      body: { server: home.url, key: revokedKey },
    });
    expect(notAServer.status).toBe(502);
    expect(notAServer.body.error.code).toBe('LICENSE_SERVER_ERROR');
    expect((await home.api('GET', '/api/settings/license', { token: admin })).body).toEqual(before.body);
  });

  it('keeps the home_id and license across a restart and checks them at start', async () => {
    const before = await status();
    const dataDir = home.dataDir;
    await home.stop({ keepData: true });
    home = await startTestApp({ clock, dataDir });
    const users = await home.api('POST', '/api/auth/login', {
      body: { username: 'watcher', password: 'correct horse battery' },
    });
    viewer = users.body.access_token;
    expect(await status()).toEqual(before);
  });
});
