import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreDataDir } from '../cli/backup.js';
import { FakeClock } from '../clock.js';
import { createLogger } from '../log.js';
import { openDatabase, DatabaseDamagedError } from '../store/sqlite/database.js';
import { MIGRATIONS } from '../store/sqlite/migrations.js';
import { SqliteStore } from '../store/index.js';
import { tempDataDir } from '../test-support/harness.js';
import { AutomaticBackups, backupBeforeMigration, listBackups } from './index.js';

const log = createLogger('silent');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A data dir with a database holding one setting, and a secret beside it. */
async function home(): Promise<string> {
  const dir = tempDataDir();
  dirs.push(dir);
  const store = new SqliteStore(dir, log);
  await store.settings.set('marker', 'first');
  await store.close();
  execFileSync('mkdir', ['-p', join(dir, 'secrets')]);
  writeFileSync(join(dir, 'secrets', 'token.key'), 'k'.repeat(32), { mode: 0o600 });
  return dir;
}

function settingIn(dir: string): unknown {
  const db = new Database(join(dir, 'hearth.db'), { readonly: true });
  try {
    return db.prepare("SELECT value FROM settings WHERE key = 'marker'").pluck().get();
  } finally {
    db.close();
  }
}

describe('automatic backups', () => {
  it('writes one backup a day at the quiet hour (home time), keeps the newest N, each 0600', async () => {
    const dataDir = await home();
    // 12:00 in Berlin on 1 January; backups at 03:00 Berlin time = 02:00 UTC.
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 11, 0, 0));
    const backups = new AutomaticBackups({
      settings: { data_dir: dataDir, backup_dir: undefined, backup_keep: 3, backup_hour: 3 },
      clock,
      log,
      timeZone: () => 'Europe/Berlin',
    });
    await backups.start();
    expect(new Date(backups.nextRunAt()).toISOString()).toBe('2026-01-02T02:00:00.000Z');
    clock.advance(14 * 3600_000 + 59 * 60_000); // 01:59 UTC on the 2nd: not yet
    await backups.idle();
    expect(backups.list()).toEqual([]);
    clock.advance(60_000);
    await backups.idle();
    expect(backups.list().map((b) => b.created_at)).toEqual(['2026-01-02T02:00:00.000Z']);

    for (let day = 0; day < 4; day++) {
      clock.advance(86_400_000);
      await backups.idle();
    }
    const kept = backups.list();
    expect(kept.map((b) => b.created_at)).toEqual([
      '2026-01-06T02:00:00.000Z',
      '2026-01-05T02:00:00.000Z',
      '2026-01-04T02:00:00.000Z',
    ]);
    expect(kept.every((b) => b.reason === 'daily' && b.bytes > 0)).toBe(true);
    for (const b of kept) expect(statSync(b.file).mode & 0o777).toBe(0o600);
    expect(statSync(backups.dir).mode & 0o777).toBe(0o700);
    // The backups folder is not inside the backups (no nesting that doubles each day).
    const listing = execFileSync('tar', ['-tzf', kept[0]!.file]).toString();
    expect(listing).toMatch(/hearth\.db/);
    expect(listing).toMatch(/secrets\/token\.key/);
    expect(listing).not.toMatch(/backups/);
    await backups.stop();
    expect(clock.pendingTimers).toBe(0);
  });

  it('makes one backup, not one per day, when the clock jumps days ahead', async () => {
    const dataDir = await home();
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 11, 0, 0));
    const backups = new AutomaticBackups({
      settings: { data_dir: dataDir, backup_dir: undefined, backup_keep: 30, backup_hour: 3 },
      clock,
      log,
      timeZone: () => 'UTC',
    });
    await backups.start();
    clock.advance(150 * 86_400_000); // a machine suspended for five months, or a test's jump
    await backups.idle();
    expect(backups.list()).toHaveLength(1);
    await backups.stop();
  });

  it('is restored with the home as it was, and the backups stay with the home', async () => {
    const dataDir = await home();
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 1, 0, 0));
    const backups = new AutomaticBackups({
      settings: { data_dir: dataDir, backup_dir: undefined, backup_keep: 7, backup_hour: 3 },
      clock,
      log,
      timeZone: () => 'UTC',
    });
    const made = await backups.runOnce();
    const store = new SqliteStore(dataDir, log);
    await store.settings.set('marker', 'changed later');
    await store.close();

    const { previous } = await restoreDataDir(dataDir, made!.file);
    dirs.push(previous!);
    expect(settingIn(dataDir)).toBe('"first"');
    expect(readFileSync(join(dataDir, 'secrets', 'token.key'), 'utf8')).toBe('k'.repeat(32));
    expect(listBackups(backups.dir).map((b) => b.file)).toEqual([made!.file]);
  });

  it('logs a failed backup and resolves (the service goes on)', async () => {
    const dataDir = await home();
    const lines: string[] = [];
    const capture = createLogger('error', {
      write: (l: string) => lines.push(l),
    } as unknown as NodeJS.WritableStream);
    const backups = new AutomaticBackups({
      // A backup folder that cannot be created (a file is in the way).
      settings: {
        data_dir: dataDir,
        backup_dir: join(dataDir, 'secrets', 'token.key', 'x'),
        backup_keep: 7,
        backup_hour: 3,
      },
      clock: new FakeClock(),
      log: capture,
      timeZone: () => 'UTC',
    });
    expect(await backups.runOnce()).toBeUndefined();
    expect(lines.join('\n')).toMatch(/automatic backup failed/);
  });
});

