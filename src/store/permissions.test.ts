import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../log.js';
import { SqliteStore } from './index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the data dir', () => {
  it('is made private (0700) with the database files 0600, even under umask 022 and from an older install', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-perm-'));
    dirs.push(dir);
    chmodSync(dir, 0o755);
    const old = process.umask(0o022);
    try {
      const store = new SqliteStore(dir, createLogger('silent'));
      await store.users.count();
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      for (const f of ['hearth.db', 'hearth.db-wal', 'hearth.db-shm'])
        expect(statSync(join(dir, f)).mode & 0o777, f).toBe(0o600);
      await store.close();
      chmodSync(join(dir, 'hearth.db'), 0o644);
      const again = new SqliteStore(dir, createLogger('silent'));
      expect(statSync(join(dir, 'hearth.db')).mode & 0o777).toBe(0o600);
      await again.close();
    } finally {
      process.umask(old);
    }
  });

  it('leaves other files of the data dir alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-perm-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'notes.txt'), 'x', { mode: 0o644 });
    const store = new SqliteStore(dir, createLogger('silent'));
    await store.close();
    expect(statSync(join(dir, 'notes.txt')).mode & 0o777).toBe(0o644);
  });
});
