import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, tempDataDir, withUsers, type TestApp } from '../test-support/harness.js';
import { SimulatedMatterNetwork } from '../test-support/matter.js';
import { until } from '../test-support/mqtt.js';
import { matterEnvironment } from '../integrations/matter/stack.js';

/**
 * Hearth as a Matter bridge, commissioned by a plain matter.js controller on matter.js'
 * in-process network simulator (nothing reaches a real network). The demo home's lights are
 * Zigbee2MQTT devices on a simulated bridge over the real embedded broker, so a controller's
 * toggle travels controller → bridge → home.execute() → Zigbee2MQTT `/set` → report → bridge.
 */

const DEVICE_TYPE = { aggregator: 0x000e, bridgedNode: 0x0013, dimmableLight: 0x0101, doorLock: 0x000a };

describe('Matter bridge', () => {
  let net: SimulatedMatterNetwork;
  let t: TestApp;
  let admin: string;
  let client: mqtt.MqttClient;
  let demoTopic: string;
  const sets: { topic: string; payload: any }[] = [];
  const dataDir = tempDataDir();
  let ctl: any;
  let peer: any;

  const bridge = (method: string, path = '', body?: unknown) =>
    t.api(method, `/api/matter-bridge${path}`, { token: admin, body });
  const start = async (first = true) => {
    t = await startTestApp({ dataDir, matterBridge: { network: net.host() } });
    // The admin's token outlives a restart (same data dir, same signing key).
    if (first) admin = (await withUsers(t)).adminToken;
  };
  /** Bridged endpoints as the controller sees them: number → {deviceTypes, label, unique id}. */
  const parts = () => {
    const out = new Map<number, { types: number[]; ep: any }>();
    const visit = (ep: any) => {
      out.set(ep.getNumber(), { types: ep.getDeviceTypes().map((d: any) => d.code), ep });
      for (const c of ep.getChildEndpoints()) visit(c);
    };
    for (const ep of peer.parts.values()) visit(ep);
    return out;
  };
  const byUniqueId = (id: string) =>
    [...parts().values()].find((p) => p.ep.maybeStateOf('bridgedDeviceBasicInformation')?.uniqueId === id)
      ?.ep;

  beforeAll(async () => {
    net = await SimulatedMatterNetwork.create();
    await start();
    const { url, username, password } = t.app.ctx.mqtt!.clientOptions();
    client = await mqtt.connectAsync(url, { username, password, clientId: `bridge-${process.pid}` });
    const integrations = (await t.api('GET', '/api/home/integrations', { token: admin })).body as any[];
    demoTopic = integrations.find((i) => i.id === 'demo')!.status.base_topic;
    await client.subscribeAsync(`${demoTopic}/+/set`);
    client.on('message', (topic, payload) => sets.push({ topic, payload: JSON.parse(payload.toString()) }));
  }, 60_000);

  afterAll(async () => {
    await ctl?.close();
    await client?.endAsync();
    await t?.stop();
  });

  it('is off until an admin enables it', async () => {
    const off = await bridge('GET');
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, manual_code: null, fabrics: [], exposed: [] });
    const on = await bridge('PATCH', '', { enabled: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.enabled).toBe(true);
    expect(on.body.commissioning_open).toBe(true);
    expect(on.body.manual_code).toMatch(/^\d{11}$/);
    expect(on.body.qr_payload).toMatch(/^MT:/);
    expect(on.body.exposed).toContain('light.hallway');
    expect(on.body.exposed).not.toContain('lock.front_door');
  }, 30_000);

  it('is commissioned by a Matter controller that reads the Aggregator and its bridged device types', async () => {
    const { manual_code } = (await bridge('GET')).body;
    const { env, matter } = await matterEnvironment({ id: 'test-controller', network: net.host() });
    const { ManualPairingCodeCodec } = matter.types as any;
    const code = ManualPairingCodeCodec.decode(manual_code);
    ctl = new matter.matterJs.CommissioningController({
      environment: { environment: env, id: 'test-controller' },
      autoConnect: false,
      adminFabricLabel: 'Test Home',
    });
    await ctl.start();
    const nodeId = await ctl.commissionNode({
      passcode: code.passcode,
      commissioning: {
        regulatoryLocation: matter.clusters.GeneralCommissioning.RegulatoryLocationType.IndoorOutdoor,
        regulatoryCountryCode: 'XX',
      },
      discovery: {
        identifierData: { shortDiscriminator: code.shortDiscriminator },
        timeout: matter.main.Seconds(10),
      },
    });
    peer = await ctl.getNode(nodeId);
    if (!peer.isConnected) peer.connect();
    if (!peer.initialized) await peer.events.initialized;
    const all = parts();
    const aggregator = [...all.values()].find((p) => p.types.includes(DEVICE_TYPE.aggregator))!;
    expect(aggregator.ep.getNumber()).toBe(1);
    const partsList = aggregator.ep.maybeStateOf('descriptor').partsList as number[];
    expect(partsList.length).toBe((await bridge('GET')).body.exposed.length);
    const hallway = byUniqueId('light.hallway');
    expect(hallway.getDeviceTypes().map((d: any) => d.code)).toContain(DEVICE_TYPE.dimmableLight);
    expect(hallway.maybeStateOf('bridgedDeviceBasicInformation').nodeLabel).toBe('Hallway Light');
    const status = (await bridge('GET')).body;
    expect(status.fabrics).toEqual([
      { index: expect.any(Number), label: 'Test Home', vendor_id: expect.any(Number) },
    ]);
    expect(status.commissioning_open).toBe(false);
  }, 60_000);

  it('turns a Zigbee2MQTT light on through home.execute, and the OnOff attribute follows the report', async () => {
    const hallway = byUniqueId('light.hallway');
    expect(hallway.maybeStateOf('onOff').onOff).toBe(false);
    sets.length = 0;
    await hallway.commandsOf('onOff').on();
    const set = await until('the /set', async () => sets.find((s) => s.topic.endsWith('/set')));
    expect(set.payload.state).toBe('ON');
    await until(
      'Hearth shows it on',
      async () =>
        (await t.api('GET', '/api/home/entities/light.hallway', { token: admin })).body.state === 'on',
    );
    await until('the OnOff attribute follows', async () => hallway.maybeStateOf('onOff').onOff === true);
    const history = await t.api('GET', '/api/home/entities/light.hallway/history', { token: admin });
    const row = (history.body.rows ?? history.body).find((r: any) => r.state === 'on');
    expect(row.cause).toMatchObject({ type: 'matter_bridge', id: 'Test Home' });
  }, 30_000);

  it('dims with level control', async () => {
    const hallway = byUniqueId('light.hallway');
    sets.length = 0;
    await hallway.commandsOf('levelControl').moveToLevelWithOnOff({
      level: 127,
      transitionTime: 0,
      optionsMask: {},
      optionsOverride: {},
    });
    const set = await until('the /set', async () => sets.find((s) => s.topic.endsWith('/set')));
    expect(set.payload.brightness).toBeGreaterThan(120);
    await until(
      'Hearth shows 50 %',
      async () =>
        (await t.api('GET', '/api/home/entities/light.hallway', { token: admin })).body.attributes
          .brightness === 50,
    );
  }, 30_000);

  it("a state change in Hearth reaches the controller's subscription", async () => {
    const hallway = byUniqueId('light.hallway');
    await t.api('POST', '/api/home/control?wait=3000', {
      token: admin,
      body: { entity_id: 'light.hallway', action: 'off' },
    });
    await until('the report', async () => hallway.maybeStateOf('onOff').onOff === false);
  }, 30_000);

  it('exposes a lock only when chosen, with a warning', async () => {
    expect(byUniqueId('lock.front_door')).toBeUndefined();
    const res = await bridge('PATCH', '', { expose: { domains: ['light'], entities: ['lock.front_door'] } });
    expect(res.body.exposed).toContain('lock.front_door');
    expect(res.body.exposed).not.toContain('sensor.living_room_temperature');
    expect(res.body.warnings.join(' ')).toMatch(/lock\.front_door/);
    await until('the lock appears', async () => byUniqueId('lock.front_door'));
    const lock = byUniqueId('lock.front_door');
    expect(lock.getDeviceTypes().map((d: any) => d.code)).toContain(DEVICE_TYPE.doorLock);
  }, 30_000);

  it('an entity removed from the selection disappears from the Aggregator', async () => {
    const before = byUniqueId('light.kitchen').getNumber();
    await bridge('PATCH', '', { expose: { domains: ['light'], exclude: ['light.kitchen'] } });
    await until('the kitchen light is gone', async () => !byUniqueId('light.kitchen'));
    await bridge('PATCH', '', { expose: { domains: ['light'] } });
    // Back under its old number, as the controller's Aggregator lists it.
    const aggregator = () => [...parts().values()].find((p) => p.types.includes(DEVICE_TYPE.aggregator))!.ep;
    await until('it is back', async () =>
      (aggregator().maybeStateOf('descriptor').partsList as number[]).includes(before),
    );
  }, 30_000);

  it('keeps endpoint numbers across a restart', async () => {
    const numbers = Object.fromEntries(
      ['light.hallway', 'light.bedroom'].map((id) => [id, byUniqueId(id).getNumber()]),
    );
    await ctl.close();
    ctl = undefined;
    await t.stop({ keepData: true });
    await start(false);
    const status = (await bridge('GET')).body;
    expect(status.enabled).toBe(true);
    expect(status.fabrics).toHaveLength(1);
    const bridgeNode = t.app.ctx.matterBridge!;
    const { readFileSync } = await import('node:fs');
    const stored = JSON.parse(readFileSync(`${bridgeNode.store.dir}/endpoints.json`, 'utf8'));
    expect(stored['light.hallway']).toBe(numbers['light.hallway']);
    expect(stored['light.bedroom']).toBe(numbers['light.bedroom']);
  }, 60_000);

  it('removing the fabric removes the controller', async () => {
    const { fabrics } = (await bridge('GET')).body;
    const res = await bridge('DELETE', `/fabrics/${fabrics[0].index}`);
    expect(res.status).toBe(200);
    // The last controller gone, the bridge is commissionable again with the same codes.
    const after = await until('commissionable again', async () => {
      const s = (await bridge('GET')).body;
      return s.commissioning_open && s;
    });
    expect(after.fabrics).toEqual([]);
    expect((await bridge('DELETE', `/fabrics/${fabrics[0].index}`)).status).toBe(404);
  }, 30_000);
});
