import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/** What the device integration tests do over REST: control an entity, read it back, wait for a change. */
export function deviceApi(t: () => TestApp, token: () => string) {
  return {
    control: (entity_id: string, action: string, params: Record<string, unknown> = {}) =>
      t().api('POST', '/api/home/control', { token: token(), body: { entity_id, action, ...params } }),
    entity: async (id: string) => (await t().api('GET', `/api/home/entities/${id}`, { token: token() })).body,
    eventually: (fn: () => Promise<unknown>, timeout = 5_000) => expect.poll(fn, { timeout, interval: 50 }),
  };
}
