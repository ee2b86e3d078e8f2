import type { Clock, TimerHandle } from '../../clock.js';

export interface PacerOptions {
  /** Reads in flight at once (sent, not yet answered). */
  concurrency: number;
  /** Least time between two sends. */
  spacingMs: number;
  /** A read not answered within this long frees its slot anyway (the device may be asleep or gone). */
  answerTimeoutMs: number;
}

/**
 * Paces reads of device state (Zigbee2MQTT `/get`) so that a start, a reconnection or a bridge
 * coming back never sends a storm of reads into the mesh: at most `concurrency` reads
 * unanswered, at least `spacingMs` apart, each slot freed by the device's answer (`answered`) or
 * after `answerTimeoutMs`. Keys are devices: a device already queued or in flight is not asked
 * twice. Time is the injected clock.
 */
export class ReadPacer {
  private readonly queue = new Set<string>();
  private readonly inFlight = new Map<string, TimerHandle>();
  private timer: TimerHandle | undefined;
  private nextAt = 0;

  constructor(
    private readonly clock: Clock,
    private readonly opts: PacerOptions,
    /** Sends the read; a rejection frees the slot (the key may be requested again). */
    private readonly send: (key: string) => Promise<void>,
  ) {}

  /** Asks for `key`'s state, unless that is already queued or on its way. */
  request(key: string) {
    if (this.queue.has(key) || this.inFlight.has(key)) return;
    this.queue.add(key);
    this.pump();
  }

  /** The device answered (a state message arrived): its slot is free. */
  answered(key: string) {
    const t = this.inFlight.get(key);
    if (!t) return;
    this.clock.clearTimeout(t);
    this.inFlight.delete(key);
    this.pump();
  }

  /** Forgets `key` (a device removed). */
  drop(key: string) {
    this.queue.delete(key);
    this.answered(key);
  }

  /** Forgets everything (the connection dropped: nothing sent will be answered). */
  clear() {
    this.queue.clear();
    for (const t of this.inFlight.values()) this.clock.clearTimeout(t);
    this.inFlight.clear();
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  get pending() {
    return { queued: this.queue.size, in_flight: this.inFlight.size };
  }

  private pump() {
    if (this.timer) return;
    while (this.queue.size > 0 && this.inFlight.size < this.opts.concurrency) {
      const wait = this.nextAt - this.clock.now();
      if (wait > 0) {
        this.timer = this.clock.setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      const key = this.queue.values().next().value!;
      this.queue.delete(key);
      this.inFlight.set(
        key,
        this.clock.setTimeout(() => this.answered(key), this.opts.answerTimeoutMs),
      );
      this.nextAt = this.clock.now() + this.opts.spacingMs;
      this.send(key).catch(() => this.answered(key));
    }
  }
}
