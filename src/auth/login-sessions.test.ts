import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { loginUser, registerUser, startTestApp, withUsers, type TestApp } from '../test-support/harness.js';

// Issue 2 §5: login, tokens bound to sessions, refresh, logout, /me, sessions, password change.

const PASSWORD = 'correct horse battery';
let t: TestApp;
let users: Awaited<ReturnType<typeof withUsers>>;
beforeAll(async () => {
  t = await startTestApp();
  users = await withUsers(t);
});
afterAll(async () => t.stop());

const me = (token: string) => t.api('GET', '/api/auth/me', { token });
const login = (username: string, password: string) =>
  t.api('POST', '/api/auth/login', { body: { username, password } });

describe('POST /api/auth/login', () => {
  it('answers exactly {access_token, token_type:"bearer", user:{id, username, role}}', async () => {
    const res = await login('admin', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'bearer',
      user: { id: users.adminId, username: 'admin', role: 'admin' },
    });
  });

  it('gives the same 401 body for a wrong password and an unknown user', async () => {
    const wrongPassword = await login('admin', 'not the right one');
    const unknownUser = await login('nobody-here', 'not the right one');
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Wrong username or password.' },
    });
  });

  it('accepts the username in any case', async () => {
    const res = await login('ADMIN', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('admin');
  });

  it('gives every login its own token', async () => {
    const a = await loginUser(t, 'admin');
    const b = await loginUser(t, 'admin');
    expect(a.access_token).not.toBe(b.access_token);
    expect((await me(a.access_token)).status).toBe(200);
    expect((await me(b.access_token)).status).toBe(200);
  });
});

