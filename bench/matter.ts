/**
 * Matter figures for bench/RESULTS.md, on matter.js' in-process network simulator (nothing
 * reaches the network). One mode per process, so RSS is the mode's own:
 *
 *   npx tsx bench/matter.ts off        Hearth started, Matter off: start-up time, RSS
 *   npx tsx bench/matter.ts on         Matter on (stack + controller, no nodes): start-up, RSS idle
 *   npx tsx bench/matter.ts devices N  N virtual matter.js devices alone (to subtract)
 *   npx tsx bench/matter.ts nodes N    Hearth + N commissioned devices: commission times, RSS,
 *                                      command → confirmed latency (p50/p99 over 200 commands)
 */
import { startTestApp, withUsers } from '../src/test-support/harness.js';
import { SimulatedMatterNetwork, createVirtualDevice } from '../src/test-support/matter.js';
import { matterModule } from '../src/integrations/matter/module.js';

const [mode = 'off', countText = '50'] = process.argv.slice(2);
const count = Number(countText);
const mib = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const settle = async () => {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 2000));
  (globalThis as { gc?: () => void }).gc?.();
};

const out: Record<string, unknown> = { mode, node: process.version };
const importStarted = performance.now();
const net = mode === 'off' ? undefined : await SimulatedMatterNetwork.create();
if (net) out.matter_import_ms = Math.round(performance.now() - importStarted);

if (mode === 'devices') {
  for (let i = 0; i < count; i++) await createVirtualDevice('plug', { network: net!.host(), index: i + 1 });
  await settle();
  out.devices = count;
  out.rss_mib = mib();
  console.log(JSON.stringify(out));
  process.exit(0);
}

const started = performance.now();
const t = await startTestApp({
  config: { demo: false, ...(mode === 'off' ? {} : { matter: 'on' as const }) },
  pairable: [matterModule({ network: net ? net.host() : { kind: 'none' }, subscriptionMaxIntervalS: 60 })],
});
out.startup_ms = Math.round(performance.now() - started);
const { adminToken } = await withUsers(t);

if (mode === 'nodes') {
  const devices = [];
  for (let i = 0; i < count; i++)
    devices.push(
      await createVirtualDevice(i === 0 ? 'color_light' : 'plug', { network: net!.host(), index: i + 1 }),
    );
  const times: number[] = [];
  let lightEntity = '';
  for (const d of devices) {
    const t0 = performance.now();
    const res = await t.api('POST', '/api/home/integrations/matter/pair', {
      token: adminToken,
      body: { code: d.manualCode },
    });
    if (res.status !== 201) throw new Error(`pairing failed: ${JSON.stringify(res.body)}`);
    times.push(performance.now() - t0);
    const added = res.body as { entities: { entity_id: string }[] };
    if (d.kind === 'color_light')
      lightEntity = added.entities.find((e) => e.entity_id.startsWith('light.'))?.entity_id ?? '';
  }
  out.commission_ms = {
    p50: Math.round(pct(times, 50)),
    p99: Math.round(pct(times, 99)),
    max: Math.round(Math.max(...times)),
  };
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const res = await t.api('POST', '/api/home/control?wait=5000', {
      token: adminToken,
      body: { entity_id: lightEntity, action: i % 2 === 0 ? 'on' : 'off' },
    });
    latencies.push(performance.now() - t0);
    const { outcome } = res.body as { outcome: string };
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  out.command_confirmed_ms = {
    p50: Math.round(pct(latencies, 50) * 10) / 10,
    p99: Math.round(pct(latencies, 99) * 10) / 10,
  };
  out.outcomes = outcomes;
  out.nodes = count;
}

await settle();
out.rss_mib = mib();
console.log(JSON.stringify(out));
await t.stop();
process.exit(0);
