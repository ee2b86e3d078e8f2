/**
 * Time as a dependency: schedules, delays, `for` durations, throttling windows and command
 * timeouts all read this clock, so tests drive them with `FakeClock` instead of waiting.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export interface TimerHandle {
  readonly id: number;
}

export class SystemClock implements Clock {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private nextId = 1;

  now(): number {
    return Date.now();
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    // Node caps timers at 2^31-1 ms (~24.8 days); longer waits re-arm in steps.
    const max = 2_147_483_647;
    const due = Date.now() + Math.max(0, ms);
    const arm = () => {
      const left = due - Date.now();
      // Node's timers run on the monotonic clock, `due` is wall-clock time, and the two drift
      // apart (~5 ms over 15 s measured here; a minute's time trigger fired 10–20 ms late).
      // A long wait wakes a little early and re-arms for the rest, which then drifts by < 1 ms.
      const wait = left > 1_000 ? Math.floor(left * 0.99) : Math.max(0, left);
      const t = setTimeout(
        () => {
          if (due - Date.now() > 0) return arm();
          this.timers.delete(id);
          fn();
        },
        Math.min(wait, max),
      );
      t.unref();
      this.timers.set(id, t);
    };
    arm();
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    const t = this.timers.get(handle.id);
    if (t) clearTimeout(t);
    this.timers.delete(handle.id);
  }
}

/** A clock that moves only when told to. Timers fire in due order inside `advance`. */
export class FakeClock implements Clock {
  private current: number;
  private readonly timers = new Map<number, { due: number; fn: () => void; seq: number }>();
  private nextId = 1;

  constructor(start: number | Date = Date.UTC(2026, 0, 1, 12, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { due: this.current + Math.max(0, ms), fn, seq: id });
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle.id);
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way (including ones armed by timers). */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      let next: [number, { due: number; fn: () => void; seq: number }] | undefined;
      for (const entry of this.timers) {
        if (entry[1].due > target) continue;
        if (
          !next ||
          entry[1].due < next[1].due ||
          (entry[1].due === next[1].due && entry[1].seq < next[1].seq)
        )
          next = entry;
      }
      if (!next) break;
      this.timers.delete(next[0]);
      this.current = Math.max(this.current, next[1].due);
      next[1].fn();
    }
    this.current = target;
  }

  /** Moves to an absolute time (never backwards). */
  set(time: number | Date): void {
    const t = typeof time === 'number' ? time : time.getTime();
    this.advance(Math.max(0, t - this.current));
  }

  get pendingTimers(): number {
    return this.timers.size;
  }
}
