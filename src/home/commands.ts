import type { Clock, TimerHandle } from '../clock.js';
import { DeadlineQueue } from '../deadlines.js';
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
  /** When it ends as `timeout` if no report confirmed it. */
  due: number;
  waiters: ((outcome: Outcome, error?: string) => void)[];
  /** Set once settled. */
  result?: { outcome: Exclude<Outcome, 'accepted'>; error?: string };
}

export interface Settled {
  command: PendingCommand;
  outcome: Exclude<Outcome, 'accepted'>;
  error?: string;
}

/**
 * A flood of commands to a dead device all fall due together; ending them in slices keeps the
 * event loop answering requests in between.
 */
const TIMEOUTS_PER_TURN = 500;

/**
 * Follows each command `pending → confirmed | failed | timeout`. Reports are matched against
 * what the command asked for (expected.ts); an error the bridge reports fails the entity's
 * pending commands; the clock ends the wait.
 *
 * Deadlines live in one queue with a single clock timer armed for the earliest: tens of
 * thousands of pending commands cost a heap entry each, not a timer each. Settled commands stay
 * in the queue until they reach its head (or the queue is compacted) and are skipped there.
 */
export class CommandTracker {
  private readonly byEntity = new Map<string, Set<PendingCommand>>();
  private readonly deadlines = new DeadlineQueue<PendingCommand>();
  private pendingCount = 0;
  private timer: TimerHandle | undefined;
  private timerDue = Infinity;

  constructor(
    private readonly clock: Clock,
    private readonly timeoutMs: number,
    private readonly onSettled: (s: Settled) => void,
  ) {}

  /** `timeoutMs` overrides the tracker's timeout for this command. */
  track(
    cmd: Omit<PendingCommand, 'waiters' | 'sent_at' | 'due'>,
    timeoutMs = this.timeoutMs,
  ): PendingCommand {
    const now = this.clock.now();
    // Spelled out: `{ ...cmd, sent_at, … }` built a dictionary-mode object, ~4 µs a command.
    const pending: PendingCommand = {
      correlation_id: cmd.correlation_id,
      entity_id: cmd.entity_id,
      action: cmd.action,
      params: cmd.params,
      cause: cmd.cause,
      sent_at: now,
      due: now + timeoutMs,
      waiters: [],
    };
    const set = this.byEntity.get(cmd.entity_id);
    if (set) set.add(pending);
    else this.byEntity.set(cmd.entity_id, new Set([pending]));
    this.pendingCount++;
    this.deadlines.push(pending, pending.due);
    if (pending.due < this.timerDue) this.arm();
    return pending;
  }

  hasPending(entityId: string): boolean {
    return this.byEntity.has(entityId);
  }

  /**
   * What a report means for the entity's pending commands, without settling them yet: the
   * caller applies the report to the entity first, so `command_result` carries the new state and
   * follows `state_changed`. `credited` is the newest command the report satisfies (the change is
   * its doing); every command sent before it is over too — a device applies commands in order, so
   * one the report does not satisfy was superseded and can no longer be credited with a later change.
   */
  matchReport(
    entityId: string,
    report: Report,
  ): { credited: PendingCommand; confirmed: PendingCommand[]; superseded: PendingCommand[] } | undefined {
    const set = this.byEntity.get(entityId);
    if (!set) return undefined;
    let newest = -1;
    const list = [...set];
    const matches = list.map((p) => reportConfirms(p.action, p.params, report));
    for (let i = 0; i < list.length; i++) if (matches[i]) newest = i;
    if (newest < 0) return undefined;
    const confirmed: PendingCommand[] = [];
    const superseded: PendingCommand[] = [];
    for (let i = 0; i <= newest; i++) (matches[i] ? confirmed : superseded).push(list[i]!);
    return { credited: list[newest]!, confirmed, superseded };
  }

  /** Settles what `matchReport` found. */
  settleReport(match: { confirmed: PendingCommand[]; superseded: PendingCommand[] }) {
    for (const p of match.superseded) this.settle(p, 'failed', 'superseded by a newer command');
    for (const p of match.confirmed) this.settle(p, 'confirmed');
  }

  /** Confirms the entity's pending commands that this report satisfies; returns the one credited with the change. */
  onReport(entityId: string, report: Report): PendingCommand | undefined {
    const match = this.matchReport(entityId, report);
    if (match) this.settleReport(match);
    return match?.credited;
  }

  fail(entityId: string, error: string) {
    for (const p of [...(this.byEntity.get(entityId) ?? [])]) this.settle(p, 'failed', error);
  }

  settle(p: PendingCommand, outcome: Exclude<Outcome, 'accepted'>, error?: string) {
    const set = this.byEntity.get(p.entity_id);
    if (!set?.delete(p)) return;
    if (set.size === 0) this.byEntity.delete(p.entity_id);
    this.pendingCount--;
    // Confirmed commands would otherwise sit in the queue until their deadline: at thousands of
    // commands a second that is most of it.
    if (this.deadlines.size > 1024 && this.deadlines.size > 4 * this.pendingCount)
      this.deadlines.filter((c) => !c.result && c !== p);
    p.result = error === undefined ? { outcome } : { outcome, error };
    for (const w of p.waiters) w(outcome, error);
    this.onSettled({ command: p, outcome, ...(error === undefined ? {} : { error }) });
  }

  /** Resolves with the final outcome, or `accepted` if it is not known within `waitMs`. */
  wait(p: PendingCommand, waitMs: number): Promise<{ outcome: Outcome; error?: string }> {
    if (p.result) return Promise.resolve(p.result);
    if (waitMs <= 0) return Promise.resolve({ outcome: 'accepted' });
    return new Promise((resolve) => {
      const done = (outcome: Outcome, error?: string) => {
        this.clock.clearTimeout(timer);
        resolve(error === undefined ? { outcome } : { outcome, error });
      };
      p.waiters.push(done);
      const timer = this.clock.setTimeout(() => {
        p.waiters = p.waiters.filter((w) => w !== done);
        resolve({ outcome: 'accepted' });
      }, waitMs);
    });
  }

  clear() {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = Infinity;
    this.deadlines.clear();
    this.byEntity.clear();
    this.pendingCount = 0;
  }

  /** (Re-)arms the one timer for the earliest deadline of a command still pending. */
  private arm() {
    let head = this.deadlines.peek();
    while (head?.item.result) {
      this.deadlines.pop();
      head = this.deadlines.peek();
    }
    const due = head ? head.due : Infinity;
    if (this.timer && due === this.timerDue) return;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = due;
    if (head) this.timer = this.clock.setTimeout(() => this.expire(), Math.max(0, due - this.clock.now()));
  }

  private expire() {
    this.timer = undefined;
    this.timerDue = Infinity;
    const now = this.clock.now();
    let ended = 0;
    for (
      let head = this.deadlines.peek();
      head && head.due <= now && ended < TIMEOUTS_PER_TURN;
      head = this.deadlines.peek()
    ) {
      this.deadlines.pop();
      if (head.item.result) continue;
      ended++;
      this.settle(head.item, 'timeout');
    }
    this.arm();
  }
}
