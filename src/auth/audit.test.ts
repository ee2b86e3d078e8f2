import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { registerUser, startTestApp, withUsers, type TestApp } from '../test-support/harness.js';

/**
 * The audit log (issue 17 §6): who did what, when, from where — logins, failed logins, role
 * changes, invites, approvals, session revocations, settings and token changes — for admins,
 * paged, with no secret in it, pruned by age.
 */
const PASSWORD = 'correct horse battery';
let t: TestApp;
let admin: string;
let clock: FakeClock;
const secrets: string[] = [PASSWORD];

beforeAll(async () => {
  clock = new FakeClock(Date.now());
  t = await startTestApp({ clock, config: { demo: false, audit_days: 30 } });
  const users = await withUsers(t);
  admin = users.adminToken;
  secrets.push(admin);
  // A flow that touches every audited action.
  await t.api('POST', '/api/auth/login', { body: { username: 'admin', password: 'wrong password!' } });
  const login = await t.api('POST', '/api/auth/login', { body: { username: 'admin', password: PASSWORD } });
  secrets.push(login.body.access_token);
  const invite = await t.api('POST', '/api/auth/invites', { token: admin, body: { role: 'viewer' } });
  secrets.push(invite.body.code);
  const vera = await registerUser(t, 'vera', PASSWORD, invite.body.code);
  secrets.push(vera.access_token!);
  await t.api('PATCH', `/api/users/${vera.user.id}`, { token: admin, body: { role: 'user' } });
  const pending = await registerUser(t, 'pat', PASSWORD);
  await t.api('POST', `/api/users/${pending.user.id}/approve`, { token: admin, body: { role: 'viewer' } });
  const sessions = await t.api('GET', '/api/auth/sessions?all=true', { token: admin });
  const veraSession = sessions.body.find((s: any) => s.user_id === vera.user.id);
  await t.api('DELETE', `/api/auth/sessions/${veraSession.id}`, { token: admin });
  await t.api('PATCH', '/api/settings', { token: admin, body: { time_zone: 'Europe/Berlin' } });
  const tok = await t.api('POST', '/api/tokens', { token: admin, body: { name: 'script', scope: 'read' } });
  secrets.push(tok.body.token);
  await t.api('DELETE', `/api/tokens/${tok.body.id}`, { token: admin });
});
afterAll(async () => t.stop());

describe('the audit log', () => {
  it('records the flow, newest first, with who, from where and to what', async () => {
    const res = await t.api('GET', '/api/audit', { token: admin });
    expect(res.status).toBe(200);
    const actions = (res.body.entries as any[]).map((e) => e.action).reverse();
    expect(actions).toEqual([
      'user_registered',
      'login_failed',
      'login',
      'invite_created',
      'user_registered',
      'user_changed',
      'user_registered',
      'user_approved',
      'session_revoked',
      'settings_changed',
      'api_token_created',
      'api_token_revoked',
    ]);
    const change = res.body.entries.find((e: any) => e.action === 'user_changed');
    expect(change).toMatchObject({ actor_username: 'admin', via: 'session', details: { role: 'user' } });
    expect(change.ip).toBe('127.0.0.1');
    expect(change.target.id).toMatch(/^[0-9a-f-]{36}$/);
    const failed = res.body.entries.find((e: any) => e.action === 'login_failed');
    expect(failed).toMatchObject({ actor_username: 'admin', actor_id: null });
    expect(res.body.entries.find((e: any) => e.action === 'settings_changed').details).toEqual({
      time_zone: 'Europe/Berlin',
    });
  });

  it('holds no password, token or invite code', async () => {
    const text = JSON.stringify((await t.api('GET', '/api/audit?limit=500', { token: admin })).body);
    for (const s of secrets) expect(text).not.toContain(s);
  });

  it('pages with before / next_before and filters by action', async () => {
    const first = await t.api('GET', '/api/audit?limit=3', { token: admin });
    expect(first.body.entries).toHaveLength(3);
    const second = await t.api('GET', `/api/audit?limit=3&before=${first.body.next_before}`, {
      token: admin,
    });
    expect(second.body.entries[0].id).toBeLessThan(first.body.entries[2].id);
    const logins = await t.api('GET', '/api/audit?action=login_failed', { token: admin });
    expect(logins.body.entries.every((e: any) => e.action === 'login_failed')).toBe(true);
    expect(logins.body.next_before).toBeNull();
  });

  it('is for admins only', async () => {
    const viewer = (await withUsersOnce()).viewer;
    expect((await t.api('GET', '/api/audit', { token: viewer })).status).toBe(403);
  });

  it('forgets entries older than HEARTH_AUDIT_DAYS at the housekeeping pass', async () => {
    clock.advance(31 * 86_400_000);
    await t.api('POST', '/api/auth/login', { body: { username: 'admin', password: PASSWORD } });
    await housekeeping().run();
    const entries = (await t.api('GET', '/api/audit?limit=500', { token: admin })).body.entries as any[];
    expect(entries.map((e) => e.action)).toEqual(['login']);
  });
});

async function withUsersOnce() {
  const inv = await t.api('POST', '/api/auth/invites', { token: admin, body: { role: 'viewer' } });
  const v = await registerUser(t, 'auditviewer', PASSWORD, inv.body.code);
  return { viewer: v.access_token! };
}

function housekeeping() {
  return t.app.ctx.housekeeping!;
}
