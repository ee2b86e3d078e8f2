import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/mqtt.js';

// Household events are written in batches (fan-out.ts): a burst must reach a websocket client
// and a long-polling client whole, once each and in order, every frame length must survive the
// hand-made WebSocket header, and rooms must still narrow who gets what.

let t: TestApp;
let token: string;
const sockets: Socket[] = [];
const connect = async (transports: ('websocket' | 'polling')[]) => {
  const s = io(t.url, { auth: { token }, transports, upgrade: false, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', resolve);
    s.once('connect_error', reject);
  });
  sockets.push(s);
  return s;
};
beforeAll(async () => {
  t = await startTestApp();
  token = (await withUsers(t)).adminToken;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.stop();
});

const collect = (s: Socket, event: string, n: number) =>
  new Promise<unknown[]>((resolve) => {
    const got: unknown[] = [];
    s.on(event, (e: unknown) => {
      got.push(e);
      if (got.length === n) resolve(got);
    });
  });

describe('batched fan-out of household events', () => {
  it('delivers a burst whole, once and in order over websocket and long-polling', async () => {
    const ws = await connect(['websocket']);
    const polling = await connect(['polling']);
    const sizes = [0, 10, 120, 200, 70_000]; // 7-bit, 16-bit and 64-bit frame lengths
    const n = 300;
    const wanted = Array.from({ length: n }, (_, i) => ({
      seq: i,
      pad: 'x'.repeat(sizes[i % sizes.length]!),
    }));
    const viaWs = collect(ws, 'fan_out_probe', n);
    const viaPolling = collect(polling, 'fan_out_probe', n);
    for (const e of wanted) t.app.realtime.broadcast(undefined, 'fan_out_probe', e);
    expect(await viaWs).toEqual(wanted);
    expect(await viaPolling).toEqual(wanted);
  });

  it('sends a room-addressed event only to the sockets in that room', async () => {
    const kitchen = await connect(['websocket']);
    const other = await connect(['websocket']);
    await kitchen.emitWithAck('subscribe', { entity_ids: ['light.kitchen'] });
    await other.emitWithAck('subscribe', { entity_ids: ['light.bedroom'] });
    let strays = 0;
    other.on('room_probe', () => strays++);
    const got = collect(kitchen, 'room_probe', 2);
    t.app.realtime.broadcast(['entity:light.kitchen'], 'room_probe', { n: 1 });
    t.app.realtime.broadcast(['entity:light.kitchen', 'domain:light'], 'room_probe', { n: 2 });
    expect(await got).toEqual([{ n: 1 }, { n: 2 }]);
    // A later event to everyone arrives after the room events: nothing stray came before it.
    const everyone = new Promise((r) => other.once('everyone_probe', r));
    t.app.realtime.broadcast(undefined, 'everyone_probe', {});
    await everyone;
    expect(strays).toBe(0);
  });
});

describe('a client that stops reading', () => {
  it('is disconnected once it is more than 8 MB behind, while a reading client gets everything', async () => {
    const reader = await connect(['websocket']);
    // A raw websocket client that completes the handshake and then never reads again.
    const { connect: tcp } = await import('node:net');
    const port = new URL(t.url).port;
    const stalled = tcp(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => stalled.once('connect', () => resolve()));
    stalled.write(
      `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${Buffer.alloc(16, 1).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    // Engine.IO open packet, then the Socket.IO connect with the token (a masked client frame).
    await new Promise<void>((resolve) => stalled.once('data', () => resolve()));
    const text = Buffer.from('40' + JSON.stringify({ token }));
    const mask = Buffer.from([1, 2, 3, 4]);
    const header = Buffer.from([0x81, 0x80 | 126, text.length >> 8, text.length & 255]); // 16-bit length
    stalled.write(Buffer.concat([header, mask, text.map((b, i) => b ^ mask[i & 3]!)]));
    const sockets = () => t.app.realtime.io.of('/').sockets.size;
    const others = sockets();
    await until('the stalled client is connected', () => sockets() === others + 1);
    stalled.pause();

    const big = { pad: 'x'.repeat(256 * 1024) };
    const n = 100; // 25 MB in all, well past the limit plus what the kernel buffers
    const got = collect(reader, 'slow_probe', n);
    for (let i = 0; i < n; i++) {
      t.app.realtime.broadcast(undefined, 'slow_probe', { i, ...big });
      await new Promise((r) => setTimeout(r, 25)); // one batch each
    }
    expect((await got).length).toBe(n);
    await new Promise((r) => setTimeout(r, 200));
    expect(sockets()).toBe(others);
    stalled.destroy();
  });
});
