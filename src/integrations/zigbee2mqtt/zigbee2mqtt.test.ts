import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LogCapture, startTestApp, withUsers } from '../../test-support/harness.js';
import { TEST_MQTT_URL, clearRetained, uniqueBase, until } from '../../test-support/mqtt.js';
import { Zigbee2MqttSimulator } from './simulator.js';
import { testDevices } from './test-devices.js';

/** Hearth plus a simulated Zigbee2MQTT bridge on a unique base topic, on Mosquitto (CI) or the embedded broker. */
async function setup(opts: { embedded?: boolean } = {}) {
  const base = uniqueBase('z2m-test');
  const logs = new LogCapture();
  const useMosquitto = TEST_MQTT_URL && !opts.embedded;
  const t = await startTestApp({
    config: {
      demo: false,
      zigbee2mqtt_base_topics: base,
      log_level: 'warn',
      ...(useMosquitto ? { mqtt_url: TEST_MQTT_URL } : {}),
    },
    logStream: logs,
    confirmTimeoutMs: 3_000,
  });
  const url = useMosquitto ? TEST_MQTT_URL! : `mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`;
  const sim = new Zigbee2MqttSimulator({
    url,
    baseTopic: base,
    devices: testDevices(),
    responseDelayMs: 10,
    states: { 'Door Sensor': { contact: true, battery: 90 } },
  });
  await sim.start();
  const users = await withUsers(t);
  const token = (await users.make('resident', 'user')).token;
  const entity = async (id: string) => (await t.api('GET', `/api/home/entities/${id}`, { token })).body;
  const control = (body: Record<string, unknown>) => t.api('POST', '/api/home/control', { token, body });
  const stop = async () => {
    await sim.stop({ clearRetained: true }).catch(() => {});
    await t.stop();
    await clearRetained(url, [base]).catch(() => {});
  };
  await until('discovery', async () => (await entity('light.kitchen_ceiling_lamp'))?.available === true);
  return { t, sim, base, url, logs, token, entity, control, stop };
}

type Setup = Awaited<ReturnType<typeof setup>>;

