import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogCapture, startTestApp, withUsers } from '../../test-support/harness.js';
import { uniqueBase, until } from '../../test-support/mqtt.js';
import { ZwaveJsUiSimulator, type GatewaySettings, type SimulatorOptions } from './simulator.js';
import { WINDOW_SENSOR_VALUES, testNodes, val } from './test-nodes.js';

/** Hearth on its embedded broker, with a Z-Wave JS UI prefix of its own, and helpers. */
async function hearth(prefix: string, logs = new LogCapture()) {
  const t = await startTestApp({
    config: { demo: false, zwave_prefix: prefix, log_level: 'info' },
    logStream: logs,
    confirmTimeoutMs: 3_000,
  });
  const token = (await (await withUsers(t)).make('resident', 'user')).token;
  const url = `mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`;
  const entity = async (id: string) => {
    const res = await t.api('GET', `/api/home/entities/${id}`, { token });
    return res.status === 200 ? res.body : undefined;
  };
  const control = (body: Record<string, unknown>) => t.api('POST', '/api/home/control', { token, body });
  const status = () =>
    t.app.ctx
      .home!.integrationList()
      .find((i) => i.id === 'zwave_js_ui')!
      .status();
  return { t, token, url, logs, entity, control, status };
}

type Hearth = Awaited<ReturnType<typeof hearth>>;

function gateway(
  h: Hearth,
  prefix: string,
  opts: Partial<SimulatorOptions> & { settings?: Partial<GatewaySettings> } = {},
) {
  return new ZwaveJsUiSimulator({
    url: h.url,
    nodes: testNodes(),
    responseDelayMs: 20,
    verifyDelayMs: 300,
    ...opts,
    settings: { prefix, ...opts.settings },
  });
}

describe('Z-Wave JS UI: start order and restarts', () => {
  let h: Hearth;
  let sim: ZwaveJsUiSimulator;
  const prefix = uniqueBase('zw-start');
  beforeAll(async () => {
    h = await hearth(prefix);
  });
  afterAll(async () => {
    // `as … | undefined`: a failed beforeAll leaves them unset.
    await (sim as ZwaveJsUiSimulator | undefined)?.stop();
    await (h as Hearth | undefined)?.t.stop();
  });

  it('finds the nodes when Hearth starts first and the driver is ready later, saying meanwhile what it waits for', async () => {
    expect(h.status()).toMatchObject({ state: 'starting' });
    expect(String(h.status().detail)).toContain(`ZWAVE_GATEWAY-zwave-js-ui`);
    sim = gateway(h, prefix);
    await sim.start(); // MQTT up, driver not ready: getNodes answers "Z-Wave client not connected"
    await until('waiting for the driver', () => String(h.status().detail).includes('driver'));
    expect(await h.entity('light.dimmer')).toBeUndefined();
    await sim.readyDriver();
    await until('discovered', async () => (await h.entity('light.dimmer'))?.available === true);
    expect(h.status()).toMatchObject({ state: 'online', nodes: 8, driver: 'ready', gateway: 'online' });
  });

  it('after a crash keeps entities unavailable despite the retained driver status, and drops a node removed meanwhile', async () => {
    await sim.crash(); // last will: status {value:false}; driver/status stays retained `true`
    await until('gateway offline', async () => (await h.entity('light.dimmer'))?.available === false);
    const nodes = testNodes().filter((n) => n.id !== 7); // excluded while Z-Wave JS UI was down
    sim = gateway(h, prefix, { nodes });
    await sim.start(); // status {value:true}, driver still starting
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.entity('light.dimmer'))?.available).toBe(false);
    expect(h.status()).toMatchObject({ state: 'starting', gateway: 'online', driver: 'not ready' });
    await sim.readyDriver();
    await until('available again', async () => (await h.entity('light.dimmer'))?.available === true);
    await until(
      'the removed node is gone',
      async () => (await h.entity('switch.zw096_node_7')) === undefined,
    );
    expect((await h.control({ entity_id: 'light.dimmer', action: 'on' })).body.outcome).toBe('confirmed');
  });
});

describe('Z-Wave JS UI: both starting together (a power cut)', () => {
  it('retries getNodes that goes unanswered until the driver is ready', async () => {
    const prefix = uniqueBase('zw-together');
    const h = await hearth(prefix);
    const sim = gateway(h, prefix, { silentBeforeReady: true });
    await sim.start();
    await new Promise((r) => setTimeout(r, 200));
    await sim.readyDriver();
    await until('discovered', async () => (await h.entity('lock.front_door'))?.available === true, 15_000);
    await sim.stop();
    await h.t.stop();
  });
});

