// One worker thread of bench/load-clients.ts: `count` lean Socket.IO clients over raw TCP.
// Each does the WebSocket upgrade by hand, the Engine.IO v4 open / Socket.IO v5 `40{token}`
// namespace connect, answers pings, sends `subscribe` and waits for its ack, then counts the
// `state_changed` and `command_result` frames it receives by their first bytes, parsing frame
// headers in place (no per-message allocation), so a few threads keep up with 600,000 frames/s.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { port, token, count } = workerData;
const STATE = Buffer.from('42["state_changed"');
const RESULT = Buffer.from('42["command_result"');

function masked(text) {
  const data = Buffer.from(text);
  const mask = randomBytes(4);
  const header =
    data.length < 126
      ? Buffer.from([0x81, 0x80 | data.length])
      : Buffer.from([0x81, 0xfe, data.length >> 8, data.length & 255]);
  for (let i = 0; i < data.length; i++) data[i] ^= mask[i & 3];
  return Buffer.concat([header, mask, data]);
}

function client() {
  return new Promise((resolve, reject) => {
    const c = { states: 0, results: 0, other: 0, socket: undefined };
    const s = connect(port, '127.0.0.1');
    c.socket = s;
    let upgraded = false;
    let buf = Buffer.alloc(0);
    s.on('error', reject);
    s.on('connect', () =>
      s.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    const text = (start, end) => buf.toString('utf8', start, end);
    s.on('data', (chunk) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!text(0, 12).includes('101')) return reject(new Error(text(0, end)));
        upgraded = true;
        buf = buf.subarray(end + 4);
      }
      let off = 0;
      while (buf.length - off >= 2) {
        let len = buf[off + 1] & 0x7f;
        let head = 2;
        if (len === 126) {
          if (buf.length - off < 4) break;
          len = buf.readUInt16BE(off + 2);
          head = 4;
        } else if (len === 127) {
          if (buf.length - off < 10) break;
          len = Number(buf.readBigUInt64BE(off + 2));
          head = 10;
        }
        if (buf.length - off < head + len) break;
        const p = off + head;
        if (len > STATE.length && buf.compare(STATE, 0, STATE.length, p, p + STATE.length) === 0) c.states++;
        else if (len > RESULT.length && buf.compare(RESULT, 0, RESULT.length, p, p + RESULT.length) === 0)
          c.results++;
        else {
          const m = text(p, p + len);
          if (m === '2') s.write(masked('3'));
          else if (m[0] === '0') s.write(masked('40' + JSON.stringify({ token })));
          else if (m.startsWith('40')) s.write(masked('420["subscribe",{}]'));
          else if (m.startsWith('430')) resolve(c);
          else if (m.startsWith('44')) reject(new Error(m));
          else c.other++;
        }
        off = p + len;
      }
      buf = off === buf.length ? Buffer.alloc(0) : buf.subarray(off);
    });
  });
}

const clients = [];
for (let i = 0; i < count; i += 25) {
  clients.push(...(await Promise.all(Array.from({ length: Math.min(25, count - i) }, client))));
}
parentPort.postMessage({ type: 'ready', n: clients.length });
parentPort.on('message', (m) => {
  if (m === 'reset')
    for (const c of clients) {
      c.states = 0;
      c.results = 0;
    }
  if (m === 'count')
    parentPort.postMessage({
      type: 'count',
      states: clients.map((c) => c.states),
      results: clients.map((c) => c.results),
    });
  if (m === 'close') {
    for (const c of clients) c.socket.destroy();
    parentPort.postMessage({ type: 'closed' });
  }
});
