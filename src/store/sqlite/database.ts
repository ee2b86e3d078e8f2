import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../log.js';
import { MIGRATIONS, type Migration } from './migrations.js';

export type Db = Database.Database;

/**
 * Opens (creating if needed) `<dataDir>/hearth.db` with the settings that make acknowledged
 * writes durable: WAL journal, synchronous=FULL (fsync on commit), foreign keys on.
 */
export function openDatabase(dataDir: string, log: Logger, migrations: Migration[] = MIGRATIONS): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'hearth.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations, log);
  return db;
}

export function migrate(db: Db, migrations: Migration[], log: Logger): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as number[]);
  const known = Math.max(0, ...migrations.map((m) => m.id));
  const newest = Math.max(0, ...applied);
  if (newest > known) {
    throw new Error(
      `The database was written by a newer Hearth (schema ${newest}, this version knows ${known}); upgrade Hearth or restore a backup.`,
    );
  }
  for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(m.id)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(m.id, m.name, new Date().toISOString());
    })();
    log.info({ migration: m.id, name: m.name }, 'applied database migration');
  }
}
