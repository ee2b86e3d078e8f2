import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginUser, resetAccounts, startTestApp, withUsers, type TestApp } from '../test-support/harness.js';

// Issue 2 §5: role and account state are read on every request; the last admin is protected.

let t: TestApp;
let users: Awaited<ReturnType<typeof withUsers>>;
beforeAll(async () => {
  t = await startTestApp();
  users = await withUsers(t);
});
afterAll(async () => t.stop());

const patchUser = (id: string, body: Record<string, unknown>, token = users.adminToken) =>
  t.api('PATCH', `/api/users/${id}`, { token, body });
const listUsers = () => t.api('GET', '/api/users', { token: users.adminToken });

describe('an admin changing a user', () => {
  it('lists users without any password field', async () => {
    const res = await listUsers();
    expect(res.status).toBe(200);
    for (const u of res.body) {
      expect(Object.keys(u).sort()).toEqual(['created_at', 'disabled', 'id', 'role', 'status', 'username']);
    }
  });

  it("demotes: the user's very next request is judged by the new role", async () => {
    const u = await users.make('demoted', 'admin');
    expect((await listUsers()).status).toBe(200);
    expect((await t.api('GET', '/api/users', { token: u.token })).status).toBe(200);
    const res = await patchUser(u.id, { role: 'viewer' });
    expect(res.body).toMatchObject({ id: u.id, role: 'viewer' });
    const after = await t.api('GET', '/api/users', { token: u.token });
    expect(after.status).toBe(403);
    expect(after.body.error.code).toBe('FORBIDDEN');
    expect((await t.api('GET', '/api/auth/me', { token: u.token })).body.role).toBe('viewer');
  });

  it('promotes: the next request has the new rights', async () => {
    const u = await users.make('promoted', 'viewer');
    expect((await t.api('GET', '/api/users', { token: u.token })).status).toBe(403);
    await patchUser(u.id, { role: 'admin' });
    expect((await t.api('GET', '/api/users', { token: u.token })).status).toBe(200);
  });

  it('disables: the token stops working at once and login is refused with 403', async () => {
    const u = await users.make('disabled', 'user');
    const res = await patchUser(u.id, { disabled: true });
    expect(res.body).toMatchObject({ id: u.id, disabled: true });
    const me = await t.api('GET', '/api/auth/me', { token: u.token });
    expect([401, 403]).toContain(me.status);
    const login = await t.api('POST', '/api/auth/login', {
      body: { username: 'disabled', password: 'correct horse battery' },
    });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('ACCOUNT_DISABLED');
  });

  it('re-enables: the user can log in again', async () => {
    const u = await users.make('reenabled', 'user');
    await patchUser(u.id, { disabled: true });
    await patchUser(u.id, { disabled: false });
    const s = await loginUser(t, 'reenabled');
    expect((await t.api('GET', '/api/auth/me', { token: s.access_token })).status).toBe(200);
  });

  it('deletes: the token is 401 at once, the user is gone and cannot log in', async () => {
    const u = await users.make('deleted', 'user');
    expect((await t.api('DELETE', `/api/users/${u.id}`, { token: users.adminToken })).body).toEqual({
      ok: true,
    });
    expect((await t.api('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await listUsers()).body.map((x: { id: string }) => x.id)).not.toContain(u.id);
    const login = await t.api('POST', '/api/auth/login', {
      body: { username: 'deleted', password: 'correct horse battery' },
    });
    expect(login.status).toBe(401);
    expect((await t.api('DELETE', `/api/users/${u.id}`, { token: users.adminToken })).status).toBe(404);
  });

  it('answers 404 for an unknown user id', async () => {
    expect((await patchUser('no-such-user', { role: 'user' })).status).toBe(404);
  });

  it('refuses an empty patch with 400', async () => {
    expect((await patchUser(users.adminId, {})).status).toBe(400);
  });
});

describe('the last admin', () => {
  // The same app, emptied of accounts: each test starts from its first admin.
  const onlyAccount = () => {
    resetAccounts(t);
    return t;
  };

  it('cannot be demoted, disabled or deleted (409), and stays admin', async () => {
    const solo = onlyAccount();
    const { adminToken, adminId } = await withUsers(solo);
    const demote = await solo.api('PATCH', `/api/users/${adminId}`, {
      token: adminToken,
      body: { role: 'user' },
    });
    const disable = await solo.api('PATCH', `/api/users/${adminId}`, {
      token: adminToken,
      body: { disabled: true },
    });
    const remove = await solo.api('DELETE', `/api/users/${adminId}`, { token: adminToken });
    for (const res of [demote, disable, remove]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('CONFLICT');
      expect(res.body.error.message).toMatch(/last administrator/);
    }
    expect((await solo.api('GET', '/api/auth/me', { token: adminToken })).body.role).toBe('admin');
  });

  it('is protected even when other admins are disabled', async () => {
    const solo = onlyAccount();
    const { adminToken, adminId, make } = await withUsers(solo);
    const other = await make('other-admin', 'admin');
    expect(
      (await solo.api('PATCH', `/api/users/${other.id}`, { token: adminToken, body: { disabled: true } }))
        .status,
    ).toBe(200);
    const demote = await solo.api('PATCH', `/api/users/${adminId}`, {
      token: adminToken,
      body: { role: 'viewer' },
    });
    expect(demote.status).toBe(409);
    // A disabled admin is not "live", so deleting them is allowed.
    expect((await solo.api('DELETE', `/api/users/${other.id}`, { token: adminToken })).status).toBe(200);
  });

  it('can step down once another admin exists', async () => {
    const solo = onlyAccount();
    const { adminToken, adminId, make } = await withUsers(solo);
    await make('successor', 'admin');
    const res = await solo.api('PATCH', `/api/users/${adminId}`, {
      token: adminToken,
      body: { role: 'user' },
    });
    expect(res.status).toBe(200);
    expect((await solo.api('GET', '/api/users', { token: adminToken })).status).toBe(403);
  });
});
