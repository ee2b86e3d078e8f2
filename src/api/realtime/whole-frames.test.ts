import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';

// Broadcast frames are joined into one buffer per event (whole-frames.ts): every size of
// WebSocket length header must still reach each client intact, and binary events still work.

let t: TestApp;
let token: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  token = (await withUsers(t)).adminToken;
  for (let i = 0; i < 3; i++) {
    const s = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    sockets.push(s);
  }
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.stop();
});

const received = (event: string) =>
  Promise.all(sockets.map((s) => new Promise<unknown>((resolve) => s.once(event, resolve))));

describe('broadcast frames', () => {
  it('hands ws one joined frame holding the header and the packet', () => {
    const opts: { wsPreEncodedFrame?: Buffer[] } = {};
    const adapter = t.app.realtime.io.of('/').adapter as unknown as {
      _encode(p: unknown, o: object): unknown;
    };
    adapter._encode({ type: 2, data: ['probe', { ok: true }], nsp: '/' }, opts);
    expect(opts.wsPreEncodedFrame).toHaveLength(1);
    const frame = opts.wsPreEncodedFrame![0]!;
    // FIN + text opcode, unmasked 7-bit length, then the Engine.IO "4" + Socket.IO packet.
    expect(frame[0]).toBe(0x81);
    expect(frame.subarray(2).toString()).toBe('42["probe",{"ok":true}]');
    expect(frame[1]).toBe(frame.length - 2);
  });

  for (const [label, size] of [
    ['7-bit', 10],
    ['16-bit', 1_000],
    ['64-bit', 70_000],
  ] as const) {
    it(`delivers a ${label} length event intact to every client`, async () => {
      const payload = { entity_id: 'light.probe', text: 'é'.repeat(size) };
      const got = received('probe_event');
      t.app.realtime.io.emit('probe_event', payload);
      expect(await got).toEqual([payload, payload, payload]);
    });
  }

  it('still delivers binary events, which have no pre-encoded frame', async () => {
    const got = received('probe_binary');
    t.app.realtime.io.emit('probe_binary', { blob: Buffer.from([1, 2, 3]) });
    const all = (await got) as { blob: ArrayBuffer }[];
    for (const m of all) expect([...new Uint8Array(m.blob)]).toEqual([1, 2, 3]);
  });
});
