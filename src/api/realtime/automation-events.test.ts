import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';

function connect(t: TestApp, token: string): Promise<Socket> {
  const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** Resolves with the first `event` whose payload matches, or rejects after a bounded wait. */
function next(socket: Socket, event: string, pred: (e: any) => boolean, what = event): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} arrived`)), 10_000);
    const on = (e: any) => {
      if (!pred(e)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(e);
    };
    socket.on(event, on);
  });
}

describe('automation events over Socket.IO', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    const u = await withUsers(t);
    admin = u.adminToken;
    viewer = (await u.make('guest', 'viewer')).token;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.stop();
  });

  it('tells every client when an automation is triggered, what it notifies and how it finished', async () => {
    const socket = await connect(t, viewer);
    sockets.push(socket);
    const created = await t.api('POST', '/api/home/automations', {
      token: admin,
      body: {
        name: 'Kitchen watch',
        trigger: { type: 'device_state', entity: 'light.kitchen', to: 'on' },
        actions: [{ notify: 'The kitchen light came on' }],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const triggered = next(socket, 'automation_triggered', (e) => e.automation_id === id);
    const notified = next(socket, 'notification', (e) => e.message === 'The kitchen light came on');
    const finished = next(socket, 'automation_finished', (e) => e.automation_id === id);
    await t.api('POST', '/api/home/control', {
      token: admin,
      body: { entity_id: 'light.kitchen', action: 'off' },
    });
    await t.api('POST', '/api/home/control', {
      token: admin,
      body: { entity_id: 'light.kitchen', action: 'on' },
    });

    const tr = await triggered;
    expect(tr).toMatchObject({ automation_id: id, name: 'Kitchen watch', trace_id: expect.any(String) });
    expect(tr.trigger).toMatchObject({ type: 'device_state' });
    expect(await notified).toMatchObject({
      message: 'The kitchen light came on',
      source_type: 'automation',
      source_id: id,
    });
    const fin = await finished;
    expect(fin).toMatchObject({ automation_id: id, trace_id: tr.trace_id, result: 'finished' });

    // The same run is in the automation's trace history.
    const traces = await t.api('GET', `/api/home/automations/${id}/traces`, { token: admin });
    expect(JSON.stringify(traces.body)).toContain(tr.trace_id);
  });
});
