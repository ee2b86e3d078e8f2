import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, tempDataDir, withUsers, type TestApp } from '../test-support/harness.js';
import { commissionBridge } from '../test-support/bridge-controller.js';
import { SimulatedMatterNetwork } from '../test-support/matter.js';
import { until, uniqueBase } from '../test-support/mqtt.js';
import { bridgedUniqueId } from './bridged-entities.js';
import { Zigbee2MqttSimulator } from '../integrations/zigbee2mqtt/simulator.js';
import { device, testDevices } from '../integrations/zigbee2mqtt/test-devices.js';

/**
 * Hearth as a Matter bridge, commissioned by a plain matter.js controller on matter.js'
 * in-process network simulator (nothing reaches a real network). The demo home's lights are
 * Zigbee2MQTT devices on a simulated bridge over the real embedded broker, so a controller's
 * toggle travels controller → bridge → home.execute() → Zigbee2MQTT `/set` → report → bridge.
 */

const DEVICE_TYPE = {
  aggregator: 0x000e,
  bridgedNode: 0x0013,
  onOffLight: 0x0100,
  dimmableLight: 0x0101,
  colorTemperatureLight: 0x010c,
  extendedColorLight: 0x010d,
  onOffPlugInUnit: 0x010a,
  doorLock: 0x000a,
  thermostat: 0x0301,
  windowCovering: 0x0202,
  fan: 0x002b,
  contactSensor: 0x0015,
  occupancySensor: 0x0107,
  temperatureSensor: 0x0302,
  humiditySensor: 0x0307,
};

/** Matter status codes a controller gets back (Interaction Model § 8.10). */
const UNSUPPORTED_ACCESS = 0x7e;

const onOffExpose = {
  type: 'binary',
  name: 'state',
  property: 'state',
  access: 7,
  value_on: 'ON',
  value_off: 'OFF',
} as const;

