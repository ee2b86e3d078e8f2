import type {
  InviteRecord,
  InviteRepository,
  SessionRecord,
  SessionRepository,
  UserRecord,
  UserRepository,
  UserStatus,
} from '../types.js';
import type { Db } from './database.js';
import { uniqueWrite } from './constraints.js';

interface UserRow extends Omit<UserRecord, 'disabled'> {
  disabled: number;
}

const toUser = (row: UserRow | undefined): UserRecord | undefined =>
  row && {
    id: row.id,
    username: row.username,
    password_hash: row.password_hash,
    role: row.role,
    status: row.status,
    disabled: row.disabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };

const USER_COLUMNS = 'id, username, password_hash, role, status, disabled, created_at, updated_at';

export class SqliteUsers implements UserRepository {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      count: db.prepare('SELECT COUNT(*) FROM users').pluck(),
      admins: db
        .prepare(`SELECT COUNT(*) FROM users WHERE role = 'admin' AND status = 'active' AND disabled = 0`)
        .pluck(),
      get: db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`),
      byName: db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE username_key = ?`),
      list: db.prepare(`SELECT ${USER_COLUMNS} FROM users ORDER BY created_at, username`),
      listStatus: db.prepare(
        `SELECT ${USER_COLUMNS} FROM users WHERE status = ? ORDER BY created_at, username`,
      ),
      insert:
        db.prepare(`INSERT INTO users (id, username, username_key, password_hash, role, status, disabled, created_at, updated_at)
        VALUES (@id, @username, @username_key, @password_hash, @role, @status, @disabled, @created_at, @updated_at)`),
      insertIfEmpty:
        db.prepare(`INSERT INTO users (id, username, username_key, password_hash, role, status, disabled, created_at, updated_at)
        SELECT @id, @username, @username_key, @password_hash, @role, @status, @disabled, @created_at, @updated_at
        WHERE NOT EXISTS (SELECT 1 FROM users)`),
      delete: db.prepare('DELETE FROM users WHERE id = ?'),
    };
  }

  async count() {
    return this.q.count.get() as number;
  }
  async countActiveAdmins() {
    return this.q.admins.get() as number;
  }
  async get(id: string) {
    return toUser(this.q.get.get(id) as UserRow | undefined);
  }
  async getByUsername(username: string) {
    return toUser(this.q.byName.get(username.toLowerCase()) as UserRow | undefined);
  }
  async list(filter?: { status?: UserStatus }) {
    const rows = (filter?.status ? this.q.listStatus.all(filter.status) : this.q.list.all()) as UserRow[];
    return rows.map((r) => toUser(r)!);
  }
  async insert(user: UserRecord, opts?: { onlyIfEmpty?: boolean }) {
    const row = { ...user, username_key: user.username.toLowerCase(), disabled: user.disabled ? 1 : 0 };
    const stmt = opts?.onlyIfEmpty ? this.q.insertIfEmpty : this.q.insert;
    return uniqueWrite('user', () => stmt.run(row).changes === 1, { username_key: 'username' });
  }
  async update(
    id: string,
    patch: Partial<Pick<UserRecord, 'role' | 'status' | 'disabled' | 'password_hash'>>,
    now: string,
  ) {
    const sets: string[] = [];
    const values: Record<string, unknown> = { id, now };
    for (const [key, value] of Object.entries(patch)) {
      // Object.entries types away the undefined an optional field may still hold at run time.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (value === undefined) continue;
      sets.push(`${key} = @${key}`);
      values[key] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    }
    if (sets.length === 0) return;
    this.db.prepare(`UPDATE users SET ${sets.join(', ')}, updated_at = @now WHERE id = @id`).run(values);
  }
  async delete(id: string) {
    this.q.delete.run(id);
  }
}

type SessionRow = Omit<SessionRecord, 'remember'> & { remember: number };
const toSession = (r: SessionRow): SessionRecord => ({ ...r, remember: r.remember !== 0 });

