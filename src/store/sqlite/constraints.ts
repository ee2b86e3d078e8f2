import Database from 'better-sqlite3';
import { StoreConflictError } from '../errors.js';

const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/**
 * Runs one write and turns SQLite's unique violations into a `StoreConflictError` naming the
 * record's field. SQLite reports the column only in its message (`UNIQUE constraint failed:
 * users.username_key`); that reading stays here, in the adapter. `fields` maps a column to the
 * record's field where they differ (e.g. `username_key` → `username`).
 */
export function uniqueWrite<T>(record: string, write: () => T, fields: Record<string, string> = {}): T {
  try {
    return write();
  } catch (err) {
    if (err instanceof Database.SqliteError && UNIQUE_CODES.has(err.code)) {
      const column = /constraint failed: \w+\.(\w+)/.exec(err.message)?.[1] ?? 'id';
      throw new StoreConflictError(record, fields[column] ?? column, { cause: err });
    }
    throw err;
  }
}
