import Database from 'better-sqlite3';
import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PID_FILE, runningPid } from './running.js';

const run = promisify(execFile);

export const DB_FILE = 'hearth.db';
export const MANIFEST = 'hearth-backup.json';

/** The automatic backups' folder inside the data dir (src/backups); never inside a backup. */
export const BACKUPS_DIR = 'backups';

/** Files of the data dir that are not copied as they are: the live database (copied through SQLite), the pid marker, the tarball cache, the automatic backups. */
const SKIP = new Set([
  DB_FILE,
  `${DB_FILE}-wal`,
  `${DB_FILE}-shm`,
  `${DB_FILE}-journal`,
  PID_FILE,
  'release',
  BACKUPS_DIR,
]);

export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * Writes one .tar.gz of the data dir, consistent while the service runs: the database through
 * SQLite's online backup API (a snapshot of committed transactions, WAL included), everything
 * else (secrets/, ...) copied as files, plus a small manifest. The archive holds the token
 * and license keys, so it is created with mode 0600.
 */
export async function backupDataDir(
  dataDir: string,
  outFile: string,
  version: string,
): Promise<{ file: string; bytes: number }> {
  const dbPath = join(dataDir, DB_FILE);
  if (!existsSync(dbPath))
    throw new CliError(`There is no Hearth database in ${resolve(dataDir)} (set HEARTH_DATA_DIR).`);
  const stage = mkdtempSync(join(tmpdir(), 'hearth-backup-'));
  try {
    const db = new Database(dbPath, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      await db.backup(join(stage, DB_FILE));
    } finally {
      db.close();
    }
    stageFiles(dataDir, stage, version);
    const file = createPrivate(outFile);
    await run('tar', ['-czf', file, '-C', stage, '.']);
    chmodSync(file, 0o600);
    return { file, bytes: statSync(file).size };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * The same archive made synchronously through an open connection (`VACUUM INTO`, a consistent
 * snapshot read inside one transaction): for the service itself, before a schema migration,
 * where nothing may run in between, and where its own connection may hold the only lock.
 */
export function snapshotDataDirSync(
  db: Database.Database,
  dataDir: string,
  outFile: string,
  version: string,
): { file: string; bytes: number } {
  const stage = mkdtempSync(join(tmpdir(), 'hearth-backup-'));
  try {
    db.prepare('VACUUM INTO ?').run(join(stage, DB_FILE));
    stageFiles(dataDir, stage, version);
    const file = createPrivate(outFile);
    execFileSync('tar', ['-czf', file, '-C', stage, '.']);
    chmodSync(file, 0o600);
    return { file, bytes: statSync(file).size };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Everything but the database (secrets/, ...) copied as files, plus the manifest. */
function stageFiles(dataDir: string, stage: string, version: string): void {
  for (const entry of readdirSync(dataDir)) {
    if (!SKIP.has(entry))
      cpSync(join(dataDir, entry), join(stage, entry), { recursive: true, preserveTimestamps: true });
  }
  writeFileSync(
    join(stage, MANIFEST),
    JSON.stringify(
      { format: 1, version, created_at: new Date().toISOString(), data_dir: resolve(dataDir) },
      null,
      2,
    ) + '\n',
  );
}

/** The archive holds the token and license keys: it exists with mode 0600 before a byte is written. */
function createPrivate(outFile: string): string {
  const file = resolve(outFile);
  writeFileSync(file, '', { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/**
 * Replaces the data dir with the contents of a backup. Refuses while a service runs on it. The
 * previous data dir is kept beside it as `<dir>.before-restore-<time>`; the swap is two renames
 * in the same parent directory, so a failure half-way never leaves a mixed data dir.
 */
export async function restoreDataDir(
  dataDir: string,
  archive: string,
): Promise<{ previous: string | undefined }> {
  const target = resolve(dataDir);
  const pid = runningPid(target);
  if (pid !== undefined) {
    throw new CliError(
      `Hearth is running on ${target} (pid ${pid}); stop it first (systemctl stop hearth), then restore.`,
    );
  }
  if (!existsSync(archive)) throw new CliError(`No such backup file: ${archive}`);
  const parent = dirname(target);
  const staging = mkdtempSync(join(parent, `.${basename(target)}.restore-`));
  try {
    await extractBackup(archive, staging);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }

  let previous: string | undefined;
  let mode = 0o750;
  let owner: { uid: number; gid: number } | undefined;
  if (existsSync(target)) {
    const st = statSync(target);
    mode = st.mode & 0o7777;
    owner = { uid: st.uid, gid: st.gid };
    previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, previous);
  }
  // The automatic backups stay with the home, not with the data that was replaced.
  if (previous && existsSync(join(previous, BACKUPS_DIR)) && !existsSync(join(staging, BACKUPS_DIR)))
    renameSync(join(previous, BACKUPS_DIR), join(staging, BACKUPS_DIR));
  renameSync(staging, target);
  chmodSync(target, mode);
  if (owner) chownTree(target, owner.uid, owner.gid);
  return { previous };
}

/**
 * Unpacks a backup into `staging` (an empty directory) and checks it: a Hearth archive (database
 * and manifest) whose database passes SQLite's quick_check. Answers the manifest; the manifest
 * file itself is removed. Throws a CliError naming the problem; nothing outside `staging` changes.
 */
export async function extractBackup(
  archive: string,
  staging: string,
): Promise<{ version?: string; created_at?: string }> {
  const listing = await run('tar', ['-tzf', archive]).catch(() => {
    throw new CliError(`${archive} is not a readable .tar.gz archive.`);
  });
  const names = new Set(listing.stdout.split('\n').map((n) => n.replace(/^\.\//, '')));
  if (!names.has(DB_FILE) || !names.has(MANIFEST))
    throw new CliError(`${archive} is not a Hearth backup (it lacks ${DB_FILE} or ${MANIFEST}).`);
  await run('tar', ['-xzf', archive, '-C', staging]);
  const db = new Database(join(staging, DB_FILE), { fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new CliError(`The database in ${archive} is damaged (${String(check)}); nothing was changed.`);
  } finally {
    db.close();
  }
  let manifest: { version?: string; created_at?: string } = {};
  try {
    manifest = JSON.parse(readFileSync(join(staging, MANIFEST), 'utf8')) as typeof manifest;
  } catch {
    // An unreadable manifest is not a reason to refuse a database that passed its check.
  }
  rmSync(join(staging, MANIFEST));
  return manifest;
}

/**
 * When root runs the CLI on a data dir owned by the service user, files it created (the
 * database's -wal/-shm, a restored tree) must go back to that user or the service cannot open them.
 */
export function restoreOwnership(dataDir: string): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0 || !existsSync(dataDir)) return;
  const st = statSync(dataDir);
  if (st.uid !== 0) chownTree(dataDir, st.uid, st.gid);
}

function chownTree(path: string, uid: number, gid: number): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  chownSync(path, uid, gid);
  if (statSync(path).isDirectory())
    for (const entry of readdirSync(path)) chownTree(join(path, entry), uid, gid);
}
