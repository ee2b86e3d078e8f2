import type { Clock, TimerHandle } from '../../clock.js';

export interface PollOptions {
  /** Milliseconds between polls while the device answers. */
  intervalMs: number;
  /** One poll; rejects when the device did not answer (its own timeout bounds it). */
  poll: () => Promise<void>;
  /** Consecutive misses before the device is reported unavailable (default 3). */
  maxMisses?: number;
  /** Spread of each wait, as a fraction of it (default 0.1): 200 devices added at once do not poll in lockstep. */
  jitter?: number;
  /** Longest wait between polls of an unavailable device (default 5 min); the wait doubles from the interval. */
  maxBackoffMs?: number;
  /** Called once when the device becomes unavailable, and once when it answers again. */
  onAvailability?: (available: boolean) => void;
}

interface Polled {
  opts: Required<Omit<PollOptions, 'onAvailability'>> & Pick<PollOptions, 'onAvailability'>;
  timer: TimerHandle | undefined;
  inFlight: boolean;
  /** A refresh was asked while a poll ran: poll again as soon as it ends. */
  again: boolean;
  misses: number;
  available: boolean;
}

/**
 * Polls many devices on the injected clock: one interval per device with jitter, at most one
 * request in flight per device, an immediate refresh after a command, "unavailable" after N
 * consecutive misses and then back-off (doubling up to `maxBackoffMs`) until it answers again.
 * A poll that throws never stops the others.
 */
export class PollingCoordinator {
  private readonly devices = new Map<string, Polled>();

  constructor(
    private readonly clock: Clock,
    private readonly random: () => number = Math.random,
  ) {}

  /** Starts polling a device (first poll right away); replaces a previous registration. */
  add(id: string, opts: PollOptions) {
    this.remove(id);
    const polled: Polled = {
      opts: { maxMisses: 3, jitter: 0.1, maxBackoffMs: 300_000, ...opts },
      timer: undefined,
      inFlight: false,
      again: false,
      misses: 0,
      available: true,
    };
    this.devices.set(id, polled);
    void this.run(id, polled);
  }

  remove(id: string) {
    const p = this.devices.get(id);
    if (!p) return;
    if (p.timer) this.clock.clearTimeout(p.timer);
    this.devices.delete(id);
  }

  /** Polls now (after a command, or when a push channel reconnects); joins a poll already running. */
  refresh(id: string) {
    const p = this.devices.get(id);
    if (!p) return;
    if (p.inFlight) {
      p.again = true;
      return;
    }
    if (p.timer) this.clock.clearTimeout(p.timer);
    p.timer = undefined;
    void this.run(id, p);
  }

  isAvailable(id: string): boolean | undefined {
    return this.devices.get(id)?.available;
  }

  stop() {
    for (const id of [...this.devices.keys()]) this.remove(id);
  }

  get size() {
    return this.devices.size;
  }

  private async run(id: string, p: Polled) {
    p.inFlight = true;
    p.again = false;
    let ok: boolean;
    try {
      await p.opts.poll();
      ok = true;
    } catch {
      ok = false;
    }
    p.inFlight = false;
    if (this.devices.get(id) !== p) return; // removed while polling
    if (ok) {
      p.misses = 0;
      if (!p.available) {
        p.available = true;
        p.opts.onAvailability?.(true);
      }
    } else {
      p.misses++;
      if (p.available && p.misses >= p.opts.maxMisses) {
        p.available = false;
        p.opts.onAvailability?.(false);
      }
    }
    // `again` may have been set by refresh() while the poll above was awaited.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    if (p.again) return void this.run(id, p);
    p.timer = this.clock.setTimeout(() => {
      p.timer = undefined;
      void this.run(id, p);
    }, this.nextWait(p));
  }

  /** The interval while answering or still within its misses; doubling beyond them, capped. */
  nextWait(p: Pick<Polled, 'opts' | 'misses'>): number {
    const { intervalMs, maxMisses, maxBackoffMs, jitter } = p.opts;
    const beyond = Math.max(0, p.misses - maxMisses + 1);
    const base = beyond === 0 ? intervalMs : Math.min(maxBackoffMs, intervalMs * 2 ** Math.min(beyond, 20));
    return Math.round(base * (1 - jitter / 2 + jitter * this.random()));
  }
}
