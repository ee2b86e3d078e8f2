import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceApi } from '../../test-support/devices.js';
import {
  LogCapture,
  startTestApp,
  tempDataDir,
  withUsers,
  type TestApp,
} from '../../test-support/harness.js';
import { OnvifCameraSimulator } from './simulator.js';

/**
 * ONVIF cameras against a simulator written from the ONVIF Core, Media, Events and PTZ
 * specifications (WS-Security PasswordDigest, pull-point events, digest-protected snapshots).
 */
const PASSWORD = 'cam-pass-8812';
const cam = new OnvifCameraSimulator({ password: PASSWORD, name: 'Front Garden', serial: 'SIMCAM0001' });
const fixed = new OnvifCameraSimulator({
  password: 'fixed-pass-1',
  name: 'Garage',
  serial: 'SIMCAM0002',
  model: 'SIM-BULLET-1',
  ptz: false,
  motionTopic: 'alarm',
});
const dataDir = tempDataDir();
const logs = new LogCapture();
let notOnvif: Server;
let t: TestApp;
let admin: string;
let viewer: string;
const CAMERA = 'camera.front_garden';
const appOptions = {
  dataDir,
  logStream: logs,
  config: {
    wifi_poll_interval: 0.3,
    wifi_timeout: 0.4,
    camera_snapshots_max: 3,
    log_level: 'debug' as const,
  },
};
const MOTION = 'binary_sensor.front_garden_motion';

