import { randomBytes, randomUUID } from 'node:crypto';
import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import { Errors } from '../errors.js';
import type { Logger } from '../log.js';
import type { InviteRecord, SessionRecord, Store, UserRecord, UserRole } from '../store/index.js';
import { StoreConflictError } from '../store/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { ApiTokens, TOKEN_PREFIX, type TokenGrant } from './api-tokens.js';
import { ADDRESS_POLICY, PAIR_POLICY, Throttle } from './throttle.js';
import type { TokenSigner } from './tokens.js';

/** The caller behind a request or socket, read fresh from storage. */
export interface Principal {
  user: UserRecord;
  session: SessionRecord;
  /** Set when the request came with an API token: what it may reach (its role is already in `user`). */
  token?: TokenGrant;
}

/** The user as the wire shows it (§2.1): never the password hash. */
export interface PublicUser {
  id: string;
  username: string;
  role: UserRole;
}

export interface LoginResult {
  access_token: string;
  token_type: 'bearer';
  user: PublicUser;
}

export interface ClientMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** "Remember me" at login (default true: sessions without it end after `sessionHours`). */
  remember?: boolean | undefined;
}

export const publicUser = (u: UserRecord): PublicUser => ({ id: u.id, username: u.username, role: u.role });

export interface AuthServiceDeps {
  store: Store;
  signer: TokenSigner;
  clock: Clock;
  bus: EventBus;
  log: Logger;
  /** Lifetime of a session logged in without "remember me" (hours). */
  sessionHours?: number | undefined;
  /** A session unused this long ends (days); undefined: never. */
  sessionIdleDays?: number | undefined;
}

/** How stale a session's `last_used_at` may get before a request updates it. */
const SESSION_TOUCH_MS = 60_000;

/** Accounts, sessions, invites and approvals: every rule of §5 and NOTES.md lives here. */
export class AuthService {
  /** Per (username, address) and per address; never per username alone (see throttle.ts). */
  private readonly byPair = new Throttle(PAIR_POLICY);
  private readonly byAddress = new Throttle(ADDRESS_POLICY);

  readonly tokens: ApiTokens;

  constructor(private readonly deps: AuthServiceDeps) {
    this.tokens = new ApiTokens(deps.store, deps.clock, deps.bus);
  }

  private get store() {
    return this.deps.store;
  }
  private nowIso() {
    return new Date(this.deps.clock.now()).toISOString();
  }

  async register(
    input: { username: string; password: string; invite?: string | undefined },
    meta: ClientMeta,
  ) {
    const now = this.nowIso();
    const base = {
      id: randomUUID(),
      username: input.username,
      password_hash: await hashPassword(input.password),
      disabled: false,
      created_at: now,
      updated_at: now,
    };

    if ((await this.store.users.count()) === 0) {
      const first: UserRecord = { ...base, role: 'admin', status: 'active' };
      if (await this.store.users.insert(first, { onlyIfEmpty: true })) {
        this.deps.log.info({ user_id: first.id, username: first.username }, 'first user registered as admin');
        return { status: 'active' as const, ...(await this.issue(first, meta)) };
      }
      // Another registration won the race for "first user": continue as an ordinary one.
    }
    if (await this.store.users.getByUsername(input.username)) {
      throw Errors.conflict(`The username "${input.username}" is taken.`, { field: 'username' });
    }

    if (input.invite !== undefined) {
      const invite = await this.store.invites.get(input.invite);
      if (!invite || !(await this.store.invites.consume(input.invite, now))) {
        throw Errors.validation('The invite code is unknown, expired, revoked or used up.', {
          field: 'invite',
        });
      }
      const user: UserRecord = { ...base, role: invite.role, status: 'active' };
      await this.insertUnique(user);
      this.deps.log.info({ user_id: user.id, role: user.role }, 'user registered with an invite');
      return { status: 'active' as const, ...(await this.issue(user, meta)) };
    }

    const pending: UserRecord = { ...base, role: 'user', status: 'pending' };
    await this.insertUnique(pending);
    this.deps.log.info({ user_id: pending.id }, 'registration waiting for approval');
    return { status: 'pending' as const, user: publicUser(pending) };
  }

  private async insertUnique(user: UserRecord) {
    try {
      await this.store.users.insert(user);
    } catch (err) {
      if (err instanceof StoreConflictError && err.field === 'username')
        throw Errors.conflict(`The username "${user.username}" is taken.`, { field: 'username' });
      throw err;
    }
  }

