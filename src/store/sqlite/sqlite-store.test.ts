import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../log.js';
import { describeStoreConformance } from '../conformance/index.js';
import { SqliteStore } from './index.js';

describeStoreConformance('SQLite', {
  async createDatabase() {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-store-'));
    return {
      connect: async () => new SqliteStore(dir, createLogger('silent')),
      destroy: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
});
