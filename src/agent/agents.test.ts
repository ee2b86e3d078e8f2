import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, registerUser, type TestApp } from '../test-support/harness.js';
import { AgentRegistry, type Agent, type AgentMessage } from './agents.js';

const msg: AgentMessage = {
  text: 'hello',
  conversation_id: 'c1',
  source: 'chat',
  user: { id: 'u', role: 'user' },
};

function agent(
  name: string,
  priority: number,
  accepts: boolean,
  status: 'ready' | 'unavailable' = 'ready',
): Agent {
  return {
    name,
    priority,
    status: () => status,
    accepts: () => accepts,
    handle: async () => ({ reply: `from ${name}`, intent: null, actions: [] }),
  };
}

describe('agent registry', () => {
  it('gives a message to the highest-priority ready agent that accepts it', async () => {
    const reg = new AgentRegistry();
    reg.register(agent('low', 10, true));
    reg.register(agent('high', 50, false));
    reg.register(agent('mid', 35, true));
    reg.register(agent('down', 90, true, 'unavailable'));
    expect(reg.list().map((a) => a.name)).toEqual(['down', 'high', 'mid', 'low']);
    expect(await reg.dispatch(msg)).toMatchObject({ reply: 'from mid', agent: 'mid' });
  });

  it('answers politely when no agent accepts', async () => {
    const reg = new AgentRegistry();
    reg.register(agent('a', 1, false));
    expect(await reg.dispatch(msg)).toMatchObject({ agent: null, intent: null, actions: [] });
  });

  it('refuses to register two agents with the same name', () => {
    const reg = new AgentRegistry();
    reg.register(agent('a', 1, true));
    expect(() => reg.register(agent('a', 2, true))).toThrow();
  });
});

describe('GET /api/ai/status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('reports the Home agent with priority 35 and the intent engine', async () => {
    const { access_token } = await registerUser(t, 'admin');
    const res = await t.api('GET', '/api/ai/status', { token: access_token });
    expect(res.status).toBe(200);
    expect(res.body.agents).toContainEqual({
      name: 'home',
      priority: 35,
      status: expect.stringMatching(/^(ready|unavailable)$/),
    });
    expect(res.body.intent_engine).toMatchObject({ status: 'ready', kind: 'templates', language: 'en' });
    expect(res.body.intent_engine.templates).toBeGreaterThan(50);
  });
});
