import type { Clock, TimerHandle } from '../clock.js';
import { reportConfirms, type Report } from './expected.js';
import type { Cause, Outcome } from './types.js';

/** A command on its way to a device, waiting for the device's report. */
export interface PendingCommand {
  correlation_id: string;
  entity_id: string;
  action: string;
  params: Record<string, unknown>;
  cause: Cause;
  sent_at: number;
  timer?: TimerHandle;
  waiters: ((outcome: Outcome, error?: string) => void)[];
  /** Set once settled. */
  result?: { outcome: Exclude<Outcome, 'accepted'>; error?: string };
}

export type Settled = { command: PendingCommand; outcome: Exclude<Outcome, 'accepted'>; error?: string };

/**
 * Follows each command `pending → confirmed | failed | timeout`. Reports are matched against
 * what the command asked for (expected.ts); an error the bridge reports fails the entity's
 * pending commands; the clock ends the wait.
 */
export class CommandTracker {
  private readonly byEntity = new Map<string, PendingCommand[]>();

  constructor(
    private readonly clock: Clock,
    private readonly timeoutMs: number,
    private readonly onSettled: (s: Settled) => void,
  ) {}

  track(cmd: Omit<PendingCommand, 'waiters' | 'timer' | 'sent_at'>): PendingCommand {
    const pending: PendingCommand = { ...cmd, sent_at: this.clock.now(), waiters: [] };
    pending.timer = this.clock.setTimeout(() => this.settle(pending, 'timeout'), this.timeoutMs);
    const list = this.byEntity.get(cmd.entity_id);
    if (list) list.push(pending);
    else this.byEntity.set(cmd.entity_id, [pending]);
    return pending;
  }

  pendingFor(entityId: string): PendingCommand[] {
    return this.byEntity.get(entityId) ?? [];
  }

  /** Confirms the entity's pending commands that this report satisfies; returns the first (it caused the change). */
  onReport(entityId: string, report: Report): PendingCommand | undefined {
    const list = this.byEntity.get(entityId);
    if (!list) return undefined;
    let first: PendingCommand | undefined;
    for (const p of [...list]) {
      if (reportConfirms(p.action, p.params, report)) {
        first ??= p;
        this.settle(p, 'confirmed');
      }
    }
    return first;
  }

  fail(entityId: string, error: string) {
    for (const p of [...(this.byEntity.get(entityId) ?? [])]) this.settle(p, 'failed', error);
  }

  settle(p: PendingCommand, outcome: Exclude<Outcome, 'accepted'>, error?: string) {
    const list = this.byEntity.get(p.entity_id);
    if (!list || !list.includes(p)) return;
    const rest = list.filter((x) => x !== p);
    if (rest.length === 0) this.byEntity.delete(p.entity_id);
    else this.byEntity.set(p.entity_id, rest);
    if (p.timer) this.clock.clearTimeout(p.timer);
    p.result = error === undefined ? { outcome } : { outcome, error };
    for (const w of p.waiters) w(outcome, error);
    this.onSettled({ command: p, outcome, ...(error === undefined ? {} : { error }) });
  }

  /** Resolves with the final outcome, or `accepted` if it is not known within `waitMs`. */
  wait(p: PendingCommand, waitMs: number): Promise<{ outcome: Outcome; error?: string }> {
    return new Promise((resolve) => {
      let timer: TimerHandle | undefined;
      const done = (outcome: Outcome, error?: string) => {
        if (timer) this.clock.clearTimeout(timer);
        resolve(error === undefined ? { outcome } : { outcome, error });
      };
      if (p.result) return resolve(p.result);
      p.waiters.push(done);
      if (waitMs <= 0) return done('accepted');
      timer = this.clock.setTimeout(() => {
        p.waiters = p.waiters.filter((w) => w !== done);
        resolve({ outcome: 'accepted' });
      }, waitMs);
    });
  }

  clear() {
    for (const list of this.byEntity.values()) for (const p of list) if (p.timer) this.clock.clearTimeout(p.timer);
    this.byEntity.clear();
  }
}
