import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import { registerUser, startTestApp, type TestApp } from '../test-support/harness.js';
import { request } from 'node:http';
import {
  ADDRESS_POLICY,
  INITIAL,
  PAIR_POLICY,
  recordFailure,
  waitFor,
  type ThrottlePolicy,
} from './throttle.js';

// Issue 2 §5 and issue 17 problem 5: repeated failed logins per (username, address) and per
// address → 429 with Retry-After, with back-off rather than a permanent ban, and never a lockout
// of a username everywhere. Time comes from a FakeClock: nothing waits. A second client address
// is 127.0.0.2 (all of 127/8 is this machine on Linux), so the server sees two addresses.

describe('the throttle state machine', () => {
  const policy: ThrottlePolicy = {
    freeAttempts: 2,
    baseDelayMs: 1000,
    maxDelayMs: 8000,
    forgetAfterMs: 60_000,
  };
  const failTimes = (n: number, at = 0) => {
    let s = INITIAL;
    for (let i = 0; i < n; i++) s = recordFailure(s, at, policy);
    return s;
  };

  it('imposes no wait within the free allowance', () => {
    expect(waitFor(failTimes(2), 0)).toBe(0);
  });

  it('doubles the wait with each failure past the allowance, up to the cap', () => {
    expect([3, 4, 5, 6, 7, 8].map((n) => waitFor(failTimes(n), 0))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('lets the wait run out', () => {
    expect(waitFor(failTimes(4), 1999)).toBe(1);
    expect(waitFor(failTimes(4), 2000)).toBe(0);
  });

  it('forgets failures after a quiet period', () => {
    const s = failTimes(5);
    expect(recordFailure(s, 60_001, policy).failures).toBe(1);
    expect(recordFailure(s, 60_000, policy).failures).toBe(6);
  });

  it('never bans for longer than the cap (back-off, not a lockout)', () => {
    expect(waitFor(failTimes(1000), 0)).toBeLessThanOrEqual(policy.maxDelayMs);
    expect(PAIR_POLICY.maxDelayMs).toBeLessThanOrEqual(15 * 60_000);
  });
});

describe('login throttling over HTTP', () => {
  const PASSWORD = 'correct horse battery';
  let t: TestApp;
  let clock: FakeClock;
  afterEach(async () => t.stop());

  async function start() {
    clock = new FakeClock();
    t = await startTestApp({ clock });
    await registerUser(t, 'admin');
  }
  const login = (username: string, password: string) =>
    t.api('POST', '/api/auth/login', { body: { username, password } });
  const fail = (username = 'admin') => login(username, 'wrong password');
  /** A login from another client address of this machine. */
  const loginFrom = (localAddress: string, username: string, password: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const u = new URL('/api/auth/login', t.url);
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          localAddress,
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ username, password }));
    });

  it('answers 429 with Retry-After once a username has failed too often, and the wait grows', async () => {
    await start();
    for (let i = 0; i < PAIR_POLICY.freeAttempts + 1; i++) expect((await fail()).status).toBe(401);

    const first = await fail();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.body.error).toMatchObject({ code: 'THROTTLED', details: { retry_after: 1 } });
    // While throttled even the right password is refused: the throttle comes before the check.
    expect((await login('admin', PASSWORD)).status).toBe(429);

    clock.advance(1000);
    expect((await fail()).status).toBe(401);
    const second = await fail();
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(2);

    clock.advance(2000);
    expect((await fail()).status).toBe(401);
    expect(Number((await fail()).headers.get('retry-after'))).toBe(4);
  });

  it('treats the username case-insensitively', async () => {
    await start();
    for (let i = 0; i < PAIR_POLICY.freeAttempts + 1; i++) await fail(i % 2 ? 'ADMIN' : 'admin');
    expect((await fail('Admin')).status).toBe(429);
  });

  it('lets the real user in from another address while someone hammers the username', async () => {
    await start();
    for (let i = 0; i < 30; i++) await fail();
    expect((await fail()).status).toBe(429);
    expect((await login('admin', PASSWORD)).status).toBe(429);
    const elsewhere = await loginFrom('127.0.0.2', 'admin', PASSWORD);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.user.username).toBe('admin');
  });

  it('slows a guesser on another address separately: each address earns its own back-off', async () => {
    await start();
    for (let i = 0; i < PAIR_POLICY.freeAttempts + 1; i++) await fail();
    expect((await fail()).status).toBe(429);
    for (let i = 0; i < PAIR_POLICY.freeAttempts + 1; i++)
      expect((await loginFrom('127.0.0.3', 'admin', 'wrong password')).status).toBe(401);
    expect((await loginFrom('127.0.0.3', 'admin', 'wrong password')).status).toBe(429);
  });

  it('throttles one username without locking out others', async () => {
    await start();
    for (let i = 0; i < PAIR_POLICY.freeAttempts + 1; i++) await fail('admin');
    expect((await fail('admin')).status).toBe(429);
    expect((await fail('someone-else')).status).toBe(401);
  });

  it('resets the username count after a successful login', async () => {
    await start();
    for (let i = 0; i < PAIR_POLICY.freeAttempts; i++) expect((await fail()).status).toBe(401);
    expect((await login('admin', PASSWORD)).status).toBe(200);
    // A fresh allowance: the same number of failures again is not throttled.
    for (let i = 0; i < PAIR_POLICY.freeAttempts; i++) expect((await fail()).status).toBe(401);
    expect((await fail()).status).toBe(401);
  });

  it('lets the person in after the wait has passed', async () => {
    await start();
    for (let i = 0; i < PAIR_POLICY.freeAttempts + 1; i++) await fail();
    expect((await login('admin', PASSWORD)).status).toBe(429);
    clock.advance(1000);
    expect((await login('admin', PASSWORD)).status).toBe(200);
  });

  it('throttles a client address that guesses across many usernames', async () => {
    await start();
    // Distinct usernames so that only the per-address count grows.
    let i = 0;
    let res;
    do {
      res = await fail(`guess-${i++}`);
    } while (res.status === 401 && i < 40);
    expect(res.status).toBe(429);
    expect(i).toBe(ADDRESS_POLICY.freeAttempts + 2);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The address is throttled for every username, even with the right password…
    expect((await login('admin', PASSWORD)).status).toBe(429);
    // …and only that address.
    expect((await loginFrom('127.0.0.2', 'admin', PASSWORD)).status).toBe(200);
  });

  it('counts attempts still being checked, so a burst of parallel guesses gets no more tries than a sequence', async () => {
    await start();
    const burst = await Promise.all(Array.from({ length: 20 }, () => fail()));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(PAIR_POLICY.freeAttempts + 1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