describe('Zigbee2MQTT bridge over a real broker', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => s.stop());

  it('maps every domain from bridge/devices, keyed by IEEE address, with names that contain / and spaces', async () => {
    const list = (
      await s.t.api('GET', '/api/home/entities?integration=' + encodeURIComponent(`zigbee2mqtt_${s.base}`), {
        token: s.token,
      })
    ).body as { entity_id: string }[];
    const ids = list.map((e) => e.entity_id);
    for (const id of [
      'light.kitchen_ceiling_lamp',
      'switch.hall_switch_l1',
      'switch.hall_switch_l2',
      'switch.coffee_plug',
      'sensor.coffee_plug_power',
      'sensor.coffee_plug_energy',
      'cover.living_blind',
      'lock.front_door_lock',
      'climate.bedroom_trv',
      'fan.ceiling_fan',
      'binary_sensor.door_sensor_contact',
      'binary_sensor.motion_sensor_occupancy',
      'sensor.bedroom_trv_battery',
    ])
      expect(ids).toContain(id);
    const light = await s.entity('light.kitchen_ceiling_lamp');
    expect(light.capabilities).toMatchObject({
      brightness: true,
      color: true,
      color_temp: { min_kelvin: 2000, max_kelvin: 6536 },
    });
    expect((await s.entity('sensor.coffee_plug_power')).attributes).toMatchObject({
      device_class: 'power',
      unit_of_measurement: 'W',
    });
    expect((await s.entity('binary_sensor.motion_sensor_occupancy')).attributes.device_class).toBe('motion');
    const devices = (await s.t.api('GET', '/api/home/devices', { token: s.token })).body as {
      name: string;
      identifiers: Record<string, string>;
      entities: string[];
    }[];
    const lamp = devices.find((d) => d.identifiers.ieee === '0x00158d0000000001')!;
    expect(lamp.name).toBe('Kitchen Ceiling Lamp');
    // Interviewing and disabled devices exist as devices but have no controllable entities.
    const gadget = devices.find((d) => d.name === 'New Gadget')!;
    const spare = devices.find((d) => d.name === 'Spare Plug')!;
    expect(gadget.entities).toEqual([]);
    expect(spare.entities).toEqual([]);
  });

  it('reads state from a topic with extra levels and converts to Hearth units', async () => {
    await s.sim.report('Kitchen/Ceiling Lamp', {
      state: 'ON',
      brightness: 127,
      color_temp: 370,
      color_mode: 'color_temp',
    });
    const e = await until('state', async () => {
      const x = await s.entity('light.kitchen_ceiling_lamp');
      return x.state === 'on' && x.attributes.brightness === 50 ? x : undefined;
    });
    expect(e.attributes).toMatchObject({ brightness: 50, kelvin: 2703, color_mode: 'color_temp' });
    await s.sim.report('Door Sensor', { contact: false });
    await until(
      'door open',
      async () => (await s.entity('binary_sensor.door_sensor_contact')).state === 'on',
    );
    await s.sim.report('Door Sensor', { contact: true });
    await until(
      'door closed',
      async () => (await s.entity('binary_sensor.door_sensor_contact')).state === 'off',
    );
  });

  const roundTrips: [string, Record<string, unknown>, (e: any) => boolean][] = [
    [
      'light dim',
      { entity_id: 'light.kitchen_ceiling_lamp', action: 'dim', brightness: 30 },
      (e) => e.state === 'on' && e.attributes.brightness === 30,
    ],
    [
      'light kelvin',
      { entity_id: 'light.kitchen_ceiling_lamp', action: 'set_color_temp', kelvin: 4000 },
      (e) => e.attributes.kelvin === 4000,
    ],
    [
      'light colour',
      { entity_id: 'light.kitchen_ceiling_lamp', action: 'set_color', color: [90, 60, 255] },
      (e) => JSON.stringify(e.attributes.color) === '[90,60,255]',
    ],
    ['light off', { entity_id: 'light.kitchen_ceiling_lamp', action: 'off' }, (e) => e.state === 'off'],
    ['multi-endpoint switch', { entity_id: 'switch.hall_switch_l2', action: 'on' }, (e) => e.state === 'on'],
    ['plug', { entity_id: 'switch.coffee_plug', action: 'toggle' }, (e) => e.state === 'on'],
    [
      'cover position',
      { entity_id: 'cover.living_blind', action: 'set_position', position: 40 },
      (e) => e.attributes.position === 40 && e.state === 'open',
    ],
    ['cover close', { entity_id: 'cover.living_blind', action: 'close' }, (e) => e.state === 'closed'],
    ['lock', { entity_id: 'lock.front_door_lock', action: 'lock' }, (e) => e.state === 'locked'],
    ['unlock', { entity_id: 'lock.front_door_lock', action: 'unlock' }, (e) => e.state === 'unlocked'],
    [
      'climate setpoint',
      { entity_id: 'climate.bedroom_trv', action: 'set_temperature', temperature: 21.5 },
      (e) => e.attributes.temperature === 21.5,
    ],
    [
      'climate mode',
      { entity_id: 'climate.bedroom_trv', action: 'set_hvac_mode', hvac_mode: 'auto' },
      (e) => e.state === 'auto',
    ],
    [
      'climate preset',
      { entity_id: 'climate.bedroom_trv', action: 'set_preset', preset: 'eco' },
      (e) => e.attributes.preset === 'eco',
    ],
    [
      'fan speed',
      { entity_id: 'fan.ceiling_fan', action: 'set_fan_speed', speed: 'high' },
      (e) => e.attributes.speed === 'high',
    ],
    ['fan off', { entity_id: 'fan.ceiling_fan', action: 'off' }, (e) => e.state === 'off'],
  ];
  for (const [what, body, check] of roundTrips) {
    it(`round trip: ${what} is sent to /set and confirmed by the state the bridge reports`, async () => {
      const res = await s.control(body);
      expect(res.status).toBe(200);
      expect(res.body.outcome).toBe('confirmed');
      expect(check(await s.entity(String(body.entity_id)))).toBe(true);
    });
  }

  it('sends commands to the IEEE address and in Zigbee2MQTT units', async () => {
    const seen: [string, string][] = [];
    s.sim.onSet = (topic, payload) => seen.push([topic, payload]);
    await s.control({ entity_id: 'light.kitchen_ceiling_lamp', action: 'on', brightness: 100, kelvin: 2500 });
    s.sim.onSet = undefined;
    expect(seen).toEqual([
      [`${s.base}/0x00158d0000000001/set`, JSON.stringify({ state: 'ON', brightness: 254, color_temp: 400 })],
    ]);
  });

  it('fails a command the bridge reports an error for on bridge/logging', async () => {
    s.sim.failing.add('Coffee Plug');
    const res = await s.control({ entity_id: 'switch.coffee_plug', action: 'off' });
    s.sim.failing.delete('Coffee Plug');
    expect(res.body.outcome).toBe('failed');
    expect(res.body.error).toContain('MAC no ack');
  });

  it('ignores malformed payloads, logs them once per device, and keeps good state', async () => {
    const before = await s.entity('sensor.coffee_plug_power');
    await s.sim.report('Coffee Plug', { power: 12.5 });
    await until('power', async () => (await s.entity('sensor.coffee_plug_power')).state === 12.5);
    await s.sim.publish('Coffee Plug', '{not json');
    await s.sim.publish('Coffee Plug', '[1,2,3]');
    await s.sim.publish('Coffee Plug', JSON.stringify({ power: 'lots' }));
    await s.sim.publish('bridge/devices', '{"oops":true}');
    await s.sim.report('Coffee Plug', { power: 13 });
    await until(
      'power after bad payloads',
      async () => (await s.entity('sensor.coffee_plug_power')).state === 13,
    );
    expect(before.entity_id).toBe('sensor.coffee_plug_power');
    const warnings = s.logs.lines
      .map((l) => JSON.parse(l) as { msg?: string; topic?: string })
      .filter((l) => l.msg?.includes('malformed') && String(l.topic).endsWith('Coffee Plug'));
    expect(warnings).toHaveLength(1);
    expect((await s.entity('light.kitchen_ceiling_lamp')).available).toBe(true);
  });

  it('marks every entity unavailable when the bridge goes offline, answers 503, and recovers on online', async () => {
    await s.sim.publish('bridge/state', '{"state":"offline"}', true);
    await until('offline', async () => (await s.entity('switch.coffee_plug')).available === false);
    expect((await s.entity('binary_sensor.motion_sensor_occupancy')).available).toBe(false);
    expect((await s.control({ entity_id: 'switch.coffee_plug', action: 'on' })).status).toBe(503);
    await s.sim.publish('bridge/state', '{"state":"online"}', true);
    await until('online', async () => (await s.entity('switch.coffee_plug')).available === true);
  });

  it('follows per-device availability', async () => {
    await s.sim.publish('Ceiling Fan/availability', '{"state":"offline"}', true);
    await until('fan offline', async () => (await s.entity('fan.ceiling_fan')).available === false);
    expect((await s.entity('switch.coffee_plug')).available).toBe(true);
    await s.sim.publish('Ceiling Fan/availability', '{"state":"online"}', true);
    await until('fan online', async () => (await s.entity('fan.ceiling_fan')).available === true);
  });
});

