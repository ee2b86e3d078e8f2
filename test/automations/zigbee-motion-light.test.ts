import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';
import { until } from '../../src/test-support/mqtt.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * Issue 5 end to end over a real MQTT broker: the demo home's motion sensor is a Zigbee2MQTT
 * device on a simulated bridge (base topic hearth-demo-<id>). A Zigbee2MQTT state message on the broker
 * turns the hallway light on through an automation; with nobody home the automation is blocked
 * and its trace says why. Real clock, real broker, real Zigbee2MQTT payloads.
 */
let t: TestApp;
let token: string;
let client: mqtt.MqttClient;
let demoTopic: string;
const id = 'zigbee-hallway-motion';

beforeAll(async () => {
  t = await startTestApp({ config: { presence_leave_delay: 0 } });
  token = (await (await withUsers(t)).make('resident', 'user')).token;
  const { url, username, password } = t.app.ctx.mqtt!.clientOptions();
  client = await mqtt.connectAsync(url, { username, password, clientId: `e2e-${process.pid}` });
  const integrations = (await t.api('GET', '/api/home/integrations', { token })).body as {
    id: string;
    status: { base_topic?: string };
  }[];
  demoTopic = integrations.find((i) => i.id === 'demo')!.status.base_topic!;
});
afterAll(async () => {
  await orUnset(client)?.endAsync();
  await t.stop();
});

/** What a Zigbee2MQTT motion sensor publishes (occupancy is its binary expose). */
const motion = (occupancy: boolean) =>
  client.publishAsync(
    `${demoTopic}/Hallway Motion`,
    JSON.stringify({ occupancy, battery: 97, linkquality: 120 }),
  );
const entity = async (entityId: string) =>
  (await t.api('GET', `/api/home/entities/${entityId}`, { token })).body;
const traces = async () =>
  (await t.api('GET', `/api/home/automations/${id}/traces`, { token })).body as any[];

describe('a Zigbee2MQTT motion sensor drives an automation over the broker', () => {
  it('turns the hallway light on when the sensor reports occupancy and someone is home', async () => {
    expect((await entity('binary_sensor.hallway_motion')).integration).not.toBe('demo_extras');
    const created = await t.api('POST', '/api/home/automations', {
      token,
      body: {
        name: 'Zigbee hallway motion',
        trigger: { type: 'device_state', entity: 'binary_sensor.hallway_motion', to: 'on' },
        conditions: [{ type: 'presence', state: 'home' }],
        actions: [{ entity: 'light.hallway', action: 'on' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await entity('light.hallway')).state).toBe('off');
    await motion(true);
    await until('the hallway light is on', async () => (await entity('light.hallway')).state === 'on');
    const trace = await until('a finished trace', async () =>
      (await traces()).find((x) => x.result === 'finished'),
    );
    expect(trace.actions[0]).toMatchObject({ target: 'light.hallway', outcome: 'confirmed' });
  });

  it('is blocked when nobody is home, and the trace says why', async () => {
    await t.api('POST', '/api/home/control', { token, body: { entity_id: 'light.hallway', action: 'off' } });
    expect(
      (
        await t.api('POST', '/api/home/presence', {
          token,
          body: { person: 'person.resident', state: 'away' },
        })
      ).status,
    ).toBe(200);
    await motion(false);
    await until('motion cleared', async () => (await entity('binary_sensor.hallway_motion')).state === 'off');
    await motion(true);
    const blocked = await until('a blocked trace', async () =>
      (await traces()).find((x) => x.result === 'blocked'),
    );
    expect(blocked.reason).toBe('presence: nobody home');
    expect((await entity('light.hallway')).state).toBe('off');
  });
});
