import type { Clock } from '../clock.js';
import { Errors } from '../errors.js';

/**
 * Token buckets: each key may spend `burst` at once and earns `perSecond` back. A small pure
 * calculation per call and one map entry per active key (the oldest goes past `maxKeys`).
 */
export interface RatePolicy {
  perSecond: number;
  burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly policy: RatePolicy,
    private readonly maxKeys = 50_000,
  ) {}

  /** Spends one token; returns 0 when allowed, otherwise the milliseconds until one is earned. */
  take(key: string, now: number): number {
    const { perSecond, burst } = this.policy;
    const b = this.buckets.get(key) ?? { tokens: burst, at: now };
    const tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return Math.ceil(((1 - tokens) / perSecond) * 1000);
    }
    this.buckets.delete(key);
    if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return 0;
  }

  forget(key: string) {
    this.buckets.delete(key);
  }
}

export interface CommandLimitOptions {
  /** Commands per second per user across REST and every socket (0: no limit); burst is twice that. */
  perUser: number;
  /** Requests per second per Socket.IO connection (0: no limit); burst is twice that. */
  perSocket: number;
  clock: Clock;
}

/**
 * Rate limits on commands (issue 17): one user — a script with a token, a runaway dashboard —
 * cannot flood the devices, and one socket cannot monopolise the service. Automations and
 * scenes run by the service itself are not limited; only what clients ask for.
 */
export class CommandLimits {
  private readonly users?: RateLimiter;
  private readonly sockets?: RateLimiter;

  constructor(private readonly opts: CommandLimitOptions) {
    if (opts.perUser > 0) this.users = new RateLimiter({ perSecond: opts.perUser, burst: opts.perUser * 2 });
    if (opts.perSocket > 0)
      this.sockets = new RateLimiter({ perSecond: opts.perSocket, burst: opts.perSocket * 2 });
  }

  /** Throws 429 `RATE_LIMITED` when this user has used up their commands for now. */
  command(userId: string) {
    const wait = this.users?.take(userId, this.opts.clock.now()) ?? 0;
    if (wait > 0)
      throw Errors.rateLimited(
        wait,
        `Too many commands; at most ${this.opts.perUser} per second per user.`,
        'user',
      );
  }

  /** Throws 429 `RATE_LIMITED` when this socket sends requests faster than allowed. */
  socketRequest(socketId: string) {
    const wait = this.sockets?.take(socketId, this.opts.clock.now()) ?? 0;
    if (wait > 0)
      throw Errors.rateLimited(
        wait,
        `Too many requests on this connection; at most ${this.opts.perSocket} per second.`,
        'socket',
      );
  }

  socketClosed(socketId: string) {
    this.sockets?.forget(socketId);
  }
}
