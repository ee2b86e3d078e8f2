import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { until } from '../../test-support/mqtt.js';

/**
 * Two Hearths on one broker (the documented fallback when port 1883 is taken): each demo home
 * runs its simulated Zigbee2MQTT bridge on a base topic of its own, so neither drives the other's
 * devices, and one stopping (its bridge's last will) does not take the other's demo offline.
 */
describe('two Hearths with demo homes on one broker', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps.reverse()) await a.stop().catch(() => {});
  });

  /** What the integrations list shows as the demo's base topic. */
  const demoTopic = (t: TestApp) =>
    t.app.ctx
      .home!.integrationList()
      .find((i) => i.id === 'demo')!
      .status().base_topic as string;

  it("keeps each demo on its own base topic: control stays home, and one stopping leaves the other's demo available", async () => {
    const a = await startTestApp();
    apps.push(a);
    const b = await startTestApp({
      config: { mqtt_url: `mqtt://127.0.0.1:${a.app.ctx.mqtt!.broker!.port}` },
    });
    apps.push(b);
    const tokenA = (await (await withUsers(a)).make('resident', 'user')).token;
    const tokenB = (await (await withUsers(b)).make('resident', 'user')).token;
    const lampA = async () =>
      (await a.api('GET', '/api/home/entities/light.living_room', { token: tokenA })).body;

    const [topicA, topicB] = [demoTopic(a), demoTopic(b)];
    expect(topicA).toMatch(/^hearth-demo-[a-z0-9]+$/);
    expect(topicB).toMatch(/^hearth-demo-[a-z0-9]+$/);
    expect(topicA).not.toBe(topicB);

    const before = (await lampA()).state;
    const res = await b.api('POST', '/api/home/control', {
      token: tokenB,
      body: { entity_id: 'light.living_room', action: before === 'on' ? 'off' : 'on' },
    });
    expect(res.body.outcome).toBe('confirmed');
    expect((await lampA()).state).toBe(before);

    await b.stop();
    apps.pop();
    // Give a wrong last will time to arrive before checking nothing went unavailable.
    await new Promise((r) => setTimeout(r, 300));
    expect((await lampA()).available).toBe(true);
  });

  it('keeps the same demo base topic across restarts of the same data dir', async () => {
    const first = await startTestApp();
    const topic = demoTopic(first);
    await first.stop({ keepData: true });
    const again = await startTestApp({ dataDir: first.dataDir });
    apps.push(again);
    expect(demoTopic(again)).toBe(topic);
    await until('demo light available', () => again.app.ctx.home!.entity('light.living_room').available);
  });
});
