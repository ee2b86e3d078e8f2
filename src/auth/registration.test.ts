import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import {
  loginUser,
  registerUser,
  resetAccounts,
  startTestApp,
  withUsers,
  type TestApp,
} from '../test-support/harness.js';

// Issue 2 §5: registration — first user, invites, pending accounts and approvals.

const PASSWORD = 'correct horse battery';
// One app for the file (booting one per test was most of its time); every test starts with no accounts.
const clock = new FakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(async () => t.stop());
beforeEach(() => resetAccounts(t));

const register = (body: Record<string, unknown>) => t.api('POST', '/api/auth/register', { body });
const createInvite = (adminToken: string, body: Record<string, unknown>) =>
  t.api('POST', '/api/auth/invites', { token: adminToken, body });

describe('the first user', () => {
  it('becomes an active admin and gets a token in the login shape', async () => {
    const res = await register({ username: 'alice', password: PASSWORD });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'status', 'token_type', 'user']);
    expect(res.body).toMatchObject({
      status: 'active',
      token_type: 'bearer',
      user: { username: 'alice', role: 'admin' },
    });
    const me = await t.api('GET', '/api/auth/me', { token: res.body.access_token });
    expect(me.body).toEqual({ id: res.body.user.id, username: 'alice', role: 'admin' });
  });

  it('is exactly one admin when several register at the same moment', async () => {
    const names = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'];
    const results = await Promise.all(names.map((username) => register({ username, password: PASSWORD })));
    expect(results.map((r) => r.status)).toEqual(names.map(() => 201));
    const active = results.filter((r) => r.body.status === 'active');
    expect(active).toHaveLength(1);
    expect(active[0]!.body.user.role).toBe('admin');
    expect(results.filter((r) => r.body.status === 'pending')).toHaveLength(names.length - 1);
  });

  it('does not make a later registration admin', async () => {
    await registerUser(t, 'admin');
    const res = await register({ username: 'second', password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 'pending',
      user: { id: expect.any(String), username: 'second', role: 'user' },
    });
  });

  it('refuses a username that is taken, whatever its case, with 409', async () => {
    await registerUser(t, 'admin');
    const res = await register({ username: 'ADMIN', password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });

  it('refuses a password shorter than the minimum with 400 naming the field', async () => {
    const res = await register({ username: 'alice', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('password');
  });
});

describe('registration with an invite', () => {
  it("makes an active account with the invite's role", async () => {
    const { adminToken } = await withUsers(t);
    for (const role of ['viewer', 'user', 'admin'] as const) {
      const invite = await createInvite(adminToken, { role });
      expect(invite.status).toBe(201);
      expect(invite.body).toMatchObject({
        code: expect.any(String),
        role,
        max_uses: 1,
        uses: 0,
        state: 'active',
      });
      const res = await register({ username: `new-${role}`, password: PASSWORD, invite: invite.body.code });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        status: 'active',
        token_type: 'bearer',
        user: { username: `new-${role}`, role },
      });
      const me = await t.api('GET', '/api/auth/me', { token: res.body.access_token });
      expect(me.body.role).toBe(role);
    }
  });

  it('refuses an expired invite', async () => {
    const { adminToken } = await withUsers(t);
    const invite = await createInvite(adminToken, { role: 'user', expires_in_hours: 2 });
    clock.advance(2 * 3_600_000 + 1);
    const res = await register({ username: 'late', password: PASSWORD, invite: invite.body.code });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({ field: 'invite' });
    const list = await t.api('GET', '/api/auth/invites', { token: adminToken });
    expect(list.body.find((i: { code: string }) => i.code === invite.body.code).state).toBe('expired');
  });

  it('accepts an invite up to max_uses times and no more', async () => {
    const { adminToken } = await withUsers(t);
    const invite = await createInvite(adminToken, { role: 'viewer', max_uses: 2 });
    const code = invite.body.code as string;
    expect((await register({ username: 'one', password: PASSWORD, invite: code })).status).toBe(201);
    expect((await register({ username: 'two', password: PASSWORD, invite: code })).status).toBe(201);
    const third = await register({ username: 'three', password: PASSWORD, invite: code });
    expect(third.status).toBe(400);
    expect(third.body.error.details).toEqual({ field: 'invite' });
    const list = await t.api('GET', '/api/auth/invites', { token: adminToken });
    expect(list.body.find((i: { code: string }) => i.code === code)).toMatchObject({
      uses: 2,
      state: 'used',
    });
  });

  it('refuses a revoked invite, and revoking twice is 404', async () => {
    const { adminToken } = await withUsers(t);
    const invite = await createInvite(adminToken, { role: 'user' });
    const code = invite.body.code as string;
    expect((await t.api('DELETE', `/api/auth/invites/${code}`, { token: adminToken })).status).toBe(200);
    const res = await register({ username: 'nope', password: PASSWORD, invite: code });
    expect(res.status).toBe(400);
    expect((await t.api('DELETE', `/api/auth/invites/${code}`, { token: adminToken })).status).toBe(404);
  });

  it('refuses an unknown invite code', async () => {
    await withUsers(t);
    const res = await register({ username: 'guess', password: PASSWORD, invite: 'not-a-code' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual({ field: 'invite' });
  });

  it('does not spend a use when the username is taken', async () => {
    const { adminToken } = await withUsers(t);
    const invite = await createInvite(adminToken, { role: 'user' });
    const clash = await register({ username: 'admin', password: PASSWORD, invite: invite.body.code });
    expect(clash.status).toBe(409);
    const ok = await register({ username: 'fresh', password: PASSWORD, invite: invite.body.code });
    expect(ok.status).toBe(201);
  });
});

describe('a pending registration', () => {
  it('cannot log in (403 with a clear message) until an admin approves it', async () => {
    const { adminToken } = await withUsers(t);
    const pending = await register({ username: 'waiting', password: PASSWORD });
    expect(pending.body.status).toBe('pending');
    const refused = await t.api('POST', '/api/auth/login', {
      body: { username: 'waiting', password: PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ACCOUNT_PENDING');
    expect(refused.body.error.message).toMatch(/approve/i);

    const list = await t.api('GET', '/api/users?status=pending', { token: adminToken });
    expect(list.body.map((u: { username: string }) => u.username)).toEqual(['waiting']);

    const approved = await t.api('POST', `/api/users/${pending.body.user.id}/approve`, { token: adminToken });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      username: 'waiting',
      role: 'user',
      status: 'active',
      disabled: false,
    });
    const login = await loginUser(t, 'waiting');
    expect(login.user.role).toBe('user');
    expect((await t.api('GET', '/api/users?status=pending', { token: adminToken })).body).toEqual([]);
  });

  it('gets the role the approval names', async () => {
    const { adminToken } = await withUsers(t);
    const pending = await register({ username: 'looker', password: PASSWORD });
    const approved = await t.api('POST', `/api/users/${pending.body.user.id}/approve`, {
      token: adminToken,
      body: { role: 'viewer' },
    });
    expect(approved.body.role).toBe('viewer');
    expect((await loginUser(t, 'looker')).user.role).toBe('viewer');
  });

  it('is gone after a rejection, and the name is free again', async () => {
    const { adminToken } = await withUsers(t);
    const pending = await register({ username: 'maybe', password: PASSWORD });
    const rejected = await t.api('POST', `/api/users/${pending.body.user.id}/reject`, { token: adminToken });
    expect(rejected.status).toBe(200);
    const login = await t.api('POST', '/api/auth/login', { body: { username: 'maybe', password: PASSWORD } });
    expect(login.status).toBe(401);
    expect((await register({ username: 'maybe', password: PASSWORD })).status).toBe(201);
  });

  it('shows a wrong password as 401, not as pending', async () => {
    await withUsers(t);
    await register({ username: 'waiting', password: PASSWORD });
    const res = await t.api('POST', '/api/auth/login', {
      body: { username: 'waiting', password: 'not the password' },
    });
    expect(res.status).toBe(401);
  });

  it('cannot be approved or rejected twice (409), and an unknown id is 404', async () => {
    const { adminToken, adminId } = await withUsers(t);
    const pending = await register({ username: 'once', password: PASSWORD });
    const id = pending.body.user.id as string;
    expect((await t.api('POST', `/api/users/${id}/approve`, { token: adminToken })).status).toBe(200);
    expect((await t.api('POST', `/api/users/${id}/approve`, { token: adminToken })).status).toBe(409);
    expect((await t.api('POST', `/api/users/${id}/reject`, { token: adminToken })).status).toBe(409);
    expect((await t.api('POST', `/api/users/${adminId}/reject`, { token: adminToken })).status).toBe(409);
    expect((await t.api('POST', '/api/users/no-such-id/approve', { token: adminToken })).status).toBe(404);
  });
});
