/**
 * The storage interface. Every part reads and writes persistent data only through these
 * repositories, so a PostgreSQL implementation can stand beside the SQLite one. Methods are
 * async for that reason even though SQLite answers synchronously.
 *
 * A write resolves only after it is committed to the database file (WAL, synchronous=FULL):
 * whatever Hearth has acknowledged to a client survives a `kill -9` or a power cut.
 *
 * There is no general transaction method: each operation that must be atomic (the first admin,
 * using an invite, activating a license, a batch of rows) is one repository method, which a
 * store implements with its own transaction or a single conditional statement. The contract is
 * checked by `src/store/conformance/`, which every store must pass.
 */

import type { AgentTimerRepository } from './agent-types.js';
import type { LicenseRepository } from './license-types.js';
import type { ApiTokenRepository, AuditRepository, HousekeepingRepository } from './security-types.js';

export type * from './license-types.js';
export type * from './security-types.js';
export type * from './agent-types.js';

export type UserRole = 'admin' | 'user' | 'viewer';
export type UserStatus = 'pending' | 'active';

export interface UserRecord {
  id: string;
  username: string;
  password_hash: string;
  role: UserRole;
  status: UserStatus;
  disabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface SessionRecord {
  id: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
  ip: string | null;
  revoked_at: string | null;
  /** "Remember me": false makes the session end after `HEARTH_SESSION_HOURS` (default true). */
  remember: boolean;
}

export interface InviteRecord {
  code: string;
  role: UserRole;
  created_by: string;
  created_at: string;
  expires_at: string | null;
  max_uses: number;
  uses: number;
  revoked_at: string | null;
}

export interface UserRepository {
  count(): Promise<number>;
  countActiveAdmins(): Promise<number>;
  get(id: string): Promise<UserRecord | undefined>;
  getByUsername(username: string): Promise<UserRecord | undefined>;
  list(filter?: { status?: UserStatus }): Promise<UserRecord[]>;
  /**
   * Inserts a user. When `onlyIfEmpty` is set the insert happens only if no user exists yet
   * (atomically), which is how "the first user becomes admin" stays true under concurrent
   * registrations; returns false when it did not insert for that reason. Throws
   * `StoreConflictError` (field `username`, compared without case, or `id`) on a duplicate.
   */
  insert(user: UserRecord, opts?: { onlyIfEmpty?: boolean }): Promise<boolean>;
  update(
    id: string,
    patch: Partial<Pick<UserRecord, 'role' | 'status' | 'disabled' | 'password_hash'>>,
    now: string,
  ): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface SessionRepository {
  /** Throws `StoreConflictError` (field `id`) on a duplicate id. */
  insert(session: SessionRecord): Promise<void>;
  /** The session and its user in one read; undefined when either is gone. */
  getWithUser(id: string): Promise<{ session: SessionRecord; user: UserRecord } | undefined>;
  listForUser(userId: string): Promise<SessionRecord[]>;
  listAll(): Promise<SessionRecord[]>;
  revoke(id: string, now: string): Promise<boolean>;
  /** Revokes every live session of a user except `exceptId`; returns the ids revoked. */
  revokeAllForUser(userId: string, now: string, exceptId?: string): Promise<string[]>;
  touch(id: string, now: string): Promise<void>;
}

export interface InviteRepository {
  /** Throws `StoreConflictError` (field `code`) on a duplicate code. */
  insert(invite: InviteRecord): Promise<void>;
  get(code: string): Promise<InviteRecord | undefined>;
  list(): Promise<InviteRecord[]>;
  revoke(code: string, now: string): Promise<boolean>;
  /** Uses one invite atomically; false when it is expired, revoked or used up. */
  consume(code: string, now: string): Promise<boolean>;
}

/** Small JSON values keyed by name (e.g. the home's location and time zone). */
export interface SettingsRepository {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

export type * from './home-types.js';
export type * from './automation-types.js';
import type { HomeRepository } from './home-types.js';
import type { AutomationRepository } from './automation-types.js';

export interface Store {
  readonly kind: 'sqlite';
  readonly home: HomeRepository;
  readonly automations: AutomationRepository;
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly invites: InviteRepository;
  readonly settings: SettingsRepository;
  readonly licenses: LicenseRepository;
  readonly audit: AuditRepository;
  readonly apiTokens: ApiTokenRepository;
  readonly housekeeping: HousekeepingRepository;
  readonly agentTimers: AgentTimerRepository;
  /** Checkpoints the WAL and closes the database. */
  close(): Promise<void>;
}
