import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { registerUser, startTestApp, withUsers, type TestApp } from '../test-support/harness.js';

/**
 * Notifications for things that need a person, on the real service: the demo's Zigbee devices
 * ride a simulated Zigbee2MQTT bridge on the embedded broker, so a device goes offline the way
 * a real one does (its retained `availability` topic).
 */
let t: TestApp | undefined;
let client: mqtt.MqttClient | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  sockets.forEach((s) => s.disconnect());
  sockets.length = 0;
  await client?.endAsync();
  client = undefined;
  await t?.stop();
  t = undefined;
});

const eventually = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

/** The demo bridge's base topic (unique per data dir). */
const demoBase = async (t: TestApp, token: string) =>
  (await t.api('GET', '/api/home/integrations/demo', { token })).body.status.base_topic as string;

const connect = (url: string, token: string) => {
  const s = io(url, { auth: { token }, transports: ['websocket'] });
  sockets.push(s);
  return new Promise<Socket>((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
};

describe('notifications for things that need a person', () => {
  it('tells the household once when a device stays unavailable, and resolves it when the device is back', async () => {
    t = await startTestApp({ attention: { goneForMs: 400, checkEveryMs: 100 } });
    const { adminToken: token } = await withUsers(t);
    const live = await connect(t.url, token);
    const pushed: { message: string; key: string }[] = [];
    live.on('notification', (n) => pushed.push(n));
    const resolved: string[] = [];
    live.on('notification_resolved', (n: { key: string }) => resolved.push(n.key));

    const { url, username, password } = t.app.ctx.mqtt!.clientOptions();
    client = await mqtt.connectAsync(url, { username, password });
    const list = async () =>
      (await t!.api('GET', '/api/home/notifications', { token })).body as {
        key: string | null;
        message: string;
        resolved_at: string | null;
        read: boolean;
      }[];
    const base = await demoBase(t, token);
    await client.publishAsync(`${base}/Kitchen Light/availability`, '{"state":"offline"}', {
      retain: true,
    });
    await eventually(
      async () => (await list()).some((n) => n.key?.startsWith('device_unavailable:') ?? false),
      'a device_unavailable notification',
    );
    const [gone] = (await list()).filter((n) => n.key?.startsWith('device_unavailable:'));
    expect(gone).toMatchObject({
      message: expect.stringContaining('Kitchen Light has been unavailable'),
      read: false,
    });
    // Told once while it lasts, live over Socket.IO.
    await eventually(async () => pushed.some((n) => n.key === gone!.key), 'the notification event');
    await new Promise((r) => setTimeout(r, 400));
    expect((await list()).filter((n) => n.key === gone!.key)).toHaveLength(1);
    expect(pushed.filter((n) => n.key === gone!.key)).toHaveLength(1);

    await client.publishAsync(`${base}/Kitchen Light/availability`, '{"state":"online"}', {
      retain: true,
    });
    await eventually(
      async () => (await list()).find((n) => n.key === gone!.key)?.resolved_at != null,
      'resolved',
    );
    // Live too (the event may reach the socket just after the list shows it resolved).
    await eventually(async () => resolved.includes(gone!.key!), 'the notification_resolved event');
  });

  it('asks administrators only to approve a pending user, and marks read per person', async () => {
    t = await startTestApp({ attention: { checkEveryMs: 60_000 } });
    const users = await withUsers(t);
    const member = await users.make('mia', 'user');
    await registerUser(t, 'newcomer');
    await t.app.ctx.automations!.attention.check();

    const adminList = (await t.api('GET', '/api/home/notifications', { token: users.adminToken }))
      .body as any[];
    const pending = adminList.find((n) => n.key?.startsWith('user_pending:'));
    expect(pending).toMatchObject({ audience: 'admin', link: '#admin', read: false });
    expect(pending.message).toContain('newcomer');
    const memberList = (await t.api('GET', '/api/home/notifications', { token: member.token })).body as any[];
    expect(memberList.find((n) => n.id === pending.id)).toBeUndefined();

    // A member cannot mark what they cannot see; the admin's mark is the admin's own.
    const none = await t.api('POST', '/api/home/notifications/read', {
      token: member.token,
      body: { ids: [pending.id] },
    });
    expect(none.body).toEqual({ ok: true, marked: 0 });
    const marked = await t.api('POST', '/api/home/notifications/read', {
      token: users.adminToken,
      body: { ids: [pending.id] },
    });
    expect(marked.body).toEqual({ ok: true, marked: 1 });
    const after = (await t.api('GET', '/api/home/notifications', { token: users.adminToken })).body as any[];
    expect(after.find((n) => n.id === pending.id).read).toBe(true);

    const approve = await t.api('POST', `/api/users/${pending.source_id}/approve`, {
      token: users.adminToken,
    });
    expect(approve.status).toBe(200);
    await t.app.ctx.automations!.attention.check();
    const done = (await t.api('GET', '/api/home/notifications', { token: users.adminToken })).body as any[];
    expect(done.find((n) => n.id === pending.id).resolved_at).not.toBeNull();
  });

  it('tells when an automation fails, linking to its traces', async () => {
    t = await startTestApp({ confirmTimeoutMs: 300 });
    const { adminToken: token } = await withUsers(t);
    const { url, username, password } = t.app.ctx.mqtt!.clientOptions();
    client = await mqtt.connectAsync(url, { username, password });
    await client.publishAsync(
      `${await demoBase(t, token)}/Coffee Machine/availability`,
      '{"state":"offline"}',
      {
        retain: true,
      },
    );
    await eventually(
      async () =>
        (await t!.api('GET', '/api/home/entities/switch.coffee_machine', { token })).body.available === false,
      'coffee machine unavailable',
    );
    const a = await t.api('POST', '/api/home/automations', {
      token,
      body: {
        name: 'Morning coffee',
        trigger: { type: 'time', at: '06:30' },
        actions: [{ entity: 'switch.coffee_machine', action: 'on' }],
      },
    });
    await t.api('POST', `/api/home/automations/${a.body.id}/run`, { token });
    await eventually(async () => {
      const list = (await t!.api('GET', '/api/home/notifications', { token })).body as any[];
      return list.some((n) => n.key === `automation_failed:${a.body.id}`);
    }, 'automation failure notification');
    const list = (await t.api('GET', '/api/home/notifications', { token })).body as any[];
    const failed = list.find((n) => n.key === `automation_failed:${a.body.id}`);
    expect(failed).toMatchObject({ link: `#automations?traces=${a.body.id}`, source_type: 'automation' });
    expect(failed.message).toContain('Automation "Morning coffee" failed');
  });
});
