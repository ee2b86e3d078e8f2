import type { Logger } from '../../log.js';
import type { SettingsRepository, Store } from '../types.js';
import { SqliteInvites, SqliteSessions, SqliteUsers } from './accounts.js';
import { backupBeforeMigration, backupDirOf } from '../../backups/index.js';
import { openDatabase, type Db } from './database.js';
import { MIGRATIONS } from './migrations.js';
import { SqliteLicenses } from './licenses.js';
import { SqliteHome } from './home.js';
import { SqliteAutomations } from './automations.js';
import { secureDataDir } from '../permissions.js';
import { SqliteApiTokens, SqliteAudit, SqliteHousekeeping } from './security.js';
import { SqliteAgentTimers } from './agent-timers.js';

class SqliteSettings implements SettingsRepository {
  private readonly q;
  constructor(db: Db) {
    this.q = {
      get: db.prepare('SELECT value FROM settings WHERE key = ?').pluck(),
      set: db.prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
    };
  }
  async get<T>(key: string) {
    const raw = this.q.get.get(key) as string | undefined;
    return raw === undefined ? undefined : (JSON.parse(raw) as T);
  }
  async set(key: string, value: unknown) {
    this.q.set.run(key, JSON.stringify(value));
  }
}

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly users: SqliteUsers;
  readonly sessions: SqliteSessions;
  readonly invites: SqliteInvites;
  readonly settings: SqliteSettings;
  readonly licenses: SqliteLicenses;
  readonly home: SqliteHome;
  readonly automations: SqliteAutomations;
  readonly audit: SqliteAudit;
  readonly apiTokens: SqliteApiTokens;
  readonly housekeeping: SqliteHousekeeping;
  readonly agentTimers: SqliteAgentTimers;
  private closed = false;

  /** The raw connection, for repositories that parts add behind their own interfaces. */
  readonly db: Db;

  constructor(
    dataDir: string,
    log: Logger,
    backups: { backup_dir?: string | undefined; backup_keep?: number } = {},
  ) {
    const settings = {
      data_dir: dataDir,
      backup_dir: backups.backup_dir,
      backup_keep: backups.backup_keep ?? 7,
    };
    secureDataDir(dataDir, log);
    this.db = openDatabase(dataDir, log, MIGRATIONS, {
      backupDir: backupDirOf(settings),
      beforeMigrate: backupBeforeMigration(settings, log),
    });
    this.users = new SqliteUsers(this.db);
    this.sessions = new SqliteSessions(this.db);
    this.invites = new SqliteInvites(this.db);
    this.settings = new SqliteSettings(this.db);
    this.licenses = new SqliteLicenses(this.db);
    this.home = new SqliteHome(this.db);
    this.automations = new SqliteAutomations(this.db);
    this.audit = new SqliteAudit(this.db);
    this.apiTokens = new SqliteApiTokens(this.db);
    this.housekeeping = new SqliteHousekeeping(this.db);
    // The WAL and shared-memory files exist only now.
    secureDataDir(dataDir, log);
    this.agentTimers = new SqliteAgentTimers(this.db);
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}
