/**
 * Errors every store raises in its own terms, so callers never read a database's error text.
 * A PostgreSQL store maps its unique-violation (SQLSTATE 23505) to the same class that the
 * SQLite store maps `SQLITE_CONSTRAINT_UNIQUE` / `_PRIMARYKEY` to.
 */
export class StoreError extends Error {
  override readonly name: string = 'StoreError';
}

/** A write would give a second record the same value in a field that must be unique. */
export class StoreConflictError extends StoreError {
  override readonly name = 'StoreConflictError';
  constructor(
    /** The kind of record, e.g. `user`, `invite`, `license`. */
    readonly record: string,
    /** The record's own field (not a database column), e.g. `username`. */
    readonly field: string,
    options?: { cause?: unknown },
  ) {
    super(`Another ${record} already has this ${field}.`, options);
  }
}