describe('Z-Wave JS UI: a home of eight devices', () => {
  let h: Hearth;
  let sim: ZwaveJsUiSimulator;
  const prefix = uniqueBase('zw-home');
  const supervised = new Set<number>();
  const events: { type: string; outcome?: string; state?: unknown }[] = [];
  beforeAll(async () => {
    h = await hearth(prefix);
    const nodes = testNodes();
    // One malformed node (issue 17): its name is not a string. It must not stop the others.
    nodes.push({ ...nodes[6]!, id: 10, name: { first: 'Broken' }, values: {} });
    sim = gateway(h, prefix, {
      nodes,
      supervised,
      rejects: new Map([[5, new Set(['67-0-setpoint-1'])]]),
      settings: { sendEvents: true },
    });
    await sim.start({ driverReady: true });
    h.t.app.ctx.bus.on('command_result', 'test', (r) => events.push({ type: 'result', outcome: r.outcome }));
    await until('discovered', async () => (await h.entity('light.dimmer'))?.available === true);
  });
  afterAll(async () => {
    // `as … | undefined`: a failed beforeAll leaves them unset.
    await (sim as ZwaveJsUiSimulator | undefined)?.stop();
    await (h as Hearth | undefined)?.t.stop();
  });

  it('maps every device, names unnamed nodes after their product, and makes no entity of the broadcast node', async () => {
    const list = (await h.t.api('GET', '/api/home/entities?integration=zwave_js_ui', { token: h.token }))
      .body as { entity_id: string; name: string }[];
    const ids = list.map((e) => e.entity_id).sort();
    expect(ids).toEqual(
      expect.arrayContaining([
        'light.dimmer',
        'switch.coffee_plug',
        'sensor.coffee_plug_electric_consumption_kwh',
        'lock.front_door',
        'sensor.front_door_battery',
        'climate.thermostat',
        'sensor.multisensor_air_temperature',
        'binary_sensor.multisensor_motion_sensor_status',
        'binary_sensor.multisensor_cover_status',
        'switch.zw096_node_7',
        'cover.living_blind',
      ]),
    );
    expect(ids.filter((id) => /broadcast|alarm_type|alarm_level|reset|lock_state/.test(id))).toEqual([]);
    expect(list.every((e) => e.name.trim() !== '' && !e.name.startsWith(' '))).toBe(true);
    expect((await h.entity('switch.zw096_node_7'))!.name).toBe('ZW096 (node 7)');
    expect(await h.entity('sensor.coffee_plug_electric_consumption_kwh')).toMatchObject({
      state: 1.25,
      attributes: { device_class: 'energy', unit_of_measurement: 'kWh' },
    });
  });

  it('skips a malformed node alone and logs it once (issue 17)', async () => {
    expect(h.status().nodes).toBe(8);
    const lines = h.logs.lines.filter((l) => l.includes('node 10'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('name is not a string');
    expect((await h.control({ entity_id: 'switch.coffee_plug', action: 'on' })).body.outcome).toBe(
      'confirmed',
    );
  });

  it('shows a roller shutter as a cover with its position', async () => {
    expect(await h.entity('cover.living_blind')).toMatchObject({
      state: 'closed',
      capabilities: { position: true, actions: ['open', 'close', 'stop', 'set_position'] },
    });
    const res = await h.control({ entity_id: 'cover.living_blind', action: 'set_position', position: 50 });
    expect(res.body.outcome).toBe('confirmed');
    expect(sim.writes).toContainEqual([8, '38-0-targetValue', 50]);
    expect((await h.entity('cover.living_blind'))!.attributes.position).toBe(51); // 50 of 99
    await h.control({ entity_id: 'cover.living_blind', action: 'stop' });
    expect(sim.writes.at(-1)).toEqual([8, '38-0-targetValue', 'stop']);
  });

  it('reads lock modes other than secured as unlocked, and a jam notification as jammed until it clears', async () => {
    await sim.report(4, '98-0-currentMode', 16); // InsideUnsecured
    await until('unlocked', async () => (await h.entity('lock.front_door'))!.state === 'unlocked');
    await sim.report(4, '98-0-currentMode', 254); // Unknown: no change
    await sim.report(4, '113-0-Access Control-Lock state', 11);
    await until('jammed', async () => (await h.entity('lock.front_door'))!.state === 'jammed');
    await sim.report(4, '98-0-currentMode', 255);
    await new Promise((r) => setTimeout(r, 100));
    expect((await h.entity('lock.front_door'))!.state).toBe('jammed');
    await sim.report(4, '113-0-Access Control-Lock state', 0);
    await until('locked', async () => (await h.entity('lock.front_door'))!.state === 'locked');
    expect(h.logs.text).not.toMatch(/unexpected value/);
  });

  it('writes the setpoint of the current mode and checks its range (cooling)', async () => {
    const climate = await h.entity('climate.thermostat');
    expect(climate).toMatchObject({
      state: 'heat',
      attributes: { temperature: 20, current_temperature: 19.5 },
    });
    expect(climate!.capabilities.temperature).toMatchObject({ min: 5, max: 35 });
    supervised.add(5);
    expect(
      (await h.control({ entity_id: 'climate.thermostat', action: 'set_hvac_mode', hvac_mode: 'cool' })).body
        .outcome,
    ).toBe('confirmed');
    expect((await h.entity('climate.thermostat'))!.attributes.temperature).toBe(26);
    const res = await h.control({
      entity_id: 'climate.thermostat',
      action: 'set_temperature',
      temperature: 33,
    });
    expect(res.body.outcome).toBe('confirmed');
    expect(sim.writes.at(-1)).toEqual([5, '67-0-setpoint-2', 33]);
    const low = await h.control({
      entity_id: 'climate.thermostat',
      action: 'set_temperature',
      temperature: 10,
    });
    expect(low.body).toMatchObject({ outcome: 'failed' });
    expect(low.body.error).toContain('16–35');
  });

  it('does not call an unverified setpoint confirmed: a device that rejects it ends failed, one that keeps it is confirmed after verification', async () => {
    supervised.delete(5);
    await h.control({ entity_id: 'climate.thermostat', action: 'set_hvac_mode', hvac_mode: 'heat' });
    await until('heat', async () => (await h.entity('climate.thermostat'))!.state === 'heat');
    events.length = 0;
    // The heating setpoint is rejected: zwave-js echoes 24 at once, its verification 300 ms later says 20.
    const res = await h.t.api('POST', '/api/home/control?wait=200', {
      token: h.token,
      body: { entity_id: 'climate.thermostat', action: 'set_temperature', temperature: 24 },
    });
    expect(res.body.outcome).toBe('accepted');
    expect((await h.entity('climate.thermostat'))!.attributes.temperature).toBe(20);
    await until('failed', () => events.some((e) => e.outcome === 'failed'));
    expect((await h.entity('climate.thermostat'))!.attributes.temperature).toBe(20);
    // The cooling setpoint is taken: confirmed once verified.
    await h.control({ entity_id: 'climate.thermostat', action: 'set_hvac_mode', hvac_mode: 'cool' });
    await until('cool', async () => (await h.entity('climate.thermostat'))!.state === 'cool');
    const ok = await h.control({
      entity_id: 'climate.thermostat',
      action: 'set_temperature',
      temperature: 27,
    });
    expect(ok.body.outcome).toBe('confirmed');
  });

  it('reads door sensors right: "Door state" 23 is closed, 22 and the tilt state open; one entity per door', async () => {
    expect(await h.entity('binary_sensor.window_sensor_door_state')).toBeUndefined(); // asleep, not interviewed
    await sim.interview(9, WINDOW_SENSOR_VALUES); // woke up later
    await until(
      'interviewed late',
      async () => (await h.entity('binary_sensor.window_sensor_door_state'))?.state === 'off',
    );
    expect((await h.entity('binary_sensor.window_sensor_door_state'))!.attributes.device_class).toBe('door');
    await sim.report(9, '113-0-Access Control-Door state', 22);
    await until(
      'open',
      async () => (await h.entity('binary_sensor.window_sensor_door_state'))!.state === 'on',
    );
    await sim.report(9, '113-0-Access Control-Door state', 23);
    await until(
      'closed',
      async () => (await h.entity('binary_sensor.window_sensor_door_state'))!.state === 'off',
    );
    await sim.report(9, '113-0-Access Control-Door state', 5633);
    await until(
      'tilted',
      async () => (await h.entity('binary_sensor.window_sensor_door_state'))!.state === 'on',
    );
    const list = (
      await h.t.api('GET', '/api/home/entities?integration=zwave_js_ui&domain=binary_sensor', {
        token: h.token,
      })
    ).body as { entity_id: string }[];
    expect(list.filter((e) => e.entity_id.startsWith('binary_sensor.window_sensor'))).toHaveLength(1);
  });

  it('follows a value added later, a rename and a move: state from the new topics, commands confirmed', async () => {
    const [key, power] = val(50, 'value', {
      propertyKey: 66049,
      label: 'Electric Consumption [W]',
      unit: 'W',
      value: 3.5,
    });
    await sim.addValue(3, key, power);
    await until(
      'new meter',
      async () => (await h.entity('sensor.coffee_plug_electric_consumption_w'))?.state === 3.5,
    );

    sim.rename(2, 'Island Light');
    sim.move(2, 'Dining Room');
    await sim.report(2, '38-0-currentValue', 40); // published on zwave/Dining_Room/Island_Light/38/0/currentValue
    await until(
      'state from the new topic',
      async () => (await h.entity('light.dimmer'))!.attributes.brightness === 40,
    );
    expect((await h.entity('light.dimmer'))!.name).toBe('Island Light');
    const res = await h.control({ entity_id: 'light.dimmer', action: 'dim', brightness: 70 });
    expect(res.body.outcome).toBe('confirmed');
    expect(sim.writes.at(-1)).toEqual([2, '38-0-targetValue', 69]);
  });

  it('takes a value without a value (not known yet) quietly', async () => {
    await sim.client!.publishAsync(
      `${prefix}/Multisensor/49/0/Humidity`,
      JSON.stringify({ time: Date.now() }),
    );
    await sim.report(6, '49-0-Humidity', 44);
    await until('humidity', async () => (await h.entity('sensor.multisensor_humidity'))!.state === 44);
    expect(h.logs.text).not.toMatch(/unexpected value/);
  });

  it('makes a dead node unavailable; control answers 503, logged as a warning without a stack', async () => {
    await sim.setStatus(4, 'Dead');
    await until('dead', async () => (await h.entity('lock.front_door'))!.available === false);
    expect((await h.entity('light.dimmer'))!.available).toBe(true);
    expect((await h.control({ entity_id: 'lock.front_door', action: 'lock' })).status).toBe(503);
    const line = h.logs.lines.find((l) => l.includes('"status":503'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 40 });
    expect(line).not.toContain('stack');
    await sim.setStatus(4, 'Alive');
    await until('alive', async () => (await h.entity('lock.front_door'))!.available === true);
  });

  it('removes a node excluded while Hearth runs (node_removed event)', async () => {
    await sim.remove(7);
    await until('gone', async () => (await h.entity('switch.zw096_node_7')) === undefined);
  });
});

describe('Z-Wave JS UI: topic layouts', () => {
  const layouts: [string, Partial<GatewaySettings>, string][] = [
    ['Named topics', { type: 1 }, 'Kitchen/Dimmer/switch_multilevel/endpoint_0/currentValue'],
    ['node ids instead of names', { nodeNames: false }, 'Kitchen/2/38/0/currentValue'],
    ['the location ignored', { ignoreLoc: true }, 'Dimmer/38/0/currentValue'],
    [
      'whole ValueID payloads with node info',
      { payloadType: 1, includeNodeInfo: true },
      'Kitchen/Dimmer/38/0/currentValue',
    ],
    ['raw payloads', { payloadType: 2 }, 'Kitchen/Dimmer/38/0/currentValue'],
  ];
  for (const [what, settings, topic] of layouts)
    it(`follows state and control with ${what}`, async () => {
      const prefix = uniqueBase('zw-layout');
      const h = await hearth(prefix);
      const sim = gateway(h, prefix, { settings });
      await sim.start({ driverReady: true });
      expect(sim.valueTopic(sim.nodes.get(2)!, '38-0-currentValue')).toBe(topic);
      await until('discovered', async () => (await h.entity('light.dimmer'))?.available === true);
      await sim.report(2, '38-0-currentValue', 99);
      await until('state read', async () => (await h.entity('light.dimmer'))!.state === 'on');
      expect((await h.control({ entity_id: 'light.dimmer', action: 'off' })).body.outcome).toBe('confirmed');
      await sim.stop();
      await h.t.stop();
    });

  it('says which setting to change when the gateway has another MQTT name', async () => {
    const prefix = uniqueBase('zw-name');
    const h = await hearth(prefix);
    const sim = gateway(h, prefix, { settings: { name: 'zwave-main' } });
    await sim.start({ driverReady: true });
    await until('the hint', () => String(h.status().detail).includes('HEARTH_ZWAVE_GATEWAY=zwave-main'));
    expect(h.status().state).toBe('starting');
    await until('logged', () => h.logs.text.includes('HEARTH_ZWAVE_GATEWAY=zwave-main'), 15_000);
    await sim.stop();
    await h.t.stop();
  });

  it('says which setting to change when the gateway type is Manual', async () => {
    const prefix = uniqueBase('zw-manual');
    const h = await hearth(prefix);
    const sim = gateway(h, prefix, {
      settings: { type: 2 },
      manualTopics: new Map([['2:38-0-currentValue', 'level']]),
    });
    await sim.start({ driverReady: true });
    await until('discovered', async () => (await h.entity('light.dimmer')) !== undefined);
    await sim.report(2, '38-0-currentValue', 50);
    await until('error status', () => h.status().state === 'error', 15_000);
    expect(String(h.status().detail)).toMatch(/Gateway type.*ValueID topics/);
    expect(h.logs.text).toContain('Gateway type');
    await sim.stop();
    await h.t.stop();
  });
});
