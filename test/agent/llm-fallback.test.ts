import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';

/**
 * The optional language-model fallback against a small local server that speaks the
 * OpenAI chat-completions wire format. Each test scripts what the "model" answers.
 */
interface Seen {
  headers: IncomingMessage['headers'];
  url: string;
  body: any;
}
type Answer = (req: Seen) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

function fakeModelServer() {
  const seen: Seen[] = [];
  let answer: Answer = () => ({ body: completion({ content: 'I can only help with the home.' }) });
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => {
      data += c.toString();
    });
    req.on('end', () => void answerRequest());
    const answerRequest = async () => {
      const s: Seen = { headers: req.headers, url: req.url ?? '', body: JSON.parse(data || 'null') };
      seen.push(s);
      const a = await answer(s);
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
      res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
    };
  });
  return {
    seen,
    set: (a: Answer) => {
      answer = a;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function completion(msg: { content?: string | null; calls?: [string, unknown][] }) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'fake',
    choices: [
      {
        index: 0,
        finish_reason: msg.calls ? 'tool_calls' : 'stop',
        message: {
          role: 'assistant',
          content: msg.content ?? null,
          ...(msg.calls
            ? {
                tool_calls: msg.calls.map(([name, args], i) => ({
                  id: `call_${i}`,
                  type: 'function',
                  function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
                })),
              }
            : {}),
        },
      },
    ],
  };
}

