import { readdirSync, rmSync } from 'node:fs';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { registerUser, startTestApp } from '../../src/test-support/harness.js';
import { SqliteStore } from '../../src/store/index.js';

// Issue 2 §9: stopping closes sockets and HTTP, then storage; stopping twice is harmless.

describe('app.stop()', () => {
  it('disconnects live sockets, stops accepting requests and closes storage', async () => {
    const t = await startTestApp();
    const { access_token } = await registerUser(t, 'admin');
    const socket = io(t.url, {
      auth: { token: access_token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) =>
      socket.once('connect', () => resolve()).once('connect_error', reject),
    );
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    await t.stop({ keepData: true });

    expect(await closed).toMatch(/server disconnect|transport close/);
    await expect(fetch(`${t.url}/health`)).rejects.toThrow();
    const store = t.app.ctx.store;
    if (!(store instanceof SqliteStore)) throw new Error('the test app runs on SQLite');
    expect(store.db.open).toBe(false);
    // Nothing stays subscribed to the bus: a stopped app holds no references from it.
    const events = [
      'state_changed',
      'entity_added',
      'entity_updated',
      'entity_removed',
      'device_availability',
      'command_result',
      'scene_activated',
      'automation_triggered',
      'automation_finished',
      'notification',
      'settings_changed',
      'session_revoked',
      'user_changed',
    ] as const;
    expect(events.filter((e) => t.app.ctx.bus.listenerCount(e) > 0)).toEqual([]);
    await expect(t.app.stop()).resolves.toBeUndefined();
    await t.stop();
  });

  it('leaves a data dir another instance can open at once', async () => {
    const first = await startTestApp();
    await registerUser(first, 'admin');
    await first.stop({ keepData: true });
    const second = await startTestApp({ dataDir: first.dataDir });
    try {
      const login = await second.api('POST', '/api/auth/login', {
        body: { username: 'admin', password: 'correct horse battery' },
      });
      expect(login.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('writes nothing into the data dir once stopped (a backup or a second instance may use it at once)', async () => {
    const t = await startTestApp();
    // A registry change schedules work for later (the voice grammar is rebuilt 0.5 s after).
    const admin = await registerUser(t, 'admin');
    await t.api('PATCH', '/api/home/entities/light.kitchen', {
      token: admin.access_token,
      body: { name: 'Kitchen ceiling' },
    });
    await t.stop({ keepData: true });
    const before = listTree(t.dataDir);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(listTree(t.dataDir)).toEqual(before);
    rmSync(t.dataDir, { recursive: true });
  });
});

function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}
