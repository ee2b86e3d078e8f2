import { afterEach } from 'vitest';
import type { Store } from '../types.js';

/**
 * What a store implementation hands the conformance suite: a fresh, empty database per test,
 * and any number of connections to it. A second connection is what a second Hearth instance
 * (or a second pooled client) holds, so atomic operations are checked across connections.
 */
export interface StoreFactory {
  createDatabase(): Promise<TestDatabase>;
}

export interface TestDatabase {
  connect(): Promise<Store>;
  /** Removes the database; every connection is closed first. */
  destroy(): Promise<void>;
}

/** One fresh database per test, torn down after it; `connect()` opens another connection. */
export function useDatabase(factory: StoreFactory) {
  let db: TestDatabase | undefined;
  const open: Store[] = [];
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
    await db?.destroy();
    db = undefined;
  });
  return {
    async connect(): Promise<Store> {
      db ??= await factory.createDatabase();
      const store = await db.connect();
      open.push(store);
      return store;
    },
  };
}

/** Distinct, increasing ISO instants: `at(0)`, `at(1)`… one minute apart. */
export const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
