import mqtt from 'mqtt';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { prettyLine } from '../../src/log-pretty.js';
import { LogCapture, registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * No secret in any log line at debug level or below (trace) (issue 17 §7): a full run — register, failed and
 * successful logins, refresh, control over REST and Socket.IO, an invite and a registration
 * with it, an API token, the MQTT broker's credentials, the language-model key, a password
 * change — then every line Hearth wrote is searched for every secret used.
 */
const LLM_KEY = 'sk-test-llm-key-7f3a9c2e4b1d';
let t: TestApp;
const logs = new LogCapture();
const secrets = new Map<string, string>();
const keep = (name: string, value: string | undefined) => {
  if (!value) throw new Error(`no ${name}`);
  secrets.set(name, value);
  return value;
};

const authorizations: (string | undefined)[] = [];
const model = createServer((req, res) => {
  authorizations.push(req.headers.authorization);
  req.resume();
  req.on('end', () => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"invalid api key"}}');
  });
});

afterAll(async () => {
  await orUnset(t)?.stop();
  model.closeAllConnections();
  model.close();
});

describe('logs at debug level', () => {
  it('hold no password, token, invite code, API token, broker password or LLM key', async () => {
    await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
    const llmUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
    t = await startTestApp({
      config: { log_level: 'trace', llm_url: llmUrl, llm_api_key: keep('llm key', LLM_KEY) },
      logStream: logs,
    });
    const adminPassword = keep('admin password', 'a long admin passphrase 1');
    const admin = keep('admin token', (await registerUser(t, 'admin', adminPassword)).access_token);
    keep('wrong password', 'wrong but close passphrase');
    await t.api('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'wrong but close passphrase' },
    });
    await t.api('POST', '/api/auth/login', { raw: `{"username":"admin","password":"${adminPassword}"` });
    const login = await t.api('POST', '/api/auth/login', {
      body: { username: 'admin', password: adminPassword },
    });
    const session = keep('login token', login.body.access_token);
    keep('refreshed token', (await t.api('POST', '/api/auth/refresh', { token: session })).body.access_token);

    await t.api('POST', '/api/home/control', {
      token: admin,
      body: { entity_id: 'light.kitchen', action: 'on' },
    });
    const socket = io(t.url, { auth: { token: admin }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((r) => socket.on('connect', () => r()));
    await new Promise((r) => socket.emit('control', { entity_id: 'light.kitchen', action: 'off' }, r));
    socket.close();
    const bad = io(t.url, { auth: { token: `${admin}x` }, transports: ['websocket'], reconnection: false });
    await new Promise((r) => bad.on('connect_error', r));
    bad.close();

    const invite = keep(
      'invite code',
      (await t.api('POST', '/api/auth/invites', { token: admin, body: { role: 'user' } })).body.code,
    );
    const userPassword = keep('user password', 'the user passphrase 22');
    keep('user token', (await registerUser(t, 'resident', userPassword, invite)).access_token);
    await t.api('PUT', '/api/auth/password', {
      token: admin,
      body: {
        current_password: adminPassword,
        new_password: keep('new password', 'a brand new passphrase 3'),
      },
    });

    const apiToken = keep(
      'API token',
      (await t.api('POST', '/api/tokens', { token: admin, body: { name: 'script', scope: 'control' } })).body
        .token,
    );
    await t.api('GET', '/api/home/entities', { token: apiToken });
    await t.api('GET', '/api/home/entities', { token: `${apiToken.slice(0, -2)}zz` });

    const broker = (await t.api('GET', '/api/settings/mqtt-broker', { token: admin })).body;
    const brokerPassword = keep('broker password', broker.password);
    const url = `mqtt://127.0.0.1:${broker.port}`;
    const c = await mqtt.connectAsync(url, {
      username: 'hearth',
      password: brokerPassword,
      reconnectPeriod: 0,
    });
    await c.endAsync();
    await mqtt
      .connectAsync(url, { username: 'hearth', password: `${brokerPassword}-wrong`, reconnectPeriod: 0 })
      .then(
        (x) => x.endAsync(),
        () => undefined,
      );

    // The matcher declines this, so the language model is asked (with the key) and fails.
    await t.api('POST', '/api/ai/chat', { token: admin, body: { text: 'compose a sonnet about the moon' } });
    await t.stop({ keepData: true });
    expect(authorizations).toContain(`Bearer ${LLM_KEY}`);

    expect(logs.lines.length).toBeGreaterThan(20);
    // Debug and trace lines included: the most verbose level there is.
    const pretty = logs.lines.map((l) => prettyLine(l, false)).join('\n');
    for (const [name, value] of secrets) {
      expect(logs.text.includes(value), `${name} appears in the JSON log`).toBe(false);
      expect(pretty.includes(value), `${name} appears in the readable log`).toBe(false);
      // The secret part of a JWT or API token alone must not appear either.
      const tail = value.split(/[._]/).pop()!;
      if (tail.length >= 16) expect(logs.text.includes(tail), `the end of ${name} appears`).toBe(false);
    }
  });
});
