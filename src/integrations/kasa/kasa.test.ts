import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceApi } from '../../test-support/devices.js';
import { LogCapture, startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { KasaSimulator } from './simulator.js';

/**
 * TP-Link Kasa through tplink-smarthome-api against simulators of its TCP protocol (HS110 plug
 * with metering, HS300 strip, KL130 bulb). The local protocol has no login (no credentials).
 */
const plug = new KasaSimulator('HS110');
const strip = new KasaSimulator('HS300');
const bulb = new KasaSimulator('KL130');
const logs = new LogCapture();
let t: TestApp;
let admin: string;

beforeAll(async () => {
  for (const s of [plug, strip, bulb]) await s.start();
  t = await startTestApp({
    config: { wifi_poll_interval: 0.3, wifi_timeout: 0.4, log_level: 'info' },
    logStream: logs,
  });
  admin = (await withUsers(t)).adminToken;
});
afterAll(async () => {
  await t.stop();
  for (const s of [plug, strip, bulb]) await s.stop();
});

const pair = (address: string) =>
  t.api('POST', '/api/home/integrations/kasa/pair', { token: admin, body: { address } });
const { control, entity, eventually } = deviceApi(
  () => t,
  () => admin,
);

describe('TP-Link Kasa', () => {
  let sw: string;
  it('adds an HS110 plug with power metering; switches confirmed, the meter follows', async () => {
    const res = await pair(plug.address);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.device).toMatchObject({
      name: 'Washing machine',
      manufacturer: 'TP-Link',
      model: 'HS110(EU)',
    });
    sw = res.body.entities.find((e: any) => e.domain === 'switch').entity_id;
    const power = res.body.entities.find((e: any) => e.attributes.device_class === 'power').entity_id;
    expect(res.body.entities.find((e: any) => e.attributes.device_class === 'energy').state).toBe(12.345);
    expect((await control(sw, 'on')).body).toMatchObject({ outcome: 'confirmed', state: 'on' });
    expect(plug.relay).toBe(1);
    await eventually(async () => (await entity(power)).state).toBe(512.3);
    expect((await control(sw, 'off')).body).toMatchObject({ outcome: 'confirmed', state: 'off' });
  });

  it('adds an HS300 strip: each outlet its own switch', async () => {
    const res = await pair(strip.address);
    const outlets = res.body.entities.filter((e: any) => e.domain === 'switch');
    expect(outlets.map((e: any) => e.name)).toEqual(['Outlet 1', 'Outlet 2', 'Outlet 3']);
    expect((await control(outlets[1].entity_id, 'on')).body.outcome).toBe('confirmed');
    expect(strip.children.map((c) => c.state)).toEqual([0, 1, 0]);
  });

  it('adds a KL130 bulb: on with brightness, colour temperature, colour, off — confirmed', async () => {
    const res = await pair(bulb.address);
    const light = res.body.entities[0];
    expect(light.capabilities).toEqual({
      actions: ['on', 'off', 'toggle', 'dim', 'set_color_temp', 'set_color'],
      brightness: true,
      color_temp: { min_kelvin: 2500, max_kelvin: 9000 },
      color: true,
    });
    expect((await control(light.entity_id, 'on', { brightness: 40 })).body.outcome).toBe('confirmed');
    expect((await control(light.entity_id, 'set_color_temp', { kelvin: 4000 })).body.outcome).toBe(
      'confirmed',
    );
    expect((await control(light.entity_id, 'set_color', { color: [0, 0, 255] })).body.outcome).toBe(
      'confirmed',
    );
    expect(bulb.light).toMatchObject({ on_off: 1, brightness: 40, hue: 240, saturation: 100 });
    expect((await control(light.entity_id, 'off')).body.outcome).toBe('confirmed');
  });

  it('polls changes made at the device; a rebooting plug goes unavailable and comes back', async () => {
    plug.relay = 1;
    await eventually(async () => (await entity(sw)).state).toBe('on');
    const reboot = plug.reboot(2_000);
    await eventually(async () => (await entity(sw)).available, 4_000).toBe(false);
    await reboot;
    await eventually(async () => (await entity(sw)).available, 5_000).toBe(true);
  });

  it('bounds a slow device, logs a malformed answer once, and keeps going', async () => {
    const outlet = (
      await t.api('GET', '/api/home/entities?domain=switch&integration=kasa', { token: admin })
    ).body.find((e: any) => e.name === 'Outlet 1');
    plug.delayMs = 3_000;
    const started = Date.now();
    const [slow, fast] = await Promise.all([control(sw, 'off'), control(outlet.entity_id, 'on')]);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(slow.status).toBe(503);
    expect(fast.body.outcome).toBe('confirmed');
    plug.delayMs = 0;
    await eventually(async () => (await entity(sw)).available).toBe(true);
    plug.malformed = true;
    await new Promise((r) => setTimeout(r, 1_000));
    plug.malformed = false;
    expect(
      logs.lines.filter((l) => l.includes('malformed answer') && l.includes(plug.deviceId.toLowerCase())),
    ).toHaveLength(1);
    expect((await control(sw, 'off')).body.outcome).toBe('confirmed');
  });

  it('says nothing answered, and removes a device', async () => {
    const none = await pair('127.0.0.1:9');
    expect(none.status).toBe(502);
    expect(none.body.error.code).toBe('DEVICE_UNREACHABLE');
    expect(
      (
        await t.api('DELETE', `/api/home/integrations/kasa/devices/${bulb.deviceId.toLowerCase()}`, {
          token: admin,
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.api('GET', '/api/home/entities?domain=light&integration=kasa', { token: admin })).body,
    ).toEqual([]);
  });
});
