import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { collect, connect } from '../../test-support/socket.js';

const emitAck = (socket: Socket, event: string, payload: unknown) =>
  new Promise<any>((resolve) => socket.emit(event, payload, resolve));

describe('home events over Socket.IO', () => {
  let t: TestApp;
  let user: string;
  let viewer: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    const u = await withUsers(t);
    user = (await u.make('resident', 'user')).token;
    viewer = (await u.make('guest', 'viewer')).token;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.stop();
  });
  const open = async (token: string) => {
    const s = await connect(t, token);
    sockets.push(s);
    return s;
  };

  it('delivers state_changed with old and new state and the cause to every client by default', async () => {
    const a = await open(viewer);
    const b = await open(user);
    const ea = collect(a, 'state_changed');
    const eb = collect(b, 'state_changed');
    const res = await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.kitchen', action: 'on' },
    });
    const got = await ea.next((e) => e.entity_id === 'light.kitchen');
    expect(got).toMatchObject({
      entity_id: 'light.kitchen',
      old_state: { state: 'off' },
      new_state: { state: 'on' },
      cause: { type: 'user' },
      correlation_id: res.body.correlation_id,
    });
    await eb.next((e) => e.entity_id === 'light.kitchen');
  });

  it('narrows what a client receives after subscribe, by entity, domain or area', async () => {
    const s = await open(viewer);
    const events = collect(s, 'state_changed');
    expect(await emitAck(s, 'subscribe', { entity_ids: ['lock.front_door'] })).toMatchObject({ ok: true });
    await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.hallway', action: 'on' },
    });
    await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'lock.front_door', action: 'unlock' },
    });
    await events.next((e) => e.entity_id === 'lock.front_door');
    expect(events.seen.map((e) => e.entity_id)).toEqual(['lock.front_door']);

    await emitAck(s, 'subscribe', { areas: ['kitchen'] });
    await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'lock.front_door', action: 'lock' },
    });
    await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'switch.coffee_machine', action: 'toggle' },
    });
    await events.next((e) => e.entity_id === 'switch.coffee_machine');
    expect(events.seen.map((e) => e.entity_id)).toEqual(['lock.front_door', 'switch.coffee_machine']);
  });

  it('refuses a malformed subscribe with the error shape in the ack', async () => {
    const s = await open(viewer);
    const ack = await emitAck(s, 'subscribe', { rooms: ['x'] });
    expect(ack.error).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('controls over the socket with an ack in the REST shape; a viewer is refused', async () => {
    const s = await open(user);
    const results = collect(s, 'command_result');
    const ack = await emitAck(s, 'control', { entity_id: 'light.bedroom', action: 'dim', brightness: 10 });
    expect(ack).toMatchObject({ entity_id: 'light.bedroom', outcome: 'confirmed' });
    await results.next((r) => r.correlation_id === ack.correlation_id && r.outcome === 'confirmed');
    const v = await open(viewer);
    expect((await emitAck(v, 'control', { entity_id: 'light.bedroom', action: 'off' })).error).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('announces scene activations and registry edits', async () => {
    const s = await open(viewer);
    const scenes = collect(s, 'scene_activated');
    const updates = collect(s, 'entity_updated');
    await t.api('POST', '/api/home/scenes/movie-night/activate', { token: user });
    expect(await scenes.next()).toMatchObject({ scene_id: 'movie-night', name: 'Movie Night' });
    const admin = (
      await t.api('POST', '/api/auth/login', {
        body: { username: 'admin', password: 'correct horse battery' },
      })
    ).body.access_token;
    await t.api('PATCH', '/api/home/entities/light.hallway', {
      token: admin,
      body: { name: 'Corridor Light' },
    });
    expect(await updates.next((e) => e.entity_id === 'light.hallway')).toMatchObject({
      name: 'Corridor Light',
    });
  });
});
