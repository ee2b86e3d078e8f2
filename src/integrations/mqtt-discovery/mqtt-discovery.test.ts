import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogCapture, startTestApp, withUsers } from '../../test-support/harness.js';
import { TEST_MQTT_URL, clearRetained, uniqueBase, until } from '../../test-support/mqtt.js';
import { Zigbee2MqttSimulator } from '../zigbee2mqtt/simulator.js';
import { testDevices } from '../zigbee2mqtt/test-devices.js';

/**
 * Hearth with a unique discovery prefix, a simulated Zigbee2MQTT bridge (for the dedupe rule) and
 * a plain MQTT client playing Tasmota/ESPHome/Shelly-like devices: it publishes retained configs and
 * echoes commands back as state, the way the real firmware does.
 */
async function setup() {
  const prefix = uniqueBase('ha-test');
  const z2m = uniqueBase('z2m-disc');
  const dev = uniqueBase('dev');
  const logs = new LogCapture();
  const t = await startTestApp({
    config: {
      demo: false,
      zigbee2mqtt_base_topics: z2m,
      zwave_prefix: 'none',
      mqtt_discovery_prefix: prefix,
      log_level: 'warn',
      ...(TEST_MQTT_URL ? { mqtt_url: TEST_MQTT_URL } : {}),
    },
    logStream: logs,
    confirmTimeoutMs: 3_000,
  });
  const url = TEST_MQTT_URL ?? `mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`;
  const sim = new Zigbee2MqttSimulator({ url, baseTopic: z2m, devices: testDevices(), responseDelayMs: 10 });
  await sim.start();
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `hearth-disc-${Math.random().toString(16).slice(2, 10)}`,
  });
  /** Command topic → what the device publishes back (topic, payload). */
  const echo = new Map<string, (payload: string) => [string, string][]>();
  client.on('message', (topic, payload) => {
    const replies = echo.get(topic)?.(payload.toString());
    for (const [t2, p] of replies ?? []) void client.publishAsync(t2, p, { retain: true });
  });
  const users = await withUsers(t);
  const token = (await users.make('resident', 'user')).token;
  const api = t.api.bind(t);
  const list = async () =>
    (await api('GET', '/api/home/entities?integration=mqtt_discovery', { token })).body as any[];
  const byName = async (name: string) => (await list()).find((e) => e.name === name);
  const config = (topic: string, body: unknown) =>
    client.publishAsync(`${prefix}/${topic}/config`, typeof body === 'string' ? body : JSON.stringify(body), {
      retain: true,
    });
  const publish = (topic: string, payload: string) => client.publishAsync(topic, payload, { retain: true });
  const onCommand = async (topic: string, reply: (payload: string) => [string, string][]) => {
    echo.set(topic, reply);
    await client.subscribeAsync(topic);
  };
  const control = (body: Record<string, unknown>) => api('POST', '/api/home/control', { token, body });
  const stop = async () => {
    await client.endAsync().catch(() => {});
    await sim.stop({ clearRetained: true }).catch(() => {});
    await t.stop();
    await clearRetained(url, [prefix, dev, z2m]).catch(() => {});
  };
  await until(
    'zigbee2mqtt discovery',
    async () =>
      (await api('GET', '/api/home/entities/light.kitchen_ceiling_lamp', { token })).body?.available === true,
  );
  return { t, prefix, dev, logs, token, api, list, byName, config, publish, onCommand, control, stop };
}

type Setup = Awaited<ReturnType<typeof setup>>;

