import type { Clock, TimerHandle } from '../../clock.js';

/**
 * The demo home's timers: one-shot delays and randomly spaced repeats on the injected clock.
 * `stop()` cancels them all, and nothing armed before a stop runs after it.
 */
export class DemoTimers {
  private readonly timers = new Set<TimerHandle>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly random: () => number = Math.random,
  ) {}

  later(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const t = this.clock.setTimeout(() => {
      this.timers.delete(t);
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(t);
  }

  /** Runs `fn` again and again, each time after a random wait between `minMs` and `maxMs`. */
  every(minMs: number, maxMs: number, fn: () => void): void {
    const arm = () =>
      this.later(minMs + this.random() * (maxMs - minMs), () => {
        fn();
        arm();
      });
    arm();
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) this.clock.clearTimeout(t);
    this.timers.clear();
  }
}
