import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../log.js';
import { BACKUPS_DIR, extractBackup } from './backup.js';
import { PID_FILE } from './running.js';

/**
 * Restoring a backup while Hearth runs (the dashboard's restore): the archive is unpacked and
 * checked into `<data dir>/backups/restore-pending` (the backups folder is never inside a
 * backup and stays with the home); the swap happens at the next start, before the database is
 * opened. The replaced files are kept in `<data dir>/backups/before-restore-<time>`.
 */
const PENDING = 'restore-pending';
/** Written into the pending folder once the old files are moved out: a crash after it resumes at step two. */
const MOVED_OUT = '.moved-out';

export const pendingRestoreDir = (dataDir: string) => join(dataDir, BACKUPS_DIR, PENDING);

/** Unpacks and checks `archive`, then stages it for the next start (replacing one staged before). */
export async function stageRestore(
  dataDir: string,
  archive: string,
): Promise<{ version?: string; created_at?: string }> {
  const backups = join(dataDir, BACKUPS_DIR);
  mkdirSync(backups, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(join(backups, '.restore-'));
  try {
    const manifest = await extractBackup(archive, staging);
    rmSync(pendingRestoreDir(dataDir), { recursive: true, force: true });
    renameSync(staging, pendingRestoreDir(dataDir));
    return manifest;
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}

/** Whether a restore waits for the next start. */
export const restorePending = (dataDir: string) => existsSync(pendingRestoreDir(dataDir));

/**
 * At start, before the store opens: swaps a staged restore in. Step one moves the current files
 * (not the backups folder) aside, step two moves the staged ones in; each entry is one rename.
 */
export function applyStagedRestore(dataDir: string, log: Logger): boolean {
  const pending = pendingRestoreDir(dataDir);
  if (!existsSync(pending)) return false;
  if (!existsSync(join(pending, MOVED_OUT))) {
    const aside = join(
      dataDir,
      BACKUPS_DIR,
      `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    mkdirSync(aside, { mode: 0o700 });
    for (const entry of readdirSync(dataDir))
      if (entry !== BACKUPS_DIR && entry !== PID_FILE) renameSync(join(dataDir, entry), join(aside, entry));
    writeFileSync(join(pending, MOVED_OUT), aside);
    log.warn({ previous: aside }, 'restoring the staged backup: the replaced files are kept');
  }
  for (const entry of readdirSync(pending))
    if (entry !== MOVED_OUT) renameSync(join(pending, entry), join(dataDir, entry));
  rmSync(pending, { recursive: true, force: true });
  log.warn({ data_dir: dataDir }, 'restored the staged backup');
  return true;
}
