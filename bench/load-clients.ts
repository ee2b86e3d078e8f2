/**
 * Load with many clients (issue 17 §3): N authenticated Socket.IO clients subscribed to the whole
 * home while control requests run at a fixed rate; then the same process is measured for memory
 * with and without the clients. Everything on 127.0.0.1: our own Mosquitto on a free port, a
 * simulated Zigbee2MQTT bridge (src/integrations/zigbee2mqtt/simulator.ts) with `--lights`
 * lights that answer every `/set` with their new state, and Hearth from `dist/` (run
 * `npx tsc -p tsconfig.build.json` first) with bench/probe.mjs preloaded.
 *
 *   npx tsx bench/load-clients.ts                         # 1,000 clients, 300 req/s, 60 s, 2,500 lights
 *   npx tsx bench/load-clients.ts --duration 600 --rate 50 --clients 100   # the soak
 *   npx tsx bench/load-clients.ts --node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof"
 *
 * Clients are lean Engine.IO v4 / Socket.IO v5 clients over raw TCP in `--threads` worker threads
 * (bench/load-clients-worker.mjs: handshake, `40{token}` namespace connect, ping/pong, a
 * `subscribe` request with its ack) so that the bench keeps up with hundreds of thousands of
 * frames a second; every client counts every `state_changed` and `command_result` it receives.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Zigbee2MqttSimulator } from '../src/integrations/zigbee2mqtt/simulator.js';
import { LIGHT, device } from '../src/integrations/zigbee2mqtt/test-devices.js';
import { HEARTH_NODE_FLAGS } from '../src/license/release.js';
import type { Entity } from '../src/home/types.js';

const { values: o } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '300' },
    duration: { type: 'string', default: '60' },
    lights: { type: 'string', default: '2500' },
    settle: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    threads: { type: 'string', default: '2' },
    'node-flags': { type: 'string', default: '' },
    'sample-every': { type: 'string', default: '1000' },
  },
});
const CLIENTS = Number(o.clients);
const RATE = Number(o.rate);
const DURATION_S = Number(o.duration);
const LIGHTS = Number(o.lights);
const ROOT = new URL('..', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const log = (...a: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

if (!existsSync(join(ROOT, 'dist/main.js'))) {
  console.error('dist/main.js is missing: run `npx tsc -p tsconfig.build.json` first');
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'hearth-load-'));
const children: ReturnType<typeof spawn>[] = [];
const cleanup = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

// --- broker, bridge, Hearth ------------------------------------------------------------------
const mqttPort = await freePort();
writeFileSync(
  join(scratch, 'm.conf'),
  `listener ${mqttPort} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_type error\n`,
);
children.push(spawn('mosquitto', ['-c', join(scratch, 'm.conf')], { stdio: 'ignore' }));
const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
await sleep(300);

const base = 'zigbee2mqtt';
const devices = Array.from({ length: LIGHTS }, (_, i) => device(`Bench Light ${i}`, [LIGHT]));
const sim = new Zigbee2MqttSimulator({ url: mqttUrl, baseTopic: base, devices, responseDelayMs: 5 });
await sim.start();

const probeFile = join(scratch, 'probe.jsonl');
const httpPort = await freePort();
// The service's own Node options (as `npm start` and the systemd unit run it), then the bench's.
const nodeFlags = [...HEARTH_NODE_FLAGS.split(' '), ...o['node-flags'].split(' ').filter(Boolean)];
const hearth = spawn(
  process.execPath,
  [...nodeFlags, '--expose-gc', '--import', join(ROOT, 'bench/probe.mjs'), join(ROOT, 'dist/main.js')],
  {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HEARTH_HOST: '127.0.0.1',
      HEARTH_PORT: String(httpPort),
      HEARTH_DATA_DIR: join(scratch, 'data'),
      HEARTH_DEMO: 'false',
      HEARTH_LOG_LEVEL: 'warn',
      HEARTH_MQTT_URL: mqttUrl,
      HEARTH_ZIGBEE2MQTT_BASE_TOPICS: base,
      // The bench measures throughput, not the per-user/per-socket command limits.
      HEARTH_COMMAND_RATE_USER: '0',
      HEARTH_COMMAND_RATE_SOCKET: '0',
      HEARTH_PROBE_FILE: probeFile,
      HEARTH_PROBE_EVERY_MS: o['sample-every'],
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
children.push(hearth);
let hearthErr = '';
hearth.stderr.on('data', (d: Buffer) => (hearthErr += d.toString()));
let hearthOut = '';
hearth.stdout.on('data', (d: Buffer) => (hearthOut = (hearthOut + d.toString()).slice(-20_000)));
for (let i = 0; !hearthErr.includes('open http'); i++) {
  if (i > 300 || hearth.exitCode !== null) throw new Error(`Hearth did not start: ${hearthErr}`);
  await sleep(100);
}
const url = `http://127.0.0.1:${httpPort}`;
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${hearth.pid}/status`, 'utf8'))![1]) / 1024;
const cpuMs = () => {
  const f = readFileSync(`/proc/${hearth.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};
const probes = () =>
  existsSync(probeFile)
    ? readFileSync(probeFile, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, number | boolean>)
    : [];
async function heapAfterGc() {
  const before = probes().length;
  hearth.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    const p = probes()
      .slice(before)
      .find((x) => x.after_gc);
    if (p) return p;
  }
  return undefined;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
/** The answer's JSON body is `unknown`: each caller names what it reads of it. */
function api(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  retried = false,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url + path,
      {
        method,
        agent,
        headers: {
          ...(data ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined });
        });
      },
    );
    // A kept-alive socket the server closed just as it was reused: the request never reached
    // the server (Node's documented retry case), so it is sent again once.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET')
        api(method, path, body, token, true).then(resolve, reject);
      else reject(err);
    });
    req.end(data);
  });
}

