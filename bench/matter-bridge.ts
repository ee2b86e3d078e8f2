/**
 * Matter bridge figures for bench/RESULTS.md, on matter.js' in-process network simulator
 * (nothing reaches the network). Hearth (demo home, its lights on the simulated Zigbee2MQTT
 * bridge over the embedded broker) with the bridge on, N extra Zigbee2MQTT plugs, and a plain
 * matter.js controller in the same process:
 *
 *   node --expose-gc --import tsx bench/matter-bridge.ts 10    10 bridged entities
 *   node --expose-gc --import tsx bench/matter-bridge.ts 200   200 bridged entities (the cap)
 *
 * Prints one JSON line: commissioning time, controller command → Zigbee2MQTT `/set` latency
 * (p50/p99 over 100 commands), Hearth state change → controller subscription report latency
 * (p50/p99 over 50 changes), RSS with the bridge off and with N entities bridged and subscribed.
 */
import mqtt from 'mqtt';
import { Zigbee2MqttSimulator } from '../src/integrations/zigbee2mqtt/simulator.js';
import { device } from '../src/integrations/zigbee2mqtt/test-devices.js';
import { bridgedUniqueIdOf, commissionBridge } from '../src/test-support/bridge-controller.js';
import { startTestApp, withUsers } from '../src/test-support/harness.js';
import { SimulatedMatterNetwork } from '../src/test-support/matter.js';

const count = Number(process.argv[2] ?? '10');
const mib = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const settle = async () => {
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(2000);
  (globalThis as { gc?: () => void }).gc?.();
};
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

const out: Record<string, unknown> = { entities: count, node: process.version };
const net = await SimulatedMatterNetwork.create();
const base = `bench-bridge-${process.pid}`;
const t = await startTestApp({
  config: { zigbee2mqtt_base_topics: base },
  matterBridge: { network: net.host() },
});
const { adminToken } = await withUsers(t);
const api = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: adminToken, body }) as Promise<{
    status: number;
    body: Record<string, unknown>;
  }>;

// N plugs on a Zigbee2MQTT bridge of the bench's own.
const { url, username, password } = t.app.ctx.mqtt!.clientOptions();
const plugs = Array.from({ length: count }, (_, i) =>
  device(`Bench Plug ${i + 1}`, [
    {
      type: 'switch',
      features: [
        { type: 'binary', name: 'state', property: 'state', access: 7, value_on: 'ON', value_off: 'OFF' },
      ],
    },
  ]),
);
const sim = new Zigbee2MqttSimulator({
  url,
  username,
  password,
  baseTopic: base,
  devices: plugs,
  responseDelayMs: 0,
});
await sim.start();
const plugIds = plugs.map((_, i) => `switch.bench_plug_${i + 1}`);
await until('the plugs are discovered', async () => {
  const res = await api('GET', `/api/home/entities/${plugIds[count - 1]!}`);
  return res.status === 200;
});
await settle();
out.rss_bridge_off_mib = mib();

// The hallway light (a demo Zigbee2MQTT light) and N-1 plugs: N bridged entities.
const exposed = ['light.hallway', ...plugIds.slice(0, count - 1)];
const on = await api('PATCH', '/api/matter-bridge', { enabled: true, expose: { entities: exposed } });
if (on.status !== 200) throw new Error(JSON.stringify(on.body));
const manualCode = on.body.manual_code as string;

const {
  ctl,
  endpoints: all,
  readyMs,
} = await commissionBridge({ id: 'bench-controller', network: net.host(), manualCode, fabricLabel: 'Bench' });
out.commission_and_first_read_ms = Math.round(readyMs);
const hallway = all.find((ep) => bridgedUniqueIdOf(ep) === 'light.hallway')!;
out.bridged = all.filter((ep) => ep.maybeStateOf('bridgedDeviceBasicInformation')).length;
await settle();
out.rss_bridge_on_mib = mib();

// Controller command → Zigbee2MQTT /set (the demo light's bridge).
const client = await mqtt.connectAsync(url, { username, password, clientId: `bench-bridge-${process.pid}` });
await client.subscribeAsync('#');
let setAt = 0;
client.on('message', (topic) => {
  if (topic.endsWith('/set') && !topic.startsWith(`${base}/`)) setAt = performance.now();
});
const entityState = async () => (await api('GET', '/api/home/entities/light.hallway')).body.state;
const toSet: number[] = [];
for (let i = 0; i < 100; i++) {
  const want = (await entityState()) !== 'on';
  setAt = 0;
  const t0 = performance.now();
  await hallway.commandsOf('onOff')[want ? 'on' : 'off']!(undefined);
  await until('the /set', () => setAt > 0);
  toSet.push(setAt - t0);
  await until('Hearth follows', async () => (await entityState()) === (want ? 'on' : 'off'));
  await sleep(20);
}
out.command_to_z2m_set_ms = { p50: pct(toSet, 50), p99: pct(toSet, 99), n: toSet.length };

// Hearth state change (state_changed on the bus) → the controller's subscription report.
let changedAt = 0;
t.app.ctx.bus.on('state_changed', 'bench', (e) => {
  if (e.entity_id === 'light.hallway') changedAt = performance.now();
});
let reportedAt = 0;
hallway.eventsOf('onOff').onOff$Changed!.on(() => {
  reportedAt = performance.now();
});
const toReport: number[] = [];
for (let i = 0; i < 50; i++) {
  const want = (await entityState()) !== 'on';
  changedAt = 0;
  reportedAt = 0;
  await api('POST', '/api/home/control?wait=3000', {
    entity_id: 'light.hallway',
    action: want ? 'on' : 'off',
  });
  await until('the report', () => reportedAt > 0 && changedAt > 0);
  toReport.push(reportedAt - changedAt);
  await sleep(100);
}
out.hearth_change_to_report_ms = { p50: pct(toReport, 50), p99: pct(toReport, 99), n: toReport.length };

await settle();
out.rss_end_mib = mib();
console.log(JSON.stringify(out));
await client.endAsync();
await ctl.close();
await sim.stop();
await t.stop();
process.exit(0);
