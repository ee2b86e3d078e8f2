import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { startTestApp, withUsers, type TestApp } from '../test-support/harness.js';
import { verifyLicense, type LicenseDocument } from './document.js';

describe('role switch', () => {
  let home: TestApp;
  let server: TestApp;
  beforeAll(async () => {
    [home, server] = await Promise.all([
      startTestApp(),
      startTestApp({ config: { role: 'license-server' } }),
    ]);
  });
  afterAll(async () => Promise.all([home.stop(), server.stop()]));

  it('serves the install and license endpoints only in the license-server role', async () => {
    for (const path of ['/install', '/install/hearth.tgz', '/api/licenses/public-key']) {
      expect((await home.api('GET', path)).status, path).toBe(404);
    }
    expect(
      (await home.api('POST', '/api/licenses/activate', { body: { key: 'k', home_id: 'home-0001' } })).status,
    ).toBe(404);
    expect((await server.api('GET', '/install')).status).toBe(200);
    expect((await server.api('GET', '/api/licenses/public-key')).status).toBe(200);
  });

  it('documents the license endpoints of each role in its OpenAPI document', async () => {
    const serverPaths = Object.keys((await server.api('GET', '/openapi.json')).body.paths);
    expect(serverPaths).toEqual(
      expect.arrayContaining([
        '/install',
        '/install/hearth.tgz',
        '/api/licenses',
        '/api/licenses/{key}',
        '/api/licenses/activate',
        '/api/licenses/public-key',
      ]),
    );
    expect(serverPaths).not.toContain('/api/settings/license');
    const homeDoc = (await home.api('GET', '/openapi.json')).body;
    expect(Object.keys(homeDoc.paths)).toContain('/api/settings/license');
    expect(
      Object.keys(homeDoc.paths).some(
        (p: string) => p.startsWith('/install') || p.startsWith('/api/licenses'),
      ),
    ).toBe(false);
  });

  it('serves the home license settings only in the home role', async () => {
    expect((await server.api('GET', '/api/settings/license')).status).toBe(404);
    expect((await home.api('GET', '/api/settings/license')).status).toBe(401);
  });
});