describe('Zigbee2MQTT device lifecycle', () => {
  let s: Setup | undefined;
  afterEach(async () => s?.stop());

  it('keeps entity ids on rename and removes a device that leaves', async () => {
    s = await setup();
    const devices = testDevices();
    const lamp = devices.find((d) => d.friendly_name === 'Kitchen/Ceiling Lamp')!;
    lamp.friendly_name = 'Kitchen/Pendant';
    await s.sim.setDevices(devices);
    await until(
      'renamed',
      async () => (await s!.entity('light.kitchen_ceiling_lamp')).name === 'Kitchen Pendant',
    );
    await s.sim.report('Kitchen/Pendant', { state: 'ON', brightness: 254 });
    await until(
      'state under the new name',
      async () => (await s!.entity('light.kitchen_ceiling_lamp')).attributes.brightness === 100,
    );

    const motion = devices.find((d) => d.friendly_name === 'Motion Sensor')!;
    await s.sim.setDevices(devices.filter((d) => d !== motion));
    await s.sim.publish(
      'bridge/event',
      JSON.stringify({
        type: 'device_leave',
        data: { ieee_address: motion.ieee_address, friendly_name: motion.friendly_name },
      }),
    );
    await until(
      'removed',
      async () =>
        (
          await s!.t.api('GET', '/api/home/entities/binary_sensor.motion_sensor_occupancy', {
            token: s!.token,
          })
        ).status === 404,
    );
  });

  it('reconnects after a broker restart, re-reads retained topics and loses no state', async () => {
    s = await setup({ embedded: true });
    await s.control({ entity_id: 'switch.coffee_plug', action: 'on' });
    const broker = s.t.app.ctx.mqtt!.broker!;
    await broker.stop();
    await until(
      'unavailable while disconnected',
      async () => (await s!.entity('switch.coffee_plug')).available === false,
    );
    expect((await s.control({ entity_id: 'switch.coffee_plug', action: 'off' })).status).toBe(503);
    await broker.start();
    await until(
      'available after reconnect',
      async () => (await s!.entity('switch.coffee_plug')).available === true,
      15_000,
    );
    expect((await s.entity('switch.coffee_plug')).state).toBe('on');
    const res = await s.control({ entity_id: 'switch.coffee_plug', action: 'off' });
    expect(res.body.outcome).toBe('confirmed');
  });
});
