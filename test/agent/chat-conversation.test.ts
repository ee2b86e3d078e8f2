import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';

/**
 * Conversations against the real app and the demo home: follow-ups within a conversation_id,
 * compound commands, undo by chat for the person who asked (and history that names them),
 * automations by chat that exist only after "yes", and viewers who still cannot act.
 */
describe('chat conversations on the demo home', () => {
  let t: TestApp;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let viewer: string;
  const state = async (id: string) =>
    (await t.api('GET', `/api/home/entities/${id}`, { token: alice.token })).body.state as unknown;
  const chat = async (token: string, text: string, extra: Record<string, unknown> = {}) =>
    (await t.api('POST', '/api/ai/chat', { token, body: { text, ...extra } })).body;

  beforeAll(async () => {
    t = await startTestApp();
    const users = await withUsers(t);
    const a = await users.make('alice', 'user');
    const b = await users.make('bob', 'user');
    alice = { token: a.token, id: a.id };
    bob = { token: b.token, id: b.id };
    viewer = (await users.make('vic', 'viewer')).token;
  });
  afterAll(async () => {
    await t.stop();
  });

  it('follows "turn it off" and "and the hallway too" within one conversation only', async () => {
    await chat(alice.token, 'turn on the kitchen light', { conversation_id: 'k1' });
    await expect.poll(() => state('light.kitchen')).toBe('on');
    const off = await chat(alice.token, 'now turn it off', { conversation_id: 'k1' });
    expect(off.actions).toMatchObject([{ entity_id: 'light.kitchen', action: 'off' }]);
    await expect.poll(() => state('light.kitchen')).toBe('off');
    const more = await chat(alice.token, 'and the hallway light too', { conversation_id: 'k1' });
    expect(more.actions).toMatchObject([{ entity_id: 'light.hallway', action: 'off' }]);
    // another conversation has no "it"
    const lost = await chat(alice.token, 'turn it on', { conversation_id: 'k2' });
    expect(lost.actions).toEqual([]);
  });

  it('asks which one and takes the answer', async () => {
    const ask = await chat(alice.token, 'switch on the light', { conversation_id: 'w1' });
    expect(ask.actions).toEqual([]);
    expect(ask.reply).toMatch(/Kitchen Light/);
    const a = await chat(alice.token, 'the one in the kitchen', { conversation_id: 'w1' });
    expect(a.actions).toMatchObject([{ entity_id: 'light.kitchen', action: 'on' }]);
  });

  it('runs each part of a compound command and says what happened to each', async () => {
    const r = await chat(
      alice.token,
      'turn on the kitchen light and the hallway light, then turn off the bedroom fan',
    );
    expect(r.actions.map((a: { entity_id: string }) => a.entity_id)).toEqual([
      'light.kitchen',
      'light.hallway',
      'fan.bedroom_fan',
    ]);
    expect(r.reply).toMatch(
      /Turned on the Kitchen Light\. Turned on the Hallway Light\. Turned off the Bedroom Fan\./,
    );
    await expect.poll(() => state('light.hallway')).toBe('on');
  });

  it('undoes by chat only what the person asked, and history says who asked', async () => {
    await chat(alice.token, 'turn off the living room light');
    await expect.poll(() => state('light.living_room')).toBe('off');
    expect((await chat(bob.token, 'undo that')).reply).toBe('There is nothing of yours to undo.');
    expect(await state('light.living_room')).toBe('off');
    const u = await chat(alice.token, 'put it back');
    expect(u.reply).toBe('Okay, I put the Living Room Light back.');
    await expect.poll(() => state('light.living_room')).toBe('on');
    await expect
      .poll(async () => {
        const h = (await t.api('GET', '/api/home/entities/light.living_room/history', { token: alice.token }))
          .body as { state: string; cause: { type: string; id: string; user_id?: string } }[];
        return h.filter((x) => x.cause.type === 'agent').map((x) => [x.state, x.cause.user_id]);
      })
      .toEqual([
        ['off', alice.id],
        ['on', alice.id],
      ]);
  });

  it('creates an automation by chat only after yes, and exactly the one described', async () => {
    const before = (await t.api('GET', '/api/home/automations', { token: alice.token })).body
      .length as number;
    const q = await chat(alice.token, 'every weekday at 7 turn on the kitchen light', {
      conversation_id: 'r1',
    });
    expect(q.reply).toBe(
      'Every weekday at 07:00, turn on the Kitchen Light. Shall I create this automation? Say yes to confirm.',
    );
    expect((await chat(alice.token, 'no', { conversation_id: 'r1' })).reply).toBe(
      'Okay, I left it as it is.',
    );
    expect((await t.api('GET', '/api/home/automations', { token: alice.token })).body).toHaveLength(before);

    await chat(alice.token, 'when the front door contact turns on after sunset turn on the hallway light', {
      conversation_id: 'r2',
    });
    const yes = await chat(alice.token, 'yes', { conversation_id: 'r2' });
    expect(yes.reply).toMatch(/^Created the automation "/);
    const list = (await t.api('GET', '/api/home/automations', { token: alice.token })).body as {
      trigger?: unknown;
      triggers?: unknown;
      conditions: unknown;
      actions: unknown;
    }[];
    expect(list).toHaveLength(before + 1);
    const made = list[list.length - 1]!;
    expect(made.trigger ?? made.triggers).toMatchObject({
      type: 'device_state',
      entity: 'binary_sensor.front_door_contact',
      to: 'on',
    });
    expect(made.conditions).toEqual([{ type: 'sun', after: 'sunset' }]);
    expect(made.actions).toEqual([{ entity: 'light.hallway', action: 'on' }]);
  });

  it('makes rules with the sun shifted, hours of the day and several actions, as confirmed', async () => {
    const automations = async () =>
      (await t.api('GET', '/api/home/automations', { token: alice.token })).body as {
        trigger: unknown;
        conditions: unknown;
        actions: unknown;
      }[];
    const before = (await automations()).length;
    const q = await chat(alice.token, 'half an hour after sunset every day, turn on the hallway light', {
      conversation_id: 'r3',
    });
    expect(q.reply).toBe(
      'Every day 30 minutes after sunset, turn on the Hallway Light. Shall I create this automation? Say yes to confirm.',
    );
    await chat(alice.token, 'yes', { conversation_id: 'r3' });
    let list = await automations();
    expect(list).toHaveLength(before + 1);
    expect(list[list.length - 1]!.trigger).toEqual({ type: 'solar', event: 'sunset', offset: 30 });

    const h = await chat(
      alice.token,
      'if the front door contact turns on after 11pm, turn on the kitchen light and the hallway light',
      { conversation_id: 'r4' },
    );
    expect(h.reply).toBe(
      'When the Front Door Contact turns on or detects something, after 23:00, turn on the Kitchen Light and the Hallway Light. Shall I create this automation? Say yes to confirm.',
    );
    await chat(alice.token, 'yes', { conversation_id: 'r4' });
    list = await automations();
    expect(list).toHaveLength(before + 2);
    const made = list[list.length - 1]!;
    expect(made.conditions).toEqual([{ type: 'time', after: '23:00' }]);
    expect(made.actions).toEqual([
      { entity: 'light.kitchen', action: 'on' },
      { entity: 'light.hallway', action: 'on' },
    ]);
    // a part that acts on nothing makes no automation
    const none = await chat(alice.token, 'every day at 7 turn on the kitchen light and the sauna', {
      conversation_id: 'r5',
    });
    expect(none.reply).not.toMatch(/Shall I create/);
  });

  it('answers time, date and what it can do with names from this home', async () => {
    expect((await chat(viewer, 'what time is it')).reply).toMatch(/^It is \d\d:\d\d\.$/);
    expect((await chat(viewer, "what's the date today")).reply).toMatch(/^Today is /);
    expect((await chat(viewer, 'what can you do')).reply).toMatch(/turn on the Living Room Light/);
  });

  it('lets viewers ask but not act, undo, set timers or make automations', async () => {
    for (const text of [
      'turn off the kitchen light',
      'undo that',
      'turn off the kitchen light in 10 minutes',
      'every day at 7 turn on the kitchen light',
      'turn on the kitchen light and the hallway light',
    ]) {
      const r = await chat(viewer, text, { conversation_id: 'v1' });
      expect(r.actions).toEqual([]);
      expect(r.reply).toMatch(/viewers can ask/);
    }
    expect((await t.api('GET', '/api/ai/timers', { token: viewer })).status).toBe(403);
  });
});