beforeAll(async () => {
  await cam.start();
  await fixed.start();
  notOnvif = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html>router</html>'),
  );
  await new Promise<void>((r) => notOnvif.listen(0, '127.0.0.1', r));
  t = await startTestApp(appOptions);
  const users = await withUsers(t);
  admin = users.adminToken;
  viewer = (await users.make('guest', 'viewer')).token;
});
afterAll(async () => {
  await t.stop();
  await cam.stop();
  await fixed.stop();
  notOnvif.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const pair = (body: Record<string, unknown>) =>
  t.api('POST', '/api/home/integrations/onvif/pair', { token: admin, body });
const { control, entity, eventually } = deviceApi(
  () => t,
  () => admin,
);
const picture = (path: string, token?: string) =>
  fetch(`${t.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b.at(-2) === 0xff && b.at(-1) === 0xd9;
const snapshots = async () =>
  (await t.api('GET', `/api/home/entities/${CAMERA}/snapshots`, { token: viewer })).body as {
    id: string;
    at: string;
    bytes: number;
  }[];

/** Motion starts and stops at the camera; resolves when Hearth's sensor has followed both. */
async function motionEvent() {
  cam.motion(true);
  await eventually(async () => (await entity(MOTION)).state).toBe('on');
  cam.motion(false);
  await eventually(async () => (await entity(MOTION)).state).toBe('off');
}

describe('ONVIF cameras', () => {
  it('says exactly why a camera was not added: nothing answered, no password, wrong password, not ONVIF', async () => {
    const nothing = await pair({ address: '127.0.0.1:9' });
    expect(nothing.status).toBe(502);
    expect(nothing.body.error.code).toBe('DEVICE_UNREACHABLE');
    const missing = await pair({ address: cam.address });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({ code: 'DEVICE_AUTH_FAILED', details: { field: 'password' } });
    expect(missing.body.error.message).toMatch(/wants a user name and password/);
    const wrong = await pair({ address: cam.address, username: 'admin', password: 'nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'DEVICE_AUTH_FAILED', details: { field: 'password' } });
    const other = await pair({ address: `127.0.0.1:${(notOnvif.address() as AddressInfo).port}` });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('UNSUPPORTED_DEVICE');
    expect(cam.refused).toBeGreaterThan(0);
  });

  it('adds a camera by address: brand, model, name; a camera and a motion sensor; credentials kept private', async () => {
    const res = await pair({ address: cam.address, username: 'admin', password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.device).toMatchObject({
      name: 'Front Garden',
      manufacturer: 'Simulated Optics',
      model: 'SIM-PTZ-2',
      integration: 'onvif',
    });
    const camera = res.body.entities.find((e: any) => e.domain === 'camera');
    expect(camera).toMatchObject({
      entity_id: CAMERA,
      state: 'idle',
      available: true,
      capabilities: {
        actions: ['start_recording', 'stop_recording', 'goto_preset'],
        presets: ['Driveway', 'Garden gate'],
      },
      attributes: { ptz: true, motion_events: true, stream_url: 'rtsp://127.0.0.1:554/main' },
    });
    const motion = res.body.entities.find((e: any) => e.domain === 'binary_sensor');
    expect(motion).toMatchObject({ entity_id: MOTION, attributes: { device_class: 'motion' } });
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
    const listed = await t.api('GET', '/api/home/integrations/onvif/devices', { token: admin });
    expect(listed.body).toEqual([
      {
        id: 'onvif-simcam0001',
        name: 'Front Garden',
        manufacturer: 'Simulated Optics',
        model: 'SIM-PTZ-2',
        address: cam.address,
      },
    ]);
    const file = join(dataDir, 'integrations', 'onvif', 'devices.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(PASSWORD);
    expect(logs.text).not.toContain(PASSWORD);
    // The motion sensor follows the camera's pull point (its first message is the current state).
    await eventually(async () => cam.subscriptionCount).toBe(1);
    await eventually(async () => (await entity(MOTION)).state).toBe('off');
  });

  it('serves a snapshot through Hearth to a viewer; the camera and its credentials stay behind Hearth', async () => {
    const served = cam.snapshotsServed;
    const res = await picture(`/api/home/entities/${CAMERA}/snapshot`, viewer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(isJpeg(jpeg)).toBe(true);
    expect(cam.snapshotsServed).toBe(served + 1);
    expect([...res.headers.values()].join(' ')).not.toContain(PASSWORD);
    expect((await picture(`/api/home/entities/${CAMERA}/snapshot`)).status).toBe(401);
    expect((await picture(`/api/home/entities/camera.nope/snapshot`, viewer)).status).toBe(404);
    // Not a camera: the path names cameras only.
    expect((await picture(`/api/home/entities/${MOTION}/snapshot`, viewer)).status).toBe(400);
    // A camera without pictures (the demo home's): 404, not a crash.
    expect((await picture(`/api/home/entities/camera.front_door/snapshot`, viewer)).status).toBe(404);
  });

  it('turns a motion event into the binary sensor, and an automation with a state trigger on it fires', async () => {
    const created = await t.api('POST', '/api/home/automations', {
      token: admin,
      body: {
        name: 'Look at the gate on motion',
        trigger: { type: 'device_state', entity: MOTION, to: 'on' },
        actions: [{ entity: CAMERA, action: 'goto_preset', preset: 'Garden gate' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await motionEvent();
    await eventually(async () => cam.position).toEqual({ x: -0.4, y: 0, zoom: 0.3 });
    await eventually(async () => (await entity(CAMERA)).attributes.preset).toBe('Garden gate');
    const auto = await t.api('GET', `/api/home/automations/${created.body.id}`, { token: admin });
    expect(auto.body.last_triggered).not.toBeNull();
    expect(await snapshots()).toEqual([]); // the camera is not active: nothing kept
    await t.api('DELETE', `/api/home/automations/${created.body.id}`, { token: admin });
  });

  it('moves the head to a PTZ preset, confirmed by the camera; a preset it lacks is refused', async () => {
    const res = await control(CAMERA, 'goto_preset', { preset: 'Driveway' });
    expect(res.body).toMatchObject({ outcome: 'confirmed' });
    expect(cam.position).toEqual({ x: 0.5, y: 0.1, zoom: 0 });
    expect((await entity(CAMERA)).attributes.preset).toBe('Driveway');
    const bad = await control(CAMERA, 'goto_preset', { preset: 'Moon' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe('preset');
    expect((await control(CAMERA, 'goto_preset')).status).toBe(400);
    expect((await control(MOTION, 'goto_preset', { preset: 'Driveway' })).status).toBe(400);
  });

  it('while active keeps one snapshot per motion event, bounded by count; inactive stops that', async () => {
    expect((await control(CAMERA, 'start_recording')).body).toMatchObject({
      outcome: 'confirmed',
      state: 'recording',
    });
    for (let i = 0; i < 5; i++) {
      const before = (await snapshots()).length;
      await motionEvent();
      await eventually(async () => (await entity(CAMERA)).attributes.motion_snapshots).toBe(
        Math.min(3, before + 1),
      );
      if (before === 3) await eventually(async () => (await snapshots())[0]!.id).not.toBe(undefined);
    }
    const kept = await snapshots();
    expect(kept).toHaveLength(3); // HEARTH_CAMERA_SNAPSHOTS_MAX
    const folder = join(dataDir, 'integrations', 'onvif', 'snapshots', 'onvif-simcam0001');
    expect(readdirSync(folder)).toHaveLength(3);
    expect(statSync(join(folder, `${kept[0]!.id}.jpg`)).mode & 0o777).toBe(0o600);
    const one = await picture(`/api/home/entities/${CAMERA}/snapshots/${kept[0]!.id}`, viewer);
    expect(one.status).toBe(200);
    expect(isJpeg(Buffer.from(await one.arrayBuffer()))).toBe(true);
    expect(
      (await picture(`/api/home/entities/${CAMERA}/snapshots/20200101T000000000Z-abcdef`, viewer)).status,
    ).toBe(404);
    expect((await picture(`/api/home/entities/${CAMERA}/snapshots/..%2Fdevices.json`, viewer)).status).toBe(
      400,
    );

    expect((await control(CAMERA, 'stop_recording')).body).toMatchObject({
      outcome: 'confirmed',
      state: 'idle',
    });
    const served = cam.snapshotsServed;
    await motionEvent();
    await new Promise((r) => setTimeout(r, 300));
    expect(cam.snapshotsServed).toBe(served);
    expect((await snapshots()).map((s) => s.id)).toEqual(kept.map((s) => s.id));
  });

  it('reads the VideoSource/MotionAlarm topic; a slow camera is bounded and does not hold up another', async () => {
    const res = await pair({ address: fixed.address, username: 'admin', password: 'fixed-pass-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const garage = res.body.entities.find((e: any) => e.domain === 'camera');
    expect(garage.capabilities.actions).toEqual(['start_recording', 'stop_recording']);
    const garageMotion = 'binary_sensor.garage_motion';
    await eventually(async () => fixed.subscriptionCount).toBe(1);
    fixed.motion(true);
    await eventually(async () => (await entity(garageMotion)).state).toBe('on');

    fixed.delayMs = 3_000;
    await eventually(async () => (await entity(garage.entity_id)).available, 8_000).toBe(false);
    // The other camera goes on answering: its events and pictures are not held up.
    await motionEvent();
    expect((await picture(`/api/home/entities/${CAMERA}/snapshot`, viewer)).status).toBe(200);
    const slow = await picture(`/api/home/entities/${garage.entity_id}/snapshot`, viewer);
    expect(slow.status).toBe(503);
    fixed.delayMs = 0;
    await eventually(async () => (await entity(garage.entity_id)).available, 10_000).toBe(true);
  });

  it('marks a rebooting camera unavailable and back by itself; its motion events flow again', async () => {
    const reboot = cam.reboot(2_000);
    await eventually(async () => (await entity(CAMERA)).available, 4_000).toBe(false);
    expect((await entity(MOTION)).available).toBe(false);
    await reboot;
    await eventually(async () => (await entity(CAMERA)).available, 8_000).toBe(true);
    await eventually(async () => cam.subscriptionCount, 8_000).toBe(1);
    await motionEvent();
  });

  it('logs malformed answers once and keeps going', async () => {
    const warnings = () =>
      logs.lines.filter(
        (l) => l.includes('malformed answer from the device ignored') && l.includes('onvif-simcam0001'),
      );
    const before = warnings().length;
    cam.malformed = true;
    cam.motion(true); // the waiting pull answers; the next ones get garbage
    await new Promise((r) => setTimeout(r, 1_500));
    cam.malformed = false;
    const seen = warnings().length - before;
    expect(seen).toBeGreaterThan(0);
    const kinds = warnings().map((l) => JSON.parse(l).kind as string);
    expect(new Set(kinds).size).toBe(kinds.length); // once per kind
    cam.motion(false);
    await eventually(async () => (await entity(MOTION)).state, 8_000).toBe('off');
    expect((await entity(CAMERA)).available).toBe(true);
    await motionEvent();
    expect((await control(CAMERA, 'goto_preset', { preset: 'Garden gate' })).body.outcome).toBe('confirmed');
  });

  it('after a restart watches the saved cameras again, still active', async () => {
    expect((await control(CAMERA, 'start_recording')).body.outcome).toBe('confirmed');
    const newest = (await snapshots())[0]!.id;
    const subscription = cam.newestSubscription;
    await t.stop({ keepData: true });
    t = await startTestApp(appOptions);
    await eventually(async () => cam.newestSubscription).toBeGreaterThan(subscription);
    expect((await entity(CAMERA)).state).toBe('recording');
    await eventually(async () => (await entity(CAMERA)).available).toBe(true);
    await motionEvent();
    await eventually(async () => (await snapshots())[0]!.id).not.toBe(newest);
    expect(await snapshots()).toHaveLength(3);
    // Added again (say, after a password change): the same camera, still active.
    const watched = cam.newestSubscription;
    const again = await pair({ address: cam.address, username: 'admin', password: PASSWORD });
    expect(again.status).toBe(201);
    expect(again.body.device.id).toBe('onvif:onvif-simcam0001');
    expect((await entity(CAMERA)).state).toBe('recording');
    await eventually(async () => cam.newestSubscription).toBeGreaterThan(watched);
  });

  it('removes a camera: entities, the subscription at the camera and the kept snapshots go', async () => {
    const subscription = cam.newestSubscription;
    expect(cam.unsubscribed).not.toContain(subscription);
    const del = await t.api('DELETE', '/api/home/integrations/onvif/devices/onvif-simcam0001', {
      token: admin,
    });
    expect(del.status).toBe(200);
    const left = await t.api('GET', '/api/home/entities?integration=onvif', { token: admin });
    expect(left.body.map((e: any) => e.entity_id).sort()).toEqual([
      'binary_sensor.garage_motion',
      'camera.garage',
    ]);
    // The subscription Hearth pulled from is given back (an older one a garbled answer left behind expires by itself).
    await eventually(async () => cam.unsubscribed).toContain(subscription);
    expect(() =>
      readdirSync(join(dataDir, 'integrations', 'onvif', 'snapshots', 'onvif-simcam0001')),
    ).toThrow();
    expect((await picture(`/api/home/entities/${CAMERA}/snapshot`, viewer)).status).toBe(404);
    const requests = cam.received.length;
    await new Promise((r) => setTimeout(r, 800));
    expect(cam.received.length).toBe(requests);
  });
});
