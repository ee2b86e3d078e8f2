import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiRequest,
  loginUser,
  registerUser,
  startTestApp,
  tempDataDir,
} from '../../src/test-support/harness.js';
import { startServiceProcess, type ServiceProcess } from '../../src/test-support/process.js';

// Issue 2 §4 and §9: accounts and sessions survive a restart on the same data dir — a clean
// stop, and a `kill -9` right after the service acknowledged the writes.

const dirs: string[] = [];
const children: ServiceProcess[] = [];
const newDir = () => {
  const d = tempDataDir();
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const c of children)
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a clean stop and start on the same data dir', () => {
  it('keeps accounts, sessions, invites, pending users and the signing key', async () => {
    const dataDir = newDir();
    const first = await startTestApp({ dataDir });
    const admin = await registerUser(first, 'admin');
    const invite = await first.api('POST', '/api/auth/invites', {
      token: admin.access_token,
      body: { role: 'viewer' },
    });
    await first.api('POST', '/api/auth/register', {
      body: { username: 'waiting', password: 'correct horse battery' },
    });
    const viewer = await loginUser(first, 'admin');
    const revoked = await loginUser(first, 'admin');
    await first.api('POST', '/api/auth/logout', { token: revoked.access_token });
    const key = readFileSync(join(dataDir, 'secrets', 'token.key'));
    await first.stop({ keepData: true });

    const second = await startTestApp({ dataDir });
    try {
      expect(readFileSync(join(dataDir, 'secrets', 'token.key')).equals(key)).toBe(true);
      expect((await second.api('GET', '/api/auth/me', { token: admin.access_token })).body.username).toBe(
        'admin',
      );
      expect((await second.api('GET', '/api/auth/me', { token: viewer.access_token })).status).toBe(200);
      expect((await second.api('GET', '/api/auth/me', { token: revoked.access_token })).status).toBe(401);
      const pending = await second.api('GET', '/api/users?status=pending', { token: admin.access_token });
      expect(pending.body.map((u: { username: string }) => u.username)).toEqual(['waiting']);
      const used = await second.api('POST', '/api/auth/register', {
        body: { username: 'late', password: 'correct horse battery', invite: invite.body.code },
      });
      expect(used.body).toMatchObject({ status: 'active', user: { role: 'viewer' } });
      // Still one admin: the restarted service does not treat the next registration as the first.
      const again = await second.api('POST', '/api/auth/register', {
        body: { username: 'newcomer', password: 'correct horse battery' },
      });
      expect(again.body.status).toBe('pending');
    } finally {
      await second.stop({ keepData: true });
    }
  });
});

// Child processes start through tsx; give them room on a busy machine.
describe('the service as a process', { timeout: 60_000 }, () => {
  it('keeps what it acknowledged through kill -9', async () => {
    const dataDir = newDir();
    const env = { HEARTH_DATA_DIR: dataDir };
    const first = await startServiceProcess(env);
    children.push(first);
    const register = await apiRequest(first.url, 'POST', '/api/auth/register', {
      body: { username: 'owner', password: 'correct horse battery' },
    });
    expect(register.status).toBe(201);
    const login = await apiRequest(first.url, 'POST', '/api/auth/login', {
      body: { username: 'owner', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    const pending = await apiRequest(first.url, 'POST', '/api/auth/register', {
      body: { username: 'second', password: 'correct horse battery' },
    });
    expect(pending.status).toBe(201);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await startServiceProcess(env);
    children.push(second);
    try {
      const me = await apiRequest(second.url, 'GET', '/api/auth/me', { token: login.body.access_token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual(login.body.user);
      expect(
        (await apiRequest(second.url, 'GET', '/api/auth/me', { token: register.body.access_token })).status,
      ).toBe(200);
      const users = await apiRequest(second.url, 'GET', '/api/users', { token: login.body.access_token });
      expect(users.body.map((u: { username: string }) => u.username)).toEqual(['owner', 'second']);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops on %s with exit code 0, closing its sockets',
    async (signal) => {
      const dataDir = newDir();
      const svc = await startServiceProcess({ HEARTH_DATA_DIR: dataDir });
      children.push(svc);
      const reg = await apiRequest(svc.url, 'POST', '/api/auth/register', {
        body: { username: 'owner', password: 'correct horse battery' },
      });
      expect(reg.status).toBe(201);
      const socket = io(svc.url, {
        auth: { token: reg.body.access_token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) =>
        socket.once('connect', () => resolve()).once('connect_error', reject),
      );
      const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      svc.child.kill(signal);
      expect(await socketClosed).toMatch(/server disconnect|transport close/);
      const code = await Promise.race([
        svc.exited,
        new Promise((r) => setTimeout(() => r('still running after 10 s'), 10_000)),
      ]);
      expect(code).toBe(0);
      expect(svc.stderr()).not.toMatch(/error|longer than/i);
      // The clean stop checkpointed the WAL: the database file alone holds the data.
      const restarted = await startTestApp({ dataDir });
      try {
        expect((await restarted.api('GET', '/api/auth/me', { token: reg.body.access_token })).status).toBe(
          200,
        );
      } finally {
        await restarted.stop({ keepData: true });
      }
    },
  );
});