const reg = await api('POST', '/api/auth/register', { username: 'bench', password: 'bench-password-1' });
const token = (reg.body as { access_token: string }).access_token;
const t0 = Date.now();
let lights: string[] = [];
while (lights.length < LIGHTS) {
  await sleep(250);
  const listed = await api('GET', '/api/home/entities?domain=light', undefined, token);
  lights = (listed.body as Pick<Entity, 'entity_id'>[]).map((e) => e.entity_id);
  if (Date.now() - t0 > 120_000) throw new Error(`only ${lights.length} of ${LIGHTS} lights discovered`);
}
log(
  `${lights.length} lights (${LIGHTS * 2} entities) discovered in ${Date.now() - t0} ms; Hearth RSS ${rss().toFixed(0)} MB`,
);
await sleep(5_000);
const idleNoClients = rss();

// --- clients (worker threads, bench/load-clients-worker.mjs) ----------------------------------
const THREADS = Math.max(1, Number(o.threads));
const workers = Array.from({ length: THREADS }, (_, i) => {
  const count = Math.floor(CLIENTS / THREADS) + (i < CLIENTS % THREADS ? 1 : 0);
  return new Worker(new URL('./load-clients-worker.mjs', import.meta.url), {
    workerData: { port: httpPort, token, count },
  });
});
const ask = <T>(w: Worker, msg: string, type: string) =>
  new Promise<T>((resolve, reject) => {
    const on = (m: { type: string } & T) => {
      if (m.type !== type) return;
      w.off('message', on);
      resolve(m);
    };
    w.on('message', on);
    w.once('error', reject);
    if (msg) w.postMessage(msg);
  });
const tc = Date.now();
await Promise.all(workers.map((w) => ask<{ n: number }>(w, '', 'ready')));
log(
  `${CLIENTS} clients (${THREADS} threads) connected and subscribed in ${Date.now() - tc} ms; Hearth RSS ${rss().toFixed(0)} MB`,
);
const counts = async () => {
  const all = await Promise.all(
    workers.map((w) => ask<{ states: number[]; results: number[] }>(w, 'count', 'count')),
  );
  return { states: all.flatMap((a) => a.states), results: all.flatMap((a) => a.results) };
};
await sleep(3_000);
const idleWithClients = rss();

