import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.js';
import type { AgentMessage } from './agents.js';
import type { HomeAccess, HomeCommandResult, HomeEntityView } from './home-access.js';
import { HomeAgent } from './home-agent.js';
import { registryFromFixtures } from './intents/registry.js';

/** A fake home over the demo fixtures: records commands and applies on/off/lock states. */
function fakeHome() {
  const reg = registryFromFixtures([new URL('./intents/fixtures/demo-home.json', import.meta.url).pathname]);
  const executed: { entity_id: string; action: string; params: Record<string, unknown>; agent: string }[] =
    [];
  const scenes: { name: string; sel?: unknown; actions?: unknown }[] = [];
  const states = new Map(reg.entities.map((e) => [e.entity_id, e.state ?? null]));
  const view = (id: string): HomeEntityView | undefined => {
    const e = reg.entities.find((x) => x.entity_id === id);
    if (!e) return undefined;
    return {
      entity_id: e.entity_id,
      name: e.name,
      domain: e.domain,
      area: e.area ?? null,
      state: states.get(id) ?? null,
      attributes: { ...(e.attributes ?? {}) },
      actions: [],
    };
  };
  const home: HomeAccess = {
    registry: () => reg,
    onChange: () => {},
    entity: view,
    async execute(cmd, by): Promise<HomeCommandResult> {
      executed.push({ ...cmd, agent: by.agent });
      const next: Record<string, string> = {
        on: 'on',
        off: 'off',
        lock: 'locked',
        unlock: 'unlocked',
        open: 'open',
        close: 'closed',
      };
      if (next[cmd.action]) states.set(cmd.entity_id, next[cmd.action]!);
      return {
        entity_id: cmd.entity_id,
        action: cmd.action,
        outcome: 'confirmed',
        state: states.get(cmd.entity_id),
      };
    },
    async activateScene(id) {
      executed.push({ entity_id: id, action: 'activate', params: {}, agent: 'home' });
      return [];
    },
    async snapshotScene(name, sel) {
      scenes.push({ name, sel });
      return { id: name.replace(/\s+/g, '_'), name };
    },
    async createScene(name, actions) {
      scenes.push({ name, actions });
      return { id: name, name };
    },
    async undo() {
      return { restored: null, results: [] };
    },
    async createAutomation() {
      throw new Error('not in this fake');
    },
  };
  return { home, executed, scenes };
}

const clock = new FakeClock(0);
const say = (agent: HomeAgent, text: string, extra: Partial<AgentMessage> = {}) =>
  agent.handle({ text, conversation_id: 'c1', source: 'chat', user: { id: 'u1', role: 'user' }, ...extra });

describe('Home agent', () => {
  it('turns a device off through the control path and says so', async () => {
    const f = fakeHome();
    const agent = new HomeAgent(f.home, clock);
    const r = await say(agent, 'turn off the kitchen light');
    expect(r).toEqual({
      reply: 'Turned off the Kitchen Light.',
      intent: 'HassTurnOff',
      actions: [{ entity_id: 'light.kitchen', action: 'off', outcome: 'confirmed' }],
    });
    expect(f.executed).toEqual([{ entity_id: 'light.kitchen', action: 'off', params: {}, agent: 'home' }]);
  });

  it('uses the caller area for area-less commands', async () => {
    const f = fakeHome();
    const r = await say(new HomeAgent(f.home, clock), 'lights on', { area: 'Living Room' });
    expect(r.actions.map((a) => a.entity_id).sort()).toEqual([
      'light.floor_lamp',
      'light.living_room',
      'light.tv_backlight',
    ]);
  });

  it('answers questions, also for viewers', async () => {
    const f = fakeHome();
    const r = await say(new HomeAgent(f.home, clock), 'is the front door locked?', {
      user: { id: 'v', role: 'viewer' },
    });
    expect(r.reply).toBe('Yes, the Front Door is locked.');
    expect(f.executed).toEqual([]);
  });

  it("refuses a viewer's command and does nothing", async () => {
    const f = fakeHome();
    const r = await say(new HomeAgent(f.home, clock), 'turn on the kitchen light', {
      user: { id: 'v', role: 'viewer' },
    });
    expect(r.reply).toMatch(/viewers can ask/);
    expect(r.actions).toEqual([]);
    expect(f.executed).toEqual([]);
  });

  it('asks before unlocking and acts only after yes in the same conversation', async () => {
    const f = fakeHome();
    const agent = new HomeAgent(f.home, clock);
    const q = await say(agent, 'unlock the front door');
    expect(q.reply).toBe('Do you want me to unlock the Front Door? Say yes to confirm.');
    expect(f.executed).toEqual([]);
    expect(
      agent.accepts({ text: 'yes', conversation_id: 'c1', source: 'chat', user: { id: 'u1', role: 'user' } }),
    ).toBe(true);
    const other = await say(agent, 'yes', { conversation_id: 'c2' });
    expect(other.actions).toEqual([]);
    const a = await say(agent, 'yes');
    expect(a).toMatchObject({
      reply: 'Unlocked the Front Door.',
      actions: [{ entity_id: 'lock.front_door', action: 'unlock', outcome: 'confirmed' }],
    });
  });

  it('drops the pending unlock on no, and asks again for a garage door', async () => {
    const f = fakeHome();
    const agent = new HomeAgent(f.home, clock);
    await say(agent, 'open the garage door');
    expect((await say(agent, 'no')).reply).toBe('Okay, I left it as it is.');
    expect((await say(agent, 'yes')).actions).toEqual([]);
    expect(f.executed).toEqual([]);
  });

  it('asks back which device when a name is ambiguous', async () => {
    const r = await say(new HomeAgent(fakeHome().home, clock), 'turn on the lamp');
    expect(r).toMatchObject({ reply: 'Did you mean the Desk Lamp or the Floor Lamp?', actions: [] });
    // and the answer picks one
    const agent = new HomeAgent(fakeHome().home, clock);
    await say(agent, 'turn on the lamp');
    expect(await say(agent, 'the desk one')).toMatchObject({
      actions: [{ entity_id: 'light.desk_lamp', action: 'on' }],
    });
  });

  it('creates a snapshot scene of an area and a scene from settings', async () => {
    const f = fakeHome();
    const agent = new HomeAgent(f.home, clock);
    expect((await say(agent, 'save the living room as reading time')).reply).toBe(
      'Saved the Living Room as reading time.',
    );
    expect(f.scenes[0]).toEqual({ name: 'reading time', sel: { area: 'living_room' } });
    const r = await say(agent, 'create a scene called movie with the tv backlight on and the blinds closed', {
      area: 'Living Room',
    });
    expect(r.reply).toBe('Created the scene movie with 2 settings.');
    expect(f.scenes[1]).toEqual({
      name: 'movie',
      actions: [
        { entity: 'light.tv_backlight', action: 'on' },
        { entity: 'cover.living_room_blinds', action: 'close' },
      ],
    });
    expect(f.executed).toEqual([]);
  });

  it('activates scenes by name', async () => {
    const f = fakeHome();
    const r = await say(new HomeAgent(f.home, clock), 'activate movie night');
    expect(r.actions).toEqual([{ entity_id: 'scene.movie_night', action: 'activate', outcome: 'confirmed' }]);
    expect(r.reply).toBe('Activated the Movie Night.');
  });
});
