import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../../test-support/harness.js';
import { FakeClock } from '../../../clock.js';
import { PermitJoinWindow } from '../../../integrations/zigbee2mqtt/permit-join.js';

let t: TestApp | undefined;
let client: mqtt.MqttClient | undefined;
afterEach(async () => {
  await client?.endAsync();
  client = undefined;
  await t?.stop();
  t = undefined;
});

describe('integrations', () => {
  it('lists each with its actions, and shows one with its devices and the MQTT broker settings', async () => {
    t = await startTestApp();
    const { adminToken: token } = await withUsers(t);
    expect((await t.api('GET', '/api/home/integrations/demo', { token })).body).toMatchObject({
      kind: 'integration',
      actions: ['permit_join'],
    });
    const mqttDetails = (await t.api('GET', '/api/home/integrations/mqtt', { token })).body;
    expect(mqttDetails).toMatchObject({ kind: 'transport', actions: [] });
    expect(mqttDetails.status).toMatchObject({ state: 'online', embedded_broker: { running: true } });
    expect(JSON.stringify(mqttDetails)).not.toMatch(/password/i);
    const demo = (await t.api('GET', '/api/home/integrations/demo', { token })).body;
    expect(demo.device_list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Kitchen Light', area: 'kitchen', available: true }),
      ]),
    );
    expect((await t.api('GET', '/api/home/integrations/nope', { token })).status).toBe(404);
  });

  it("sends Zigbee2MQTT's permit_join request on the broker, and refuses integrations that do not pair", async () => {
    t = await startTestApp();
    const users = await withUsers(t);
    const token = users.adminToken;
    const { url, username, password } = t.app.ctx.mqtt!.clientOptions();
    client = await mqtt.connectAsync(url, { username, password });
    const base = (await t.api('GET', '/api/home/integrations/demo', { token })).body.status
      .base_topic as string;
    const seen: { topic: string; payload: unknown }[] = [];
    client.on('message', (topic, payload) => seen.push({ topic, payload: JSON.parse(payload.toString()) }));
    await client.subscribeAsync(`${base}/bridge/request/#`);

    const res = await t.api('POST', '/api/home/integrations/demo/permit_join', {
      token,
      body: { minutes: 2 },
    });
    expect(res.status).toBe(200);
    const until = Date.parse(res.body.permit_join_until);
    expect(until - Date.now()).toBeGreaterThan(110_000);
    expect(until - Date.now()).toBeLessThanOrEqual(120_000);
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([{ topic: `${base}/bridge/request/permit_join`, payload: { time: 120 } }]);
    const status = (await t.api('GET', '/api/home/integrations/demo', { token })).body.status;
    expect(status.permit_join_until).toBe(res.body.permit_join_until);

    const stop = await t.api('POST', '/api/home/integrations/demo/permit_join', {
      token,
      body: { minutes: 0 },
    });
    expect(stop.body).toEqual({ permit_join_until: null });
    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen[1]).toEqual({ topic: `${base}/bridge/request/permit_join`, payload: { time: 0 } });

    const refused = await t.api('POST', '/api/home/integrations/demo_extras/permit_join', {
      token,
      body: { minutes: 1 },
    });
    expect(refused.status).toBe(409);
    const member = await users.make('member', 'user');
    expect(
      (
        await t.api('POST', '/api/home/integrations/demo/permit_join', {
          token: member.token,
          body: { minutes: 1 },
        })
      ).status,
    ).toBe(403);
  });

  it('renews a window longer than the 254 seconds Zigbee2MQTT accepts per request', async () => {
    const clock = new FakeClock(Date.parse('2026-05-01T10:00:00Z'));
    const sent: unknown[] = [];
    const w = new PermitJoinWindow(async (p) => void sent.push(JSON.parse(p)), clock);
    expect(await w.open(10 * 60)).toBe('2026-05-01T10:10:00.000Z');
    expect(sent).toEqual([{ time: 254 }]);
    clock.advance(240_000);
    await Promise.resolve();
    expect(sent).toEqual([{ time: 254 }, { time: 254 }]);
    clock.advance(240_000);
    await Promise.resolve();
    expect(sent).toEqual([{ time: 254 }, { time: 254 }, { time: 120 }]);
    clock.advance(240_000);
    expect(sent).toHaveLength(3);
    expect(w.until).toBeNull();
  });
});
