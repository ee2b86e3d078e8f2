import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';

/** Chat against the real app with the demo home: REST, Socket.IO, control path, confirmation, scenes. */
describe('chat controls the demo home', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  const state = async (id: string) =>
    (await t.api('GET', `/api/home/entities/${id}`, { token: admin })).body.state as unknown;
  const chat = async (token: string, text: string, extra: Record<string, unknown> = {}) =>
    (await t.api('POST', '/api/ai/chat', { token, body: { text, ...extra } })).body;

  beforeAll(async () => {
    t = await startTestApp();
    const users = await withUsers(t);
    admin = users.adminToken;
    viewer = (await users.make('vic', 'viewer')).token;
  });
  afterAll(async () => {
    await t.stop();
  });

  it('reports the Home agent ready on /api/ai/status', async () => {
    const res = await t.api('GET', '/api/ai/status', { token: viewer });
    expect(res.body.agents).toContainEqual({ name: 'home', priority: 35, status: 'ready' });
    expect(res.body.intent_engine.entities).toBeGreaterThan(10);
  });

  it('turns on a light through the control path with cause agent', async () => {
    const r = await chat(admin, 'turn on the kitchen light');
    expect(r).toMatchObject({
      intent: 'HassTurnOn',
      actions: [{ entity_id: 'light.kitchen', action: 'on' }],
    });
    expect(['confirmed', 'accepted']).toContain(r.actions[0].outcome);
    expect(r.reply).toBe('Turned on the Kitchen Light.');
    await expect.poll(() => state('light.kitchen')).toBe('on');
  });

  it("refuses a viewer's command and leaves the device alone, but answers the viewer's question", async () => {
    const r = await chat(viewer, 'turn off the kitchen light');
    expect(r.actions).toEqual([]);
    expect(r.reply).toMatch(/viewers/);
    expect(await state('light.kitchen')).toBe('on');
    const q = await chat(viewer, 'is the front door locked?');
    expect(q.reply).toBe('Yes, the Front Door is locked.');
    // a heater is on in whichever mode it heats
    const heating = await chat(viewer, 'is the thermostat switched on?');
    expect(heating.reply).toMatch(/^Yes, the Thermostat is/);
  });

  it('unlocks the front door only after a confirmation turn', async () => {
    const q = await chat(admin, 'unlock the front door', { conversation_id: 'door-1' });
    expect(q.reply).toMatch(/^Do you want me to unlock the Front Door\?/);
    expect(q.actions).toEqual([]);
    expect(await state('lock.front_door')).toBe('locked');
    const a = await chat(admin, 'yes', { conversation_id: 'door-1' });
    expect(a.actions).toMatchObject([{ entity_id: 'lock.front_door', action: 'unlock' }]);
    await expect.poll(() => state('lock.front_door')).toBe('unlocked');
  });

  it('creates a snapshot scene and a scene from settings by chat', async () => {
    expect((await chat(admin, 'save the living room as reading time')).reply).toBe(
      'Saved the Living Room as reading time.',
    );
    const r = await chat(
      admin,
      'create a scene called movie with the tv backlight on and the blinds closed',
      { area: 'Living Room' },
    );
    expect(r.reply).toBe('Created the scene movie with 2 settings.');
    const scenes = (await t.api('GET', '/api/home/scenes', { token: admin })).body as { name: string }[];
    expect(scenes.map((s) => s.name)).toEqual(expect.arrayContaining(['reading time', 'movie']));
    const act = await chat(admin, 'activate movie');
    expect(act.intent).toBe('HassTurnOn');
    await expect.poll(() => state('light.tv_backlight')).toBe('on');
  });

  it('answers over Socket.IO with the same pipeline', async () => {
    const socket = io(t.url, { auth: { token: admin }, transports: ['websocket'], forceNew: true });
    try {
      const r = await socket
        .timeout(5000)
        .emitWithAck('chat', { text: 'turn off the lights in here', area: 'Kitchen' });
      expect(r).toMatchObject({
        intent: 'HassTurnOff',
        actions: [{ entity_id: 'light.kitchen', action: 'off' }],
      });
    } finally {
      socket.disconnect();
    }
  });

  it('sets 68 said to the °C thermostat as 20 °C ("the heat" is the thermostat)', async () => {
    const r = await chat(admin, 'set the heat to 68');
    expect(r).toMatchObject({
      intent: 'HassClimateSetTemperature',
      actions: [{ entity_id: 'climate.thermostat', action: 'set_temperature' }],
    });
    await expect
      .poll(
        async () =>
          (await t.api('GET', '/api/home/entities/climate.thermostat', { token: admin })).body.attributes
            .temperature,
      )
      .toBe(20);
  });
});
