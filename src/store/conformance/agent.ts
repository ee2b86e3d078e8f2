import { describe, expect, it } from 'vitest';
import type { AgentTimerRow } from '../types.js';
import { at, useDatabase, type StoreFactory } from './harness.js';

const timer = (id: string, due: number): AgentTimerRow => ({
  id,
  user_id: 'u1',
  label: 'turn off the Kitchen Light',
  commands: [{ entity_id: 'light.kitchen', action: 'dim', params: { brightness: 20 } }],
  due_at: at(due),
  created_at: at(0),
});

export function agentTimerContract(factory: StoreFactory) {
  describe('agent timers', () => {
    const db = useDatabase(factory);

    it('keeps timers with their commands, soonest first, and deletes each once', async () => {
      const store = await db.connect();
      await store.agentTimers.insert(timer('t2', 9));
      await store.agentTimers.insert(timer('t1', 5));
      expect(await store.agentTimers.list()).toEqual([timer('t1', 5), timer('t2', 9)]);
      expect(await store.agentTimers.delete('t1')).toBe(true);
      expect(await store.agentTimers.delete('t1')).toBe(false);
      expect(await store.agentTimers.delete('nope')).toBe(false);
      expect((await store.agentTimers.list()).map((t) => t.id)).toEqual(['t2']);
    });

    it('runs a timer once when two instances race to delete it', async () => {
      const a = await db.connect();
      const b = await db.connect();
      await a.agentTimers.insert(timer('t1', 5));
      const results = await Promise.all([a.agentTimers.delete('t1'), b.agentTimers.delete('t1')]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });
}
