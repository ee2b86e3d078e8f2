import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../test-support/harness.js';
import { until } from '../test-support/mqtt.js';

describe('POST /api/home/control on the demo home', () => {
  let t: TestApp;
  let user: string;
  let viewer: string;
  beforeAll(async () => {
    t = await startTestApp({ demoOptions: { ambient: false, responseDelayMs: 20 } });
    const u = await withUsers(t);
    user = (await u.make('resident', 'user')).token;
    viewer = (await u.make('guest', 'viewer')).token;
  });
  afterAll(async () => t.stop());

  it('dims a light and answers confirmed once the device reports the new brightness', async () => {
    const res = await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.kitchen', action: 'dim', brightness: 40 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      entity_id: 'light.kitchen',
      action: 'dim',
      outcome: 'confirmed',
      state: 'on',
    });
    const entity = await t.api('GET', '/api/home/entities/light.kitchen', { token: viewer });
    expect(entity.body.attributes.brightness).toBe(40);
    expect(entity.body.desired).toBeNull();
  });

  it('answers accepted when asked not to wait, and the device still changes', async () => {
    const coffee = async () =>
      (await t.api('GET', '/api/home/entities/switch.coffee_machine', { token: viewer })).body as {
        state: string;
        desired: { action: string; correlation_id: string } | null;
      };
    expect((await coffee()).state).toBe('off');
    const res = await t.api('POST', '/api/home/control?wait=0', {
      token: user,
      body: { entity_id: 'switch.coffee_machine', action: 'on' },
    });
    expect(res.body.outcome).toBe('accepted');
    expect(res.body.state).toBe('off');
    // The registry changes only when the device reports, so this is the device's own answer.
    const after = await until('the coffee machine to report on', async () => {
      const e = await coffee();
      return e.state === 'on' && e.desired === null ? e : undefined;
    });
    expect(after.state).toBe('on');
  });

  it('refuses an action the entity does not support with 400 naming it', async () => {
    const res = await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.hallway', action: 'set_color', color: 'red' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('does not support "set_color"');
  });

  it('refuses a parameter out of range with 400 naming it', async () => {
    const res = await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.kitchen', action: 'dim', brightness: 140 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('brightness');
  });

  it('answers 404 for an unknown entity', async () => {
    const res = await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: 'light.attic', action: 'on' },
    });
    expect(res.status).toBe(404);
  });

  it('refuses a viewer with 403', async () => {
    const res = await t.api('POST', '/api/home/control', {
      token: viewer,
      body: { entity_id: 'light.kitchen', action: 'on' },
    });
    expect(res.status).toBe(403);
  });
});
