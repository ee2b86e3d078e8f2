import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../test-support/harness.js';

/**
 * Scoped long-lived API tokens (issue 17 §6): read / control / admin, never above the owner's
 * role, optionally limited to areas or entities, the secret shown once and stored hashed,
 * enforced on REST and Socket.IO, revocable at once.
 */
let t: TestApp;
let admin: string;
let user: string;
let userId: string;

beforeAll(async () => {
  t = await startTestApp({ config: { demo_transport: 'in-process' } });
  const users = await withUsers(t);
  admin = users.adminToken;
  const u = await users.make('resident', 'user');
  user = u.token;
  userId = u.id;
});
afterAll(async () => t.stop());

const create = (token: string, body: Record<string, unknown>) =>
  t.api('POST', '/api/tokens', { token, body });
const control = (token: string, entity_id: string) =>
  t.api('POST', '/api/home/control?wait=0', { token, body: { entity_id, action: 'toggle' } });

function connect(token: string): Promise<string> {
  return new Promise((resolve) => {
    const s = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.on('connect', () => {
      s.close();
      resolve('connected');
    });
    s.on('connect_error', (e: Error & { data?: { code?: string } }) => {
      s.close();
      resolve(`refused: ${e.data?.code ?? e.message}`);
    });
  });
}

describe('API tokens', () => {
  it('shows the secret once, lists tokens without it, and stores only a hash', async () => {
    const res = await create(user, { name: 'kitchen script', scope: 'control', areas: ['kitchen'] });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      name: 'kitchen script',
      scope: 'control',
      areas: ['kitchen'],
      user_id: userId,
    });
    expect(res.body.token).toMatch(/^hth_[0-9a-f]{16}_/);
    const list = await t.api('GET', '/api/tokens', { token: user });
    expect(list.body).toHaveLength(1);
    // the secret is everything after "hth_<16 hex>_" (base64url: it may hold "_" itself)
    const secret = res.body.token.slice(22);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    for (const f of ['hearth.db', 'hearth.db-wal'])
      expect(readFileSync(join(t.dataDir, f)).includes(Buffer.from(secret))).toBe(false);
  });

  it('limits a token to its areas: other entities are unknown, other routes refused, no Socket.IO', async () => {
    const { token } = (await create(user, { name: 'kitchen only', scope: 'control', areas: ['kitchen'] }))
      .body;
    expect((await control(token, 'light.kitchen')).status).toBe(200);
    const other = await control(token, 'light.living_room');
    expect(other.status).toBe(404);
    const list = (await t.api('GET', '/api/home/entities', { token })).body as { area: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.area === 'kitchen')).toBe(true);
    expect((await t.api('GET', '/api/home/entities/light.living_room', { token })).status).toBe(404);
    const scenes = await t.api('GET', '/api/home/scenes', { token });
    expect(scenes.status).toBe(403);
    expect(scenes.body.error.code).toBe('TOKEN_SCOPE');
    expect(await connect(token)).toBe('refused: TOKEN_SCOPE');
  });

  it('limits a token to listed entities', async () => {
    const { token } = (
      await create(user, { name: 'one lamp', scope: 'control', entities: ['light.bedroom'] })
    ).body;
    expect((await control(token, 'light.bedroom')).status).toBe(200);
    expect((await control(token, 'light.kitchen')).status).toBe(404);
  });

  it("gives a read token a viewer's reach on REST and Socket.IO", async () => {
    const { token } = (await create(admin, { name: 'dashboard panel', scope: 'read' })).body;
    expect((await t.api('GET', '/api/home/scenes', { token })).status).toBe(200);
    const refused = await control(token, 'light.kitchen');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await t.api('GET', '/api/users', { token })).status).toBe(403);
    expect(await connect(token)).toBe('connected');
    const s = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    const ack = await new Promise<any>((resolve) =>
      s.emit('control', { entity_id: 'light.kitchen', action: 'on' }, resolve),
    );
    s.close();
    expect(ack.error.code).toBe('FORBIDDEN');
  });

  it('never gives a token more than its owner has', async () => {
    const res = await create(user, { name: 'too much', scope: 'admin' });
    expect(res.status).toBe(403);
    const adminToken = (await create(admin, { name: 'ops', scope: 'admin' })).body.token;
    expect((await t.api('GET', '/api/users', { token: adminToken })).status).toBe(200);
  });

  it('cannot mint tokens, change a password or list sessions with a token', async () => {
    const { token } = (await create(admin, { name: 'ops 2', scope: 'admin' })).body;
    for (const [method, path, body] of [
      ['POST', '/api/tokens', { name: 'x', scope: 'read' }],
      [
        'PUT',
        '/api/auth/password',
        { current_password: 'correct horse battery', new_password: 'another long one' },
      ],
      ['GET', '/api/auth/sessions', undefined],
    ] as const) {
      const res = await t.api(method, path, { token, body });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('TOKEN_SCOPE');
    }
    expect((await t.api('GET', '/api/auth/me', { token })).body.username).toBe('admin');
  });

  it('stops working at once when revoked, and when its owner is disabled', async () => {
    const made = (await create(user, { name: 'short lived', scope: 'read' })).body;
    expect((await t.api('GET', '/api/home/entities', { token: made.token })).status).toBe(200);
    expect((await t.api('DELETE', `/api/tokens/${made.id}`, { token: user })).status).toBe(200);
    expect((await t.api('GET', '/api/home/entities', { token: made.token })).status).toBe(401);

    const other = (await create(user, { name: 'owner disabled', scope: 'read' })).body;
    await t.api('PATCH', `/api/users/${userId}`, { token: admin, body: { disabled: true } });
    expect((await t.api('GET', '/api/home/entities', { token: other.token })).status).toBe(403);
    await t.api('PATCH', `/api/users/${userId}`, { token: admin, body: { disabled: false } });
  });

  it('refuses a forged or malformed token with 401', async () => {
    const { token } = (await create(admin, { name: 'real', scope: 'read' })).body as { token: string };
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const bad of [forged, 'hth_', 'hth_0123456789abcdef_short', `${token}x`])
      expect((await t.api('GET', '/api/home/entities', { token: bad })).status).toBe(401);
  });
});