describe('the language-model fallback', () => {
  const model = fakeModelServer();
  const logs: string[] = [];
  let t: TestApp;
  let admin: string;
  let viewer: string;
  const state = async (id: string) =>
    (await t.api('GET', `/api/home/entities/${id}`, { token: admin })).body.state as unknown;
  const chat = async (token: string, text: string, extra: Record<string, unknown> = {}) =>
    (await t.api('POST', '/api/ai/chat', { token, body: { text, ...extra } })).body;
  const setKitchen = async (action: 'on' | 'off') => {
    await t.api('POST', '/api/home/control', { token: admin, body: { entity_id: 'light.kitchen', action } });
    await expect.poll(() => state('light.kitchen')).toBe(action);
  };

  beforeAll(async () => {
    const url = await model.listen();
    t = await startTestApp({
      config: {
        llm_url: url,
        llm_model: 'fake-model',
        llm_api_key: 'sk-test-secret-123',
        llm_timeout: 2,
        log_level: 'info',
      },
      logStream: new Writable({
        write(chunk, _enc, cb) {
          logs.push(String(chunk));
          cb();
        },
      }),
    });
    const users = await withUsers(t);
    admin = users.adminToken;
    viewer = (await users.make('vic', 'viewer')).token;
  });
  afterEach(() => {
    model.seen.length = 0;
  });
  afterAll(async () => {
    await t.stop();
    await model.close();
  });

  it('is not asked when the local matcher understands the sentence', async () => {
    const r = await chat(admin, 'turn on the kitchen light');
    expect(r.intent).toBe('HassTurnOn');
    expect(model.seen).toHaveLength(0);
  });

  it('runs a proposed tool call through the control path when the matcher declines', async () => {
    await setKitchen('off');
    model.set(() => ({ body: completion({ calls: [['HassTurnOn', { name: 'Kitchen Light' }]] }) }));
    const r = await chat(admin, "it's far too gloomy by the stove, do something about it");
    expect(model.seen).toHaveLength(1);
    expect(r).toMatchObject({
      intent: 'HassTurnOn',
      actions: [{ entity_id: 'light.kitchen', action: 'on' }],
    });
    expect(['confirmed', 'accepted']).toContain(r.actions[0].outcome);
    expect(r.reply).toBe('Turned on the Kitchen Light.');
    await expect.poll(() => state('light.kitchen')).toBe('on');
    const hist = await t.api('GET', '/api/home/entities/light.kitchen/history', { token: admin });
    expect(hist.status).toBe(200);
    expect(JSON.stringify(hist.body)).toContain('agent');
  });

  it('sends the wire format: model, the intents as tools, the home in the system prompt, the key as a bearer', async () => {
    model.set(() => ({ body: completion({ content: 'Sorry, I only know about the home.' }) }));
    const r = await chat(admin, 'what is the capital of peru', { area: 'Kitchen' });
    expect(r).toMatchObject({ reply: 'Sorry, I only know about the home.', intent: null, actions: [] });
    const req = model.seen[0]!;
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-secret-123');
    expect(req.body.model).toBe('fake-model');
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: 'what is the capital of peru' });
    expect(req.body.messages[0].role).toBe('system');
    expect(req.body.messages[0].content).toContain('Kitchen Light');
    expect(req.body.messages[0].content).toContain('The person is in the Kitchen.');
    const tools = req.body.tools.map((x: any) => x.function.name);
    expect(tools).toEqual(
      expect.arrayContaining([
        'HassTurnOn',
        'HassTurnOff',
        'HassLightSet',
        'HassGetState',
        'HassSetPosition',
      ]),
    );
    for (const tool of req.body.tools)
      expect(tool).toMatchObject({ type: 'function', function: { parameters: { type: 'object' } } });
  });

  it('only lets validated tool calls act: unknown tools, bad arguments and unknown names change nothing', async () => {
    await setKitchen('off');
    const cases: [string, unknown, RegExp][] = [
      ['delete_everything', {}, /can't do that/],
      ['HassLightSet', { name: 'Kitchen Light', brightness: 400 }, /didn't understand/],
      ['HassTurnOn', { name: 'Kitchen Light', entity_id: 'light.kitchen' }, /didn't understand/],
      ['HassTurnOn', '{not json', /didn't understand/],
      ['HassTurnOn', { name: 'Spaceship Reactor' }, /couldn't find a device called Spaceship Reactor/],
      ['HassTurnOn', { area: 'Dungeon', domain: 'light' }, /don't know an area called Dungeon/],
    ];
    for (const [name, args, reply] of cases) {
      model.set(() => ({ body: completion({ calls: [[name, args]] }) }));
      const r = await chat(admin, 'please sort out the lighting situation somehow');
      expect(r.actions, name).toEqual([]);
      expect(r.reply, name).toMatch(reply);
    }
    expect(await state('light.kitchen')).toBe('off');
  });

  it('converts numbers sent as strings and sets a brightness', async () => {
    model.set(() => ({
      body: completion({ calls: [['HassLightSet', { name: 'kitchen light', brightness: '30' }]] }),
    }));
    const r = await chat(admin, 'make the stove area a cosy sort of dim');
    expect(r.actions).toMatchObject([{ entity_id: 'light.kitchen', action: 'dim' }]);
    await expect
      .poll(
        async () =>
          (await t.api('GET', '/api/home/entities/light.kitchen', { token: admin })).body.attributes
            .brightness,
      )
      .toBe(30);
  });

  it("refuses a viewer's tool call and asks for confirmation before unlocking", async () => {
    await setKitchen('off');
    model.set(() => ({ body: completion({ calls: [['HassTurnOn', { name: 'Kitchen Light' }]] }) }));
    const v = await chat(viewer, 'brighten up the cooking corner will you');
    expect(v.actions).toEqual([]);
    expect(v.reply).toMatch(/viewers/);
    expect(await state('light.kitchen')).toBe('off');

    model.set(() => ({ body: completion({ calls: [['HassTurnOff', { name: 'Front Door' }]] }) }));
    const q = await chat(admin, 'let the plumber in through the front', { conversation_id: 'llm-door' });
    expect(q.reply).toMatch(/^Do you want me to unlock the Front Door\?/);
    expect(q.actions).toEqual([]);
    expect(await state('lock.front_door')).toBe('locked');
    const yes = await chat(admin, 'yes', { conversation_id: 'llm-door' });
    expect(yes.actions).toMatchObject([{ entity_id: 'lock.front_door', action: 'unlock' }]);
    await expect.poll(() => state('lock.front_door')).toBe('unlocked');
    await t.api('POST', '/api/home/control', {
      token: admin,
      body: { entity_id: 'lock.front_door', action: 'lock' },
    });
  });

  it('reports the backend on /api/ai/status, rests after a failure, and never shows or logs the key', async () => {
    let res = await t.api('GET', '/api/ai/status', { token: viewer });
    expect(res.body.language_model).toMatchObject({
      status: 'ready',
      model: 'fake-model',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions$/),
    });
    expect(res.body.agents).toContainEqual({ name: 'language_model', priority: 10, status: 'ready' });

    model.set(() => ({ status: 500, body: { error: { message: 'model not loaded' } } }));
    const r = await chat(admin, 'do the thing with the stuff');
    expect(r).toMatchObject({ intent: null, actions: [] });
    res = await t.api('GET', '/api/ai/status', { token: viewer });
    expect(res.body.language_model).toMatchObject({
      status: 'unavailable',
      last_error: expect.stringContaining('HTTP 500'),
    });
    // While it rests, declined messages get the plain answer without a call.
    const before = model.seen.length;
    expect((await chat(admin, 'do the other thing with the stuff')).reply).toBe(
      "Sorry, I can't help with that.",
    );
    expect(model.seen.length).toBe(before);

    expect(JSON.stringify(res.body)).not.toContain('sk-test-secret-123');
    expect(logs.join('')).not.toContain('sk-test-secret-123');
    expect(logs.join('')).toContain('language model call failed');
  });
});

describe('without HEARTH_LLM_URL', () => {
  it('reports the backend disabled and declines what the matcher declines', async () => {
    const t = await startTestApp();
    try {
      const { adminToken } = await withUsers(t);
      const status = await t.api('GET', '/api/ai/status', { token: adminToken });
      expect(status.body.language_model).toEqual({ status: 'disabled' });
      expect(status.body.agents).toContainEqual({ name: 'language_model', priority: 10, status: 'disabled' });
      const r = await t.api('POST', '/api/ai/chat', {
        token: adminToken,
        body: { text: 'what is the capital of peru' },
      });
      expect(r.body).toMatchObject({ intent: null, actions: [] });
    } finally {
      await t.stop();
    }
  });
});
