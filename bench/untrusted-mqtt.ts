/**
 * Hostile and bulky MQTT discovery (issue 17, problems 1 and 2): the event-loop stall while
 * Hearth takes in a retained config with a 64 KB name, one with a 16 KB device name, and 10,000
 * retained discovery configs, then answers a chat command (the agent indexes every name).
 *
 *   nice npx tsx bench/untrusted-mqtt.ts [--configs 10000]
 *
 * Runs Hearth in-process on its embedded broker (loopback only) with a temporary data dir.
 */
import mqtt from 'mqtt';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startTestApp, withUsers } from '../src/test-support/harness.js';
import { until } from '../src/test-support/mqtt.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const CONFIGS = arg('configs', 10_000);
const prefix = 'bench-ha';

const t = await startTestApp({
  config: {
    demo: false,
    zigbee2mqtt_base_topics: 'none',
    zwave_prefix: 'none',
    mqtt_discovery_prefix: prefix,
  },
});
const token = (await withUsers(t)).adminToken;
const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`);
/** The integration's own count (listing 10,000 entities every poll would be the bench's own load). */
const entities = async () =>
  (
    (await t.api('GET', '/api/home/integrations', { token })).body as { id: string; entities?: number }[]
  ).find((i) => i.id === 'mqtt_discovery')?.entities ?? 0;

async function phase(name: string, work: () => Promise<void>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const probes: number[] = [];
  // `as boolean`: set false below while the probe loop awaits; without it the compiler keeps
  // the flag narrowed to `true` inside the loop's closure.
  let probing = true as boolean;
  const probe = (async () => {
    while (probing) {
      const s = performance.now();
      await t.api('GET', '/health');
      probes.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const start = performance.now();
  await work();
  const took = performance.now() - start;
  probing = false;
  await probe;
  h.disable();
  probes.sort((a, b) => a - b);
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(
    `${name}: ${(took / 1000).toFixed(2)} s; event-loop delay p99 ${ms(h.percentile(99))} ms, max ${ms(h.max)} ms; ` +
      `/health p99 ${probes[Math.floor(probes.length * 0.99)]?.toFixed(1)} ms (${probes.length} probes)`,
  );
}

await phase('64 KB entity name + 16 KB device name + chat', async () => {
  await client.publishAsync(
    `${prefix}/switch/huge/config`,
    JSON.stringify({ name: 'x'.repeat(65_536), unique_id: 'huge', command_topic: 'h/set' }),
    { retain: true },
  );
  await client.publishAsync(
    `${prefix}/sensor/dev/config`,
    JSON.stringify({
      name: 'Temperature',
      unique_id: 'dev_t',
      state_topic: 'd/t',
      device: { identifiers: ['d'], name: 'y'.repeat(16_384) },
    }),
    { retain: true },
  );
  await until('both hostile entities', async () => (await entities()) >= 2, 60_000);
  const r = await t.api('POST', '/api/ai/chat', { token, body: { text: 'turn on the x' } });
  if (r.status !== 200) throw new Error(`chat answered ${r.status}`);
});

await phase(`${CONFIGS} retained discovery configs`, async () => {
  for (let i = 0; i < CONFIGS; i++) {
    void client.publish(
      `${prefix}/sensor/n${i}/config`,
      JSON.stringify({
        name: `Sensor ${i} temperature`,
        unique_id: `bulk_${i}`,
        state_topic: `bulk/${i}/state`,
        device: {
          identifiers: [`bulk-dev-${i}`],
          name: `Bulk device ${i}`,
          suggested_area: `Room ${i % 50}`,
        },
      }),
      { retain: true },
    );
  }
  await until(`${CONFIGS} entities`, async () => (await entities()) >= CONFIGS + 2, 600_000);
});

await phase('chat over the big home', async () => {
  const r = await t.api('POST', '/api/ai/chat', {
    token,
    body: { text: 'what is the sensor 42 temperature' },
  });
  if (r.status !== 200) throw new Error(`chat answered ${r.status}`);
});

console.log(`RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
await client.endAsync();
await t.stop();
process.exit(0);
