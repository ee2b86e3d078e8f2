import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceApi } from '../../test-support/devices.js';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { HueBridgeSimulator } from './simulator.js';

/**
 * Philips Hue against a bridge simulator (HTTPS, self-signed certificate) written from the Hue
 * API v2 docs: link-button pairing, the certificate pinned at pairing (a changed one refused),
 * lights, rooms as areas, scenes, sensors, buttons, the event stream, a bridge reboot.
 */
const bridge = new HueBridgeSimulator();
let t: TestApp;
let admin: string;

beforeAll(async () => {
  await bridge.start();
  t = await startTestApp({ config: { wifi_poll_interval: 0.3, wifi_timeout: 0.4 } });
  admin = (await withUsers(t)).adminToken;
});
afterAll(async () => {
  await t.stop();
  await bridge.stop();
});

const pair = () =>
  t.api('POST', '/api/home/integrations/hue/pair', { token: admin, body: { address: bridge.address } });
const { control, entity, eventually } = deviceApi(
  () => t,
  () => admin,
);
let entities: any[] = [];
const byName = (name: string) => entities.find((e) => e.name === name)!.entity_id as string;

describe('Philips Hue', () => {
  it('answers 409 BUTTON_NOT_PRESSED until the link button is pressed; then the same request adds the bridge', async () => {
    const before = await pair();
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('BUTTON_NOT_PRESSED');
    bridge.buttonPressed = true;
    const after = await pair();
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect(after.body.device).toMatchObject({
      id: `hue:${bridge.bridgeId.toLowerCase()}`,
      model: 'Hue Bridge BSB002',
    });
    entities = after.body.entities;
    expect(entities.map((e) => `${e.domain}:${e.name}`).sort()).toEqual([
      'binary_sensor:Hall sensor motion',
      'light:Reading lamp',
      'light:Sofa lamp',
      'scene:Living room Relax',
      'sensor:Dimmer button 1',
      'sensor:Hall sensor light level',
      'sensor:Hall sensor temperature',
    ]);
    expect(JSON.stringify(after.body)).not.toMatch(new RegExp([...bridge.keys][0]!));
  });

  it('maps lights with their capabilities, and rooms to areas', async () => {
    const sofa = await entity(byName('Sofa lamp'));
    expect(sofa.capabilities).toEqual({
      actions: ['on', 'off', 'toggle', 'dim', 'set_color_temp', 'set_color'],
      brightness: true,
      color_temp: { min_kelvin: 2000, max_kelvin: 6536 },
      color: true,
    });
    expect(sofa).toMatchObject({
      state: 'off',
      area: 'living_room',
      attributes: { brightness: 50, kelvin: 2732 },
    });
    expect((await entity(byName('Reading lamp'))).capabilities.color).toBeUndefined();
    expect((await entity(byName('Hall sensor temperature'))).state).toBe(20.5);
    expect((await entity(byName('Hall sensor light level'))).state).toBe(100);
  });

  it('carries out every light action and a scene with outcome confirmed', async () => {
    const sofa = byName('Sofa lamp');
    expect((await control(sofa, 'on', { brightness: 70 })).body).toMatchObject({
      outcome: 'confirmed',
      state: 'on',
    });
    expect((await control(sofa, 'dim', { brightness: 30 })).body.outcome).toBe('confirmed');
    expect((await control(sofa, 'set_color_temp', { kelvin: 4000 })).body.outcome).toBe('confirmed');
    expect((await control(sofa, 'set_color', { color: [255, 0, 0] })).body.outcome).toBe('confirmed');
    expect((await control(sofa, 'off')).body).toMatchObject({ outcome: 'confirmed', state: 'off' });
    expect((await control(byName('Living room Relax'), 'activate')).body.outcome).toBe('confirmed');
    await eventually(async () => (await entity(byName('Reading lamp'))).state).toBe('on');
    expect((await entity(byName('Reading lamp'))).attributes.brightness).toBe(40);
  });

  it('takes motion, a button press and a light change from the event stream', async () => {
    bridge.delayMs = 5_000; // polls cannot answer: only the stream can bring these
    bridge.update('m1', { motion: { motion: true, motion_valid: true } });
    await eventually(async () => (await entity(byName('Hall sensor motion'))).state, 2_000).toBe('on');
    bridge.update('b1', { button: { last_event: 'short_release' } });
    await eventually(async () => (await entity(byName('Dimmer button 1'))).attributes.last_event, 2_000).toBe(
      'short_release',
    );
    bridge.update('l2', { on: { on: false } });
    await eventually(async () => (await entity(byName('Reading lamp'))).state, 2_000).toBe('off');
    bridge.delayMs = 0;
    await eventually(async () => (await entity(byName('Reading lamp'))).available).toBe(true);
  });

  it('marks everything unavailable while the bridge reboots and recovers by itself', async () => {
    const reboot = bridge.reboot(2_000);
    await eventually(async () => (await entity(byName('Sofa lamp'))).available, 4_000).toBe(false);
    await reboot;
    await eventually(async () => (await entity(byName('Sofa lamp'))).available, 5_000).toBe(true);
    bridge.update('m1', { motion: { motion: false, motion_valid: true } });
    await eventually(async () => (await entity(byName('Hall sensor motion'))).state, 4_000).toBe('off');
  });

  it('refuses a bridge whose certificate changed: no requests with the key, unavailable, and re-pairing refused', async () => {
    bridge.changeCertificate();
    await bridge.reboot(100);
    await eventually(async () => (await entity(byName('Sofa lamp'))).available, 4_000).toBe(false);
    const again = await pair();
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ code: 'PAIRING_REFUSED', details: { reason: 'certificate' } });
  });

  it('removes the bridge with every device behind it', async () => {
    const res = await t.api('DELETE', `/api/home/integrations/hue/devices/${bridge.bridgeId.toLowerCase()}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/api/home/entities?integration=hue', { token: admin })).body).toEqual([]);
    expect(
      (await t.api('GET', '/api/home/devices', { token: admin })).body.filter(
        (d: any) => d.integration === 'hue',
      ),
    ).toEqual([]);
  });
});
