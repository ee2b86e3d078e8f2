import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogCapture, startTestApp, type ApiResponse, type TestApp } from '../test-support/harness.js';

// Issue 2 §5 and §7: passwords are never returned or logged; tokens are never logged.

describe('secrets in responses and logs', () => {
  const passwords = [
    'Admin-Pass-7f3a9c',
    'Pending-Pass-b81e2d',
    'Viewer-Pass-c4d5e6',
    'Changed-Pass-9a8b7c',
    'Wrong-Guess-123456',
  ];
  const [adminPw, pendingPw, viewerPw, changedPw, wrongPw] = passwords as [
    string,
    string,
    string,
    string,
    string,
  ];
  const logs = new LogCapture();
  const responses: string[] = [];
  const tokens: string[] = [];
  let t: TestApp;

  const call = async (method: string, path: string, opts: Parameters<TestApp['api']>[2] = {}) => {
    const res: ApiResponse<any> = await t.api(method, path, opts);
    responses.push(JSON.stringify(res.body), JSON.stringify([...res.headers]));
    if (res.body && typeof res.body.access_token === 'string') tokens.push(res.body.access_token);
    return res;
  };

  beforeAll(async () => {
    t = await startTestApp({ config: { log_level: 'trace' }, logStream: logs });
    const admin = await call('POST', '/api/auth/register', {
      body: { username: 'admin', password: adminPw },
    });
    const adminToken = admin.body.access_token as string;
    await call('POST', '/api/auth/register', { body: { username: 'pending', password: pendingPw } });
    await call('POST', '/api/auth/login', { body: { username: 'pending', password: pendingPw } });
    const invite = await call('POST', '/api/auth/invites', { token: adminToken, body: { role: 'viewer' } });
    await call('POST', '/api/auth/register', {
      body: { username: 'viewer', password: viewerPw, invite: invite.body.code },
    });
    await call('POST', '/api/auth/login', { body: { username: 'admin', password: wrongPw } });
    await call('POST', '/api/auth/login', { body: { username: 'nobody', password: wrongPw } });
    const login = await call('POST', '/api/auth/login', { body: { username: 'viewer', password: viewerPw } });
    const viewerToken = login.body.access_token as string;
    // Malformed and invalid bodies that carry a password: the error must not echo it.
    await call('POST', '/api/auth/login', { raw: `{"username":"viewer","password": ${viewerPw}}` });
    await call('POST', '/api/auth/login', { raw: `{"username":"viewer","password":"${viewerPw}"` });
    await call('POST', '/api/auth/login', { raw: `"${viewerPw}"` });
    await call('POST', '/api/auth/login', { raw: viewerPw });
    await call('POST', '/api/auth/register', { body: { username: 'x', password: wrongPw } });
    await call('POST', '/api/auth/login', {
      body: { username: 'viewer', password: viewerPw, extra: wrongPw },
    });
    await call('PUT', '/api/auth/password', {
      token: viewerToken,
      body: { current_password: wrongPw, new_password: changedPw },
    });
    await call('PUT', '/api/auth/password', {
      token: viewerToken,
      body: { current_password: viewerPw, new_password: changedPw },
    });
    await call('GET', '/api/auth/me', { token: viewerToken });
    await call('POST', '/api/auth/refresh', { token: viewerToken });
    await call('GET', '/api/auth/me', { token: viewerToken }); // now revoked
    await call('GET', '/api/users', { token: viewerToken });
    await call('GET', '/api/auth/sessions?all=true', { token: adminToken });
    await call('GET', '/api/users', { token: adminToken });
    await call('GET', '/api/auth/me', { token: `${adminToken}x` });
  });
  afterAll(async () => t.stop());

  it('captured a real workload (the check below is not vacuous)', () => {
    expect(logs.lines.length).toBeGreaterThan(10);
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    expect(logs.text).toContain('login failed');
  });

  /** Every 8-character piece of each password: a parse error may quote a fragment, not the whole. */
  const fragments = passwords.flatMap((pw) =>
    Array.from({ length: pw.length - 7 }, (_, i) => pw.slice(i, i + 8)),
  );

  it('logs each 4xx answer once at info level with its request id and code', () => {
    const refusals = logs.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => typeof l.status === 'number');
    expect(refusals.length).toBeGreaterThan(5);
    for (const line of refusals) {
      expect(line.level).toBe(30);
      expect(line.request_id).toEqual(expect.any(String));
      expect(line.code).toEqual(expect.any(String));
    }
  });

  it('never returns a password in any response body or header', () => {
    const all = responses.join('\n');
    for (const piece of fragments) expect(all).not.toContain(piece);
    expect(all).not.toMatch(/password_hash|scrypt\$/);
  });

  it('never writes a password, a password hash or a token to the log', () => {
    for (const piece of fragments) expect(logs.text).not.toContain(piece);
    expect(logs.text).not.toMatch(/scrypt\$/);
    for (const token of tokens) {
      expect(logs.text).not.toContain(token);
      // Not even the signature part on its own.
      expect(logs.text).not.toContain(token.split('.')[2]);
    }
  });
});
