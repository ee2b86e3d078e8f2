import type {
  ApiTokenRecord,
  ApiTokenRepository,
  AuditEntry,
  AuditRepository,
  HousekeepingRepository,
  NewAuditEntry,
} from '../security-types.js';
import type { Db } from './database.js';
import type { Migration } from './migrations.js';

export const SECURITY_MIGRATIONS: Migration[] = [
  {
    id: 50,
    name: 'security: audit log, API tokens, remembered sessions',
    sql: `
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        action TEXT NOT NULL,
        actor_id TEXT,
        actor_username TEXT,
        via TEXT,
        ip TEXT,
        target TEXT,
        details TEXT
      );
      CREATE INDEX audit_log_at ON audit_log(at);
      CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('read','control','admin')),
        areas TEXT,
        entities TEXT,
        secret_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        expires_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX api_tokens_user ON api_tokens(user_id);
      ALTER TABLE sessions ADD COLUMN remember INTEGER NOT NULL DEFAULT 1;
    `,
  },
];

interface AuditRow extends Omit<AuditEntry, 'target' | 'details'> {
  target: string | null;
  details: string | null;
}

export class SqliteAudit implements AuditRepository {
  private readonly q;
  constructor(db: Db) {
    this.q = {
      insert:
        db.prepare(`INSERT INTO audit_log (at, action, actor_id, actor_username, via, ip, target, details)
        VALUES (@at, @action, @actor_id, @actor_username, @via, @ip, @target, @details)`),
      page: db.prepare(`SELECT * FROM audit_log WHERE id < @before AND (@action IS NULL OR action = @action)
        ORDER BY id DESC LIMIT @limit`),
      prune: db.prepare('DELETE FROM audit_log WHERE at < ?'),
    };
  }
  async insert(e: NewAuditEntry) {
    this.q.insert.run({
      ...e,
      target: e.target ? JSON.stringify(e.target) : null,
      details: e.details ? JSON.stringify(e.details) : null,
    });
  }
  async page(opts: { limit: number; before?: number | undefined; action?: string | undefined }) {
    const rows = this.q.page.all({
      before: opts.before ?? Number.MAX_SAFE_INTEGER,
      action: opts.action ?? null,
      limit: opts.limit,
    }) as AuditRow[];
    return rows.map((r) => ({
      ...r,
      target: r.target ? (JSON.parse(r.target) as Record<string, unknown>) : null,
      details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
    }));
  }
  async prune(before: string) {
    return this.q.prune.run(before).changes;
  }
}

interface TokenRow extends Omit<ApiTokenRecord, 'areas' | 'entities'> {
  areas: string | null;
  entities: string | null;
}
const toToken = (r: TokenRow | undefined): ApiTokenRecord | undefined =>
  r && {
    ...r,
    areas: r.areas ? (JSON.parse(r.areas) as string[]) : null,
    entities: r.entities ? (JSON.parse(r.entities) as string[]) : null,
  };

export class SqliteApiTokens implements ApiTokenRepository {
  private readonly q;
  constructor(db: Db) {
    this.q = {
      insert:
        db.prepare(`INSERT INTO api_tokens (id, user_id, name, scope, areas, entities, secret_hash, created_at, last_used_at, expires_at, revoked_at)
        VALUES (@id, @user_id, @name, @scope, @areas, @entities, @secret_hash, @created_at, @last_used_at, @expires_at, @revoked_at)`),
      get: db.prepare('SELECT * FROM api_tokens WHERE id = ?'),
      all: db.prepare('SELECT * FROM api_tokens WHERE revoked_at IS NULL ORDER BY created_at'),
      forUser: db.prepare(
        'SELECT * FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL ORDER BY created_at',
      ),
      revoke: db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
      liveIds: db.prepare('SELECT id FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL').pluck(),
      revokeAll: db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL'),
      touch: db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?'),
    };
  }
  async insert(t: ApiTokenRecord) {
    this.q.insert.run({
      ...t,
      areas: t.areas ? JSON.stringify(t.areas) : null,
      entities: t.entities ? JSON.stringify(t.entities) : null,
    });
  }
  async get(id: string) {
    return toToken(this.q.get.get(id) as TokenRow | undefined);
  }
  async list(userId?: string) {
    const rows = (userId ? this.q.forUser.all(userId) : this.q.all.all()) as TokenRow[];
    return rows.map((r) => toToken(r)!);
  }
  async revoke(id: string, now: string) {
    return this.q.revoke.run(now, id).changes === 1;
  }
  async revokeAllForUser(userId: string, now: string) {
    const ids = this.q.liveIds.all(userId) as string[];
    this.q.revokeAll.run(now, userId);
    return ids;
  }
  async touch(id: string, now: string) {
    this.q.touch.run(now, id);
  }
}

export class SqliteHousekeeping implements HousekeepingRepository {
  private readonly q;
  constructor(private readonly db: Db) {
    this.q = {
      sessions: db.prepare('DELETE FROM sessions WHERE revoked_at IS NOT NULL AND revoked_at < ?'),
      idleSessions: db.prepare('DELETE FROM sessions WHERE last_used_at < ?'),
      tokens: db.prepare('DELETE FROM api_tokens WHERE revoked_at IS NOT NULL AND revoked_at < ?'),
      invites: db.prepare(`DELETE FROM invites WHERE (revoked_at IS NOT NULL AND revoked_at < @before)
        OR (expires_at IS NOT NULL AND expires_at < @before) OR (uses >= max_uses AND created_at < @before)`),
      notifications: db.prepare('DELETE FROM notifications WHERE created_at < ?'),
    };
  }
  async prune(opts: { before: string; idleBefore?: string | undefined }) {
    return this.db.transaction(() => ({
      sessions:
        this.q.sessions.run(opts.before).changes +
        (opts.idleBefore ? this.q.idleSessions.run(opts.idleBefore).changes : 0),
      api_tokens: this.q.tokens.run(opts.before).changes,
      invites: this.q.invites.run({ before: opts.before }).changes,
      notifications: this.q.notifications.run(opts.before).changes,
    }))();
  }
  /**
   * Rewrites the file (VACUUM) when at least a quarter of it, and at least 1 MB, is free pages
   * left by pruning: the file then shrinks back to what it holds. Not more often, because a
   * VACUUM rewrites the whole database (about a second per 100 MB on a Raspberry Pi 4's SD card).
   */
  async shrink() {
    const free = this.db.pragma('freelist_count', { simple: true }) as number;
    const pages = this.db.pragma('page_count', { simple: true }) as number;
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    if (free * pageSize < 1024 * 1024 || free * 4 < pages) return 0;
    this.db.exec('VACUUM');
    return free;
  }
}
