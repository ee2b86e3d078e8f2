import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { registerUser, startTestApp, withUsers, type TestApp } from '../test-support/harness.js';

/**
 * Session lifetime and housekeeping (issue 17 §6 and problem 8): a session without "remember me"
 * ends after HEARTH_SESSION_HOURS, any session unused for HEARTH_SESSION_IDLE_DAYS ends, and
 * revoked sessions, finished invites and old notifications are deleted so the database stays
 * bounded — and the file gives the space back.
 */
const PASSWORD = 'correct horse battery';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

const login = (app: TestApp, body: Record<string, unknown>) =>
  app.api('POST', '/api/auth/login', { body: { username: 'admin', password: PASSWORD, ...body } });
const me = (app: TestApp, token: string) => app.api('GET', '/api/auth/me', { token });

describe('session lifetime', () => {
  it('ends a session without "remember me" after HEARTH_SESSION_HOURS, and keeps a remembered one', async () => {
    const clock = new FakeClock();
    t = await startTestApp({ clock, config: { demo: false, session_hours: 12 } });
    await registerUser(t, 'admin', PASSWORD);
    const shortLived = (await login(t, { remember: false })).body.access_token;
    const remembered = (await login(t, {})).body.access_token;
    clock.advance(11 * 3_600_000);
    expect((await me(t, shortLived)).status).toBe(200);
    clock.advance(1 * 3_600_000);
    const expired = await me(t, shortLived);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toMatch(/expired/);
    expect((await me(t, remembered)).status).toBe(200);
    // Refreshing keeps the session's kind: no way around the lifetime.
    const other = (await login(t, { remember: false })).body.access_token;
    const refreshed = (await t.api('POST', '/api/auth/refresh', { token: other })).body.access_token;
    clock.advance(12 * 3_600_000);
    expect((await me(t, refreshed)).status).toBe(401);
  });

  it('ends any session unused for HEARTH_SESSION_IDLE_DAYS, while one in use lives on', async () => {
    const clock = new FakeClock();
    t = await startTestApp({ clock, config: { demo: false, session_idle_days: 7 } });
    await registerUser(t, 'admin', PASSWORD);
    const idle = (await login(t, {})).body.access_token;
    const busy = (await login(t, {})).body.access_token;
    for (let day = 0; day < 8; day++) {
      clock.advance(86_400_000);
      expect((await me(t, busy)).status).toBe(200);
    }
    expect((await me(t, idle)).status).toBe(401);
  });
});

describe('housekeeping', () => {
  it('deletes revoked sessions, finished invites and old notifications, and shrinks the file', async () => {
    const clock = new FakeClock(Date.now());
    t = await startTestApp({ clock, config: { demo: false } });
    const { adminToken } = await withUsers(t);
    for (let i = 0; i < 60; i++) {
      const tok = (await login(t, {})).body.access_token;
      await t.api('POST', '/api/auth/logout', { token: tok });
    }
    const expiring = await t.api('POST', '/api/auth/invites', {
      token: adminToken,
      body: { role: 'viewer', expires_in_hours: 1 },
    });
    expect(expiring.status).toBe(201);
    const db = new Database(join(t.dataDir, 'hearth.db'));
    const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    db.prepare(
      `INSERT INTO notifications (id, message, source_type, source_id, created_at) VALUES ('n1', 'old', 'automation', 'x', ?)`,
    ).run(new Date(clock.now() - 40 * 86_400_000).toISOString());
    expect(count('sessions')).toBe(61);
    // Old audit entries (as a long-running home has): pruning them frees most of the file.
    const insert = db.prepare(`INSERT INTO audit_log (at, action, details) VALUES (?, 'login', ?)`);
    const old = new Date(clock.now() - 400 * 86_400_000).toISOString();
    db.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run(old, JSON.stringify({ note: 'x'.repeat(200) }));
    })();
    const size = () =>
      (db.pragma('page_count', { simple: true }) as number) *
      (db.pragma('page_size', { simple: true }) as number);
    const before = size();
    expect(before).toBeGreaterThan(4_000_000);

    clock.advance(31 * 86_400_000);
    await t.app.ctx.housekeeping!.run();
    expect(count('sessions')).toBe(1);
    expect(count('invites')).toBe(0);
    expect(count('notifications')).toBe(0);
    expect(db.prepare('SELECT COUNT(*) FROM audit_log WHERE at = ?').pluck().get(old)).toBe(0);
    expect(db.pragma('freelist_count', { simple: true })).toBe(0);
    expect(size()).toBeLessThan(before / 4);
    db.close();
    // The live session still works.
    expect((await me(t, adminToken)).status).toBe(200);
  });
});