export class SqliteSessions implements SessionRepository {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      insert:
        db.prepare(`INSERT INTO sessions (id, user_id, created_at, last_used_at, user_agent, ip, revoked_at, remember)
        VALUES (@id, @user_id, @created_at, @last_used_at, @user_agent, @ip, @revoked_at, @remember)`),
      withUser:
        db.prepare(`SELECT s.id AS s_id, s.user_id, s.created_at AS s_created_at, s.last_used_at, s.user_agent, s.ip, s.revoked_at, s.remember,
          u.id, u.username, u.password_hash, u.role, u.status, u.disabled, u.created_at, u.updated_at
        FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`),
      forUser: db.prepare(
        `SELECT * FROM sessions WHERE user_id = ? AND revoked_at IS NULL ORDER BY created_at`,
      ),
      all: db.prepare(`SELECT * FROM sessions WHERE revoked_at IS NULL ORDER BY created_at`),
      revoke: db.prepare(`UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`),
      liveIds: db
        .prepare(`SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND id IS NOT ?`)
        .pluck(),
      revokeAll: db.prepare(
        `UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id IS NOT ?`,
      ),
      touch: db.prepare(`UPDATE sessions SET last_used_at = ? WHERE id = ?`),
    };
  }

  async insert(session: SessionRecord) {
    uniqueWrite('session', () => this.q.insert.run({ ...session, remember: session.remember ? 1 : 0 }));
  }
  async getWithUser(id: string) {
    const row = this.q.withUser.get(id) as (UserRow & Record<string, string | null>) | undefined;
    if (!row) return undefined;
    const session: SessionRecord = {
      id: row.s_id!,
      user_id: row.user_id!,
      created_at: row.s_created_at!,
      last_used_at: row.last_used_at!,
      user_agent: row.user_agent ?? null,
      ip: row.ip ?? null,
      revoked_at: row.revoked_at ?? null,
      remember: (row.remember as unknown) !== 0,
    };
    return { session, user: toUser(row)! };
  }
  async listForUser(userId: string) {
    return (this.q.forUser.all(userId) as SessionRow[]).map(toSession);
  }
  async listAll() {
    return (this.q.all.all() as SessionRow[]).map(toSession);
  }
  async revoke(id: string, now: string) {
    return this.q.revoke.run(now, id).changes === 1;
  }
  async revokeAllForUser(userId: string, now: string, exceptId?: string) {
    const ids = this.q.liveIds.all(userId, exceptId ?? null) as string[];
    this.q.revokeAll.run(now, userId, exceptId ?? null);
    return ids;
  }
  async touch(id: string, now: string) {
    this.q.touch.run(now, id);
  }
}

export class SqliteInvites implements InviteRepository {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      insert:
        db.prepare(`INSERT INTO invites (code, role, created_by, created_at, expires_at, max_uses, uses, revoked_at)
        VALUES (@code, @role, @created_by, @created_at, @expires_at, @max_uses, @uses, @revoked_at)`),
      get: db.prepare('SELECT * FROM invites WHERE code = ?'),
      list: db.prepare('SELECT * FROM invites ORDER BY created_at'),
      revoke: db.prepare('UPDATE invites SET revoked_at = ? WHERE code = ? AND revoked_at IS NULL'),
      consume: db.prepare(`UPDATE invites SET uses = uses + 1 WHERE code = @code AND revoked_at IS NULL
        AND uses < max_uses AND (expires_at IS NULL OR expires_at > @now)`),
    };
  }

  async insert(invite: InviteRecord) {
    uniqueWrite('invite', () => this.q.insert.run(invite));
  }
  async get(code: string) {
    return this.q.get.get(code) as InviteRecord | undefined;
  }
  async list() {
    return this.q.list.all() as InviteRecord[];
  }
  async revoke(code: string, now: string) {
    return this.q.revoke.run(now, code).changes === 1;
  }
  async consume(code: string, now: string) {
    return this.q.consume.run({ code, now }).changes === 1;
  }
}