describe('Home Assistant MQTT discovery over a real broker', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => (s as Setup | undefined)?.stop()); // unset when beforeAll failed

  it('reads abbreviated configs with ~ for every component and follows their state topics', async () => {
    const d = s.dev;
    // Tasmota-like: `~` base topic, abbreviated keys, a switch and a sensor reading value_json.
    const tasmota = {
      ids: ['tasmota_A1B2C3'],
      name: 'Garden Plug',
      mf: 'Tasmota',
      mdl: 'Sonoff S26',
      sa: 'Garden',
    };
    await s.config('switch/tasmota_A1B2C3/relay_1', {
      name: null,
      '~': `${d}/garden`,
      stat_t: '~/stat/POWER',
      cmd_t: '~/cmnd/POWER',
      pl_on: 'ON',
      pl_off: 'OFF',
      uniq_id: 'A1B2C3_RL_1',
      dev: tasmota,
    });
    await s.config('sensor/tasmota_A1B2C3/energy_power', {
      name: 'Power',
      '~': `${d}/garden`,
      stat_t: '~/tele/SENSOR',
      val_tpl: '{{ value_json.ENERGY.Power }}',
      unit_of_meas: 'W',
      dev_cla: 'power',
      stat_cla: 'measurement',
      uniq_id: 'A1B2C3_power',
      dev: tasmota,
    });
    // ESPHome-like: binary sensor and a default-schema dimmable light.
    const esp = { ids: 'esp_livingroom', name: 'Living ESP', mf: 'espressif', mdl: 'esp32' };
    await s.config('binary_sensor/living-esp/motion', {
      name: 'Motion',
      stat_t: `${d}/living/motion/state`,
      dev_cla: 'motion',
      pl_on: 'ON',
      pl_off: 'OFF',
      uniq_id: 'esp_motion',
      dev: esp,
    });
    await s.config('light/living-esp/lamp', {
      name: 'Lamp',
      '~': `${d}/living/lamp`,
      stat_t: '~/state',
      cmd_t: '~/set',
      bri_stat_t: '~/bri',
      bri_cmd_t: '~/bri/set',
      bri_scl: 100,
      clr_temp_stat_t: '~/ct',
      clr_temp_cmd_t: '~/ct/set',
      min_mirs: 153,
      max_mirs: 370,
      uniq_id: 'esp_lamp',
      dev: esp,
    });
    // Shelly-like: cover with position, lock, climate and a fan with preset modes.
    const shelly = { ids: ['shelly2pm-0011'], name: 'Bedroom Shutter', mf: 'Shelly', mdl: 'Shelly 2PM' };
    await s.config('cover/shelly2pm-0011/cover', {
      name: null,
      '~': `${d}/shutter`,
      cmd_t: '~/cmd',
      pos_t: '~/pos',
      set_pos_t: '~/pos/set',
      stat_t: '~/state',
      pl_open: 'open',
      pl_cls: 'close',
      pl_stop: 'stop',
      uniq_id: 'shutter_1',
      dev: shelly,
    });
    await s.config('lock/door/lock', {
      name: 'Front Door',
      stat_t: `${d}/door/state`,
      cmd_t: `${d}/door/set`,
      pl_lock: 'LOCK',
      pl_unlk: 'UNLOCK',
      stat_locked: 'LOCKED',
      stat_unlocked: 'UNLOCKED',
      uniq_id: 'door_lock',
    });
    await s.config('climate/trv/thermostat', {
      name: 'Hall Radiator',
      '~': `${d}/trv`,
      mode_cmd_t: '~/mode/set',
      mode_stat_t: '~/mode',
      modes: ['off', 'heat', 'auto'],
      temp_cmd_t: '~/target/set',
      temp_stat_t: '~/target',
      curr_temp_t: '~/current',
      min_temp: 5,
      max_temp: 30,
      temp_step: 0.5,
      uniq_id: 'trv_1',
    });
    await s.config('fan/attic/fan', {
      name: 'Attic Fan',
      '~': `${d}/fan`,
      stat_t: '~/state',
      cmd_t: '~/set',
      pr_mode_cmd_t: '~/preset/set',
      pr_mode_stat_t: '~/preset',
      pr_modes: ['eco', 'boost'],
      uniq_id: 'attic_fan',
    });

    const plug = await until('plug', () => s.byName('Garden Plug'));
    expect(plug.domain).toBe('switch');
    expect(plug.capabilities.actions).toEqual(['on', 'off', 'toggle']);
    const lamp = await until('lamp', () => s.byName('Living ESP Lamp'));
    expect(lamp.capabilities).toMatchObject({
      brightness: true,
      color_temp: { min_kelvin: 2703, max_kelvin: 6536 },
    });
    const power = await until('power', () => s.byName('Garden Plug Power'));
    expect(power.attributes).toMatchObject({
      device_class: 'power',
      unit_of_measurement: 'W',
      state_class: 'measurement',
    });
    const shutter = await until('shutter', () => s.byName('Bedroom Shutter'));
    expect(shutter.capabilities).toMatchObject({
      position: true,
      actions: ['open', 'close', 'stop', 'set_position'],
    });
    const trv = await until('trv', () => s.byName('Hall Radiator'));
    expect(trv.capabilities).toMatchObject({
      temperature: { min: 5, max: 30, step: 0.5 },
      hvac_modes: ['off', 'heat', 'auto'],
    });
    expect((await until('fan', () => s.byName('Attic Fan'))).capabilities.fan_speeds).toEqual([
      'eco',
      'boost',
    ]);
    expect((await until('motion', () => s.byName('Living ESP Motion'))).attributes.device_class).toBe(
      'motion',
    );
    const devices = (await s.api('GET', '/api/home/devices', { token: s.token })).body as any[];
    const garden = devices.find((x) => x.name === 'Garden Plug');
    expect(garden).toMatchObject({
      manufacturer: 'Tasmota',
      model: 'Sonoff S26',
      integration: 'mqtt_discovery',
    });
    expect(garden.entities).toHaveLength(2);
    expect(garden.area).not.toBeNull();

    await s.publish(`${d}/garden/tele/SENSOR`, JSON.stringify({ ENERGY: { Power: 42.5 } }));
    await s.publish(`${d}/living/motion/state`, 'ON');
    await s.publish(`${d}/living/lamp/state`, 'ON');
    await s.publish(`${d}/living/lamp/bri`, '50');
    await s.publish(`${d}/living/lamp/ct`, '250');
    await s.publish(`${d}/trv/mode`, 'heat');
    await s.publish(`${d}/trv/current`, '19.5');
    await s.publish(`${d}/shutter/pos`, '30');
    await until('sensor value', async () => (await s.byName('Garden Plug Power')).state === 42.5);
    await until('motion on', async () => (await s.byName('Living ESP Motion')).state === 'on');
    await until('lamp state', async () => {
      const e = await s.byName('Living ESP Lamp');
      return e.state === 'on' && e.attributes.brightness === 50 && e.attributes.kelvin === 4000;
    });
    await until('trv', async () => {
      const e = await s.byName('Hall Radiator');
      return e.state === 'heat' && e.attributes.current_temperature === 19.5;
    });
    await until(
      'shutter position',
      async () => (await s.byName('Bedroom Shutter')).attributes.position === 30,
    );
  });

  it('round trips commands for a default-schema light, a json-schema light, a switch, a lock and a cover, ending confirmed', async () => {
    const d = s.dev;
    await s.config('light/rt/json_bulb', {
      name: 'Json Bulb',
      schema: 'json',
      stat_t: `${d}/bulb`,
      cmd_t: `${d}/bulb/set`,
      brightness: true,
      brightness_scale: 254,
      supported_color_modes: ['color_temp', 'xy'],
      min_mireds: 153,
      max_mireds: 500,
      uniq_id: 'json_bulb',
    });
    await s.config('light/rt/plain', {
      name: 'Plain Dimmer',
      stat_t: `${d}/plain/state`,
      cmd_t: `${d}/plain/set`,
      bri_stat_t: `${d}/plain/bri`,
      bri_cmd_t: `${d}/plain/bri/set`,
      uniq_id: 'plain_dimmer',
    });
    await s.config('switch/rt/relay', {
      name: 'Relay',
      stat_t: `${d}/relay/state`,
      cmd_t: `${d}/relay/set`,
      pl_on: '1',
      pl_off: '0',
      uniq_id: 'relay',
    });
    await s.config('lock/rt/lock', {
      name: 'Shed Lock',
      stat_t: `${d}/shed/state`,
      cmd_t: `${d}/shed/set`,
      uniq_id: 'shed_lock',
    });
    await s.config('cover/rt/garage', {
      name: 'Garage Door',
      '~': `${d}/garage`,
      cmd_t: '~/set',
      stat_t: '~/state',
      pl_open: 'OPEN',
      pl_cls: 'CLOSE',
      uniq_id: 'garage',
    });
    const sent: [string, string][] = [];
    await s.onCommand(`${d}/bulb/set`, (p) => {
      sent.push([`${d}/bulb/set`, p]);
      const body = JSON.parse(p) as Record<string, unknown>;
      return [
        [
          `${d}/bulb`,
          JSON.stringify({
            state: body.state ?? 'ON',
            brightness: body.brightness ?? 254,
            ...(body.color_temp ? { color_temp: body.color_temp, color_mode: 'color_temp' } : {}),
          }),
        ],
      ];
    });
    await s.onCommand(`${d}/plain/set`, (p) => [[`${d}/plain/state`, p]]);
    await s.onCommand(`${d}/plain/bri/set`, (p) => {
      sent.push([`${d}/plain/bri/set`, p]);
      return [[`${d}/plain/bri`, p]];
    });
    await s.onCommand(`${d}/relay/set`, (p) => [[`${d}/relay/state`, p]]);
    await s.onCommand(`${d}/shed/set`, (p) => [[`${d}/shed/state`, p === 'LOCK' ? 'LOCKED' : 'UNLOCKED']]);
    await s.onCommand(`${d}/garage/set`, (p) => [
      [`${d}/garage/state`, p === 'OPEN' ? 'opening' : 'closing'],
    ]);
    const id = async (name: string) => (await until(name, () => s.byName(name))).entity_id as string;

    const cases: [string, { action: string } & Record<string, unknown>, (e: any) => boolean][] = [
      [
        'Json Bulb',
        { action: 'on', brightness: 40, kelvin: 2500 },
        (e) => e.state === 'on' && e.attributes.brightness === 40 && e.attributes.kelvin === 2500,
      ],
      ['Json Bulb', { action: 'off' }, (e) => e.state === 'off'],
      [
        'Plain Dimmer',
        { action: 'dim', brightness: 60 },
        (e) => e.state === 'on' && e.attributes.brightness === 60,
      ],
      ['Plain Dimmer', { action: 'off' }, (e) => e.state === 'off'],
      ['Relay', { action: 'on' }, (e) => e.state === 'on'],
      ['Relay', { action: 'toggle' }, (e) => e.state === 'off'],
      ['Shed Lock', { action: 'lock' }, (e) => e.state === 'locked'],
      ['Shed Lock', { action: 'unlock' }, (e) => e.state === 'unlocked'],
      ['Garage Door', { action: 'open' }, (e) => e.state === 'opening'],
      ['Garage Door', { action: 'close' }, (e) => e.state === 'closing'],
    ];
    for (const [name, body, check] of cases) {
      const entityId = await id(name);
      const res = await s.control({ entity_id: entityId, ...body });
      expect(res.status, `${name} ${body.action}`).toBe(200);
      expect(res.body.outcome, `${name} ${body.action}`).toBe('confirmed');
      expect(check(await s.byName(name)), `${name} ${body.action}`).toBe(true);
    }
    expect(sent).toContainEqual([
      `${d}/bulb/set`,
      JSON.stringify({ state: 'ON', brightness: 102, color_temp: 400 }),
    ]);
    expect(sent).toContainEqual([`${d}/plain/bri/set`, '153']);
  });

  it('round trips climate setpoint and mode, fan preset speed and cover position, ending confirmed', async () => {
    const d = s.dev;
    await s.config('climate/rt2/trv', {
      name: 'Study Radiator',
      '~': `${d}/study`,
      mode_cmd_t: '~/mode/set',
      mode_stat_t: '~/mode',
      modes: ['off', 'heat'],
      temp_cmd_t: '~/sp/set',
      temp_stat_t: '~/sp',
      uniq_id: 'study_trv',
    });
    await s.config('fan/rt2/fan', {
      name: 'Loft Fan',
      '~': `${d}/loft`,
      stat_t: '~/state',
      cmd_t: '~/set',
      pr_mode_cmd_t: '~/preset/set',
      pr_mode_stat_t: '~/preset',
      pr_modes: ['eco', 'boost'],
      uniq_id: 'loft_fan',
    });
    await s.config('cover/rt2/blind', {
      name: 'Study Blind',
      '~': `${d}/blind`,
      cmd_t: '~/set',
      pos_t: '~/pos',
      set_pos_t: '~/pos/set',
      set_pos_tpl: '{ "position": {{ position }} }',
      uniq_id: 'study_blind',
    });
    await s.onCommand(`${d}/study/mode/set`, (p) => [[`${d}/study/mode`, p]]);
    await s.onCommand(`${d}/study/sp/set`, (p) => [[`${d}/study/sp`, p]]);
    await s.onCommand(`${d}/loft/preset/set`, (p) => [[`${d}/loft/preset`, p]]);
    await s.onCommand(`${d}/blind/pos/set`, (p) => [
      [`${d}/blind/pos`, String((JSON.parse(p) as { position: number }).position)],
    ]);
    const cases: [string, { action: string } & Record<string, unknown>, (e: any) => boolean][] = [
      [
        'Study Radiator',
        { action: 'set_temperature', temperature: 21.5 },
        (e) => e.attributes.temperature === 21.5,
      ],
      ['Study Radiator', { action: 'set_hvac_mode', hvac_mode: 'heat' }, (e) => e.state === 'heat'],
      ['Loft Fan', { action: 'set_fan_speed', speed: 'boost' }, (e) => e.attributes.speed === 'boost'],
      [
        'Study Blind',
        { action: 'set_position', position: 40 },
        (e) => e.attributes.position === 40 && e.state === 'open',
      ],
    ];
    for (const [name, body, check] of cases) {
      const e = await until(name, () => s.byName(name));
      const res = await s.control({ entity_id: e.entity_id, ...body });
      expect(res.body.outcome, `${name} ${body.action}`).toBe('confirmed');
      expect(check(await s.byName(name)), `${name} ${body.action}`).toBe(true);
    }
  });

  it('follows availability topics and answers 503 while a device is unavailable', async () => {
    const d = s.dev;
    await s.publish(`${d}/avail/LWT`, 'Online');
    await s.config('switch/av/relay', {
      name: 'Avail Relay',
      stat_t: `${d}/avail/state`,
      cmd_t: `${d}/avail/set`,
      avty_t: `${d}/avail/LWT`,
      pl_avail: 'Online',
      pl_not_avail: 'Offline',
      uniq_id: 'avail_relay',
    });
    await s.config('sensor/av/temp', {
      name: 'Avail Temp',
      stat_t: `${d}/avail2/state`,
      uniq_id: 'avail_temp',
      avty_mode: 'all',
      avty: [
        { t: `${d}/avail2/status`, val_tpl: '{{ value_json.state }}' },
        { topic: `${d}/avail/LWT`, payload_available: 'Online', payload_not_available: 'Offline' },
      ],
    });
    await until('relay available', async () => (await s.byName('Avail Relay'))?.available === true);
    expect((await until('temp', () => s.byName('Avail Temp'))).available).toBe(false);
    await s.publish(`${d}/avail2/status`, JSON.stringify({ state: 'online' }));
    await until(
      'temp available once all sources say so',
      async () => (await s.byName('Avail Temp')).available === true,
    );
    await s.publish(`${d}/avail/LWT`, 'Offline');
    await until('relay unavailable', async () => (await s.byName('Avail Relay')).available === false);
    await until(
      'temp unavailable (mode all)',
      async () => (await s.byName('Avail Temp')).available === false,
    );
    const relay = await s.byName('Avail Relay');
    expect((await s.control({ entity_id: relay.entity_id, action: 'on' })).status).toBe(503);
    await s.publish(`${d}/avail/LWT`, 'Online');
    await until('relay back', async () => (await s.byName('Avail Relay')).available === true);
  });

  it('reads a device-level config (cmps) whose components share device, ~ and availability', async () => {
    const d = s.dev;
    await s.publish(`${d}/multi/avail`, 'online');
    await s.config('device/multi-1', {
      dev: { ids: 'multi-1', name: 'Multi Sensor', mf: 'Acme' },
      o: { name: 'acme-fw' },
      '~': `${d}/multi`,
      avty_t: '~/avail',
      cmps: {
        temp: {
          p: 'sensor',
          name: 'Temperature',
          stat_t: '~/state',
          val_tpl: '{{ value_json.temperature | float }}',
          unit_of_meas: '°C',
          dev_cla: 'temperature',
          uniq_id: 'multi-1-temp',
        },
        led: { p: 'switch', name: 'LED', stat_t: '~/led', cmd_t: '~/led/set', uniq_id: 'multi-1-led' },
      },
    });
    await s.publish(`${d}/multi/state`, JSON.stringify({ temperature: '21.25' }));
    await until('temperature', async () => (await s.byName('Multi Sensor Temperature'))?.state === 21.25);
    // Read the LED before dropping it from the config: once dropped it may be gone before we look.
    const led = await s.byName('Multi Sensor LED');
    expect(led.available).toBe(true);
    await s.config('device/multi-1', {
      dev: { ids: 'multi-1', name: 'Multi Sensor' },
      '~': `${d}/multi`,
      cmps: {
        temp: {
          p: 'sensor',
          name: 'Temperature',
          stat_t: '~/state',
          val_tpl: '{{ value_json.temperature }}',
          unit_of_meas: '°C',
          uniq_id: 'multi-1-temp',
        },
      },
    });
    await until(
      'component dropped from the device config is removed',
      async () =>
        (await s.api('GET', `/api/home/entities/${led.entity_id}`, { token: s.token })).status === 404,
    );
  });

  it('announces itself with the birth message so non-retained publishers send their configs again', async () => {
    const seen: string[] = [];
    const probe = await mqtt.connectAsync(s.t.app.ctx.mqtt!.clientOptions().url, {
      clientId: `hearth-birth-${Math.random().toString(16).slice(2, 10)}`,
    });
    probe.on('message', (_t, p) => seen.push(p.toString()));
    await probe.subscribeAsync(`${s.prefix}/status`);
    // Drop Hearth's socket: the connection comes back by itself and says hello again.
    (s.t.app.ctx.mqtt!.connection as unknown as { client: MqttClient }).client.stream.destroy();
    await until('birth message after reconnect', () => seen.includes('online'), 15_000);
    await probe.endAsync();
  });

  it('removes an entity when its config is cleared with an empty retained payload', async () => {
    await s.config('binary_sensor/rm/window', {
      name: 'Window',
      stat_t: `${s.dev}/window`,
      uniq_id: 'window_1',
    });
    const e = await until('window', () => s.byName('Window'));
    await s.config('binary_sensor/rm/window', '');
    await until(
      'removed',
      async () =>
        (await s.api('GET', `/api/home/entities/${e.entity_id}`, { token: s.token })).status === 404,
    );
  });

  it('ignores malformed configs and payloads, logging once per entity', async () => {
    await s.config('switch/bad/one', '{not json');
    await s.config('switch/bad/one', '[1,2]');
    await s.config('sensor/bad/two', { name: 'No Topic' });
    await s.config('sensor/bad/three', {
      name: 'Jinja',
      stat_t: `${s.dev}/jinja`,
      val_tpl: '{{ value_json.a if value_json.b else 0 }}',
    });
    await s.config('binary_sensor/bad/four', { name: 'Picky', stat_t: `${s.dev}/picky`, uniq_id: 'picky' });
    await s.config('switch/bad/ok', {
      name: 'Good After Bad',
      stat_t: `${s.dev}/good`,
      cmd_t: `${s.dev}/good/set`,
      uniq_id: 'good',
    });
    await until('good entity', () => s.byName('Good After Bad'));
    await until('picky', () => s.byName('Picky'));
    await s.publish(`${s.dev}/picky`, 'MAYBE');
    await s.publish(`${s.dev}/picky`, 'PERHAPS');
    await s.publish(`${s.dev}/picky`, 'ON');
    await until('picky on', async () => (await s.byName('Picky')).state === 'on');
    expect(await s.byName('No Topic')).toBeUndefined();
    expect(await s.byName('Jinja')).toBeUndefined();
    const warnings = s.logs.lines
      .map((l) => JSON.parse(l) as { msg?: string; topic?: string; reason?: string })
      .filter((l) => l.msg?.includes('MQTT discovery'));
    expect(warnings.filter((w) => w.topic === `${s.prefix}/switch/bad/one/config`)).toHaveLength(1);
    expect(warnings.filter((w) => w.topic === `${s.dev}/picky`)).toHaveLength(1);
    expect(warnings.find((w) => w.topic === `${s.prefix}/sensor/bad/two/config`)?.reason).toContain(
      'state_topic',
    );
    expect(warnings.find((w) => w.topic === `${s.prefix}/sensor/bad/three/config`)?.reason).toContain(
      'value_json',
    );
  });

  it('skips a Zigbee2MQTT device announced through discovery when the native bridge integration is configured', async () => {
    const ieee = '0x00158d0000000001';
    await s.config(`light/${ieee}/light`, {
      name: null,
      schema: 'json',
      state_topic: `${s.dev}/Kitchen`,
      command_topic: `${s.dev}/Kitchen/set`,
      brightness: true,
      unique_id: `${ieee}_light_zigbee2mqtt`,
      device: { identifiers: [`zigbee2mqtt_${ieee}`], name: 'Kitchen/Ceiling Lamp', manufacturer: 'IKEA' },
    });
    // A later, unrelated config proves the first one was read (messages on one topic tree arrive in order).
    await s.config('switch/dedupe/marker', {
      name: 'Dedupe Marker',
      stat_t: `${s.dev}/marker`,
      uniq_id: 'marker',
    });
    await until('marker', () => s.byName('Dedupe Marker'));
    const devices = (await s.api('GET', '/api/home/devices', { token: s.token })).body as {
      identifiers: Record<string, string>;
      integration: string;
    }[];
    expect(devices.filter((x) => Object.values(x.identifiers).some((v) => v.includes(ieee)))).toHaveLength(1);
    expect(
      (await s.list()).some((e) => e.name === 'Kitchen/Ceiling Lamp' || e.name === 'Kitchen Ceiling Lamp'),
    ).toBe(false);
  });
});
