import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceApi } from '../../test-support/devices.js';
import { LogCapture, startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { WledSimulator } from './simulator.js';

/**
 * WLED against a simulator on 127.0.0.1 written from WLED's JSON API and WebSocket docs. WLED has
 * no login of its own (no credentials to check); everything else as for every WiFi brand.
 */
const strip = new WledSimulator('Shelf strip', 2);
const other = new WledSimulator('Desk strip', 1);
const logs = new LogCapture();
let t: TestApp;
let admin: string;
let light: string;
let segment: string;

beforeAll(async () => {
  await strip.start();
  await other.start();
  t = await startTestApp({
    config: { wifi_poll_interval: 0.3, wifi_timeout: 0.4, log_level: 'info' },
    logStream: logs,
  });
  admin = (await withUsers(t)).adminToken;
});
afterAll(async () => {
  await t.stop();
  await strip.stop();
  await other.stop();
});

const { control, entity, eventually } = deviceApi(
  () => t,
  () => admin,
);

describe('WLED', () => {
  it('adds a controller by address: the strip and its second segment as lights with colour and effects', async () => {
    const res = await t.api('POST', '/api/home/integrations/wled/pair', {
      token: admin,
      body: { address: strip.address },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.device).toMatchObject({
      id: `wled:${strip.mac}`,
      name: 'Shelf strip',
      manufacturer: 'WLED',
    });
    expect(res.body.entities).toHaveLength(2);
    const [main, seg] = res.body.entities;
    expect(main.capabilities).toMatchObject({
      actions: ['on', 'off', 'toggle', 'dim', 'set_color', 'set_preset'],
      brightness: true,
      color: true,
      presets: expect.arrayContaining(['Solid', 'Rainbow']),
    });
    expect(main).toMatchObject({
      state: 'off',
      attributes: { brightness: 50, color: [255, 160, 0], preset: 'Solid' },
    });
    expect(seg.name).toBe('Shelf strip segment 2');
    light = main.entity_id;
    segment = seg.entity_id;
    await t.api('POST', '/api/home/integrations/wled/pair', {
      token: admin,
      body: { address: other.address },
    });
  });

  it('carries out every action with outcome confirmed from the answer WLED gives', async () => {
    expect((await control(light, 'on', { brightness: 80 })).body).toMatchObject({
      outcome: 'confirmed',
      state: 'on',
    });
    expect(strip.state).toMatchObject({ on: true, bri: 204 });
    expect((await control(light, 'dim', { brightness: 20 })).body.outcome).toBe('confirmed');
    expect((await control(light, 'set_color', { color: [0, 0, 255] })).body.outcome).toBe('confirmed');
    expect(strip.state.seg[0]!.col[0]).toEqual([0, 0, 255]);
    expect((await control(light, 'set_preset', { preset: 'Rainbow' })).body.outcome).toBe('confirmed');
    expect(strip.state.seg[0]!.fx).toBe(9);
    expect((await control(segment, 'set_color', { color: [255, 0, 0] })).body.outcome).toBe('confirmed');
    expect((await control(segment, 'off')).body.outcome).toBe('confirmed');
    expect(strip.state.seg[1]!.on).toBe(false);
    expect((await control(light, 'off')).body).toMatchObject({ outcome: 'confirmed', state: 'off' });
  });

  it('takes changes made at the controller from the /ws push (HTTP too slow meanwhile) and by polling', async () => {
    strip.delayMs = 5_000;
    strip.apply({ on: true, bri: 255 });
    await eventually(async () => (await entity(light)).state, 2_000).toBe('on');
    expect((await entity(light)).attributes.brightness).toBe(100);
    strip.delayMs = 0;
    strip.state.on = false; // no push: only a poll sees it
    await eventually(async () => (await entity(light)).state).toBe('off');
  });

  it('marks a rebooting controller unavailable and brings it back by itself', async () => {
    const reboot = strip.reboot(2_000);
    await eventually(async () => (await entity(light)).available, 4_000).toBe(false);
    await reboot;
    await eventually(async () => (await entity(light)).available, 5_000).toBe(true);
    expect((await control(light, 'on')).body.outcome).toBe('confirmed');
  });

  it('bounds a slow controller; another one answers meanwhile', async () => {
    const desk = (await t.api('GET', '/api/home/entities?integration=wled', { token: admin })).body.find(
      (e: any) => e.device_id === `wled:${other.mac}`,
    );
    strip.delayMs = 3_000;
    const started = Date.now();
    const [slow, fast] = await Promise.all([control(light, 'off'), control(desk.entity_id, 'on')]);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(slow.status).toBe(503);
    expect(fast.body.outcome).toBe('confirmed');
    strip.delayMs = 0;
    await eventually(async () => (await entity(light)).available).toBe(true);
  });

  it('logs a malformed answer once and keeps going', async () => {
    strip.malformed = true;
    await new Promise((r) => setTimeout(r, 1_200));
    strip.malformed = false;
    const lines = logs.lines.filter((l) => l.includes('malformed answer') && l.includes(strip.mac));
    expect(lines).toHaveLength(1);
    expect((await control(light, 'off')).body.outcome).toBe('confirmed');
  });

  it('refuses an address that is not WLED', async () => {
    const res = await t.api('POST', '/api/home/integrations/wled/pair', {
      token: admin,
      body: { address: t.url.replace('http://', '') },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('UNSUPPORTED_DEVICE');
  });

  it('removes a controller with its entities', async () => {
    expect(
      (await t.api('DELETE', `/api/home/integrations/wled/devices/${strip.mac}`, { token: admin })).status,
    ).toBe(200);
    const left = (await t.api('GET', '/api/home/entities?integration=wled', { token: admin })).body;
    expect(left.map((e: any) => e.device_id)).toEqual([`wled:${other.mac}`]);
  });
});
