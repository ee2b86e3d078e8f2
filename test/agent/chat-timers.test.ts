import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.js';
import { startTestApp, tempDataDir, withUsers, type TestApp } from '../../src/test-support/harness.js';

/**
 * One-shot timers set by chat: stored before the agent says yes, listed and cancelled over
 * REST (own only; an admin sees all) and by "cancel that", and run on time after a restart of
 * Hearth on the same data dir, on behalf of the person who set them.
 */
const start = Date.UTC(2026, 0, 5, 18, 0);
const clock = new FakeClock(start);
const dataDir = tempDataDir();
let t: TestApp;
let admin: string;
let alice: { token: string; id: string };
let bob: { token: string; id: string };

/** Lets fake time pass in steps while real I/O (HTTP, SQLite) gets its turns. */
async function pass(ms: number, step = 1000) {
  for (let done = 0; done < ms; done += step) {
    clock.advance(step);
    await new Promise((r) => setImmediate(r));
  }
}

const chat = async (token: string, text: string, conversation_id = 'c1') =>
  (await t.api('POST', '/api/ai/chat', { token, body: { text, conversation_id } })).body;
const state = async (id: string) =>
  (await t.api('GET', `/api/home/entities/${id}`, { token: admin })).body.state as unknown;

beforeAll(async () => {
  t = await startTestApp({ clock, dataDir, config: { time_zone: 'Europe/Berlin' } });
  const users = await withUsers(t);
  admin = users.adminToken;
  alice = await users.make('alice', 'user');
  bob = await users.make('bob', 'user');
});
afterAll(async () => {
  await t.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one-shot timers by chat', () => {
  it('sets a timer, lists it for its owner and the admin only, and refuses a stranger', async () => {
    expect(await state('light.hallway')).toBe('off');
    const r = await chat(alice.token, 'turn on the hallway light in 10 minutes');
    expect(r).toMatchObject({ reply: "Okay, I'll turn on the Hallway Light in 10 minutes.", actions: [] });
    const mine = (await t.api('GET', '/api/ai/timers', { token: alice.token })).body;
    expect(mine).toMatchObject([
      {
        user_id: alice.id,
        label: 'turn on the Hallway Light',
        commands: [{ entity_id: 'light.hallway', action: 'on', params: {} }],
        due_at: new Date(start + 600_000).toISOString(),
      },
    ]);
    expect((await t.api('GET', '/api/ai/timers', { token: bob.token })).body).toEqual([]);
    expect((await t.api('GET', '/api/ai/timers', { token: admin })).body).toHaveLength(1);
    const del = await t.api('DELETE', `/api/ai/timers/${mine[0].id}`, { token: bob.token });
    expect(del.status).toBe(404);
    expect(del.body.error.code).toBe('NOT_FOUND');
  });

  it('cancels the timer just set on "cancel that"', async () => {
    await chat(alice.token, 'turn off the kitchen light in 5 minutes', 'c2');
    expect((await t.api('GET', '/api/ai/timers', { token: alice.token })).body).toHaveLength(2);
    expect((await chat(alice.token, 'cancel that', 'c2')).reply).toBe(
      'Cancelled: turn off the Kitchen Light.',
    );
    const left = (await t.api('GET', '/api/ai/timers', { token: alice.token })).body;
    expect(left.map((x: { label: string }) => x.label)).toEqual(['turn on the Hallway Light']);
    expect((await chat(alice.token, 'what timers are running', 'c2')).reply).toMatch(
      /^Turn on the Hallway Light at \d\d:\d\d\.$/,
    );
  });

  it('cancels the timer a message names, never another', async () => {
    await chat(alice.token, 'open the living room blinds in 30 minutes', 'c5');
    await chat(alice.token, 'turn off the kitchen light in 5 minutes', 'c5');
    expect((await chat(alice.token, 'cancel the porch light timer', 'c5')).reply).toMatch(
      /^You have no timer for that/,
    );
    expect((await chat(alice.token, 'cancel the blinds timer', 'c5')).reply).toBe(
      'Cancelled: open the Living Room Blinds.',
    );
    expect((await chat(alice.token, 'cancel that', 'c5')).reply).toBe(
      'Cancelled: turn off the Kitchen Light.',
    );
    const left = (await t.api('GET', '/api/ai/timers', { token: alice.token })).body;
    expect(left.map((x: { label: string }) => x.label)).toEqual(['turn on the Hallway Light']);
  });

  it("reads 'at 7' in the home's time zone and cancels over REST", async () => {
    const r = await chat(alice.token, 'open the living room blinds at 7', 'c3');
    // 18:00 UTC is 19:00 in Berlin: the next 07:00 there is 06:00 UTC tomorrow
    expect(r.reply).toBe("Okay, I'll open the Living Room Blinds at 07:00 tomorrow.");
    const timers = (await t.api('GET', '/api/ai/timers', { token: alice.token })).body as {
      id: string;
      due_at: string;
    }[];
    const set = timers.find((x) => x.due_at === '2026-01-06T06:00:00.000Z');
    expect(set).toBeDefined();
    expect((await t.api('DELETE', `/api/ai/timers/${set!.id}`, { token: alice.token })).status).toBe(200);
    expect((await t.api('GET', '/api/ai/timers', { token: alice.token })).body).toHaveLength(1);
  });

  it('survives a restart and runs on time for the person who set it', async () => {
    await t.stop({ keepData: true });
    await pass(60_000); // a minute while Hearth is down
    t = await startTestApp({ clock, dataDir, config: { time_zone: 'Europe/Berlin' } });
    expect((await t.api('GET', '/api/ai/timers', { token: alice.token })).body).toHaveLength(1);
    await pass(8 * 60_000);
    expect(await state('light.hallway')).toBe('off');
    await pass(2 * 60_000);
    await expect.poll(() => state('light.hallway')).toBe('on');
    expect((await t.api('GET', '/api/ai/timers', { token: alice.token })).body).toEqual([]);
    const range = `since=${new Date(start - 3_600_000).toISOString()}&until=${new Date(start + 3_600_000).toISOString()}`;
    const h = (await t.api('GET', `/api/home/entities/light.hallway/history?${range}`, { token: admin }))
      .body as {
      state: string;
      cause: { type: string; user_id?: string };
    }[];
    expect(h.filter((x) => x.state === 'on').map((x) => x.cause)).toContainEqual(
      expect.objectContaining({ type: 'agent', id: 'home', user_id: alice.id }),
    );
  });
});
