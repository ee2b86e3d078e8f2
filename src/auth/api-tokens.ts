import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import { Errors } from '../errors.js';
import type {
  ApiTokenRecord,
  ApiTokenScope,
  SessionRecord,
  Store,
  UserRecord,
  UserRole,
} from '../store/index.js';

/**
 * Scoped long-lived API tokens for integrations and scripts (issue 17 §6): unlike Home
 * Assistant's all-powerful long-lived tokens, each says what it may do (`read`, `control`,
 * `admin` — never more than its owner's role) and may be limited to areas or entities. The
 * secret is shown once at creation and stored only as its SHA-256 (it is 256 random bits, so a
 * fast hash is enough). A token is `hth_<id>_<secret>`; revoking it, or disabling or deleting
 * its owner, stops it at once (it is resolved from storage on every request).
 */

export const TOKEN_PREFIX = 'hth_';

/** The most a scope allows, as the role it acts with. */
const SCOPE_ROLE: Record<ApiTokenScope, UserRole> = { read: 'viewer', control: 'user', admin: 'admin' };
const RANK: Record<UserRole, number> = { viewer: 1, user: 2, admin: 3 };

/** What a request made with an API token may reach. */
export interface TokenGrant {
  id: string;
  name: string;
  scope: ApiTokenScope;
  areas: string[] | null;
  entities: string[] | null;
}

export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  areas?: string[] | undefined;
  entities?: string[] | undefined;
  expires_in_days?: number | undefined;
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** `hth_<16 hex>_<secret>` → its parts, or undefined. */
function parse(raw: string): { id: string; secret: string } | undefined {
  const m = /^hth_([0-9a-f]{16})_([A-Za-z0-9_-]{40,64})$/.exec(raw);
  return m ? { id: m[1]!, secret: m[2]! } : undefined;
}

/** The role a token acts with: its scope, never above its owner's role. */
export function effectiveRole(owner: UserRole, scope: ApiTokenScope): UserRole {
  const cap = SCOPE_ROLE[scope];
  return RANK[cap] < RANK[owner] ? cap : owner;
}

/** Whether a grant lets its holder see or control an entity (in one of its areas, or listed). */
export function grantCovers(
  grant: TokenGrant | undefined,
  entity: { entity_id: string; area: string | null },
) {
  if (!grant || (grant.areas === null && grant.entities === null)) return true;
  if (grant.entities?.includes(entity.entity_id)) return true;
  return entity.area !== null && (grant.areas?.includes(entity.area) ?? false);
}

export const isLimited = (grant: TokenGrant | undefined) =>
  grant !== undefined && (grant.areas !== null || grant.entities !== null);

export class ApiTokens {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly bus: EventBus,
  ) {}

  private nowIso() {
    return new Date(this.clock.now()).toISOString();
  }

  async create(owner: UserRecord, input: NewApiToken) {
    if (RANK[SCOPE_ROLE[input.scope]] > RANK[owner.role])
      throw Errors.forbidden(`A ${owner.role} cannot create a token with the ${input.scope} scope.`);
    const id = randomBytes(8).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const record: ApiTokenRecord = {
      id,
      user_id: owner.id,
      name: input.name,
      scope: input.scope,
      areas: input.areas?.length ? [...new Set(input.areas)] : null,
      entities: input.entities?.length ? [...new Set(input.entities)] : null,
      secret_hash: hashSecret(secret),
      created_at: new Date(now).toISOString(),
      last_used_at: null,
      expires_at: input.expires_in_days
        ? new Date(now + input.expires_in_days * 86_400_000).toISOString()
        : null,
      revoked_at: null,
    };
    await this.store.apiTokens.insert(record);
    return { ...publicToken(record), token: `${TOKEN_PREFIX}${id}_${secret}` };
  }

  async list(owner: UserRecord, all: boolean) {
    return (await this.store.apiTokens.list(all ? undefined : owner.id)).map(publicToken);
  }

  /** Revokes a token of the caller's (an admin: anyone's); someone else's looks missing. */
  async revoke(caller: UserRecord, id: string) {
    const t = await this.store.apiTokens.get(id);
    if (t?.revoked_at !== null || (t.user_id !== caller.id && caller.role !== 'admin'))
      throw Errors.notFound('API token', id);
    await this.store.apiTokens.revoke(id, this.nowIso());
    this.bus.emit('session_revoked', { session_id: `token:${id}`, user_id: t.user_id });
    return publicToken(t);
  }

  /** Resolves `hth_…` to its owner (with the token's role) and grant, or throws 401/403. */
  async authenticate(raw: string): Promise<{ user: UserRecord; session: SessionRecord; token: TokenGrant }> {
    const parts = parse(raw);
    const t = parts && (await this.store.apiTokens.get(parts.id));
    const expected = t ? Buffer.from(t.secret_hash, 'hex') : Buffer.alloc(32);
    const given = Buffer.from(hashSecret(parts?.secret ?? ''), 'hex');
    if (!t || !timingSafeEqual(expected, given)) throw Errors.unauthenticated('The API token is invalid.');
    if (t.revoked_at !== null) throw Errors.unauthenticated('The API token has been revoked.');
    const now = this.clock.now();
    if (t.expires_at !== null && Date.parse(t.expires_at) <= now)
      throw Errors.unauthenticated('The API token has expired.');
    const user = await this.store.users.get(t.user_id);
    if (!user) throw Errors.unauthenticated('The API token has been revoked.');
    if (user.disabled) throw Errors.accountDisabled();
    if (user.status !== 'active') throw Errors.accountPending();
    if (t.last_used_at === null || now - Date.parse(t.last_used_at) >= 60_000) {
      t.last_used_at = new Date(now).toISOString();
      await this.store.apiTokens.touch(t.id, t.last_used_at);
    }
    return {
      user: { ...user, role: effectiveRole(user.role, t.scope) },
      // The request's "session" is the token: revocation reaches its sockets through `session:token:<id>`.
      session: {
        id: `token:${t.id}`,
        user_id: user.id,
        created_at: t.created_at,
        last_used_at: t.last_used_at,
        user_agent: null,
        ip: null,
        revoked_at: null,
        remember: true,
      },
      token: { id: t.id, name: t.name, scope: t.scope, areas: t.areas, entities: t.entities },
    };
  }
}

export function publicToken(t: ApiTokenRecord) {
  return {
    id: t.id,
    name: t.name,
    user_id: t.user_id,
    scope: t.scope,
    areas: t.areas,
    entities: t.entities,
    created_at: t.created_at,
    last_used_at: t.last_used_at,
    expires_at: t.expires_at,
  };
}
