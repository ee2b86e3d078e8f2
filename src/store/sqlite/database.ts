import Database from 'better-sqlite3';
import { mkdirSync, statfsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listBackups } from '../../backups/files.js';
import type { Logger } from '../../log.js';
import { MIGRATIONS, type Migration } from './migrations.js';

export type Db = Database.Database;

export const DB_FILE = 'hearth.db';

export interface OpenOptions {
  /** Where automatic backups live (named in the message about a damaged database). */
  backupDir?: string;
  /**
   * Called with the open connection before pending migrations change an existing database
   * (the automatic pre-migration backup). A failure stops the migration.
   */
  beforeMigrate?: (db: Db, pending: Migration[]) => void;
}

/** The database file cannot be used as it is: refuse to start and say how to get back. */
export class DatabaseDamagedError extends Error {
  override readonly name = 'DatabaseDamagedError';
}

/** A JSON column as stored; the repository says what it holds. */
export const fromJson = (text: unknown): unknown => JSON.parse(String(text));

/**
 * Opens (creating if needed) `<dataDir>/hearth.db` with the settings that make acknowledged
 * writes durable: WAL journal, synchronous=FULL (fsync on commit), foreign keys on. Checks
 * the file first (quick_check) and refuses a damaged one with a way back. On a full disk it
 * still opens, read-only in practice (see `openOnFullDisk`).
 */
export function openDatabase(
  dataDir: string,
  log: Logger,
  migrations: Migration[] = MIGRATIONS,
  opts: OpenOptions = {},
): Db {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, DB_FILE);
  const backupDir = opts.backupDir ?? join(dataDir, 'backups');
  let db: Db | undefined;
  try {
    try {
      db = new Database(path);
      configure(db);
    } catch (err) {
      db?.close();
      db = undefined;
      if (!diskIsFull(dataDir, err)) throw err;
      db = openOnFullDisk(path, dataDir, log);
    }
    checkIntegrity(db, path, backupDir);
  } catch (err) {
    db?.close();
    if (isDamage(err)) throw damaged(path, backupDir, (err as Error).message);
    throw err;
  }
  migrate(db, migrations, log, opts.beforeMigrate);
  return db;
}

function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

/**
 * A WAL database needs its `-shm` index file, and on a disk without a free block SQLite cannot
 * size it (SQLITE_IOERR_SHMSIZE), so Hearth used to refuse to start. In exclusive locking mode
 * the WAL index lives in memory instead: reads work, writes fail with SQLITE_FULL (answered
 * 507 STORAGE_FULL) and succeed again once space returns. The cost: while this process runs,
 * no other process (`hearth backup`) can open the database; a restart after freeing space
 * returns to normal locking.
 */
function openOnFullDisk(path: string, dataDir: string, log: Logger): Db {
  const db = new Database(path);
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    configure(db);
  } catch (err) {
    db.close();
    throw err;
  }
  log.error(
    { data_dir: resolve(dataDir), free_bytes: freeBytes(dataDir) },
    'the disk holding the data dir is full: Hearth runs read-only (changes answer 507 STORAGE_FULL; reading and control work) until space is freed',
  );
  return db;
}

/** Below this much free space an I/O failure while opening is taken for a full disk. */
const FULL_BELOW_BYTES = 1024 * 1024;

function freeBytes(dir: string): number | undefined {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}

/** The `code` of a SQLite or Node error (`SQLITE_FULL`, `ENOSPC`), or '' when it has none. */
function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function diskIsFull(dir: string, err: unknown): boolean {
  const code = codeOf(err);
  if (code !== 'SQLITE_FULL' && !code.startsWith('SQLITE_IOERR') && code !== 'ENOSPC') return false;
  const free = freeBytes(dir);
  return free !== undefined && free < FULL_BELOW_BYTES;
}

function isDamage(err: unknown): boolean {
  if (err instanceof DatabaseDamagedError) return true;
  const code = codeOf(err);
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
}

/**
 * `PRAGMA quick_check`: the structural checks of integrity_check without the index cross-check,
 * linear in the file size (a few ms for a home's database, ~0.1 s for 100 MB).
 */
function checkIntegrity(db: Db, path: string, backupDir: string): void {
  const problems = db.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[];
  const text = problems.map((p) => p.quick_check);
  if (text.length !== 1 || text[0] !== 'ok') throw damaged(path, backupDir, text.join('; '));
}

function damaged(path: string, backupDir: string, detail: string): DatabaseDamagedError {
  const newest = listBackups(backupDir)[0];
  const way = newest
    ? `The newest automatic backup is ${newest.file} (${newest.created_at}); stop Hearth and restore it with: hearth restore ${newest.file}`
    : `There is no automatic backup in ${resolve(backupDir)}; restore a backup you made with: hearth restore FILE`;
  return new DatabaseDamagedError(
    `The database ${resolve(path)} is damaged (${detail}). Hearth will not start on it, so as not to make it worse. ${way} (the damaged data dir is kept beside it).`,
  );
}

export function migrate(
  db: Db,
  migrations: Migration[],
  log: Logger,
  beforeMigrate?: (db: Db, pending: Migration[]) => void,
): void {
  db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
  );
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as number[]);
  const known = Math.max(0, ...migrations.map((m) => m.id));
  const newest = Math.max(0, ...applied);
  if (newest > known) {
    throw new Error(
      `The database was written by a newer Hearth (schema ${newest}, this version knows ${known}); upgrade Hearth or restore a backup.`,
    );
  }
  const pending = [...migrations].sort((a, b) => a.id - b.id).filter((m) => !applied.has(m.id));
  // A fresh database has nothing to lose; an existing one is saved before its schema changes.
  if (pending.length > 0 && applied.size > 0) beforeMigrate?.(db, pending);
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
        m.id,
        m.name,
        new Date().toISOString(),
      );
    })();
    log.info({ migration: m.id, name: m.name }, 'applied database migration');
  }
}
