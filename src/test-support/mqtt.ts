import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import mqtt from 'mqtt';
import type { Z2mDevice } from '../integrations/zigbee2mqtt/types.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The machine's broker for tests (`.ci/run` sets it to Mosquitto), or undefined: use Hearth's embedded broker. */
export const TEST_MQTT_URL =
  process.env.HEARTH_TEST_MQTT_URL === '' ? undefined : process.env.HEARTH_TEST_MQTT_URL;

/** A base topic no other test (or test run) on the same broker uses. */
export function uniqueBase(prefix: string) {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Clears retained messages under `bases` (tests share Mosquitto; leave nothing behind). */
export async function clearRetained(url: string, bases: string[]) {
  const client = await mqtt.connectAsync(url, {
    clientId: `hearth-clean-${Math.random().toString(16).slice(2, 10)}`,
  });
  const topics = new Set<string>();
  client.on('message', (topic, payload, packet) => {
    if (packet.retain && payload.length > 0) topics.add(topic);
  });
  await client.subscribeAsync(bases.map((b) => `${b}/#`));
  await new Promise((r) => setTimeout(r, 300));
  for (const t of topics) await client.publishAsync(t, '', { retain: true });
  await client.endAsync();
}

/**
 * Finds `shared/tools/z2m-devices-fixture.mjs` beside the checkout (CI: ../shared relative to
 * the repository root; worktrees sit one level deeper).
 */
export function fixtureScript(): string | undefined {
  // The Node 24 CI run works on a copy of the project elsewhere and says where shared/ is.
  const shared = process.env.HEARTH_SHARED_DIR;
  if (shared && existsSync(join(shared, 'tools', 'z2m-devices-fixture.mjs')))
    return join(shared, 'tools', 'z2m-devices-fixture.mjs');
  let dir = ROOT;
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, '..', 'shared', 'tools', 'z2m-devices-fixture.mjs');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

export interface Z2mBundle {
  'bridge/devices': Z2mDevice[];
  'bridge/groups': unknown[];
  states: Record<string, Record<string, unknown>>;
  availability: Record<string, { state: string }>;
}

/** Runs the shared fixture generator (real zigbee-herdsman-converters definitions) with a fixed seed. */
export async function generateBundle(count: number, seed: string, extra: string[] = []): Promise<Z2mBundle> {
  const script = fixtureScript();
  if (!script) throw new Error('shared/tools/z2m-devices-fixture.mjs not found beside the repository');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [script, '--count', String(count), '--seed', seed, '--bundle', ...extra],
    {
      cwd: ROOT,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as Z2mBundle;
}

/** Polls `check` until it returns a truthy value (bounded; throws with `what` on time-out). */
export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
