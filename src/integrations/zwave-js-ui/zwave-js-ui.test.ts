import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { TEST_MQTT_URL, clearRetained, uniqueBase, until } from '../../test-support/mqtt.js';

/** Hand-written getNodes result following bridges.md §2.5 / §4.2 (a dimmer, a lock, a thermostat, a sensor). */
const v = (commandClass: number, property: string, extra: Record<string, unknown> = {}) => ({ commandClass, endpoint: 0, property, readable: true, writeable: false, ...extra });
const NODES = [
  { id: 1, name: 'Controller', values: undefined },
  {
    id: 2, name: 'Dimmer', loc: 'Kitchen', manufacturer: 'Fibargroup', productLabel: 'FGD212', status: 'Alive', ready: true, deviceClass: { basic: 4, generic: 17, specific: 1 },
    values: { '38-0-currentValue': v(38, 'currentValue', { type: 'number', min: 0, max: 99, value: 0 }), '38-0-targetValue': v(38, 'targetValue', { type: 'number', min: 0, max: 99, writeable: true, value: 0 }) },
  },
  {
    id: 3, name: 'Front Lock', manufacturer: 'Yale', productLabel: 'YRD256', status: 'Alive', deviceClass: { basic: 4, generic: 64, specific: 3 },
    values: {
      '98-0-currentMode': v(98, 'currentMode', { type: 'number', states: { 0: 'Unsecured', 255: 'Secured' }, value: 255 }),
      '98-0-targetMode': v(98, 'targetMode', { type: 'number', writeable: true, states: { 0: 'Unsecured', 255: 'Secured' }, value: 255 }),
      '128-0-level': v(128, 'level', { type: 'number', unit: '%', value: 80 }),
    },
  },
  {
    id: 4, name: 'Thermostat', loc: 'Living Room', status: 'Alive', deviceClass: { basic: 4, generic: 8, specific: 6 },
    values: {
      '64-0-mode': v(64, 'mode', { type: 'number', writeable: true, states: { 0: 'Off', 1: 'Heat', 2: 'Cool', 3: 'Auto' }, value: 1 }),
      '67-0-setpoint-1': v(67, 'setpoint', { propertyKey: 1, type: 'number', writeable: true, unit: '°C', min: 5, max: 35, value: 20 }),
      '49-0-Air temperature': v(49, 'Air temperature', { type: 'number', unit: '°C', label: 'Air temperature', value: 19.5 }),
    },
  },
  {
    id: 5, status: 'Asleep', deviceClass: { basic: 4, generic: 7, specific: 1 },
    values: {
      '49-0-Air temperature': v(49, 'Air temperature', { type: 'number', unit: '°C', label: 'Air temperature', value: 21.4 }),
      '113-0-Home Security-Motion sensor status': v(113, 'Home Security', { propertyKey: 'Motion sensor status', label: 'Motion sensor status', type: 'number', value: 0 }),
      '128-0-level': v(128, 'level', { type: 'number', unit: '%', value: 90 }),
    },
  },
];

/** A minimal Z-Wave JS UI gateway: answers getNodes and turns `/set` on target values into value updates. */
async function gateway(url: string, prefix: string) {
  const api = `${prefix}/_CLIENTS/ZWAVE_GATEWAY-zwave-js-ui`;
  const client: MqttClient = await mqtt.connectAsync(url, { clientId: `zw-sim-${Math.random().toString(16).slice(2, 8)}` });
  const sets: [string, string][] = [];
  client.on('message', (topic, payload) => {
    const text = payload.toString();
    if (topic === `${api}/api/getNodes/set`) {
      void client.publishAsync(`${api}/api/getNodes`, JSON.stringify({ success: true, message: 'Success zwave api call', result: NODES, origin: JSON.parse(text) }));
      return;
    }
    if (!topic.endsWith('/set')) return;
    sets.push([topic, text]);
    const value = (JSON.parse(text) as { value: unknown }).value;
    const target = topic.slice(0, -4).replace(/\/targetValue$/, '/currentValue').replace(/\/targetMode$/, '/currentMode');
    setTimeout(() => void client.publishAsync(target, JSON.stringify({ time: Date.now(), value }), { retain: true }), 10);
  });
  await client.subscribeAsync([`${api}/api/+/set`, `${prefix}/+/+/+/+/set`, `${prefix}/+/+/+/+/+/set`, `${prefix}/+/+/+/+/+/+/set`]);
  await client.publishAsync(`${prefix}/driver/status`, 'true', { retain: true });
  await client.publishAsync(`${api}/status`, JSON.stringify({ value: true, time: Date.now() }), { retain: true });
  return { client, sets, api };
}