describe('tokens on REST', () => {
  it('are required: no token, a garbage token or a non-bearer header give 401', async () => {
    expect((await t.api('GET', '/api/auth/me')).status).toBe(401);
    expect((await me('garbage')).status).toBe(401);
    const basic = await t.api('GET', '/api/auth/me', { headers: { authorization: 'Basic YWRtaW46eA==' } });
    expect(basic.status).toBe(401);
    expect(basic.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('GET /api/auth/me answers the signed-in user in the §2.1 shape', async () => {
    const res = await me(users.adminToken);
    expect(res.body).toEqual({ id: users.adminId, username: 'admin', role: 'admin' });
  });
});

describe('POST /api/auth/refresh', () => {
  it('answers a new token in the login shape; the new one works and the old one is 401', async () => {
    const old = await loginUser(t, 'admin');
    const res = await t.api('POST', '/api/auth/refresh', { token: old.access_token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'token_type', 'user']);
    expect(res.body).toMatchObject({ token_type: 'bearer', user: old.user });
    expect(res.body.access_token).not.toBe(old.access_token);
    expect((await me(res.body.access_token)).status).toBe(200);
    const stale = await me(old.access_token);
    expect(stale.status).toBe(401);
    expect(stale.body.error.message).toMatch(/revoked/);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the current token only', async () => {
    const a = await loginUser(t, 'admin');
    const b = await loginUser(t, 'admin');
    expect((await t.api('POST', '/api/auth/logout', { token: a.access_token })).body).toEqual({ ok: true });
    expect((await me(a.access_token)).status).toBe(401);
    expect((await me(b.access_token)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/logout', { token: a.access_token })).status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists your own live sessions and marks the current one', async () => {
    const viewer = await users.make('sess-viewer', 'viewer');
    const second = await loginUser(t, 'sess-viewer');
    const res = await t.api('GET', '/api/auth/sessions', { token: second.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.every((s: { user_id: string }) => s.user_id === viewer.id)).toBe(true);
    expect(res.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      user_id: viewer.id,
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      user_agent: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      ip: '127.0.0.1',
      current: false,
    });
  });

  it("shows everyone's sessions to an admin with ?all=true, and only your own without it", async () => {
    const u = await users.make('sess-user', 'user');
    const own = await t.api('GET', '/api/auth/sessions', { token: users.adminToken });
    expect(own.body.every((s: { user_id: string }) => s.user_id === users.adminId)).toBe(true);
    const all = await t.api('GET', '/api/auth/sessions?all=true', { token: users.adminToken });
    expect(all.body.some((s: { user_id: string }) => s.user_id === u.id)).toBe(true);
    // A non-admin asking for all still sees only their own.
    const notAdmin = await t.api('GET', '/api/auth/sessions?all=true', { token: u.token });
    expect(notAdmin.body.every((s: { user_id: string }) => s.user_id === u.id)).toBe(true);
  });

  it('lets you delete your own session, which revokes its token', async () => {
    await users.make('sess-own', 'user');
    const a = await loginUser(t, 'sess-own');
    const b = await loginUser(t, 'sess-own');
    const bList = await t.api('GET', '/api/auth/sessions', { token: b.access_token });
    const bSession = bList.body.find((s: { current: boolean }) => s.current) as { id: string };
    const del = await t.api('DELETE', `/api/auth/sessions/${bSession.id}`, { token: a.access_token });
    expect(del.body).toEqual({ ok: true });
    expect((await me(b.access_token)).status).toBe(401);
    expect((await me(a.access_token)).status).toBe(200);
    const after = await t.api('GET', '/api/auth/sessions', { token: a.access_token });
    expect(after.body.map((s: { id: string }) => s.id)).not.toContain(bSession.id);
  });

  it("lets an admin delete anyone's session", async () => {
    const u = await users.make('sess-victim', 'user');
    const all = await t.api('GET', '/api/auth/sessions?all=true', { token: users.adminToken });
    const session = all.body.find((s: { user_id: string }) => s.user_id === u.id) as { id: string };
    expect(
      (await t.api('DELETE', `/api/auth/sessions/${session.id}`, { token: users.adminToken })).status,
    ).toBe(200);
    expect((await me(u.token)).status).toBe(401);
  });

  it("answers 404 when a user tries to delete someone else's session, and leaves it alone", async () => {
    const victim = await users.make('sess-other', 'viewer');
    const attacker = await users.make('sess-attacker', 'user');
    const all = await t.api('GET', '/api/auth/sessions?all=true', { token: users.adminToken });
    const session = all.body.find((s: { user_id: string }) => s.user_id === victim.id) as { id: string };
    const res = await t.api('DELETE', `/api/auth/sessions/${session.id}`, { token: attacker.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await me(victim.token)).status).toBe(200);
    const unknown = await t.api('DELETE', '/api/auth/sessions/no-such-session', { token: attacker.token });
    expect(unknown.body).toEqual({
      error: { ...res.body.error, message: expect.any(String), details: { id: 'no-such-session' } },
    });
  });
});

describe("a session's last_used_at", () => {
  it('follows the requests made with its token', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const own = await startTestApp({ clock });
    try {
      const r = await registerUser(own, 'owner');
      const list = async () =>
        (await own.api('GET', '/api/auth/sessions', { token: r.access_token })).body[0];
      expect(await list()).toMatchObject({
        created_at: '2026-01-01T12:00:00.000Z',
        last_used_at: '2026-01-01T12:00:00.000Z',
      });
      clock.advance(5 * 60_000);
      expect(await list()).toMatchObject({
        created_at: '2026-01-01T12:00:00.000Z',
        last_used_at: '2026-01-01T12:05:00.000Z',
      });
    } finally {
      await own.stop();
    }
  });
});

describe('PUT /api/auth/password', () => {
  it('changes the password, keeps the current session and revokes the others', async () => {
    await users.make('changer', 'user');
    const current = await loginUser(t, 'changer');
    const other = await loginUser(t, 'changer');
    const res = await t.api('PUT', '/api/auth/password', {
      token: current.access_token,
      body: { current_password: PASSWORD, new_password: 'a brand new passphrase' },
    });
    expect(res.status).toBe(200);
    expect((await me(current.access_token)).status).toBe(200);
    expect((await me(other.access_token)).status).toBe(401);
    expect((await login('changer', PASSWORD)).status).toBe(401);
    expect((await login('changer', 'a brand new passphrase')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 naming current_password and changes nothing', async () => {
    await users.make('keeper', 'viewer');
    const s = await loginUser(t, 'keeper');
    const res = await t.api('PUT', '/api/auth/password', {
      token: s.access_token,
      body: { current_password: 'not my password', new_password: 'another passphrase' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({ field: 'current_password' });
    expect((await login('keeper', PASSWORD)).status).toBe(200);
  });

  it('refuses a new password below the minimum length', async () => {
    const s = await loginUser(t, 'admin');
    const res = await t.api('PUT', '/api/auth/password', {
      token: s.access_token,
      body: { current_password: PASSWORD, new_password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('new_password');
  });
});

describe('the registration token', () => {
  it('is a live session like any login', async () => {
    const first = await startTestApp();
    try {
      const r = await registerUser(first, 'owner');
      const sessions = await first.api('GET', '/api/auth/sessions', { token: r.access_token });
      expect(sessions.body).toHaveLength(1);
      expect(sessions.body[0].current).toBe(true);
    } finally {
      await first.stop();
    }
  });
});
