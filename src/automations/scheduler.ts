import type { Clock, TimerHandle } from '../clock.js';

interface Entry {
  due: number;
  key: string;
  seq: number;
}

/**
 * Due times for time and solar triggers (and nothing else): a binary heap with one clock timer
 * armed for the earliest entry only — no periodic tick, no drift (each entry is an absolute
 * wall-clock instant computed from the calendar, re-computed after every firing).
 */
export class Scheduler {
  private heap: Entry[] = [];
  /** The live entry per key; heap entries whose seq differs are stale and skipped. */
  private readonly live = new Map<string, Entry>();
  private timer: TimerHandle | undefined;
  private timerDue: number | undefined;
  private seq = 0;
  private stopped = false;

  /** `onDue` gets every entry due at once in one call, so they can be persisted together. */
  constructor(private readonly clock: Clock, private readonly onDue: (due: { key: string; due: number }[]) => void) {}

  set(key: string, due: number | undefined) {
    if (due === undefined) return this.delete(key);
    const e = { due, key, seq: ++this.seq };
    this.live.set(key, e);
    this.push(e);
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
    while (this.heap.length > 0 && this.live.get(this.heap[0]!.key) !== this.heap[0]) this.pop();
    const top = this.heap[0];
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
    while (this.heap.length > 0 && this.heap[0]!.due <= now) {
      const e = this.pop()!;
      if (this.live.get(e.key) !== e) continue;
      this.live.delete(e.key);
      due.push({ key: e.key, due: e.due });
    }
    if (due.length > 0) this.onDue(due);
    this.arm();
  }

  private push(e: Entry) {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private pop(): Entry | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && less(h[l]!, h[m]!)) m = l;
        if (r < h.length && less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}

const less = (a: Entry, b: Entry) => a.due < b.due || (a.due === b.due && a.seq < b.seq);
