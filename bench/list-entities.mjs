#!/usr/bin/env node
// GET /api/home/entities latency and size against a running Hearth (one keep-alive connection,
// one request at a time). Prints name=value lines, key figure last.
//   node bench/list-entities.mjs --base-url http://127.0.0.1:8420 --token T [--count 200] [--server-pid PID]
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const base = new URL(args['base-url'] ?? 'http://127.0.0.1:8420');
const count = Number(args.count ?? 200);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get() {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: '/api/home/entities',
        headers: { authorization: `Bearer ${args.token}` },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c) => (bytes += c.length));
        res.on('end', () =>
          resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, bytes, status: res.statusCode }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const cpu = (pid) => {
  if (!pid) return 0;
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // ms at 100 Hz
};

for (let i = 0; i < 20; i++) await get(); // warm-up
const c0 = cpu(args['server-pid']);
const times = [];
let last;
for (let i = 0; i < count; i++) {
  last = await get();
  if (last.status !== 200) throw new Error(`status ${last.status}`);
  times.push(last.ms);
}
const c1 = cpu(args['server-pid']);
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(2);
const list = JSON.parse(
  await new Promise((resolve) => {
    request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: '/api/home/entities',
        headers: { authorization: `Bearer ${args.token}` },
      },
      (res) => {
        let s = '';
        res.on('data', (c) => (s += c));
        res.on('end', () => resolve(s));
      },
    ).end();
  }),
);
console.log(`entities=${list.length}`);
console.log(`response_bytes=${last.bytes}`);
if (args['server-pid']) console.log(`server_cpu_ms_per_req=${((c1 - c0) / count).toFixed(2)}`);
console.log(`p99_ms=${pct(99)}`);
console.log(`list_entities_p50_ms=${pct(50)}`);
agent.destroy();
