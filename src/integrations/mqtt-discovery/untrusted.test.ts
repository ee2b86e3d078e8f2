import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LIMITS } from '../../home/bounds.js';
import { LogCapture, startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { TEST_MQTT_URL, clearRetained, uniqueBase, until } from '../../test-support/mqtt.js';

/**
 * Hostile retained discovery configs (issue 17, problem 1): a 64 KB name once killed Hearth
 * seconds after it arrived, and the broker kept it, so Hearth died again at every restart.
 * Names, ids and payloads are bounded at the integration host and the MQTT edge; the rest of
 * discovery goes on.
 */
let t: TestApp;
let client: MqttClient;
let prefix: string;
let token: string;
const logs = new LogCapture();

beforeAll(async () => {
  prefix = uniqueBase('ha-hostile');
  t = await startTestApp({
    config: {
      demo: false,
      zigbee2mqtt_base_topics: 'none',
      zwave_prefix: 'none',
      mqtt_discovery_prefix: prefix,
      log_level: 'warn',
      ...(TEST_MQTT_URL ? { mqtt_url: TEST_MQTT_URL } : {}),
    },
    logStream: logs,
  });
  const url = TEST_MQTT_URL ?? `mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`;
  client = await mqtt.connectAsync(url, { clientId: uniqueBase('hostile') });
  token = (await withUsers(t)).adminToken;
});

afterAll(async () => {
  await (client as MqttClient | undefined)?.endAsync().catch(() => {}); // unset when beforeAll failed
  const url = TEST_MQTT_URL ?? `mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`;
  await clearRetained(url, [prefix]).catch(() => {});
  await (t as TestApp | undefined)?.stop();
});

const config = (topic: string, body: unknown) =>
  client.publishAsync(`${prefix}/${topic}/config`, JSON.stringify(body), { retain: true });
const entities = async () =>
  (await t.api('GET', '/api/home/entities?integration=mqtt_discovery', { token })).body as any[];
const byUid = async (fragment: string) =>
  (await entities()).find((e: any) => JSON.stringify(e).includes(fragment));

describe('hostile MQTT discovery configs', () => {
  it('cuts a 64 KB entity name and a 16 KB device name to the name limit and keeps answering', async () => {
    await config('switch/huge/name', {
      name: 'x'.repeat(64 * 1024),
      unique_id: 'huge_name_switch',
      command_topic: `${prefix}-dev/huge/set`,
    });
    await config('sensor/huge/device', {
      name: 'Temperature',
      unique_id: 'huge_device_sensor',
      state_topic: `${prefix}-dev/huge/temp`,
      device: { identifiers: ['huge-device'], name: 'Dev ' + 'y'.repeat(16 * 1024) },
    });
    await config('switch/plain/one', {
      name: 'Porch Switch',
      unique_id: 'porch_switch',
      command_topic: `${prefix}-dev/porch/set`,
    });
    const plain = await until('the plain switch', async () =>
      (await entities()).find((e: any) => e.name === 'Porch Switch'),
    );
    expect(plain.entity_id).toBe('switch.porch_switch');
    const list = await entities();
    expect(list).toHaveLength(3);
    for (const e of list) {
      expect(e.name.length).toBeLessThanOrEqual(DEVICE_LIMITS.name);
      expect(e.entity_id.length).toBeLessThan(255);
    }
    const devices = (await t.api('GET', '/api/home/devices', { token })).body as any[];
    for (const d of devices) expect(d.name.length).toBeLessThanOrEqual(DEVICE_LIMITS.name);

    // The agent builds its indexes from every name: this is where the 64 KB name used to kill Hearth.
    const chat = await t.api('POST', '/api/ai/chat', { token, body: { text: 'turn on the porch switch' } });
    expect(chat.status).toBe(200);
    expect((await t.api('GET', '/health')).status).toBe(200);
    expect(logs.text).toContain('device data out of bounds; cut to fit');
  });

  it('ignores a payload over the size limit, logs it once, and still discovers the next config', async () => {
    const big = JSON.stringify({
      name: 'Big',
      unique_id: 'big',
      command_topic: 'x',
      pad: 'z'.repeat(300_000),
    });
    await client.publishAsync(`${prefix}/switch/big/config`, big, { retain: true });
    await client.publishAsync(`${prefix}/switch/big/config`, big, { retain: true });
    await config('switch/after/big', { name: 'After Big', unique_id: 'after_big', command_topic: 'y' });
    await until('the config after the big one', () => byUid('after_big'));
    expect(await byUid('"Big"')).toBeUndefined();
    const warnings = logs.lines.filter((l) => l.includes('larger than its limit'));
    expect(warnings).toHaveLength(1);
  });

  it('keeps an overlong unique_id stable and distinct, so reports still reach the entity', async () => {
    const longId = 'u'.repeat(20_000);
    await config('sensor/long/a', {
      name: 'Long A',
      unique_id: `${longId}a`,
      state_topic: `${prefix}-dev/long/a`,
    });
    await config('sensor/long/b', {
      name: 'Long B',
      unique_id: `${longId}b`,
      state_topic: `${prefix}-dev/long/b`,
    });
    await until(
      'both long-id sensors',
      async () => (await entities()).filter((e: any) => e.name.startsWith('Long ')).length === 2,
    );
    await client.publishAsync(`${prefix}-dev/long/b`, '21.5', { retain: true });
    const b = await until('the report on the long id', async () => {
      const e = (await entities()).find((x: any) => x.name === 'Long B');
      return e?.state === '21.5' || e?.state === 21.5 ? e : undefined;
    });
    expect(b.entity_id).toBe('sensor.long_b');
  });

  it('cuts a 200 KB state report to the state limit', async () => {
    await config('sensor/chatty/one', {
      name: 'Chatty',
      unique_id: 'chatty',
      state_topic: `${prefix}-dev/chatty`,
    });
    await until('the chatty sensor', () => byUid('chatty'));
    await client.publishAsync(`${prefix}-dev/chatty`, 'w'.repeat(200_000));
    const e = await until('the long state', async () => {
      const x = (await entities()).find((y: any) => y.name === 'Chatty');
      return typeof x?.state === 'string' && x.state.startsWith('www') ? x : undefined;
    });
    expect(e.state.length).toBe(DEVICE_LIMITS.state);
  });
});
