import type { Clock, TimerHandle } from '../clock.js';
import type { Part } from '../context.js';
import type { Logger } from '../log.js';
import type { Store } from './types.js';

export interface HousekeepingOptions {
  store: Store;
  clock: Clock;
  log: Logger;
  /** Revoked sessions and tokens, finished invites and notifications older than this go. */
  keepDays?: number;
  auditDays: number;
  sessionIdleDays?: number | undefined;
}

const DAY = 86_400_000;

/**
 * Keeps the database bounded (issue 17, problem 8): once at start and daily, deletes sessions
 * and API tokens revoked more than `keepDays` ago (and sessions idle past the idle expiry),
 * invites expired, revoked or used up, notifications and audit entries past their age, then
 * rewrites the file (VACUUM) when pruning has left a quarter of it free, so the file shrinks.
 */
export class Housekeeping implements Part {
  readonly name = 'housekeeping';
  private timer: TimerHandle | undefined;

  constructor(private readonly opts: HousekeepingOptions) {}

  async start() {
    await this.run();
    this.arm();
  }

  private arm() {
    this.timer = this.opts.clock.setTimeout(() => {
      void this.run().finally(() => this.arm());
    }, DAY);
  }

  async stop() {
    if (this.timer) this.opts.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One pass; never throws (a failed pass is logged and tried again tomorrow). */
  async run() {
    const { store, clock, log } = this.opts;
    const now = clock.now();
    const iso = (days: number) => new Date(now - days * DAY).toISOString();
    try {
      const pruned = await store.housekeeping.prune({
        before: iso(this.opts.keepDays ?? 30),
        idleBefore: this.opts.sessionIdleDays ? iso(this.opts.sessionIdleDays) : undefined,
      });
      const audit = await store.audit.prune(iso(this.opts.auditDays));
      const pages = await store.housekeeping.shrink();
      log.info({ ...pruned, audit, freed_pages: pages }, 'housekeeping: pruned old rows');
    } catch (err) {
      log.error({ err }, 'housekeeping failed');
    }
  }
}
