import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';

/** The MQTT connection is a transport of the home: listed with its status, never an integration. */
describe('the MQTT transport in GET /api/home/integrations', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await withUsers(t)).adminToken;
  });
  afterAll(async () => t.stop());

  it('lists the connection first, as a transport with the embedded broker and no devices', async () => {
    const res = await t.api('GET', '/api/home/integrations', { token });
    expect(res.status).toBe(200);
    const [first, ...rest] = res.body as { id: string; kind: string; status: Record<string, unknown> }[];
    expect(first).toMatchObject({
      id: 'mqtt',
      name: 'MQTT broker connection',
      kind: 'transport',
      entities: 0,
      devices: 0,
      status: { embedded_broker: { running: true } },
    });
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((i) => i.kind === 'integration' && i.id !== 'mqtt')).toBe(true);
  });

  it('is not an integration of the home core: no command can be routed to it', () => {
    expect(t.app.ctx.home!.integrationList().map((i) => i.id)).not.toContain('mqtt');
  });
});