describe('the database at start', () => {
  it('is backed up before a migration changes it, and not when it is new', async () => {
    const dataDir = await home();
    const settings = { data_dir: dataDir, backup_dir: undefined, backup_keep: 7 };
    const extra = { id: 9_999, name: 'test column', sql: 'ALTER TABLE settings ADD COLUMN note TEXT' };
    const db = openDatabase(dataDir, log, [...MIGRATIONS, extra], {
      beforeMigrate: backupBeforeMigration(settings, log),
    });
    db.close();
    const made = listBackups(join(dataDir, 'backups'));
    expect(made.map((b) => b.reason)).toEqual(['before-migration-9999']);
    expect(statSync(made[0]!.file).mode & 0o777).toBe(0o600);
    // The archive holds the database as it was before the migration.
    const out = tempDataDir();
    dirs.push(out);
    execFileSync('tar', ['-xzf', made[0]!.file, '-C', out]);
    const before = new Database(join(out, 'hearth.db'), { readonly: true });
    const columns = before.prepare('PRAGMA table_info(settings)').all() as { name: string }[];
    before.close();
    expect(columns.map((c) => c.name)).not.toContain('note');

    const fresh = tempDataDir();
    dirs.push(fresh);
    openDatabase(fresh, log, MIGRATIONS, {
      beforeMigrate: backupBeforeMigration({ ...settings, data_dir: fresh }, log),
    }).close();
    expect(listBackups(join(fresh, 'backups'))).toEqual([]);
  });

  it('refuses a damaged file, naming it, the newest automatic backup and hearth restore', async () => {
    const dataDir = await home();
    const backups = new AutomaticBackups({
      settings: { data_dir: dataDir, backup_dir: undefined, backup_keep: 7, backup_hour: 3 },
      clock: new FakeClock(),
      log,
      timeZone: () => 'UTC',
    });
    const made = await backups.runOnce();
    const file = join(dataDir, 'hearth.db');
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096, 8192);
    writeFileSync(file, bytes);
    let error: unknown;
    try {
      openDatabase(dataDir, log).close();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    const message = (error as Error).message;
    expect(message).toContain(`The database ${file} is damaged`);
    expect(message).toContain(`hearth restore ${made!.file}`);
  });
});
