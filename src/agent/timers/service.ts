/**
 * One-shot timers of the Home agent: "turn off the kitchen light in 10 minutes", "open the
 * blinds at 7". Each is written to the store before the agent says yes, so it survives a
 * restart; at start the stored timers are armed again on the injected clock. A timer that fell
 * due while Hearth was down runs at start if it is at most LATE_GRACE_MS late, else it is
 * dropped with a log line (switching a light off hours later would surprise more than help).
 * A due timer runs first and is deleted after: a crash in between may repeat it once, never lose it.
 */
import { randomUUID } from 'node:crypto';
import type { Clock, TimerHandle } from '../../clock.js';
import { DeadlineQueue } from '../../deadlines.js';
import type { Logger } from '../../log.js';
import type { AgentTimerRepository, AgentTimerRow } from '../../store/agent-types.js';

export const LATE_GRACE_MS = 60 * 60_000;
/** Pending timers one person may have: a chat loop must not fill the database. */
export const MAX_TIMERS_PER_PERSON = 50;

/** Runs a due timer's commands; returns each command's outcome for the log. */
export type TimerRunner = (row: AgentTimerRow) => Promise<{ entity_id: string; outcome: string }[]>;

export class TooManyTimers extends Error {}

export class AgentTimers {
  readonly name = 'agent_timers';
  private readonly rows = new Map<string, AgentTimerRow>();
  private readonly queue = new DeadlineQueue<string>();
  private handle: TimerHandle | undefined;
  private runner: TimerRunner | undefined;
  private started = false;

  constructor(
    private readonly repo: AgentTimerRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Who runs a due timer's commands (the Home agent, on behalf of the person who set it). */
  setRunner(run: TimerRunner): void {
    this.runner = run;
  }

  async start(): Promise<void> {
    this.started = true;
    const now = this.clock.now();
    for (const row of await this.repo.list()) {
      const due = Date.parse(row.due_at);
      if (due < now - LATE_GRACE_MS) {
        this.log.warn(
          { timer_id: row.id, due_at: row.due_at, label: row.label },
          'dropped a timer that fell due while Hearth was down',
        );
        await this.repo.delete(row.id);
        continue;
      }
      this.rows.set(row.id, row);
      this.queue.push(row.id, due);
    }
    if (this.rows.size > 0) this.log.info({ timers: this.rows.size }, 'timers armed again');
    this.arm();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.handle) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
  }

  /** Persists and arms a timer; resolves once it is stored. */
  async add(t: {
    user_id: string;
    label: string;
    commands: AgentTimerRow['commands'];
    due: number;
  }): Promise<AgentTimerRow> {
    if (this.list(t.user_id).length >= MAX_TIMERS_PER_PERSON)
      throw new TooManyTimers(`at most ${MAX_TIMERS_PER_PERSON} pending timers per person`);
    const row: AgentTimerRow = {
      id: randomUUID(),
      user_id: t.user_id,
      label: t.label,
      commands: t.commands,
      due_at: new Date(t.due).toISOString(),
      created_at: new Date(this.clock.now()).toISOString(),
    };
    await this.repo.insert(row);
    this.rows.set(row.id, row);
    this.queue.push(row.id, t.due);
    this.arm();
    this.log.info(
      { timer_id: row.id, user_id: row.user_id, due_at: row.due_at, label: row.label },
      'timer set',
    );
    return row;
  }

  /** Pending timers, soonest first; only the person's own unless `all`. */
  list(userId: string, all = false): AgentTimerRow[] {
    return [...this.rows.values()]
      .filter((r) => all || r.user_id === userId)
      .sort((a, b) => a.due_at.localeCompare(b.due_at));
  }

  get(id: string): AgentTimerRow | undefined {
    return this.rows.get(id);
  }

  /** Cancels a timer; false when there is no such pending timer. */
  async cancel(id: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row) return false;
    this.rows.delete(id);
    await this.repo.delete(id);
    this.queue.filter((x) => x !== id);
    this.arm();
    this.log.info({ timer_id: id, label: row.label }, 'timer cancelled');
    return true;
  }

  private arm(): void {
    if (!this.started) return;
    if (this.handle) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
    const next = this.queue.peek();
    if (!next) return;
    this.handle = this.clock.setTimeout(() => void this.fire(), Math.max(0, next.due - this.clock.now()));
  }

  private async fire(): Promise<void> {
    this.handle = undefined;
    const now = this.clock.now();
    const due: AgentTimerRow[] = [];
    for (let top = this.queue.peek(); top && top.due <= now; top = this.queue.peek()) {
      this.queue.pop();
      const row = this.rows.get(top.item);
      if (row) due.push(row);
    }
    for (const row of due) {
      try {
        const outcomes = (await this.runner?.(row)) ?? [];
        this.log.info({ timer_id: row.id, user_id: row.user_id, label: row.label, outcomes }, 'timer ran');
      } catch (err) {
        this.log.error({ err, timer_id: row.id, label: row.label }, 'timer failed');
      }
      this.rows.delete(row.id);
      await this.repo.delete(row.id);
    }
    this.arm();
  }
}
