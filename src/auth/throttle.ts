/**
 * Login throttling as a small pure state machine. Each key (a username at one client address,
 * or a client address) has a count of recent failures; past a free allowance every further
 * failure doubles the wait, up to a cap, and the count decays after a quiet period — back-off,
 * never a permanent ban.
 *
 * There is deliberately no key for a username alone: whoever hammers a username from one
 * address must not lock its owner out on another (the pitfall of per-account lockouts and of
 * Home Assistant's IP bans). An attacker is slowed per address and per (username, address).
 */
export interface ThrottlePolicy {
  /** Failures allowed before any wait is imposed. */
  freeAttempts: number;
  /** First wait once the allowance is spent. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten after this long without one. */
  forgetAfterMs: number;
}

export interface ThrottleState {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

export const INITIAL: ThrottleState = { failures: 0, lastFailureAt: 0, blockedUntil: 0 };

/** Milliseconds the key must still wait (0 = may try now). */
export function waitFor(state: ThrottleState, now: number): number {
  return Math.max(0, state.blockedUntil - now);
}

export function recordFailure(state: ThrottleState, now: number, policy: ThrottlePolicy): ThrottleState {
  const failures = now - state.lastFailureAt > policy.forgetAfterMs ? 1 : state.failures + 1;
  const over = failures - policy.freeAttempts;
  const delay = over > 0 ? Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (over - 1)) : 0;
  return { failures, lastFailureAt: now, blockedUntil: delay > 0 ? now + delay : 0 };
}

export class Throttle {
  private readonly states = new Map<string, ThrottleState>();
  /** Attempts that passed the check and are still being verified (a password hash takes ~100 ms). */
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly maxKeys = 50_000,
  ) {}

  /**
   * The wait as if every attempt still in flight fails: otherwise a burst of parallel guesses
   * would all pass the check before the first failure is recorded.
   */
  waitMs(key: string, now: number): number {
    let s = this.states.get(key) ?? INITIAL;
    const pending = Math.min(this.inFlight.get(key) ?? 0, 64);
    for (let i = 0; i < pending; i++) s = recordFailure(s, now, this.policy);
    return waitFor(s, now);
  }

  /** Marks an attempt as in flight; call the returned function once its outcome is recorded. */
  begin(key: string): () => void {
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left > 0) this.inFlight.set(key, left);
      else this.inFlight.delete(key);
    };
  }

  fail(key: string, now: number): void {
    const next = recordFailure(this.states.get(key) ?? INITIAL, now, this.policy);
    this.states.delete(key);
    // Bounded memory: the oldest key goes first (Map keeps insertion order).
    if (this.states.size >= this.maxKeys) this.states.delete(this.states.keys().next().value!);
    this.states.set(key, next);
  }

  succeed(key: string): void {
    this.states.delete(key);
  }
}

/** Failures of one username from one address: the person mistyping, or a guesser there. */
export const PAIR_POLICY: ThrottlePolicy = {
  freeAttempts: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};
/** Failures from one address across every username: a guesser trying many accounts. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeAttempts: 20,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};