  async login(username: string, password: string, meta: ClientMeta): Promise<LoginResult> {
    const now = this.deps.clock.now();
    const address = meta.ip ?? 'unknown';
    const pairKey = `${username.toLowerCase()}\u0000${address}`;
    const wait = Math.max(this.byPair.waitMs(pairKey, now), this.byAddress.waitMs(address, now));
    if (wait > 0)
      throw Errors.throttled(
        Math.ceil(wait / 1000),
        'Too many failed logins from this address; wait before trying again.',
      );

    const releases = [this.byPair.begin(pairKey), this.byAddress.begin(address)];
    let user: UserRecord | undefined;
    try {
      user = await this.store.users.getByUsername(username);
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !ok) {
        this.byPair.fail(pairKey, now);
        this.byAddress.fail(address, now);
        this.deps.log.info({ username, ip: meta.ip }, 'login failed');
        throw Errors.invalidCredentials();
      }
      // The address keeps its count: logging into one's own account must not reset a guesser's.
      this.byPair.succeed(pairKey);
    } finally {
      for (const release of releases) release();
    }
    if (user.status === 'pending') throw Errors.accountPending();
    if (user.disabled) throw Errors.accountDisabled();
    return this.issue(user, meta);
  }

  private async issue(user: UserRecord, meta: ClientMeta): Promise<LoginResult> {
    const now = this.nowIso();
    const session: SessionRecord = {
      id: randomBytes(16).toString('base64url'),
      user_id: user.id,
      created_at: now,
      last_used_at: now,
      user_agent: meta.userAgent?.slice(0, 256) ?? null,
      ip: meta.ip ?? null,
      revoked_at: null,
      remember: meta.remember ?? true,
    };
    await this.store.sessions.insert(session);
    const token = this.deps.signer.sign({
      sid: session.id,
      sub: user.id,
      iat: Math.floor(this.deps.clock.now() / 1000),
    });
    return { access_token: token, token_type: 'bearer', user: publicUser(user) };
  }

  /** Resolves a bearer token to its principal, or throws 401/403. Reads storage every time. */
  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token) throw Errors.unauthenticated();
    if (token.startsWith(TOKEN_PREFIX)) return this.tokens.authenticate(token);
    const claims = this.deps.signer.verify(token);
    if (!claims) throw Errors.unauthenticated('The token is invalid.');
    const found = await this.store.sessions.getWithUser(claims.sid);
    if (found?.session.revoked_at !== null || found.user.id !== claims.sub) {
      throw Errors.unauthenticated('The token has been revoked; log in again.');
    }
    if (found.user.disabled) throw Errors.accountDisabled();
    if (found.user.status !== 'active') throw Errors.accountPending();
    const now = this.deps.clock.now();
    const expired = this.expiry(found.session, now);
    if (expired) {
      await this.revokeSession(found.session.id, found.user.id);
      throw Errors.unauthenticated(`The session has expired (${expired}); log in again.`);
    }
    // Keeps "last used" in the sessions list true, writing at most once a minute per session.
    if (now - Date.parse(found.session.last_used_at) >= SESSION_TOUCH_MS) {
      const at = new Date(now).toISOString();
      await this.store.sessions.touch(found.session.id, at);
      found.session.last_used_at = at;
    }
    return found;
  }

  /** Why a session has ended by itself, or undefined while it is live. */
  private expiry(s: SessionRecord, now: number): string | undefined {
    const { sessionHours, sessionIdleDays } = this.deps;
    if (!s.remember && sessionHours && now - Date.parse(s.created_at) >= sessionHours * 3_600_000)
      return `not remembered, older than ${sessionHours} h`;
    if (sessionIdleDays && now - Date.parse(s.last_used_at) >= sessionIdleDays * 86_400_000)
      return `unused for ${sessionIdleDays} days`;
    return undefined;
  }

  async refresh(p: Principal, meta: ClientMeta): Promise<LoginResult> {
    if (p.token) throw Errors.forbidden('An API token cannot be refreshed; create a new one.');
    const result = await this.issue(p.user, { ...meta, remember: p.session.remember });
    await this.revokeSession(p.session.id, p.user.id);
    return result;
  }

  async logout(p: Principal) {
    await this.revokeSession(p.session.id, p.user.id);
  }

  private async revokeSession(sessionId: string, userId: string) {
    if (await this.store.sessions.revoke(sessionId, this.nowIso())) {
      this.deps.bus.emit('session_revoked', { session_id: sessionId, user_id: userId });
    }
  }

  async listSessions(p: Principal, all: boolean) {
    const rows = all ? await this.store.sessions.listAll() : await this.store.sessions.listForUser(p.user.id);
    return rows.map((s) => ({
      id: s.id,
      user_id: s.user_id,
      created_at: s.created_at,
      last_used_at: s.last_used_at,
      user_agent: s.user_agent,
      ip: s.ip,
      current: s.id === p.session.id,
    }));
  }

  async deleteSession(p: Principal, id: string) {
    const target = (await this.store.sessions.getWithUser(id))?.session;
    // Someone else's session looks like a missing one to a non-admin: no existence oracle.
    if (target?.revoked_at !== null || (target.user_id !== p.user.id && p.user.role !== 'admin')) {
      throw Errors.notFound('Session', id);
    }
    await this.revokeSession(id, target.user_id);
  }

  async changePassword(p: Principal, current: string, next: string) {
    if (!(await verifyPassword(current, p.user.password_hash))) {
      throw Errors.validation('The current password is wrong.', { field: 'current_password' });
    }
    const now = this.nowIso();
    await this.store.users.update(p.user.id, { password_hash: await hashPassword(next) }, now);
    for (const id of await this.store.sessions.revokeAllForUser(p.user.id, now, p.session.id)) {
      this.deps.bus.emit('session_revoked', { session_id: id, user_id: p.user.id });
    }
  }

  // --- invites -------------------------------------------------------------------------

  async createInvite(
    p: Principal,
    input: { role: UserRole; expires_in_hours?: number | undefined; max_uses?: number | undefined },
  ) {
    const now = this.deps.clock.now();
    const invite: InviteRecord = {
      code: randomBytes(12).toString('base64url'),
      role: input.role,
      created_by: p.user.id,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + (input.expires_in_hours ?? 72) * 3_600_000).toISOString(),
      max_uses: input.max_uses ?? 1,
      uses: 0,
      revoked_at: null,
    };
    await this.store.invites.insert(invite);
    return this.publicInvite(invite);
  }

  async listInvites() {
    return (await this.store.invites.list()).map((i) => this.publicInvite(i));
  }

  async revokeInvite(code: string) {
    if (!(await this.store.invites.revoke(code, this.nowIso()))) throw Errors.notFound('Invite', code);
  }

  private publicInvite(i: InviteRecord) {
    const now = this.nowIso();
    const state = i.revoked_at
      ? 'revoked'
      : i.uses >= i.max_uses
        ? 'used'
        : i.expires_at && i.expires_at <= now
          ? 'expired'
          : 'active';
    return {
      code: i.code,
      role: i.role,
      created_by: i.created_by,
      created_at: i.created_at,
      expires_at: i.expires_at,
      max_uses: i.max_uses,
      uses: i.uses,
      state,
    };
  }

  // --- user administration --------------------------------------------------------------

  async listUsers(status?: 'pending' | 'active') {
    return (await this.store.users.list(status ? { status } : undefined)).map(adminView);
  }

  private async getUser(id: string) {
    const u = await this.store.users.get(id);
    if (!u) throw Errors.notFound('User', id);
    return u;
  }

  /** The last active admin can be neither demoted, disabled nor deleted: a home must always have one. */
  private async guardLastAdmin(target: UserRecord, what: string) {
    const isLiveAdmin = target.role === 'admin' && target.status === 'active' && !target.disabled;
    if (isLiveAdmin && (await this.store.users.countActiveAdmins()) <= 1) {
      throw Errors.conflict(`Cannot ${what} the last administrator; make another user admin first.`);
    }
  }

  async updateUser(id: string, patch: { role?: UserRole | undefined; disabled?: boolean | undefined }) {
    const user = await this.getUser(id);
    if (patch.role !== undefined && patch.role !== 'admin' && user.role === 'admin')
      await this.guardLastAdmin(user, 'demote');
    if (patch.disabled === true && !user.disabled) await this.guardLastAdmin(user, 'disable');
    await this.store.users.update(id, { role: patch.role, disabled: patch.disabled }, this.nowIso());
    if (patch.disabled === true && !user.disabled) {
      await this.store.sessions.revokeAllForUser(id, this.nowIso());
      this.deps.bus.emit('user_changed', { user_id: id, reason: 'disabled' });
    } else if (patch.disabled === false && user.disabled) {
      this.deps.bus.emit('user_changed', { user_id: id, reason: 'enabled' });
    }
    if (patch.role !== undefined && patch.role !== user.role)
      this.deps.bus.emit('user_changed', { user_id: id, reason: 'role' });
    return adminView((await this.store.users.get(id))!);
  }

  async deleteUser(id: string) {
    const user = await this.getUser(id);
    await this.guardLastAdmin(user, 'delete');
    await this.store.users.delete(id);
    this.deps.bus.emit('user_changed', { user_id: id, reason: 'deleted' });
  }

  async approve(id: string, role: UserRole = 'user') {
    const user = await this.getUser(id);
    if (user.status !== 'pending')
      throw Errors.conflict(`User "${user.username}" is not waiting for approval.`);
    await this.store.users.update(id, { status: 'active', role }, this.nowIso());
    return adminView((await this.store.users.get(id))!);
  }

  async reject(id: string) {
    const user = await this.getUser(id);
    if (user.status !== 'pending')
      throw Errors.conflict(`User "${user.username}" is not waiting for approval.`);
    await this.store.users.delete(id);
  }
}

export const adminView = (u: UserRecord) => ({
  id: u.id,
  username: u.username,
  role: u.role,
  status: u.status,
  disabled: u.disabled,
  created_at: u.created_at,
});
