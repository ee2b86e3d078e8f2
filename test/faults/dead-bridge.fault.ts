import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';
import { uniqueBase, until } from '../../src/test-support/mqtt.js';

// Issue 17 §1: a slow or dead device bridge never blocks the others. A Z-Wave JS UI gateway
// that stops answering (or never answers getNodes) while the demo home's Zigbee2MQTT bridge
// keeps working on the same broker: Zigbee control is confirmed while Z-Wave commands are
// still waiting for their confirmation, and Z-Wave's wait ends in a clear outcome.

const DIMMER = {
  id: 2,
  name: 'Dimmer',
  loc: 'Kitchen',
  status: 'Alive',
  ready: true,
  deviceClass: { basic: 4, generic: 17, specific: 1 },
  values: {
    '38-0-currentValue': {
      commandClass: 38,
      endpoint: 0,
      property: 'currentValue',
      readable: true,
      writeable: false,
      type: 'number',
      min: 0,
      max: 99,
      value: 0,
    },
    '38-0-targetValue': {
      commandClass: 38,
      endpoint: 0,
      property: 'targetValue',
      readable: true,
      writeable: true,
      type: 'number',
      min: 0,
      max: 99,
      value: 0,
    },
  },
};

/** A Z-Wave JS UI gateway that says it is online, answers getNodes only if told to, and never carries out a command. */
async function deadGateway(url: string, prefix: string, answerGetNodes: boolean): Promise<MqttClient> {
  const api = `${prefix}/_CLIENTS/ZWAVE_GATEWAY-zwave-js-ui`;
  const client = await mqtt.connectAsync(url, { clientId: `zw-dead-${Math.random().toString(16).slice(2)}` });
  client.on('message', (topic, payload) => {
    if (answerGetNodes && topic === `${api}/api/getNodes/set`)
      void client.publishAsync(
        `${api}/api/getNodes`,
        JSON.stringify({ success: true, result: [DIMMER], origin: JSON.parse(payload.toString()) }),
      );
    // Everything else (value sets) is swallowed: the Z-Wave network behind it is dead.
  });
  await client.subscribeAsync([`${api}/api/+/set`, `${prefix}/#`]);
  await client.publishAsync(`${prefix}/driver/status`, 'true', { retain: true });
  await client.publishAsync(`${api}/status`, JSON.stringify({ value: true, time: Date.now() }), {
    retain: true,
  });
  return client;
}

let t: TestApp | undefined;
let gw: MqttClient | undefined;
afterEach(async () => {
  await gw?.endAsync(true);
  await t?.stop();
});

async function setUp(answerGetNodes: boolean) {
  const prefix = uniqueBase('zwave-dead');
  t = await startTestApp({ config: { zwave_prefix: prefix }, confirmTimeoutMs: 4_000 });
  const token = (await (await withUsers(t)).make('resident', 'user')).token;
  gw = await deadGateway(t.app.ctx.mqtt!.clientOptions().url, prefix, answerGetNodes);
  const app = t;
  const control = (entity_id: string, action: string) =>
    app.api('POST', '/api/home/control', { token, body: { entity_id, action } });
  return { token, control };
}

describe('a dead Z-Wave JS UI gateway beside a working Zigbee2MQTT bridge', { timeout: 60_000 }, () => {
  it('keeps Zigbee control confirmed while Z-Wave commands wait, and ends the wait clearly', async () => {
    const { token, control } = await setUp(true);
    await until(
      'Z-Wave discovery',
      async () => (await t!.api('GET', '/api/home/entities/light.dimmer', { token })).status === 200,
    );
    const order: string[] = [];
    const zwave = Array.from({ length: 5 }, (_, i) =>
      control('light.dimmer', i % 2 ? 'off' : 'on').then((r) => {
        order.push('zwave');
        return r;
      }),
    );
    const zigbee: { status: number; outcome: string }[] = [];
    for (const action of ['on', 'off', 'on', 'off', 'on']) {
      const r = await control('light.kitchen', action);
      order.push('zigbee');
      zigbee.push({ status: r.status, outcome: r.body.outcome });
    }
    expect(zigbee).toEqual(Array(5).fill({ status: 200, outcome: 'confirmed' }));
    // Every Zigbee command was confirmed before any Z-Wave command's wait ended.
    expect(order.slice(0, 5)).toEqual(Array(5).fill('zigbee'));
    const results = await Promise.all(zwave);
    // The wait ends at the reply deadline: `accepted` (sent, not confirmed), later `timeout` on the socket.
    for (const r of results)
      expect({ status: r.status, outcome: r.body.outcome }).toEqual({
        status: 200,
        outcome: expect.stringMatching(/^(accepted|timeout)$/),
      });
    expect((await t!.api('GET', '/api/home/entities/light.kitchen', { token })).body.state).toBe('on');
  });

  it('discovers and controls Zigbee devices while the gateway never answers getNodes', async () => {
    const { token, control } = await setUp(false);
    const r = await control('light.kitchen', 'on');
    expect({ status: r.status, outcome: r.body.outcome }).toEqual({ status: 200, outcome: 'confirmed' });
    const entities = (await t!.api('GET', '/api/home/entities', { token })).body as { integration: string }[];
    expect(new Set(entities.map((e) => e.integration))).toEqual(new Set(['demo', 'demo_extras']));
  });
});