describe('license server', () => {
  const clock = new FakeClock(Date.UTC(2026, 0, 1, 12));
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let publicKey: string;

  const create = async (body: Record<string, unknown>) => {
    const res = await t.api('POST', '/api/licenses', { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { key: string; max_homes: number | null; state: string };
  };
  const activate = (key: string, home_id: string) =>
    t.api('POST', '/api/licenses/activate', { body: { key, home_id } });

  beforeAll(async () => {
    t = await startTestApp({ config: { role: 'license-server' }, clock });
    const users = await withUsers(t);
    admin = users.adminToken;
    viewer = (await users.make('watcher', 'viewer')).token;
    publicKey = (await t.api('GET', '/api/licenses/public-key')).body.public_key_pem;
  });
  afterAll(async () => t.stop());

  it('publishes its Ed25519 public key as PEM without a token', async () => {
    const res = await t.api('GET', '/api/licenses/public-key');
    expect(res.body.algorithm).toBe('Ed25519');
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('issues keys to admins only, with max_homes 1 by default', async () => {
    const license = await create({ customer: 'Ann' });
    expect(license.key).toMatch(/^HRTH-[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    expect(license).toMatchObject({
      customer: 'Ann',
      max_homes: 1,
      expires_at: null,
      state: 'active',
      homes: [],
    });
    expect((await t.api('POST', '/api/licenses', { token: viewer, body: { customer: 'x' } })).status).toBe(
      403,
    );
    expect((await t.api('POST', '/api/licenses', { body: { customer: 'x' } })).status).toBe(401);
    expect((await t.api('GET', '/api/licenses', { token: viewer })).status).toBe(403);
    const bad = await t.api('POST', '/api/licenses', {
      token: admin,
      body: { customer: 'x', expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('expires_at');
    expect(
      (await t.api('POST', '/api/licenses', { token: admin, body: { customer: 'x', colour: 'red' } })).status,
    ).toBe(400);
  });

  it('activates a key for a home with a signed document, idempotently', async () => {
    const { key } = await create({ customer: 'Bea', expires_at: '2027-01-01T00:00:00Z' });
    const first = await activate(key, 'home-bea-1');
    expect(first.status).toBe(200);
    const doc = first.body as LicenseDocument;
    expect(doc).toMatchObject({
      key,
      customer: 'Bea',
      home_id: 'home-bea-1',
      issued_at: '2026-01-01T12:00:00.000Z',
      expires_at: '2027-01-01T00:00:00.000Z',
    });
    expect(verifyLicense(doc, publicKey)).toBe(true);
    clock.advance(60_000);
    const again = await activate(key.toLowerCase(), 'home-bea-1');
    expect(again.body).toEqual(doc);
    const listed = (await t.api('GET', '/api/licenses', { token: admin })).body.find(
      (l: { key: string }) => l.key === key,
    );
    expect(listed.homes).toEqual([{ home_id: 'home-bea-1', activated_at: '2026-01-01T12:00:00.000Z' }]);
  });

  it('refuses activations beyond max_homes with LICENSE_EXHAUSTED', async () => {
    const { key } = await create({ customer: 'Cy', max_homes: 2 });
    expect((await activate(key, 'home-cy-1')).status).toBe(200);
    expect((await activate(key, 'home-cy-2')).status).toBe(200);
    const third = await activate(key, 'home-cy-3');
    expect(third.status).toBe(409);
    expect(third.body.error).toMatchObject({ code: 'LICENSE_EXHAUSTED', details: { max_homes: 2 } });
    expect((await activate(key, 'home-cy-1')).status).toBe(200);
    const unlimited = await create({ customer: 'Dee', max_homes: null });
    for (const n of [1, 2, 3]) expect((await activate(unlimited.key, `home-dee-${n}`)).status).toBe(200);
  });

  it('refuses revoked keys, even for a home that held them', async () => {
    const { key } = await create({ customer: 'Eve' });
    expect((await activate(key, 'home-eve-1')).status).toBe(200);
    expect((await t.api('DELETE', `/api/licenses/${key}`, { token: viewer })).status).toBe(403);
    const revoked = await t.api('DELETE', `/api/licenses/${key}`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('revoked');
    const res = await activate(key, 'home-eve-1');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('LICENSE_REVOKED');
    expect(
      (await t.api('DELETE', '/api/licenses/HRTH-NOPE0-NOPE0-NOPE0-NOPE0', { token: admin })).status,
    ).toBe(404);
  });

  it('refuses expired keys and reports them expired', async () => {
    const { key } = await create({
      customer: 'Fay',
      expires_at: new Date(clock.now() + 3_600_000).toISOString(),
    });
    expect((await activate(key, 'home-fay-1')).status).toBe(200);
    clock.advance(2 * 3_600_000);
    const res = await activate(key, 'home-fay-1');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('LICENSE_EXPIRED');
    const listed = (await t.api('GET', '/api/licenses', { token: admin })).body.find(
      (l: { key: string }) => l.key === key,
    );
    expect(listed.state).toBe('expired');
  });

  it('answers unknown keys with LICENSE_UNKNOWN', async () => {
    const unknown = await activate('HRTH-00000-00000-00000-00000', 'home-x-0001');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LICENSE_UNKNOWN');
  });
});

describe('license activation throttling', () => {
  const clock = new FakeClock(Date.UTC(2026, 0, 1, 12));
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { role: 'license-server' }, clock });
  });
  afterAll(async () => t.stop());

  it('answers 429 with Retry-After after ten failed activations from one address, and lets it retry after the wait', async () => {
    const { adminToken } = await withUsers(t);
    const good = (await t.api('POST', '/api/licenses', { token: adminToken, body: { customer: 'Gus' } })).body
      .key as string;
    const attempt = (key: string) =>
      t.api('POST', '/api/licenses/activate', { body: { key, home_id: 'home-gus-1' } });
    for (let i = 0; i < 11; i++) expect((await attempt('HRTH-00000-00000-00000-00000')).status).toBe(404);
    const limited = await attempt(good);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('THROTTLED');
    expect(limited.headers.get('retry-after')).toBe('1');
    clock.advance(1_000);
    expect((await attempt(good)).status).toBe(200);
  });
});
