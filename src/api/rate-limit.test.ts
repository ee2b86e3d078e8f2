import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../test-support/harness.js';
import { RateLimiter } from './rate-limit.js';

describe('the token bucket', () => {
  it('allows a burst, then one per interval, and refills over time', () => {
    const r = new RateLimiter({ perSecond: 10, burst: 20 });
    for (let i = 0; i < 20; i++) expect(r.take('k', 1_000)).toBe(0);
    expect(r.take('k', 1_000)).toBe(100);
    expect(r.take('k', 1_100)).toBe(0);
    expect(r.take('k', 1_100)).toBeGreaterThan(0);
    expect(r.take('other', 1_100)).toBe(0);
    for (let i = 0; i < 20; i++) expect(r.take('k', 10_000)).toBe(0);
  });
});

function connect(t: TestApp, token: string): Promise<Socket> {
  const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}
const emitAck = (socket: Socket, event: string, payload: unknown) =>
  new Promise<any>((resolve) => socket.emit(event, payload, resolve));

describe('rate limits on commands', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp({ config: { command_rate_user: 5, command_rate_socket: 5 } });
    const users = await withUsers(t);
    alice = (await users.make('alice', 'user')).token;
    bob = (await users.make('bob', 'user')).token;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  const control = (token: string) =>
    t.api('POST', '/api/home/control?wait=0', {
      token,
      body: { entity_id: 'light.kitchen', action: 'toggle' },
    });

  it("refuses a user's REST commands beyond the limit with 429 RATE_LIMITED and Retry-After, not another user's", async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => control(alice)));
    const limited = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(10);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.body.error).toMatchObject({ code: 'RATE_LIMITED', details: { scope: 'user' } });
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await control(bob)).status).toBe(200);
    // Reads are not commands.
    expect((await t.api('GET', '/api/home/entities', { token: alice })).status).toBe(200);
  });

  it('counts Socket.IO commands against the same per-user limit', async () => {
    await new Promise((r) => setTimeout(r, 2_100));
    const s = await connect(t, alice);
    sockets.push(s);
    await Promise.all(Array.from({ length: 10 }, () => control(alice)));
    const ack = await emitAck(s, 'control', { entity_id: 'light.kitchen', action: 'toggle' });
    expect(ack.error).toMatchObject({ code: 'RATE_LIMITED', details: { scope: 'user' } });
  });

  it('limits one socket without slowing down another socket of the same user', async () => {
    const flood = await connect(t, bob);
    const calm = await connect(t, bob);
    sockets.push(flood, calm);
    const acks = await Promise.all(Array.from({ length: 40 }, () => emitAck(flood, 'subscribe', {})));
    const refused = acks.filter((a) => a.error?.code === 'RATE_LIMITED');
    expect(refused.length).toBeGreaterThanOrEqual(25);
    expect(refused[0].error.details.scope).toBe('socket');
    expect(await emitAck(calm, 'subscribe', {})).toMatchObject({ ok: true });
  });
});
