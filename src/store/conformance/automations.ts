import { describe, expect, it } from 'vitest';
import type { AutomationRow, PendingRunRow, TraceRow } from '../types.js';
import { at, useDatabase, type StoreFactory } from './harness.js';

const automation = (id: string, over: Partial<AutomationRow> = {}): AutomationRow => ({
  id,
  name: `Automation ${id}`,
  definition: {
    trigger: { type: 'state', entity_id: 'binary_sensor.motion', to: 'on' },
    actions: [{ entity_id: 'light.hall', action: 'turn_on', brightness: 40 }],
    mode: 'restart',
  },
  enabled: true,
  created_at: at(0),
  updated_at: at(0),
  last_triggered: null,
  last_evaluated: null,
  fired: {},
  ...over,
});

const trace = (id: string, automationId: string, minute: number): TraceRow => ({
  id,
  automation_id: automationId,
  started_at: at(minute),
  result: 'completed',
  data: { id, steps: [{ action: 'turn_on', ok: true }] },
});

const pending = (runId: string, automationId: string, due: number): PendingRunRow => ({
  run_id: runId,
  automation_id: automationId,
  step: 1,
  kind: 'delay',
  due_at: at(due),
  trace: { id: runId, steps: [] },
});

export function automationContract(factory: StoreFactory) {
  describe('automations', () => {
    const db = useDatabase(factory);

    it('keeps definitions as written, lists them by creation time then id, and updates them by id', async () => {
      const store = await db.connect();
      const b = automation('b', { created_at: at(1), enabled: false });
      const a = automation('a', { created_at: at(1), fired: { '0': at(1) } });
      const c = automation('c', { created_at: at(0) });
      for (const row of [b, a, c]) await store.automations.save(row);
      expect(await store.automations.list()).toEqual([c, a, b]);
      const renamed = { ...b, name: 'Renamed', enabled: true, updated_at: at(5) };
      await store.automations.save(renamed);
      expect(await store.automations.list()).toEqual([c, a, renamed]);
    });

    it('writes runtime marks and fired occurrences without touching the definition', async () => {
      const store = await db.connect();
      await store.automations.save(automation('a'));
      await store.automations.save(automation('b'));
      await store.automations.saveMarks([{ id: 'a', last_triggered: at(3), last_evaluated: at(4) }]);
      await store.automations.saveFired([{ id: 'b', fired: { '0': at(2), '1': at(3) } }]);
      await store.automations.saveMarks([]);
      await store.automations.saveFired([]);
      expect(await store.automations.list()).toEqual([
        automation('a', { last_triggered: at(3), last_evaluated: at(4) }),
        automation('b', { fired: { '0': at(2), '1': at(3) } }),
      ]);
    });

    it('keeps the newest traces per automation, newest first', async () => {
      const store = await db.connect();
      await store.automations.appendTraces(
        [trace('t1', 'a', 1), trace('t2', 'a', 2), trace('x1', 'b', 1)],
        3,
      );
      await store.automations.appendTraces([trace('t3', 'a', 3), trace('t4', 'a', 4)], 3);
      expect((await store.automations.traces('a', 10)).map((t) => t.id)).toEqual(['t4', 't3', 't2']);
      expect(await store.automations.traces('a', 1)).toEqual([trace('t4', 'a', 4)]);
      expect((await store.automations.traces('b', 10)).map((t) => t.id)).toEqual(['x1']);
      expect(await store.automations.traces('nobody', 10)).toEqual([]);
    });

    it('keeps pending runs by run id, soonest first', async () => {
      const store = await db.connect();
      await store.automations.savePending(pending('r1', 'a', 9));
      await store.automations.savePending(pending('r2', 'a', 5));
      const moved = { ...pending('r1', 'a', 2), step: 3, kind: 'wait' as const };
      await store.automations.savePending(moved);
      expect(await store.automations.listPending()).toEqual([moved, pending('r2', 'a', 5)]);
      await store.automations.deletePending('r2');
      expect(await store.automations.listPending()).toEqual([moved]);
    });

    it('deletes an automation together with its traces and pending runs', async () => {
      const store = await db.connect();
      await store.automations.save(automation('a'));
      await store.automations.save(automation('b'));
      await store.automations.appendTraces([trace('t1', 'a', 1), trace('t2', 'b', 1)], 10);
      await store.automations.savePending(pending('r1', 'a', 1));
      await store.automations.savePending(pending('r2', 'b', 1));
      await store.automations.delete('a');
      expect((await store.automations.list()).map((r) => r.id)).toEqual(['b']);
      expect(await store.automations.traces('a', 10)).toEqual([]);
      expect((await store.automations.listPending()).map((r) => r.run_id)).toEqual(['r2']);
      expect(await store.automations.traces('b', 10)).toHaveLength(1);
    });

    it('answers the newest notifications first, up to a limit', async () => {
      const store = await db.connect();
      for (let i = 1; i <= 4; i++) {
        await store.automations.addNotification({
          id: `n${i}`,
          message: `Message ${i}`,
          source_type: i === 4 ? 'system' : 'automation',
          source_id: i === 4 ? null : 'a',
          created_at: at(i),
          key: null,
          audience: 'all',
          link: null,
          resolved_at: null,
        });
      }
      const newest = await store.automations.notifications(2);
      const plain = { key: null, audience: 'all', link: null, resolved_at: null };
      expect(newest).toEqual([
        {
          id: 'n4',
          message: 'Message 4',
          source_type: 'system',
          source_id: null,
          created_at: at(4),
          ...plain,
        },
        {
          id: 'n3',
          message: 'Message 3',
          source_type: 'automation',
          source_id: 'a',
          created_at: at(3),
          ...plain,
        },
      ]);
    });

    it('keeps read marks per person and admin-only notifications from others', async () => {
      const store = await db.connect();
      const row = (id: string, audience: 'all' | 'admin', key: string | null = null) => ({
        id,
        message: id,
        source_type: 'system',
        source_id: null,
        created_at: at(1),
        key,
        audience,
        link: null,
        resolved_at: null,
      });
      await store.automations.addNotification(row('everyone', 'all'));
      await store.automations.addNotification(row('admins', 'admin', 'user_pending:u9'));
      expect((await store.automations.notificationsFor('bob', false, 10)).map((n) => n.id)).toEqual([
        'everyone',
      ]);
      expect(await store.automations.markNotificationsRead('bob', false, ['admins', 'everyone'], at(2))).toBe(
        1,
      );
      expect(await store.automations.markNotificationsRead('bob', false, ['everyone'], at(3))).toBe(0);
      const ann = await store.automations.notificationsFor('ann', true, 10);
      expect(ann.map((n) => [n.id, n.read])).toEqual([
        ['admins', false],
        ['everyone', false],
      ]);
      expect(await store.automations.markNotificationsRead('ann', true, 'all', at(3))).toBe(2);
      expect((await store.automations.openNotification('user_pending:u9'))?.id).toBe('admins');
      await store.automations.resolveNotification('admins', at(4));
      expect(await store.automations.openNotification('user_pending:u9')).toBeUndefined();
      expect(await store.automations.openNotifications()).toEqual([]);
    });
  });
}
