import type { Logger } from '../../log.js';
import type { SettingsRepository, Store } from '../types.js';
import { SqliteInvites, SqliteSessions, SqliteUsers } from './accounts.js';
import { openDatabase, type Db } from './database.js';
import { SqliteLicenses } from './licenses.js';
import { SqliteHome } from './home.js';
import { SqliteAutomations } from './automations.js';

class SqliteSettings implements SettingsRepository {
  private readonly q;
  constructor(db: Db) {
    this.q = {
      get: db.prepare('SELECT value FROM settings WHERE key = ?').pluck(),
      set: db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
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
  private closed = false;

  /** The raw connection, for repositories that parts add behind their own interfaces. */
  readonly db: Db;

  constructor(dataDir: string, log: Logger) {
    this.db = openDatabase(dataDir, log);
    this.users = new SqliteUsers(this.db);
    this.sessions = new SqliteSessions(this.db);
    this.invites = new SqliteInvites(this.db);
    this.settings = new SqliteSettings(this.db);
    this.licenses = new SqliteLicenses(this.db);
    this.home = new SqliteHome(this.db);
    this.automations = new SqliteAutomations(this.db);
  }

  async transaction<T>(fn: () => T): Promise<T> {
    return this.db.transaction(fn)();
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}
