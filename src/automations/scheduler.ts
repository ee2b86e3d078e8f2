import type { Clock, TimerHandle } from '../clock.js';
import { DeadlineQueue } from '../deadlines.js';

interface Entry {
  due: number;
  key: string;
}

/**
 * Due times for time and solar triggers (and nothing else): a binary heap with one clock timer
 * armed for the earliest entry only — no periodic tick, no drift (each entry is an absolute
 * wall-clock instant computed from the calendar, re-computed after every firing).
 */
export class Scheduler {
  private readonly heap = new DeadlineQueue<Entry>();
  /** The live entry per key; heap entries that are not the live one are stale and skipped. */
  private readonly live = new Map<string, Entry>();
  private timer: TimerHandle | undefined;
  private timerDue: number | undefined;
  private stopped = false;

  /** `onDue` gets every entry due at once in one call, so they can be persisted together. */
  constructor(
    private readonly clock: Clock,
    private readonly onDue: (due: { key: string; due: number }[]) => void,
  ) {}

  set(key: string, due: number | undefined) {
    if (due === undefined) {
      this.delete(key);
      return;
    }
    const e = { due, key };
    this.live.set(key, e);
    this.heap.push(e, due);
    // Edits and deletions leave stale entries behind; drop them before they outnumber the live ones.
    if (this.heap.size > 2 * this.live.size + 1024) this.heap.filter((x) => this.live.get(x.key) === x);
    this.arm();
  }

  delete(key: string) {
    this.live.delete(key);
  }

  dueOf(key: string): number | undefined {
    return this.live.get(key)?.due;
  }

  get size() {
    return this.live.size;
  }

  stop() {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm() {
    if (this.stopped) return;
    let top = this.heap.peek();
    while (top && this.live.get(top.item.key) !== top.item) {
      this.heap.pop();
      top = this.heap.peek();
    }
    if (!top) {
      if (this.timer) this.clock.clearTimeout(this.timer);
      this.timer = undefined;
      this.timerDue = undefined;
      return;
    }
    if (this.timer && this.timerDue === top.due) return;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timerDue = top.due;
    this.timer = this.clock.setTimeout(() => this.tick(), Math.max(0, top.due - this.clock.now()));
  }

  private tick() {
    this.timer = undefined;
    this.timerDue = undefined;
    const now = this.clock.now();
    const due: { key: string; due: number }[] = [];
    for (let top = this.heap.peek(); top && top.due <= now; top = this.heap.peek()) {
      this.heap.pop();
      if (this.live.get(top.item.key) !== top.item) continue;
      this.live.delete(top.item.key);
      due.push({ key: top.item.key, due: top.due });
    }
    if (due.length > 0) this.onDue(due);
    this.arm();
  }
}