// --- load --------------------------------------------------------------------------------
let next = 0;
const lightState = new Map<string, boolean>();
const latencies: number[] = [];
const failures = new Map<string, number>();
let sent = 0;
let accepted = 0;
async function controlOnce(record: boolean) {
  const id = lights[next++ % lights.length]!;
  const on = !(lightState.get(id) ?? false);
  lightState.set(id, on);
  const start = performance.now();
  sent++;
  try {
    const r = await api(
      'POST',
      '/api/home/control?wait=0',
      { entity_id: id, action: on ? 'on' : 'off' },
      token,
    );
    if (record) latencies.push(performance.now() - start);
    if (r.status === 200) accepted++;
    else failures.set(String(r.status), (failures.get(String(r.status)) ?? 0) + 1);
  } catch (err) {
    failures.set((err as Error).message, (failures.get((err as Error).message) ?? 0) + 1);
  }
}
async function phase(seconds: number, record: boolean) {
  const start = performance.now();
  let issued = 0;
  const inflight = new Set<Promise<void>>();
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * RATE);
    while (issued < due) {
      issued++;
      const p = controlOnce(record).finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await sleep(2);
  }
  await Promise.all(inflight);
  return (performance.now() - start) / 1000;
}
log(`warm-up: ${o.warmup} s`);
await phase(Number(o.warmup), false);
await sleep(2_000);
for (const w of workers) w.postMessage('reset');
const acceptedBefore = accepted;
sent = 0;
failures.clear();
const probesBefore = probes().length;
const cpu0 = cpuMs();
const load0 = loadavg()[0]!;
log(`load: ${RATE} control requests/s for ${DURATION_S} s with ${CLIENTS} clients`);
const wall = await phase(DURATION_S, true);
const cpu = cpuMs() - cpu0;
await sleep(3_000); // the last confirmations and their events
const acceptedInLoad = accepted - acceptedBefore;
const loadProbes = probes().slice(probesBefore);
const { states, results } = await counts();
const summary = {
  clients: states.length,
  entities: LIGHTS * 2,
  target_rate: RATE,
  achieved_rate: +(sent / wall).toFixed(1),
  sent,
  accepted: acceptedInLoad,
  errors: Object.fromEntries(failures),
  latency_ms: {
    p50: +pct(latencies, 50).toFixed(1),
    p99: +pct(latencies, 99).toFixed(1),
    max: +Math.max(...latencies).toFixed(1),
  },
  state_changed_per_client: { min: Math.min(...states), max: Math.max(...states), expected: acceptedInLoad },
  command_result_per_client: {
    min: Math.min(...results),
    max: Math.max(...results),
    expected: acceptedInLoad,
  },
  every_client_every_event: Math.min(...states) === acceptedInLoad && Math.min(...results) === acceptedInLoad,
  hearth_cpu_per_request_ms: +(cpu / sent).toFixed(2),
  hearth_cpu_percent: +((cpu / (wall * 1000)) * 100).toFixed(0),
  event_loop_delay_p99_ms_worst_second: Math.max(...loadProbes.map((p) => Number(p.eld_p99_ms))),
  rss_mb_peak_during_load: Math.max(...loadProbes.map((p) => Number(p.rss_mb))),
  load_average_1m: { before: +load0.toFixed(2), after: +loadavg()[0]!.toFixed(2) },
};
log('load result', JSON.stringify(summary, null, 2));

// --- memory after the load ------------------------------------------------------------------
await sleep(Number(o.settle) * 1000);
const withClients = { rss_mb: +rss().toFixed(1), after_gc: await heapAfterGc() };
await Promise.all(workers.map((w) => ask(w, 'close', 'closed')));
await Promise.all(workers.map((w) => w.terminate()));
await sleep(Number(o.settle) * 1000);
const withoutClients = { rss_mb: +rss().toFixed(1), after_gc: await heapAfterGc() };
log(
  'memory',
  JSON.stringify(
    {
      idle_before_clients_mb: +idleNoClients.toFixed(1),
      idle_with_clients_before_load_mb: +idleWithClients.toFixed(1),
      settled_after_load_with_clients: withClients,
      settled_after_clients_left: withoutClients,
    },
    null,
    2,
  ),
);
writeFileSync(
  join(ROOT, 'bench', '.last-load.json'),
  JSON.stringify({ summary, withClients, withoutClients, probes: probes() }) + '\n',
);
await sim.stop().catch(() => {});
hearth.kill('SIGTERM');
await sleep(1000);
process.exit(0);
