import type { Clock, TimerHandle } from '../clock.js';
import { isStorageFull } from '../errors.js';
import type { Logger } from '../log.js';
import type { HistoryRow, HomeRepository } from '../store/index.js';

const FLUSH_EVERY_MS = 1_000;
const FLUSH_AT_ROWS = 2_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * State history: every state change with its cause. Rows are written in batches (one
 * transaction a second, or sooner past 2,000 rows) so a burst of device reports costs one
 * fsync, not thousands; retention deletes rows older than `retentionDays` every hour.
 */
export class HistoryWriter {
  private queue: HistoryRow[] = [];
  private flushTimer: TimerHandle | undefined;
  private pruneTimer: TimerHandle | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private diskFull = false;

  constructor(
    private readonly repo: HomeRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly retentionDays: number,
  ) {}

  start() {
    void this.prune();
    const schedulePrune = () => {
      this.pruneTimer = this.clock.setTimeout(() => {
        void this.prune();
        schedulePrune();
      }, PRUNE_EVERY_MS);
    };
    schedulePrune();
  }

  append(row: HistoryRow) {
    this.queue.push(row);
    if (this.queue.length >= FLUSH_AT_ROWS) void this.flush();
    else this.flushTimer ??= this.clock.setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  flush(): Promise<void> {
    if (this.flushTimer) this.clock.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const rows = this.queue;
    this.queue = [];
    if (rows.length === 0) return this.flushing;
    this.flushing = this.flushing
      .then(() => this.repo.appendHistory(rows))
      .then(
        () => {
          if (this.diskFull) this.log.info('state history is written again: the disk has space');
          this.diskFull = false;
        },
        (err: unknown) => {
          // A full disk fails every batch: say so once, not every second.
          if (isStorageFull(err)) {
            if (!this.diskFull)
              this.log.error(
                { rows: rows.length },
                'state history is not being written: the disk is full (states and control still work)',
              );
            this.diskFull = true;
          } else this.log.error({ err, rows: rows.length }, 'could not write state history');
        },
      );
    return this.flushing;
  }

  async prune(): Promise<number> {
    const before = new Date(this.clock.now() - this.retentionDays * 86_400_000).toISOString();
    try {
      await this.flush();
      const n = await this.repo.pruneHistory(before);
      if (n > 0) this.log.info({ deleted: n, before }, 'pruned state history');
      return n;
    } catch (err) {
      this.log.error({ err }, 'could not prune state history');
      return 0;
    }
  }

  async stop() {
    if (this.pruneTimer) this.clock.clearTimeout(this.pruneTimer);
    await this.flush();
  }
}
