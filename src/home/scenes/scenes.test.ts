import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';

describe('scenes on the demo home', () => {
  let t: TestApp;
  let user: string;
  let viewer: string;
  const state = async (id: string) =>
    (await t.api('GET', `/api/home/entities/${id}`, { token: viewer })).body;
  const all = async (domain: string) =>
    (await t.api('GET', `/api/home/entities?domain=${domain}`, { token: viewer })).body as any[];
  const activate = (id: string, token = user) => t.api('POST', `/api/home/scenes/${id}/activate`, { token });

  beforeAll(async () => {
    t = await startTestApp();
    const u = await withUsers(t);
    user = (await u.make('resident', 'user')).token;
    viewer = (await u.make('guest', 'viewer')).token;
  });
  afterAll(async () => t.stop());

  it('lists the four built-in scenes by their ids', async () => {
    const res = await t.api('GET', '/api/home/scenes', { token: viewer });
    expect(res.body.map((s: any) => s.id)).toEqual(
      expect.arrayContaining(['good-morning', 'movie-night', 'good-night', 'away']),
    );
  });

  it('Good Night: every light off, every lock locked, the alarm armed', async () => {
    await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'lock.back_door', action: 'unlock' },
    });
    const res = await activate('good-night');
    expect(res.status).toBe(200);
    expect(res.body.results.every((r: any) => r.outcome === 'confirmed')).toBe(true);
    expect((await all('light')).every((e) => e.state === 'off')).toBe(true);
    expect((await all('lock')).every((e) => e.state === 'locked')).toBe(true);
    expect((await state('alarm_control_panel.home_alarm')).state).toMatch(/^armed_/);
  });

  it('Movie Night: living room dimmed, TV backlight on, blinds closed', async () => {
    await activate('movie-night');
    const living = await state('light.living_room');
    expect(living.state).toBe('on');
    expect(living.attributes.brightness).toBe(20);
    expect((await state('light.tv_backlight')).state).toBe('on');
    expect((await state('cover.living_room_blinds')).state).toBe('closed');
  });

  it('Good Morning: lights on warm, blinds open, coffee machine on', async () => {
    await activate('good-morning');
    const lights = (await all('light')).filter((e) => !e.labels.includes('tv_backlight'));
    expect(lights.every((e) => e.state === 'on')).toBe(true);
    for (const l of lights.filter((e) => e.capabilities.color_temp))
      expect(l.attributes.kelvin).toBeLessThanOrEqual(3000);
    expect((await all('cover')).every((e) => e.state === 'open')).toBe(true);
    expect((await state('switch.coffee_machine')).state).toBe('on');
  });

  it('Away: lights off, thermostat eco, cameras recording', async () => {
    await activate('away');
    expect((await all('light')).every((e) => e.state === 'off')).toBe(true);
    expect((await state('climate.thermostat')).attributes.preset).toBe('eco');
    expect((await all('camera')).every((e) => e.state === 'recording')).toBe(true);
  });

  it('creates a custom scene with the hyphenated id, refuses a clash with 409, activates it', async () => {
    const body = {
      name: 'Reading Time',
      actions: [
        { entity: 'light.living_room', action: 'dim', brightness: 65 },
        { entity: 'light.kitchen', action: 'off' },
      ],
    };
    const created = await t.api('POST', '/api/home/scenes', { token: user, body });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe('reading-time');
    expect((await t.api('POST', '/api/home/scenes', { token: user, body })).status).toBe(409);
    await activate('reading-time');
    expect((await state('light.living_room')).attributes.brightness).toBe(65);
  });

  it('refuses a custom scene naming an unknown entity, naming the field', async () => {
    const res = await t.api('POST', '/api/home/scenes', {
      token: user,
      body: { name: 'Ghost', actions: [{ entity: 'light.attic', action: 'on' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('actions[0].entity');
  });

  it('saves a room as a snapshot scene and brings it back', async () => {
    await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.bedroom', action: 'dim', brightness: 35 },
    });
    const snap = await t.api('POST', '/api/home/scenes/snapshot', {
      token: user,
      body: { name: 'Bedroom Evening', area: 'bedroom' },
    });
    expect(snap.status).toBe(201);
    expect(snap.body.actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'light.bedroom', action: 'on', brightness: 35 }),
      ]),
    );
    await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.bedroom', action: 'off' },
    });
    await activate('bedroom-evening');
    expect(await state('light.bedroom')).toMatchObject({
      state: 'on',
      attributes: expect.objectContaining({ brightness: 35 }),
    });
  });

  it('edits a built-in scene, and reset restores it; deleting a built-in is 409', async () => {
    const edited = await t.api('PUT', '/api/home/scenes/away', {
      token: user,
      body: { name: 'Away', actions: [{ target: { domain: 'light' }, action: 'off' }] },
    });
    expect(edited.body).toMatchObject({ builtin: true, modified: true });
    expect((await t.api('DELETE', '/api/home/scenes/away', { token: user })).status).toBe(409);
    const reset = await t.api('POST', '/api/home/scenes/away/reset', { token: user });
    expect(reset.body).toMatchObject({ modified: false });
    expect(reset.body.actions).toHaveLength(3);
  });

  it('lets a viewer read scenes but not activate, create or delete them', async () => {
    expect((await t.api('GET', '/api/home/scenes/good-night', { token: viewer })).status).toBe(200);
    expect((await activate('good-night', viewer)).status).toBe(403);
    expect(
      (
        await t.api('POST', '/api/home/scenes', {
          token: viewer,
          body: { name: 'X', actions: [{ entity: 'light.kitchen', action: 'on' }] },
        })
      ).status,
    ).toBe(403);
    expect((await t.api('DELETE', '/api/home/scenes/reading-time', { token: viewer })).status).toBe(403);
  });
});

describe('undo', () => {
  let t: TestApp;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp();
    user = (await (await withUsers(t)).make('resident', 'user')).token;
  });
  afterAll(async () => t.stop());
  const get = async (id: string) => (await t.api('GET', `/api/home/entities/${id}`, { token: user })).body;

  it("restores the caller's last command and says what it restored", async () => {
    const before = await get('light.living_room');
    await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.living_room', action: 'dim', brightness: 5 },
    });
    const res = await t.api('POST', '/api/home/undo', { token: user });
    expect(res.body.restored).toBe('dim light.living_room');
    expect(res.body.results[0]).toMatchObject({ entity_id: 'light.living_room', outcome: 'confirmed' });
    expect((await get('light.living_room')).attributes.brightness).toBe(before.attributes.brightness);
  });

  it('restores every entity a scene activation changed', async () => {
    await t.api('POST', '/api/home/scenes/good-night/activate', { token: user });
    expect((await get('light.living_room')).state).toBe('off');
    const res = await t.api('POST', '/api/home/undo', { token: user });
    expect(res.body.restored).toBe('scene Good Night');
    expect((await get('light.living_room')).state).toBe('on');
    expect((await get('alarm_control_panel.home_alarm')).state).toBe('disarmed');
  });

  it('says there is nothing to undo', async () => {
    expect((await t.api('POST', '/api/home/undo', { token: user })).body).toEqual({
      restored: null,
      results: [],
    });
  });
});
