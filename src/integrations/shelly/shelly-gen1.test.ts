import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceApi } from '../../test-support/devices.js';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { ShellyGen1Simulator } from './simulator-gen1.js';

/** Shelly Gen1 (polled REST, basic auth) against simulators written from Shelly's Gen1 API docs. */
const LOGIN = { username: 'admin', password: 'gen1-pass-5521' };
const plug = new ShellyGen1Simulator('SHSW-PM');
const roller = new ShellyGen1Simulator('SHSW-25', LOGIN);
const dimmer = new ShellyGen1Simulator('SHDM-2');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  for (const s of [plug, roller, dimmer]) await s.start();
  t = await startTestApp({ config: { wifi_poll_interval: 0.3, wifi_timeout: 0.4 } });
  admin = (await withUsers(t)).adminToken;
});
afterAll(async () => {
  await t.stop();
  for (const s of [plug, roller, dimmer]) await s.stop();
});

const pair = (body: Record<string, unknown>) =>
  t.api('POST', '/api/home/integrations/shelly/pair', { token: admin, body });
const { control, entity, eventually } = deviceApi(
  () => t,
  () => admin,
);
const find = (res: any, domain: string) => res.body.entities.find((e: any) => e.domain === domain);

describe('Shelly Gen1', () => {
  let sw: string;
  it('adds a Shelly 1PM: relay with power and energy, the input as button events; switches confirmed', async () => {
    const res = await pair({ address: plug.address });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.device).toMatchObject({ model: 'SHSW-PM (Gen1)', name: 'Porch' });
    sw = find(res, 'switch').entity_id;
    expect(find(res, 'switch')).toMatchObject({ name: 'Porch light', state: 'off' });
    const energy = res.body.entities.find((e: any) => e.attributes.device_class === 'energy');
    expect(energy.state).toBe(1);
    expect((await control(sw, 'on')).body).toMatchObject({ outcome: 'confirmed', state: 'on' });
    expect(plug.relays[0]!.ison).toBe(true);
    const power = res.body.entities.find((e: any) => e.attributes.device_class === 'power').entity_id;
    await eventually(async () => (await entity(power)).state).toBe(60.5);
    expect((await control(sw, 'off')).body).toMatchObject({ outcome: 'confirmed', state: 'off' });
  });

  it('polls changes made at the device, and turns an input event into a button event', async () => {
    plug.relays[0]!.ison = true;
    await eventually(async () => (await entity(sw)).state).toBe('on');
    const button = (await t.api('GET', '/api/home/entities?domain=sensor', { token: admin })).body.find(
      (e: any) => e.attributes.device_class === 'button' && e.integration === 'shelly',
    );
    plug.press(0, 'L');
    await eventually(async () => (await entity(button.entity_id)).attributes.last_event).toBe('L');
  });

  it('needs the login of a protected device (basic auth): missing, wrong, right; then the roller moves, confirmed', async () => {
    expect((await pair({ address: roller.address })).body.error).toMatchObject({
      code: 'DEVICE_AUTH_FAILED',
    });
    expect(
      (await pair({ address: roller.address, username: 'admin', password: 'nope' })).body.error,
    ).toMatchObject({
      code: 'DEVICE_AUTH_FAILED',
      details: { field: 'password' },
    });
    const res = await pair({ address: roller.address, ...LOGIN });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entities.map((e: any) => e.domain)).toEqual(['cover']); // roller mode: no relay switches
    const cover = find(res, 'cover').entity_id;
    expect((await control(cover, 'open')).body.outcome).toBe('confirmed');
    await eventually(async () => (await entity(cover)).state).toBe('open');
    expect((await control(cover, 'set_position', { position: 30 })).body.outcome).toBe('confirmed');
    await eventually(async () => (await entity(cover)).attributes.position).toBe(30);
    expect((await control(cover, 'stop')).body.outcome).toBe('confirmed');
    expect((await control(cover, 'close')).body.outcome).toBe('confirmed');
  });

  it('dims a Gen1 dimmer, confirmed', async () => {
    const res = await pair({ address: dimmer.address });
    const light = find(res, 'light').entity_id;
    expect((await control(light, 'on', { brightness: 65 })).body).toMatchObject({
      outcome: 'confirmed',
      state: 'on',
    });
    expect(dimmer.lights[0]).toEqual({ ison: true, brightness: 65 });
    expect((await control(light, 'dim', { brightness: 10 })).body.outcome).toBe('confirmed');
    expect((await control(light, 'off')).body.outcome).toBe('confirmed');
  });

  it('marks a rebooting device unavailable and back; survives malformed answers', async () => {
    const reboot = plug.reboot(2_000);
    await eventually(async () => (await entity(sw)).available, 4_000).toBe(false);
    await reboot;
    await eventually(async () => (await entity(sw)).available, 5_000).toBe(true);
    plug.malformed = true;
    await new Promise((r) => setTimeout(r, 800));
    plug.malformed = false;
    expect((await control(sw, 'on')).body.outcome).toBe('confirmed');
  });

  it('removes a device', async () => {
    const id = (await t.api('GET', '/api/home/integrations/shelly/devices', { token: admin })).body.find(
      (d: any) => d.model.startsWith('SHDM'),
    ).id;
    expect(
      (await t.api('DELETE', `/api/home/integrations/shelly/devices/${id}`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await t.api('GET', '/api/home/entities?domain=light&integration=shelly', { token: admin })).body,
    ).toEqual([]);
  });
});