describe('Matter bridge', () => {
  let net: SimulatedMatterNetwork;
  let t: TestApp;
  let admin: string;
  let client: mqtt.MqttClient;
  let demoTopic: string;
  const sets: { topic: string; payload: any }[] = [];
  // A Zigbee2MQTT bridge of the test's own, whose devices can be made to fail or stay silent.
  const z2mBase = uniqueBase('bridge-z2m');
  let sim: Zigbee2MqttSimulator;
  let simRunning = false;
  const results: { entity_id: string; outcome: string; cause: any }[] = [];
  const dataDir = tempDataDir();
  let ctl: any;
  let peer: any;

  const bridge = (method: string, path = '', body?: unknown) =>
    t.api(method, `/api/matter-bridge${path}`, { token: admin, body });
  const start = async (first = true) => {
    t = await startTestApp({
      dataDir,
      config: { zigbee2mqtt_base_topics: z2mBase },
      confirmTimeoutMs: 2_000,
      matterBridge: { network: net.host(), commandWaitMs: 1_000 },
    });
    t.app.ctx.bus.on('command_result', 'test', (r) => {
      results.push({ entity_id: r.entity_id, outcome: r.outcome, cause: r.cause });
    });
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
    [...parts().values()].find(
      (p) => p.ep.maybeStateOf('bridgedDeviceBasicInformation')?.uniqueId === bridgedUniqueId(id),
    )?.ep;

  beforeAll(async () => {
    net = await SimulatedMatterNetwork.create();
    await start();
    const { url, username, password } = t.app.ctx.mqtt!.clientOptions();
    client = await mqtt.connectAsync(url, { username, password, clientId: `bridge-${process.pid}` });
    const integrations = (await t.api('GET', '/api/home/integrations', { token: admin })).body as any[];
    demoTopic = integrations.find((i) => i.id === 'demo')!.status.base_topic;
    await client.subscribeAsync(`${demoTopic}/+/set`);
    client.on('message', (topic, payload) => sets.push({ topic, payload: JSON.parse(payload.toString()) }));
    sim = new Zigbee2MqttSimulator({
      url,
      username,
      password,
      baseTopic: z2mBase,
      devices: [...testDevices(), device('Porch Light', [{ type: 'light', features: [onOffExpose] }])],
      responseDelayMs: 10,
      states: { 'Door Sensor': { contact: true } },
    });
    await sim.start();
    simRunning = true;
    await until(
      'the test bridge is discovered',
      async () =>
        (await t.api('GET', '/api/home/entities/light.porch_light', { token: admin })).body.available ===
        true,
    );
  }, 60_000);

  afterAll(async () => {
    await ctl?.close();
    await client.endAsync();
    if (simRunning) await sim.stop({ clearRetained: true }).catch(() => {});
    await t.stop();
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
    ({ ctl, peer } = await commissionBridge({
      id: 'test-controller',
      network: net.host(),
      manualCode: manual_code,
      fabricLabel: 'Test Home',
    }));
    const all = parts();
    const aggregator = [...all.values()].find((p) => p.types.includes(DEVICE_TYPE.aggregator))!;
    expect(aggregator.ep.getNumber()).toBe(1);
    const partsList = aggregator.ep.maybeStateOf('descriptor').partsList as number[];
    const exposed = (await bridge('GET')).body.exposed as string[];
    const listed = [...parts().values()]
      .map((p) => p.ep.maybeStateOf('bridgedDeviceBasicInformation')?.uniqueId)
      .filter(Boolean);
    // Every exposed entity is a part; ids longer than Matter's 32 characters get a hashed UniqueID.
    expect(listed.sort()).toEqual(exposed.map(bridgedUniqueId).sort());
    expect(exposed).toContain('binary_sensor.motion_sensor_occupancy');
    expect(partsList.length).toBe(exposed.length);
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

  it("bridges each device type with Hearth's state as its attributes, and the area as a room label", async () => {
    const entity = async (id: string) =>
      (await t.api('GET', `/api/home/entities/${id}`, { token: admin })).body;
    const check = async (id: string, type: number, cluster: string, expected: Record<string, unknown>) => {
      const ep = byUniqueId(id);
      expect(ep, `${id} is bridged`).toBeDefined();
      expect(
        ep.getDeviceTypes().map((d: any) => d.code),
        id,
      ).toContain(type);
      // A fresh read from the bridge, not the controller's cache.
      const state = await ep.getStateOf(cluster, Object.keys(expected));
      expect(state, id).toMatchObject(expected);
    };
    await check('light.porch_light', DEVICE_TYPE.onOffLight, 'onOff', { onOff: false });
    const hallway = await entity('light.hallway');
    await check('light.hallway', DEVICE_TYPE.dimmableLight, 'levelControl', {
      currentLevel: Math.round((hallway.attributes.brightness * 254) / 100),
    });
    await check('light.kitchen', DEVICE_TYPE.colorTemperatureLight, 'colorControl', {
      colorTemperatureMireds: 250, // 4000 K
      colorMode: 2,
    });
    await check('light.bedroom', DEVICE_TYPE.extendedColorLight, 'colorControl', {
      colorTemperatureMireds: 370, // 2700 K
    });
    await check('light.kitchen_ceiling_lamp', DEVICE_TYPE.extendedColorLight, 'onOff', { onOff: false });
    await check('switch.coffee_machine', DEVICE_TYPE.onOffPlugInUnit, 'onOff', { onOff: false });
    const thermostat = await entity('climate.thermostat');
    await check('climate.thermostat', DEVICE_TYPE.thermostat, 'thermostat', {
      occupiedHeatingSetpoint: thermostat.attributes.temperature * 100,
      occupiedCoolingSetpoint: thermostat.attributes.temperature * 100,
      localTemperature: Math.round(thermostat.attributes.current_temperature * 100),
      systemMode: 4, // heat
      controlSequenceOfOperation: 4, // cooling and heating
    });
    // A heating-only TRV is bridged without the Cooling feature.
    await check('climate.bedroom_trv', DEVICE_TYPE.thermostat, 'thermostat', {
      controlSequenceOfOperation: 2,
    });
    expect(byUniqueId('climate.bedroom_trv').featuresOf('thermostat')).toMatchObject({
      heating: true,
      cooling: false,
    });
    await check('cover.living_room_blinds', DEVICE_TYPE.windowCovering, 'windowCovering', {
      currentPositionLiftPercent100ths: 0, // fully open
    });
    await check('cover.bedroom_blinds', DEVICE_TYPE.windowCovering, 'windowCovering', {
      currentPositionLiftPercent100ths: 10000,
    });
    await check('fan.ceiling_fan', DEVICE_TYPE.fan, 'fanControl', { fanMode: 0, percentCurrent: 0 });
    await check('binary_sensor.front_door_contact', DEVICE_TYPE.contactSensor, 'booleanState', {
      stateValue: (await entity('binary_sensor.front_door_contact')).state === 'off',
    });
    // 33 characters: bridged under a hashed UniqueID.
    await check('binary_sensor.door_sensor_contact', DEVICE_TYPE.contactSensor, 'booleanState', {
      stateValue: true,
    });
    await check('binary_sensor.hallway_motion', DEVICE_TYPE.occupancySensor, 'occupancySensing', {
      occupancy: { occupied: (await entity('binary_sensor.hallway_motion')).state === 'on' },
    });
    const temperature = await entity('sensor.living_room_temperature');
    await check('sensor.living_room_temperature', DEVICE_TYPE.temperatureSensor, 'temperatureMeasurement', {
      measuredValue: Math.round(temperature.state * 100),
    });
    const humidity = await entity('sensor.living_room_humidity');
    await check('sensor.living_room_humidity', DEVICE_TYPE.humiditySensor, 'relativeHumidityMeasurement', {
      measuredValue: Math.round(humidity.state * 100),
    });
    // The area as a hint: FixedLabel "room" (Matter Core § 9.8); names come from Hearth.
    expect(await byUniqueId('light.hallway').getStateOf('fixedLabel', ['labelList'])).toEqual({
      labelList: [{ label: 'room', value: 'Hallway' }],
    });
    expect(
      byUniqueId('sensor.living_room_temperature').maybeStateOf('bridgedDeviceBasicInformation'),
    ).toMatchObject({
      nodeLabel: temperature.name,
      uniqueId: 'sensor.living_room_temperature',
      reachable: true,
    });
  }, 30_000);

  it('moves an area change to the room label without re-pairing', async () => {
    const number = byUniqueId('light.porch_light').getNumber();
    await t.api('POST', '/api/home/areas', { token: admin, body: { name: 'Porch' } });
    const moved = await t.api('PATCH', '/api/home/entities/light.porch_light', {
      token: admin,
      body: { area: 'Porch' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await until('the label follows', async () => {
      const { labelList } = await byUniqueId('light.porch_light').getStateOf('fixedLabel', ['labelList']);
      return labelList?.[0]?.value === 'Porch';
    });
    expect(byUniqueId('light.porch_light').getNumber()).toBe(number);
  }, 30_000);

  it('read-only: a command or write from a controller is refused with UNSUPPORTED_ACCESS and changes nothing', async () => {
    const ro = await bridge('PATCH', '', { access: 'read_only' });
    expect(ro.status, JSON.stringify(ro.body)).toBe(200);
    expect(ro.body.access).toBe('read_only');
    const porch = byUniqueId('light.porch_light');
    expect((await porch.getStateOf('onOff', ['onOff'])).onOff).toBe(false);
    sets.length = 0;
    const before = results.length;
    const refused = await porch
      .commandsOf('onOff')
      .on()
      .then(
        () => undefined,
        (err: any) => err,
      );
    expect(refused, 'the command is refused').toBeDefined();
    expect(refused.code).toBe(UNSUPPORTED_ACCESS);
    const write = await byUniqueId('climate.thermostat')
      .setStateOf('thermostat', { occupiedHeatingSetpoint: 2500 })
      .then(
        () => undefined,
        (err: any) => err,
      );
    expect(write, 'the write is refused').toBeDefined();
    // Hearth's state stays on the bridge, and nothing was sent to a device.
    expect((await porch.getStateOf('onOff', ['onOff'])).onOff).toBe(false);
    const setpoint = (
      await byUniqueId('climate.thermostat').getStateOf('thermostat', ['occupiedHeatingSetpoint'])
    ).occupiedHeatingSetpoint;
    expect(setpoint).toBe(
      (await t.api('GET', '/api/home/entities/climate.thermostat', { token: admin })).body.attributes
        .temperature * 100,
    );
    expect(results.slice(before).filter((r) => r.cause?.type === 'matter_bridge')).toEqual([]);
    expect(
      (await t.api('GET', '/api/home/entities/light.porch_light', { token: admin })).body.desired,
    ).toBeFalsy();

    // Back to control: the same command is carried out.
    expect((await bridge('PATCH', '', { access: 'control' })).body.access).toBe('control');
    await porch.commandsOf('onOff').on();
    await until(
      'the porch light is on',
      async () => (await porch.getStateOf('onOff', ['onOff'])).onOff === true,
    );
    await until('the command is confirmed', async () =>
      results.find((r) => r.entity_id === 'light.porch_light' && r.cause?.type === 'matter_bridge'),
    );
  }, 30_000);

  it("a command the device never confirms leaves the controller showing Hearth's real state", async () => {
    const lamp = byUniqueId('light.kitchen_ceiling_lamp');
    expect((await lamp.getStateOf('onOff', ['onOff'])).onOff).toBe(false);
    sim.silent.add('Kitchen/Ceiling Lamp');
    try {
      await lamp.commandsOf('onOff').on();
      const result = await until('the command times out', async () =>
        results.find((r) => r.entity_id === 'light.kitchen_ceiling_lamp' && r.outcome !== 'confirmed'),
      );
      expect(result).toMatchObject({ outcome: 'timeout', cause: { type: 'matter_bridge', id: 'Test Home' } });
      // The invoke had set OnOff on the bridge; the bridge put Hearth's state back.
      await until(
        'OnOff is off again',
        async () => (await lamp.getStateOf('onOff', ['onOff'])).onOff === false,
      );
      expect(
        (await t.api('GET', '/api/home/entities/light.kitchen_ceiling_lamp', { token: admin })).body.state,
      ).not.toBe('on');
    } finally {
      sim.silent.delete('Kitchen/Ceiling Lamp');
    }
  }, 30_000);

  it("a command the device refuses ends failed, and the attribute shows Hearth's state", async () => {
    const plug = byUniqueId('switch.coffee_plug');
    expect((await plug.getStateOf('onOff', ['onOff'])).onOff).toBe(false);
    sim.failing.add('Coffee Plug');
    try {
      await plug.commandsOf('onOff').on();
      const result = await until('the command fails', async () =>
        results.find((r) => r.entity_id === 'switch.coffee_plug' && r.outcome !== 'confirmed'),
      );
      expect(result.outcome).toBe('failed');
      await until(
        'OnOff is off again',
        async () => (await plug.getStateOf('onOff', ['onOff'])).onOff === false,
      );
    } finally {
      sim.failing.delete('Coffee Plug');
    }
  }, 30_000);

  it('level control step and move are carried out, not ignored', async () => {
    const hallway = byUniqueId('light.hallway');
    const brightness = async () =>
      (await t.api('GET', '/api/home/entities/light.hallway', { token: admin })).body;
    const options = { optionsMask: {}, optionsOverride: {} };
    // Off now (an earlier test); stepWithOnOff turns it on at the stepped level.
    await hallway
      .commandsOf('levelControl')
      .moveToLevelWithOnOff({ level: 127, transitionTime: 0, ...options });
    await until('on at 50 %', async () => {
      const e = await brightness();
      return e.state === 'on' && e.attributes.brightness === 50;
    });
    await hallway
      .commandsOf('levelControl')
      .step({ stepMode: 0, stepSize: 51, transitionTime: 0, ...options });
    await until('70 %', async () => (await brightness()).attributes.brightness === 70);
    await hallway.commandsOf('levelControl').move({ moveMode: 0, rate: null, ...options });
    await until('100 %', async () => (await brightness()).attributes.brightness === 100);
    await hallway
      .commandsOf('levelControl')
      .stepWithOnOff({ stepMode: 1, stepSize: 254, transitionTime: 0, ...options });
    await until('stepped down to off', async () => (await brightness()).state === 'off');
    await hallway.commandsOf('levelControl').stop(options);
    expect((await hallway.getStateOf('onOff', ['onOff'])).onOff).toBe(false);
  }, 30_000);

  it("the thermostat's mode and cooling setpoint from a controller reach Hearth", async () => {
    const thermostat = byUniqueId('climate.thermostat');
    const entity = async () =>
      (await t.api('GET', '/api/home/entities/climate.thermostat', { token: admin })).body;
    await thermostat.setStateOf('thermostat', { systemMode: 3 });
    await until('cooling', async () => (await entity()).state === 'cool');
    await thermostat.setStateOf('thermostat', { occupiedCoolingSetpoint: 2400 });
    await until('24 °C', async () => (await entity()).attributes.temperature === 24);
    expect(
      await thermostat.getStateOf('thermostat', [
        'systemMode',
        'occupiedCoolingSetpoint',
        'occupiedHeatingSetpoint',
      ]),
    ).toMatchObject({ systemMode: 3, occupiedCoolingSetpoint: 2400, occupiedHeatingSetpoint: 2400 });
    const history = await t.api('GET', '/api/home/entities/climate.thermostat/history', { token: admin });
    const rows = history.body.rows ?? history.body;
    expect(rows.some((r: any) => r.cause?.type === 'matter_bridge')).toBe(true);
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
    // The test's Zigbee2MQTT bridge lives on this app's broker: it goes with it.
    await sim.stop({ clearRetained: true });
    simRunning = false;
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
