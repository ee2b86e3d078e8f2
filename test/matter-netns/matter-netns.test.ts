import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matterModule } from '../../src/integrations/matter/module.js';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * Hearth and a virtual device in separate processes over real UDP and mDNS. Runs only inside
 * the private network namespace run.sh makes (loopback only): anywhere else it is skipped, so
 * Matter never reaches a real network.
 */
const isolated =
  process.env.HEARTH_MATTER_NETNS === '1' && Object.keys(networkInterfaces()).every((n) => n === 'lo');

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))]!;

function startDevice(kind: string, storage: string, index: number) {
  // node itself (not npx → tsx → node), so SIGTERM reaches the device and it announces its shutdown.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/matter-netns/device.ts', kind, storage, String(index)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise<{ child: ChildProcess; manualCode: string; qrCode: string }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve({ child, ...JSON.parse(line) });
    });
    child.on('exit', (code) => reject(new Error(`device exited with ${code}`)));
  });
}

const stopDevice = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function until(what: string, fn: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!isolated)('Matter over real UDP and mDNS in a private network namespace', () => {
  let dir = '';
  let t: TestApp;
  let admin: string;
  const children: ChildProcess[] = [];
  let light = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-matter-netns-'));
    t = await startTestApp({
      config: { demo: false },
      pairable: [
        matterModule({
          network: { kind: 'udp', networkInterface: 'lo' },
          discoveryTimeoutS: 15,
          subscriptionMaxIntervalS: 3,
        }),
      ],
    });
    admin = (await withUsers(t)).adminToken;
  }, 60_000);

  afterAll(async () => {
    for (const c of children) await stopDevice(c);
    await orUnset(t)?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  // Generous bounds: two matter.js processes on a loaded 2-core machine take tens of seconds to start.
  it('commissions a device in another process by its manual code, found by mDNS', async () => {
    const device = await startDevice('color_light', join(dir, 'light'), 1);
    children.push(device.child);
    const started = Date.now();
    const res = await t.api('POST', '/api/home/integrations/matter/pair', {
      token: admin,
      body: { code: device.manualCode },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    console.log(`netns: commissioned by mDNS in ${Date.now() - started} ms`);
    light = res.body.entities.find((e: any) => e.entity_id.startsWith('light.')).entity_id;
  }, 120_000);

  it('commissions a device at a known address by its QR payload', async () => {
    const device = await startDevice('plug', join(dir, 'plug'), 2);
    children.push(device.child);
    const res = await t.api('POST', '/api/home/integrations/matter/pair', {
      token: admin,
      body: { code: device.qrCode, address: '[::1]:5542' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }, 120_000);

  it('controls it with confirmed outcomes (latency printed for bench/RESULTS.md)', async () => {
    const latencies: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const res = await t.api('POST', '/api/home/control?wait=5000', {
        token: admin,
        body: { entity_id: light, action: i % 2 === 0 ? 'on' : 'off' },
      });
      latencies.push(performance.now() - t0);
      expect(res.body.outcome).toBe('confirmed');
    }
    console.log(
      `netns: command → confirmed p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms (50 commands)`,
    );
  }, 60_000);

  it('makes the device unavailable when its process stops, and available when it is back', async () => {
    await stopDevice(children[0]!);
    const available = async () =>
      (await t.api('GET', `/api/home/entities/${light}`, { token: admin })).body.available as boolean;
    await until('unavailable', async () => !(await available()));
    const again = await startDevice('color_light', join(dir, 'light'), 1);
    children[0] = again.child;
    await until('available again', available, 90_000);
    const res = await t.api('POST', '/api/home/control?wait=5000', {
      token: admin,
      body: { entity_id: light, action: 'toggle' },
    });
    expect(res.body.outcome).toBe('confirmed');
  }, 180_000);
});
