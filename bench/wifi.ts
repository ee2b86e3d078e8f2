// WiFi integrations: memory without/with their code loaded, command → confirmed latency per
// brand against the simulators, 200 Shelly Gen2 devices polled and pushing (CPU, RSS, event-loop
// delay, simulators in a child process), and the time to mark a dead device unavailable.
// Run: node --expose-gc --import tsx bench/wifi.ts   (npm run bench:wifi)
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { HueBridgeSimulator } from '../src/integrations/hue/simulator.js';
import { ShellyGen1Simulator } from '../src/integrations/shelly/simulator-gen1.js';
import { PROFILES, ShellyGen2Simulator } from '../src/integrations/shelly/simulator-gen2.js';
import { KasaSimulator } from '../src/integrations/kasa/simulator.js';
import { WledSimulator } from '../src/integrations/wled/simulator.js';
import { startTestApp, withUsers, type TestApp } from '../src/test-support/harness.js';
import type { CommandResult, Entity } from '../src/home/types.js';

/** What the bench reads of `GET /api/home/integrations/pairable` and of a pairing's answer. */
interface PairableEntry {
  loaded: boolean;
}
interface PairAnswer {
  entities: Entity[];
}

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
function memory() {
  for (let i = 0; i < 3; i++) gc?.();
  const m = process.memoryUsage();
  return { rss_mb: mb(m.rss), heap_mb: mb(m.heapUsed) };
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function latency(
  t: TestApp,
  token: string,
  entity: string,
  actions: [string, Record<string, unknown>][],
  n = 200,
) {
  const ms: number[] = [];
  const failures: string[] = [];
  let confirmed = 0;
  for (let i = 0; i < n; i++) {
    const [action, params] = actions[i % actions.length]!;
    const start = performance.now();
    const res = await t.api<CommandResult>('POST', '/api/home/control', {
      token,
      body: { entity_id: entity, action, ...params },
    });
    ms.push(performance.now() - start);
    if (res.body.outcome === 'confirmed') confirmed++;
    else if (!failures[0]) failures.push(JSON.stringify(res.body));
  }
  return {
    n,
    confirmed,
    p50_ms: Math.round(pct(ms, 50) * 10) / 10,
    p99_ms: Math.round(pct(ms, 99) * 10) / 10,
  };
}

// 1. Memory without and with the WiFi code, and latency per brand.
{
  // No per-user command rate limit (default 20/s): a back-to-back latency run would get 429s.
  const t = await startTestApp({ config: { wifi_poll_interval: 30, wifi_timeout: 2, command_rate_user: 0 } });
  const { adminToken: token } = await withUsers(t);
  await new Promise((r) => setTimeout(r, 1000));
  const before = memory();
  const loadedBefore = (
    await t.api<PairableEntry[]>('GET', '/api/home/integrations/pairable', { token })
  ).body.filter((m) => m.loaded).length;
  const gen2 = new ShellyGen2Simulator(PROFILES.plus1pm);
  const gen1 = new ShellyGen1Simulator('SHSW-PM');
  const wled = new WledSimulator();
  const hue = new HueBridgeSimulator();
  hue.buttonPressed = true;
  const kasa = new KasaSimulator('HS110');
  for (const s of [gen2, gen1, wled, hue, kasa]) await s.start();
  const pair = async (id: string, address: string) =>
    (await t.api<PairAnswer>('POST', `/api/home/integrations/${id}/pair`, { token, body: { address } })).body
      .entities;
  const e2 = await pair('shelly', gen2.address);
  const e1 = await pair('shelly', gen1.address);
  const ew = await pair('wled', wled.address);
  const eh = await pair('hue', hue.address);
  const ek = await pair('kasa', kasa.address);
  const after = memory();
  const onOff: [string, Record<string, unknown>][] = [
    ['on', {}],
    ['off', {}],
  ];
  const results = {
    memory: {
      without_wifi_code: before,
      modules_loaded_before: loadedBefore,
      with_shelly_wled_hue_kasa_loaded_and_5_devices: after,
    },
    latency: {
      shelly_gen2: await latency(t, token, e2.find((e) => e.domain === 'switch')!.entity_id, onOff),
      shelly_gen1: await latency(t, token, e1.find((e) => e.domain === 'switch')!.entity_id, onOff),
      wled: await latency(t, token, ew[0]!.entity_id, onOff),
      hue: await latency(t, token, eh.find((e) => e.name === 'Sofa lamp')!.entity_id, onOff),
      kasa: await latency(t, token, ek.find((e) => e.domain === 'switch')!.entity_id, onOff),
    },
  };
  console.log(JSON.stringify(results, null, 2));
  await t.stop();
  for (const s of [gen2, gen1, wled, hue, kasa]) await s.stop();
}

// 2. 200 Shelly Gen2 devices, polled every 5 s and pushing every 10 s; then one dies.
const N = Number(process.env.WIFI_BENCH_DEVICES ?? 200);
if (N > 0) {
  const child = fork(new URL('./wifi-simulators.ts', import.meta.url).pathname, [String(N), '10'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const addresses: string[] = await new Promise((resolve) => {
    let buf = '';
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      if (buf.includes('\n')) resolve(JSON.parse(buf.split('\n')[0]!) as string[]);
    });
  });
  const t = await startTestApp({ config: { wifi_poll_interval: 5, wifi_timeout: 2 } });
  const { adminToken: token } = await withUsers(t);
  const pairStart = performance.now();
  for (const address of addresses)
    await t.api('POST', '/api/home/integrations/shelly/pair', { token, body: { address } });
  const pairMs = performance.now() - pairStart;
  await new Promise((r) => setTimeout(r, 5_000));
  const base = memory();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let stateChanges = 0;
  t.app.ctx.bus.on('state_changed', 'bench', () => stateChanges++);
  await new Promise((r) => setTimeout(r, 60_000));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - wall0;
  loop.disable();
  const steady = {
    devices: N,
    pairing_all_s: Math.round(pairMs / 100) / 10,
    cpu_percent_of_one_core: Math.round(((cpu.user + cpu.system) / 1000 / wall) * 1000) / 10,
    state_changes_per_s: Math.round((stateChanges / wall) * 10000) / 10,
    event_loop_delay_ms: {
      p50: Math.round(loop.percentile(50) / 1e4) / 100,
      p99: Math.round(loop.percentile(99) / 1e4) / 100,
      max: Math.round(loop.max / 1e4) / 100,
    },
    memory_after_pairing: base,
    memory_after_60s: memory(),
  };
  // Time to unavailable: stop every simulator, watch the first device's switch.
  const sw = (await t.api<Entity[]>('GET', '/api/home/entities?domain=switch&integration=shelly', { token }))
    .body[0]!.entity_id;
  const dead0 = performance.now();
  child.send('stop');
  await new Promise((r) => child.on('exit', r));
  for (;;) {
    const e = (await t.api<Entity>('GET', `/api/home/entities/${sw}`, { token })).body;
    if (!e.available) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    JSON.stringify(
      {
        ...steady,
        dead_device_unavailable_after_s: Math.round((performance.now() - dead0) / 100) / 10,
        poll_interval_s: 5,
        timeout_s: 2,
        max_misses: 3,
      },
      null,
      2,
    ),
  );
  await t.stop();
}
process.exit(0);
