/** Storage shapes for the audit log, long-lived API tokens and housekeeping (issue 17 §6). */

export interface AuditEntry {
  id: number;
  at: string;
  /** What happened, e.g. `login`, `login_failed`, `user_changed`, `invite_created`. */
  action: string;
  actor_id: string | null;
  actor_username: string | null;
  /** `session` (a login), `token:<id>` (an API token), or null (nobody signed in). */
  via: string | null;
  ip: string | null;
  /** What it was done to (path parameters such as `{id}`), or null. */
  target: Record<string, unknown> | null;
  /** The non-secret fields of the request that matter (a new role, a setting's value). */
  details: Record<string, unknown> | null;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface AuditRepository {
  insert(entry: NewAuditEntry): Promise<void>;
  /** Newest first; `before` is an id for paging. */
  page(opts: {
    limit: number;
    before?: number | undefined;
    action?: string | undefined;
  }): Promise<AuditEntry[]>;
  /** Deletes entries older than `before` (ISO); returns how many. */
  prune(before: string): Promise<number>;
}

export type ApiTokenScope = 'read' | 'control' | 'admin';

export interface ApiTokenRecord {
  id: string;
  user_id: string;
  name: string;
  scope: ApiTokenScope;
  /** Area ids the token is limited to (null: not limited by area). */
  areas: string[] | null;
  /** Entity ids the token is limited to (null: not limited by entity). */
  entities: string[] | null;
  /** SHA-256 of the secret, hex: the secret itself is shown once and never stored. */
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface ApiTokenRepository {
  insert(token: ApiTokenRecord): Promise<void>;
  get(id: string): Promise<ApiTokenRecord | undefined>;
  /** Live (not revoked) tokens; of one user, or everyone's. */
  list(userId?: string): Promise<ApiTokenRecord[]>;
  revoke(id: string, now: string): Promise<boolean>;
  revokeAllForUser(userId: string, now: string): Promise<string[]>;
  touch(id: string, now: string): Promise<void>;
}

/** Deletes what has outlived its use, so the database stays bounded. */
export interface HousekeepingRepository {
  /**
   * Sessions revoked before `before`, and sessions and API tokens unused since `idleBefore`
   * when an idle expiry is set; invites expired, revoked or used up before `before`;
   * notifications older than `before`. Returns the counts.
   */
  prune(opts: { before: string; idleBefore?: string | undefined }): Promise<Record<string, number>>;
  /** Gives free pages back to the file system when there are many (VACUUM); returns the pages freed. */
  shrink(): Promise<number>;
}
