import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginUser, startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';

// Issue 2 §6: the Socket.IO channel authenticates in the handshake and drops revoked sockets.

let t: TestApp;
let users: Awaited<ReturnType<typeof withUsers>>;
const open: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  users = await withUsers(t);
  // Test-only requests, registered before any socket connects.
  t.app.realtime.handle('test_whoami', 'user', async (socket) => ({ role: socket.data.principal.user.role }));
  t.app.realtime.handle('test_explode', 'viewer', async () => {
    throw new Error('kaboom at secret.ts:12');
  });
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => t.stop());

function socketWith(auth: Record<string, unknown> | undefined): Socket {
  const s = io(t.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(s);
  return s;
}

/** Connects and resolves once connected; rejects with the connect_error. */
function connect(token: string): Promise<Socket> {
  const s = socketWith({ token });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** The connect_error a refused handshake gets. */
function refusal(
  auth: Record<string, unknown> | undefined,
): Promise<Error & { data?: { code: string; message: string } }> {
  const s = socketWith(auth);
  return new Promise((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected although it should have been refused')));
    s.once('connect_error', resolve);
  });
}

/** Resolves with the disconnect reason. */
const disconnected = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));

describe('the handshake', () => {
  it('accepts a valid token', async () => {
    const s = await connect(users.adminToken);
    expect(s.connected).toBe(true);
  });

  it('refuses a missing token with a message saying how to connect', async () => {
    const err = await refusal(undefined);
    expect(err.message).toMatch(/Missing token.*auth: \{ token \}/);
    expect(err.data).toEqual({ code: 'UNAUTHENTICATED', message: err.message });
    expect((await refusal({ token: '' })).message).toMatch(/Missing token/);
    expect((await refusal({ token: 42 })).message).toMatch(/Missing token/);
  });

  it('refuses an invalid token', async () => {
    const err = await refusal({ token: 'not.a.token' });
    expect(err.message).toBe('The token is invalid.');
    expect(err.data?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a revoked token', async () => {
    const s = await loginUser(t, 'admin');
    await t.api('POST', '/api/auth/logout', { token: s.access_token });
    const err = await refusal({ token: s.access_token });
    expect(err.message).toMatch(/revoked/);
  });

  it('refuses a disabled user', async () => {
    const u = await users.make('rt-disabled-first', 'user');
    const s2 = await loginUser(t, 'rt-disabled-first');
    await t.api('PATCH', `/api/users/${u.id}`, { token: users.adminToken, body: { disabled: true } });
    const err = await refusal({ token: s2.access_token });
    expect(err.data?.code).toMatch(/UNAUTHENTICATED|ACCOUNT_DISABLED/);
  });
});

describe('a live socket is disconnected when', () => {
  it('its session logs out', async () => {
    const s = await loginUser(t, 'admin');
    const socket = await connect(s.access_token);
    const gone = disconnected(socket);
    await t.api('POST', '/api/auth/logout', { token: s.access_token });
    expect(await gone).toBe('io server disconnect');
  });

  it('its session is refreshed (the old token stops working)', async () => {
    const s = await loginUser(t, 'admin');
    const socket = await connect(s.access_token);
    const gone = disconnected(socket);
    await t.api('POST', '/api/auth/refresh', { token: s.access_token });
    expect(await gone).toBe('io server disconnect');
  });

  it("an admin deletes its session, while the user's other sockets stay", async () => {
    const u = await users.make('rt-session', 'viewer');
    const other = await loginUser(t, 'rt-session');
    const doomed = await connect(u.token);
    const kept = await connect(other.access_token);
    const sessions = await t.api('GET', '/api/auth/sessions', { token: u.token });
    const id = sessions.body.find((x: { current: boolean }) => x.current).id as string;
    const gone = disconnected(doomed);
    expect((await t.api('DELETE', `/api/auth/sessions/${id}`, { token: users.adminToken })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(kept.connected).toBe(true);
  });

  it('the user changes the password from another session, and the changing session keeps its socket', async () => {
    await users.make('rt-password', 'user');
    const current = await loginUser(t, 'rt-password');
    const other = await loginUser(t, 'rt-password');
    const currentSocket = await connect(current.access_token);
    const otherSocket = await connect(other.access_token);
    const gone = disconnected(otherSocket);
    const res = await t.api('PUT', '/api/auth/password', {
      token: current.access_token,
      body: { current_password: 'correct horse battery', new_password: 'a different passphrase' },
    });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(currentSocket.connected).toBe(true);
  });

  it('the user is disabled', async () => {
    const u = await users.make('rt-disable', 'user');
    const socket = await connect(u.token);
    const gone = disconnected(socket);
    await t.api('PATCH', `/api/users/${u.id}`, { token: users.adminToken, body: { disabled: true } });
    expect(await gone).toBe('io server disconnect');
  });

  it('the user is deleted', async () => {
    const u = await users.make('rt-delete', 'viewer');
    const socket = await connect(u.token);
    const gone = disconnected(socket);
    await t.api('DELETE', `/api/users/${u.id}`, { token: users.adminToken });
    expect(await gone).toBe('io server disconnect');
  });
});

describe('client requests over the socket', () => {
  it('are judged by the role read at request time: a promotion or demotion applies to the open socket', async () => {
    const u = await users.make('rt-role', 'viewer');
    const socket = await connect(u.token);
    const ask = () => socket.timeout(5000).emitWithAck('test_whoami', {});
    const refused = await ask();
    expect(refused).toEqual({
      error: { code: 'FORBIDDEN', message: expect.stringMatching(/needs the user role/) },
    });

    await t.api('PATCH', `/api/users/${u.id}`, { token: users.adminToken, body: { role: 'user' } });
    expect(await ask()).toEqual({ role: 'user' });
    expect(socket.connected).toBe(true);

    await t.api('PATCH', `/api/users/${u.id}`, { token: users.adminToken, body: { role: 'viewer' } });
    expect((await ask()).error.code).toBe('FORBIDDEN');
  });

  it('answer an unexpected failure with INTERNAL in the error shape, not a stack trace', async () => {
    const socket = await connect(users.adminToken);
    const reply = await socket.timeout(5000).emitWithAck('test_explode', {});
    expect(reply).toEqual({ error: { code: 'INTERNAL', message: expect.any(String) } });
    expect(JSON.stringify(reply)).not.toMatch(/kaboom|\.ts:\d+/);
  });
});