describe('Z-Wave JS UI gateway over a real broker', () => {
  let t: TestApp;
  let gw: Awaited<ReturnType<typeof gateway>>;
  let token: string;
  let url: string;
  const prefix = uniqueBase('zwave-test');
  const entity = async (id: string) => (await t.api('GET', `/api/home/entities/${id}`, { token })).body;
  const control = (body: Record<string, unknown>) => t.api('POST', '/api/home/control', { token, body });

  beforeAll(async () => {
    t = await startTestApp({ config: { demo: false, zwave_prefix: prefix, ...(TEST_MQTT_URL ? { mqtt_url: TEST_MQTT_URL } : {}) }, confirmTimeoutMs: 3_000 });
    url = TEST_MQTT_URL ?? `mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`;
    token = (await (await withUsers(t)).make('resident', 'user')).token;
    gw = await gateway(url, prefix);
    await until('getNodes discovery', async () => (await t.api('GET', '/api/home/entities/light.dimmer', { token })).status === 200);
  });
  afterAll(async () => {
    await gw?.client.endAsync();
    await t?.stop();
    await clearRetained(url, [prefix]).catch(() => {});
  });

  it('discovers nodes through getNodes and maps command classes to entities with their current values', async () => {
    expect(await entity('light.dimmer')).toMatchObject({ state: 'off', capabilities: { brightness: true }, available: true });
    expect(await entity('lock.front_lock')).toMatchObject({ state: 'locked' });
    expect(await entity('climate.thermostat')).toMatchObject({ state: 'heat', attributes: { temperature: 20, current_temperature: 19.5 }, capabilities: { hvac_modes: ['off', 'heat', 'cool', 'auto'] } });
    expect(await entity('sensor.node_5_air_temperature')).toMatchObject({ state: 21.4, attributes: { device_class: 'temperature', unit_of_measurement: '°C' } });
    expect(await entity('sensor.node_5_battery')).toMatchObject({ state: 90, attributes: { device_class: 'battery' } });
    expect(await entity('binary_sensor.node_5_motion_sensor_status')).toMatchObject({ state: 'off', attributes: { device_class: 'motion' } });
  });

  it('updates state from value topics (time-value JSON)', async () => {
    await gw.client.publishAsync(`${prefix}/nodeID_5/49/0/Air_temperature`, JSON.stringify({ time: Date.now(), value: 22.1 }));
    await gw.client.publishAsync(`${prefix}/nodeID_5/113/0/Home_Security/Motion_sensor_status`, JSON.stringify({ time: Date.now(), value: 8 }));
    await until('sensor value', async () => (await entity('sensor.node_5_air_temperature')).state === 22.1);
    await until('motion', async () => (await entity('binary_sensor.node_5_motion_sensor_status')).state === 'on');
  });

  it('dims on the 0–99 scale through targetValue/set and is confirmed by currentValue', async () => {
    const res = await control({ entity_id: 'light.dimmer', action: 'dim', brightness: 50 });
    expect(res.body.outcome).toBe('confirmed');
    expect(gw.sets).toContainEqual([`${prefix}/Kitchen/Dimmer/38/0/targetValue/set`, '{"value":50}']);
  });

  it('unlocks through targetMode and sets the thermostat setpoint and mode', async () => {
    expect((await control({ entity_id: 'lock.front_lock', action: 'unlock' })).body.outcome).toBe('confirmed');
    expect((await entity('lock.front_lock')).state).toBe('unlocked');
    expect((await control({ entity_id: 'climate.thermostat', action: 'set_temperature', temperature: 22.5 })).body.outcome).toBe('confirmed');
    expect((await control({ entity_id: 'climate.thermostat', action: 'set_hvac_mode', hvac_mode: 'cool' })).body.outcome).toBe('confirmed');
    expect(gw.sets).toContainEqual([`${prefix}/Living_Room/Thermostat/67/0/setpoint/1/set`, '{"value":22.5}']);
    expect(gw.sets).toContainEqual([`${prefix}/Living_Room/Thermostat/64/0/mode/set`, '{"value":2}']);
  });

  it('makes a dead node unavailable and everything unavailable when the gateway goes offline', async () => {
    await gw.client.publishAsync(`${prefix}/Front_Lock/status`, JSON.stringify({ time: Date.now(), value: false, status: 'Dead', nodeId: 3 }));
    await until('dead lock', async () => (await entity('lock.front_lock')).available === false);
    expect((await control({ entity_id: 'lock.front_lock', action: 'lock' })).status).toBe(503);
    expect((await entity('light.dimmer')).available).toBe(true);
    await gw.client.publishAsync(`${gw.api}/status`, JSON.stringify({ value: false }), { retain: true });
    await until('gateway offline', async () => (await entity('light.dimmer')).available === false);
    await gw.client.publishAsync(`${prefix}/Front_Lock/status`, JSON.stringify({ time: Date.now(), value: true, status: 'Alive', nodeId: 3 }));
    await gw.client.publishAsync(`${gw.api}/status`, JSON.stringify({ value: true, time: Date.now() }), { retain: true });
    await until('gateway online', async () => (await entity('light.dimmer')).available === true && (await entity('lock.front_lock')).available === true);
  });

  it('ignores malformed value payloads and keeps the last good state', async () => {
    await gw.client.publishAsync(`${prefix}/nodeID_5/49/0/Air_temperature`, '{"time":1,"value":"warm"}');
    await gw.client.publishAsync(`${prefix}/nodeID_5/49/0/Air_temperature`, JSON.stringify({ time: Date.now(), value: 23 }));
    await until('good value after a bad one', async () => (await entity('sensor.node_5_air_temperature')).state === 23);
  });
});
