/**
 * A flood of commands to devices that never answer: every command waits for a confirmation
 * that never comes and ends as `timeout`. Measures what that costs the event loop — timers
 * left pending, the loop's worst stall while the timeouts fall due, and how long it takes until
 * every command has its `timeout` outcome.
 *
 * Run: npx tsx bench/command-flood.ts [--commands 40000] [--entities 1] [--timeout-ms 3000]
 * Everything is in-process (real HomeService, real SQLite, SystemClock); bounded in count and time.
 */
import { rmSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { EventBus } from '../src/bus.js';
import { SystemClock, type TimerHandle } from '../src/clock.js';
import type { Integration, IntegrationHost } from '../src/home/integration.js';
import { HomeService } from '../src/home/service.js';
import { createLogger } from '../src/log.js';
import { SqliteStore } from '../src/store/index.js';
import { tempDataDir } from '../src/test-support/harness.js';

const { values: args } = parseArgs({
  options: {
    commands: { type: 'string', default: '40000' },
    entities: { type: 'string', default: '1' },
    'timeout-ms': { type: 'string', default: '3000' },
  },
});
const COMMANDS = Number(args.commands);
const ENTITIES = Number(args.entities);
const TIMEOUT_MS = Number(args['timeout-ms']);

/** Lamps that accept every command and never report back (a dead Zigbee device). */
class DeadLamps implements Integration {
  readonly id = 'dead';
  readonly name = 'Dead lamps';
  sent = 0;
  async start(host: IntegrationHost) {
    host.beginDiscovery();
    for (let i = 0; i < ENTITIES; i++) {
      host.announceEntity({
        unique_id: `lamp${i}`,
        domain: 'light',
        name: `Dead Lamp ${i}`,
        capabilities: { actions: ['on', 'off'] },
      });
      host.reportState(`lamp${i}`, 'off', {});
    }
    host.endDiscovery();
  }
  async stop() {}
  status() {
    return { state: 'online' as const };
  }
  async send() {
    this.sent++;
  }
}

const log = createLogger('silent');
const dataDir = tempDataDir();
const store = new SqliteStore(dataDir, log);
const bus = new EventBus(log);
/** The system clock, counting the timers it holds (Node's own count skips unref'd timers). */
class CountingClock extends SystemClock {
  private readonly armed = new Set<number>();
  get live() {
    return this.armed.size;
  }
  override setTimeout(fn: () => void, ms: number) {
    const handle = super.setTimeout(() => {
      this.armed.delete(handle.id);
      fn();
    }, ms);
    this.armed.add(handle.id);
    return handle;
  }
  override clearTimeout(handle: TimerHandle) {
    this.armed.delete(handle.id);
    super.clearTimeout(handle);
  }
}
const clock = new CountingClock();
const home = new HomeService({
  repo: store.home,
  bus,
  clock,
  log,
  historyDays: 1,
  confirmTimeoutMs: TIMEOUT_MS,
});
const dead = new DeadLamps();
home.addIntegration(dead);
await home.start();

let timedOut = 0;
let lastOutcomeAt = 0;
bus.on('command_result', 'bench', (r) => {
  if (r.outcome === 'timeout') timedOut++;
  lastOutcomeAt = performance.now();
});

// The loop's responsiveness: a 5 ms ticker records how late it runs (a stall shows as lateness).
let worstLate = 0;
let ticks = 0;
let expected = performance.now() + 5;
const ticker = setInterval(() => {
  const now = performance.now();
  worstLate = Math.max(worstLate, now - expected);
  expected = now + 5;
  ticks++;
}, 5);
const histogram = monitorEventLoopDelay({ resolution: 5 });

const cause = { type: 'user' as const, id: 'bench' };
const t0 = performance.now();
for (let i = 0; i < COMMANDS; i++) {
  // Like `POST /api/home/control?wait=0`: answer `accepted` at once.
  await home.execute(
    { entity_id: `light.dead_lamp_${i % ENTITIES}`, action: i % 2 ? 'on' : 'off', params: {}, cause },
    { waitMs: 0 },
  );
  if (i % 500 === 499) await new Promise((r) => setImmediate(r));
}
const floodMs = performance.now() - t0;
const timers = clock.live;
console.log(
  `flood: ${COMMANDS} commands to ${ENTITIES} dead entit${ENTITIES === 1 ? 'y' : 'ies'} in ${floodMs.toFixed(0)} ms; clock timers pending after it: ${timers}`,
);

worstLate = 0;
histogram.enable();
const deadline = t0 + TIMEOUT_MS + floodMs + 60_000;
while (timedOut < COMMANDS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
histogram.disable();
clearInterval(ticker);
const firstDue = t0 + TIMEOUT_MS;
console.log(
  `timeouts: ${timedOut}/${COMMANDS} ended as timeout, the last ${(lastOutcomeAt - firstDue - floodMs).toFixed(0)} ms after the last one fell due; ` +
    `loop while they fell due: worst 5 ms tick late by ${worstLate.toFixed(0)} ms, event-loop delay p99 ${(histogram.percentile(99) / 1e6).toFixed(1)} ms, max ${(histogram.max / 1e6).toFixed(0)} ms (${ticks} ticks)`,
);
await home.stop();
await store.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(timedOut === COMMANDS ? 0 : 1);
