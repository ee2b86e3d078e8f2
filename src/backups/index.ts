import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nextTimeOccurrence } from '../automations/zoned.js';
import { backupDataDir, snapshotDataDirSync } from '../cli/backup.js';
import type { Clock, TimerHandle } from '../clock.js';
import type { Part } from '../context.js';
import { isStorageFull } from '../errors.js';
import type { Logger } from '../log.js';
import type { Db } from '../store/sqlite/database.js';
import type { Migration } from '../store/sqlite/migrations.js';
import { VERSION } from '../version.js';
import { backupName, listBackups, pruneBackups, type BackupFile } from './files.js';

export { listBackups, type BackupFile } from './files.js';

export interface BackupSettings {
  data_dir: string;
  /** Unset: `<data_dir>/backups`. */
  backup_dir: string | undefined;
  backup_keep: number;
  backup_hour: number;
}

export function backupDirOf(config: Pick<BackupSettings, 'data_dir' | 'backup_dir'>): string {
  return resolve(config.backup_dir ?? join(config.data_dir, 'backups'));
}

/** The folder holds archives with the token and license keys: owner only. */
function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * The hook `openDatabase` calls before pending migrations change an existing database: a
 * snapshot through the open connection, so an upgrade that goes wrong can be undone with
 * `hearth restore`. A failure (a full disk) stops the migration and so the start: upgrading
 * without a way back is worse than not starting.
 */
export function backupBeforeMigration(
  settings: Pick<BackupSettings, 'data_dir' | 'backup_dir' | 'backup_keep'>,
  log: Logger,
): (db: Db, pending: Migration[]) => void {
  return (db, pending) => {
    const dir = backupDirOf(settings);
    ensureDir(dir);
    const file = join(dir, backupName(Date.now(), `before-migration-${pending[0]!.id}`));
    const result = snapshotDataDirSync(db, settings.data_dir, file, VERSION);
    pruneBackups(dir, settings.backup_keep);
    log.info(
      { file: result.file, bytes: result.bytes, migrations: pending.map((m) => m.id) },
      'backed up the data dir before migrating the database',
    );
  };
}

/**
 * A consistent snapshot of the data dir every day at `backup_hour` (home time), the newest
 * `backup_keep` kept. Runs on the injected clock. A failed backup (full disk) is logged and
 * retried the next day; it never stops the service.
 */
export class AutomaticBackups implements Part {
  readonly name = 'backups';
  private timer: TimerHandle | undefined;
  /** Runs one after another (a slow disk never has two archives written at once). */
  private running: Promise<unknown> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly deps: {
      settings: BackupSettings;
      clock: Clock;
      log: Logger;
      /** The home's time zone (it may change at run time: read on every scheduling). */
      timeZone: () => string;
    },
  ) {}

  get dir(): string {
    return backupDirOf(this.deps.settings);
  }

  async start() {
    this.schedule();
  }

  async stop() {
    if (this.timer) this.deps.clock.clearTimeout(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** Resolves when no backup is being written. */
  async idle(): Promise<void> {
    await this.running;
  }

  list(): BackupFile[] {
    return listBackups(this.dir);
  }

  /** The next run (ms since the epoch). */
  nextRunAt(): number {
    const hh = String(this.deps.settings.backup_hour).padStart(2, '0');
    const now = this.deps.clock.now();
    return nextTimeOccurrence(`${hh}:00`, undefined, now, this.deps.timeZone()) ?? now + 86_400_000;
  }

  private schedule() {
    const at = this.nextRunAt();
    this.timer = this.deps.clock.setTimeout(() => {
      // One backup at a time: a run still writing (a slow disk, a clock that jumped days ahead)
      // makes this occurrence a no-op rather than a second archive of the same data.
      if (!this.busy) {
        this.busy = true;
        this.running = this.runOnce().finally(() => {
          this.busy = false;
        });
      }
      this.schedule();
    }, at - this.deps.clock.now());
  }

  /** Makes one backup (named for `at`) and prunes old ones; resolves with it, or undefined when it failed. */
  async runOnce(at = this.deps.clock.now()): Promise<BackupFile | undefined> {
    const { settings, log } = this.deps;
    const dir = this.dir;
    const file = join(dir, backupName(at, 'daily'));
    try {
      ensureDir(dir);
      await backupDataDir(settings.data_dir, file, VERSION);
      const deleted = pruneBackups(dir, settings.backup_keep);
      const made = listBackups(dir).find((b) => b.file === file);
      log.info({ file, bytes: made?.bytes, deleted: deleted.length }, 'automatic backup written');
      return made;
    } catch (err) {
      // A half-written archive must not pass for a backup.
      try {
        rmSync(file, { force: true });
      } catch {
        /* nothing was written there */
      }
      if (isStorageFull(err))
        log.error({ dir }, 'automatic backup failed: the disk is full; it is tried again tomorrow');
      else log.error({ err, dir }, 'automatic backup failed; it is tried again tomorrow');
      return undefined;
    }
  }
}
