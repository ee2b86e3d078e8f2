import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AgentTimers,
  LATE_GRACE_MS,
  MAX_TIMERS_PER_PERSON,
  TooManyTimers,
} from '../../src/agent/timers/service.js';
import { FakeClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { SqliteStore } from '../../src/store/index.js';
import { tempDataDir } from '../../src/test-support/harness.js';

/** The timer store on a real SQLite file: what was missed while down, and the per-person cap. */
const log = createLogger('silent');
const dirs: string[] = [];
const open = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return { dir, store: new SqliteStore(dir, log) };
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const cmd = [{ entity_id: 'light.kitchen', action: 'off', params: {} }];

describe('agent timers', () => {
  it('after a restart runs a timer missed by less than the grace period and drops an older one', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 5, 12, 0));
    const { dir, store } = open();
    const first = new AgentTimers(store.agentTimers, clock, log);
    await first.start();
    await first.add({ user_id: 'u1', label: 'soon', commands: cmd, due: clock.now() + 60_000 });
    await first.add({ user_id: 'u1', label: 'long ago', commands: cmd, due: clock.now() + 120_000 });
    await first.stop();
    await store.close();

    // down for 2 minutes past the first, and well past the grace period for nothing
    clock.advance(LATE_GRACE_MS + 61_000);
    const again = new SqliteStore(dir, log);
    const ran: string[] = [];
    const second = new AgentTimers(again.agentTimers, clock, log);
    second.setRunner(async (row) => {
      ran.push(row.label);
      return [];
    });
    await second.start();
    // "soon" is LATE_GRACE_MS + 1 s late: dropped; "long ago" 59 s inside the grace: runs now
    expect(second.list('u1').map((t) => t.label)).toEqual(['long ago']);
    clock.advance(0);
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual(['long ago']);
    expect(await again.agentTimers.list()).toEqual([]);
    await second.stop();
    await again.close();
  });

  it('refuses more than the cap of pending timers for one person, not for another', async () => {
    const clock = new FakeClock(0);
    const { store } = open();
    const timers = new AgentTimers(store.agentTimers, clock, log);
    await timers.start();
    for (let i = 0; i < MAX_TIMERS_PER_PERSON; i++)
      await timers.add({ user_id: 'u1', label: `t${i}`, commands: cmd, due: 60_000 + i });
    await expect(
      timers.add({ user_id: 'u1', label: 'one more', commands: cmd, due: 1 }),
    ).rejects.toBeInstanceOf(TooManyTimers);
    await timers.add({ user_id: 'u2', label: 'mine', commands: cmd, due: 1 });
    expect(timers.list('u2')).toHaveLength(1);
    await timers.stop();
    await store.close();
  });
});
