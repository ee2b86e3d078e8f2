import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { createInterface } from 'node:readline';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';
import { until } from '../../src/test-support/mqtt.js';

/**
 * Hearth's Matter bridge on real UDP and mDNS, commissioned by a matter.js controller in another
 * process (bridge-controller.ts), which then turns a demo Zigbee2MQTT light on through it. Runs
 * only inside the private network namespace run.sh makes (loopback only): anywhere else it is
 * skipped, so the bridge never advertises on a real network.
 */
const isolated =
  process.env.HEARTH_MATTER_NETNS === '1' && Object.keys(networkInterfaces()).every((n) => n === 'lo');

function runController(manualCode: string, uniqueId: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/matter-netns/bridge-controller.ts', manualCode, uniqueId],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise<{ commissionMs: number; bridged: string[]; onMs: number | null }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as never);
    });
    child.on('exit', (code) => reject(new Error(`controller exited with ${code}`)));
  });
}

describe.skipIf(!isolated)('The Matter bridge over real UDP and mDNS in a private network namespace', () => {
  let t: TestApp;
  let admin: string;
  let client: mqtt.MqttClient;
  const sets: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      config: { matter_bridge_port: 5560 },
      matterBridge: { network: { kind: 'udp', networkInterface: 'lo' } },
    });
    admin = (await withUsers(t)).adminToken;
    const { url, username, password } = t.app.ctx.mqtt!.clientOptions();
    client = await mqtt.connectAsync(url, { username, password, clientId: `netns-bridge-${process.pid}` });
    await client.subscribeAsync('#');
    client.on('message', (topic) => {
      if (topic.endsWith('/set')) sets.push(topic);
    });
  }, 60_000);

  afterAll(async () => {
    await client.endAsync();
    await t.stop();
  }, 60_000);

  it('is commissioned by a controller in another process, which turns a light on through Zigbee2MQTT', async () => {
    const on = await t.api('PATCH', '/api/matter-bridge', { token: admin, body: { enabled: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const result = await runController(on.body.manual_code, 'light.hallway');
    console.log(
      `netns bridge: commissioned by mDNS in ${result.commissionMs} ms; on → report ${result.onMs} ms`,
    );
    expect(result.bridged.sort()).toEqual([...on.body.exposed].sort());
    expect(result.onMs).not.toBeNull();
    expect(sets.length).toBeGreaterThan(0);
    // (the controller sees the report as soon as the registry has it; the history row and its
    // cause may come a moment later on a busy machine: read until they are there, bounded)
    interface Row {
      state: string;
      cause?: { type: string; id: string };
    }
    const onRow = await until('the history row of "on"', async () => {
      const history = await t.api('GET', '/api/home/entities/light.hallway/history', { token: admin });
      return ((history.body.rows ?? history.body) as Row[]).find((r) => r.state === 'on' && r.cause);
    });
    expect(onRow.cause).toMatchObject({
      type: 'matter_bridge',
      id: 'Namespace Home',
    });
    const status = await t.api('GET', '/api/matter-bridge', { token: admin });
    expect(status.body.fabrics).toMatchObject([{ label: 'Namespace Home' }]);
  }, 180_000);
});
