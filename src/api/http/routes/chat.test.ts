import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../../test-support/harness.js';

describe('chat over REST and Socket.IO', () => {
  let t: TestApp;
  let users: Awaited<ReturnType<typeof withUsers>>;
  beforeAll(async () => {
    t = await startTestApp();
    users = await withUsers(t);
  });
  afterAll(async () => {
    await t.stop();
  });

  it('answers a viewer with a reply and a conversation id', async () => {
    const viewer = await users.make('vera', 'viewer');
    const res = await t.api('POST', '/api/ai/chat', {
      token: viewer.token,
      body: { text: 'what is the capital of france' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ intent: null, actions: [] });
    expect(typeof res.body.reply).toBe('string');
    expect(res.body.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the conversation id it was given and rejects unknown fields', async () => {
    const res = await t.api('POST', '/api/ai/chat', {
      token: users.adminToken,
      body: { text: 'hello', conversation_id: 'c-42' },
    });
    expect(res.body.conversation_id).toBe('c-42');
    const bad = await t.api('POST', '/api/ai/chat', {
      token: users.adminToken,
      body: { text: 'hello', colour: 'red' },
    });
    expect(bad.status).toBe(400);
    const none = await t.api('POST', '/api/ai/chat', { body: { text: 'hello' } });
    expect(none.status).toBe(401);
  });

  it('answers the Socket.IO chat request through its ack, and errors on a bad payload', async () => {
    const socket = io(t.url, {
      auth: { token: users.adminToken },
      transports: ['websocket'],
      forceNew: true,
    });
    try {
      const ok = await socket
        .timeout(5000)
        .emitWithAck('chat', { text: 'tell me a joke', conversation_id: 'sock-1' });
      expect(ok).toMatchObject({ intent: null, actions: [], conversation_id: 'sock-1' });
      const bad = await socket.timeout(5000).emitWithAck('chat', { words: 'x' });
      expect(bad).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    } finally {
      socket.disconnect();
    }
  });
});
