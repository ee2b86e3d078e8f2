import { describe, expect, it } from 'vitest';
import { StoreConflictError } from '../errors.js';
import type { InviteRecord, SessionRecord, UserRecord } from '../types.js';
import { at, useDatabase, type StoreFactory } from './harness.js';

const user = (id: string, over: Partial<UserRecord> = {}): UserRecord => ({
  id,
  username: id,
  password_hash: `hash-of-${id}`,
  role: 'user',
  status: 'active',
  disabled: false,
  created_at: at(0),
  updated_at: at(0),
  ...over,
});

const session = (id: string, userId: string, over: Partial<SessionRecord> = {}): SessionRecord => ({
  id,
  user_id: userId,
  created_at: at(0),
  last_used_at: at(0),
  user_agent: 'test-agent',
  ip: '127.0.0.1',
  revoked_at: null,
  remember: true,
  ...over,
});

const invite = (code: string, over: Partial<InviteRecord> = {}): InviteRecord => ({
  code,
  role: 'viewer',
  created_by: 'admin-1',
  created_at: at(0),
  expires_at: null,
  max_uses: 1,
  uses: 0,
  revoked_at: null,
  ...over,
});

export function userContract(factory: StoreFactory) {
  describe('users', () => {
    const db = useDatabase(factory);

    it('stores a user and reads it back by id and by username without case', async () => {
      const store = await db.connect();
      expect(await store.users.count()).toBe(0);
      const ada = user('u1', { username: 'Ada', role: 'admin', disabled: true });
      expect(await store.users.insert(ada)).toBe(true);
      expect(await store.users.get('u1')).toEqual(ada);
      expect(await store.users.getByUsername('ada')).toEqual(ada);
      expect(await store.users.getByUsername('ADA')).toEqual(ada);
      expect(await store.users.get('nobody')).toBeUndefined();
      expect(await store.users.getByUsername('nobody')).toBeUndefined();
      expect(await store.users.count()).toBe(1);
    });

    it('refuses a second user with the same username in another case with StoreConflictError on username', async () => {
      const store = await db.connect();
      await store.users.insert(user('u1', { username: 'ada' }));
      const err = await store.users.insert(user('u2', { username: 'ADA' })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreConflictError);
      expect(err).toMatchObject({ record: 'user', field: 'username' });
      expect(await store.users.count()).toBe(1);
    });

    it('refuses a second user with the same id with StoreConflictError on id', async () => {
      const store = await db.connect();
      await store.users.insert(user('u1', { username: 'ada' }));
      await expect(store.users.insert(user('u1', { username: 'bob' }))).rejects.toMatchObject({
        name: 'StoreConflictError',
        field: 'id',
      });
    });

    it('lists users by creation time, then username, optionally by status', async () => {
      const store = await db.connect();
      await store.users.insert(user('u3', { username: 'carol', created_at: at(2), status: 'pending' }));
      await store.users.insert(user('u2', { username: 'bob', created_at: at(1) }));
      await store.users.insert(user('u1', { username: 'alice', created_at: at(1) }));
      expect((await store.users.list()).map((u) => u.username)).toEqual(['alice', 'bob', 'carol']);
      expect((await store.users.list({ status: 'pending' })).map((u) => u.username)).toEqual(['carol']);
      expect((await store.users.list({ status: 'active' })).map((u) => u.username)).toEqual(['alice', 'bob']);
    });

    it('counts only active, enabled admins', async () => {
      const store = await db.connect();
      await store.users.insert(user('a1', { role: 'admin' }));
      await store.users.insert(user('a2', { role: 'admin', disabled: true }));
      await store.users.insert(user('a3', { role: 'admin', status: 'pending' }));
      await store.users.insert(user('u1'));
      expect(await store.users.countActiveAdmins()).toBe(1);
    });

    it('inserts only into an empty table when asked, and says when it did not', async () => {
      const store = await db.connect();
      expect(await store.users.insert(user('first', { role: 'admin' }), { onlyIfEmpty: true })).toBe(true);
      expect(await store.users.insert(user('second', { role: 'admin' }), { onlyIfEmpty: true })).toBe(false);
      expect(await store.users.get('second')).toBeUndefined();
      expect(await store.users.count()).toBe(1);
    });

    it('lets exactly one of many concurrent first registrations on two connections become the first user', async () => {
      const a = await db.connect();
      const b = await db.connect();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? a : b).users.insert(user(`u${i}`, { role: 'admin' }), { onlyIfEmpty: true }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await a.users.count()).toBe(1);
      expect(await b.users.countActiveAdmins()).toBe(1);
    });

    it('updates only the given fields and stamps updated_at', async () => {
      const store = await db.connect();
      await store.users.insert(user('u1', { status: 'pending' }));
      await store.users.update('u1', { status: 'active', role: 'viewer', disabled: undefined }, at(5));
      expect(await store.users.get('u1')).toEqual(
        user('u1', { status: 'active', role: 'viewer', updated_at: at(5) }),
      );
      await store.users.update('u1', { disabled: true, password_hash: 'new-hash' }, at(6));
      expect(await store.users.get('u1')).toMatchObject({
        disabled: true,
        password_hash: 'new-hash',
        role: 'viewer',
        updated_at: at(6),
      });
    });

    it('deletes a user together with their sessions', async () => {
      const store = await db.connect();
      await store.users.insert(user('u1'));
      await store.sessions.insert(session('s1', 'u1'));
      await store.users.delete('u1');
      expect(await store.users.get('u1')).toBeUndefined();
      expect(await store.sessions.getWithUser('s1')).toBeUndefined();
      expect(await store.sessions.listAll()).toEqual([]);
    });
  });
}

export function sessionContract(factory: StoreFactory) {
  describe('sessions', () => {
    const db = useDatabase(factory);

    it('reads a session together with its user, revoked or not', async () => {
      const store = await db.connect();
      const ada = user('u1', { username: 'ada' });
      await store.users.insert(ada);
      const s = session('s1', 'u1', { user_agent: null, ip: null });
      await store.sessions.insert(s);
      expect(await store.sessions.getWithUser('s1')).toEqual({ session: s, user: ada });
      expect(await store.sessions.revoke('s1', at(3))).toBe(true);
      expect(await store.sessions.getWithUser('s1')).toEqual({
        session: { ...s, revoked_at: at(3) },
        user: ada,
      });
      expect(await store.sessions.getWithUser('unknown')).toBeUndefined();
    });

    it('revokes a session once: a second revoke or an unknown id answers false', async () => {
      const store = await db.connect();
      await store.users.insert(user('u1'));
      await store.sessions.insert(session('s1', 'u1'));
      expect(await store.sessions.revoke('s1', at(1))).toBe(true);
      expect(await store.sessions.revoke('s1', at(2))).toBe(false);
      expect(await store.sessions.revoke('nope', at(2))).toBe(false);
      expect((await store.sessions.getWithUser('s1'))?.session.revoked_at).toBe(at(1));
    });

    it('lists only live sessions, per user and in all, oldest first', async () => {
      const store = await db.connect();
      await store.users.insert(user('u1'));
      await store.users.insert(user('u2'));
      await store.sessions.insert(session('s2', 'u1', { created_at: at(2) }));
      await store.sessions.insert(session('s1', 'u1', { created_at: at(1) }));
      await store.sessions.insert(session('s3', 'u2', { created_at: at(3) }));
      await store.sessions.insert(session('s4', 'u1', { created_at: at(4) }));
      await store.sessions.revoke('s4', at(5));
      expect((await store.sessions.listForUser('u1')).map((s) => s.id)).toEqual(['s1', 's2']);
      expect((await store.sessions.listAll()).map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    });

    it("revokes all of a user's live sessions but one and returns the ids it revoked", async () => {
      const store = await db.connect();
      await store.users.insert(user('u1'));
      await store.users.insert(user('u2'));
      for (const id of ['s1', 's2', 's3']) await store.sessions.insert(session(id, 'u1'));
      await store.sessions.insert(session('other', 'u2'));
      await store.sessions.revoke('s3', at(1));
      expect((await store.sessions.revokeAllForUser('u1', at(2), 's1')).sort()).toEqual(['s2']);
      expect((await store.sessions.listAll()).map((s) => s.id).sort()).toEqual(['other', 's1']);
      expect((await store.sessions.revokeAllForUser('u1', at(3))).sort()).toEqual(['s1']);
      expect((await store.sessions.getWithUser('s3'))?.session.revoked_at).toBe(at(1));
    });

    it('records when a session was last used', async () => {
      const store = await db.connect();
      await store.users.insert(user('u1'));
      await store.sessions.insert(session('s1', 'u1'));
      await store.sessions.touch('s1', at(9));
      expect((await store.sessions.getWithUser('s1'))?.session.last_used_at).toBe(at(9));
    });

    it('refuses a duplicate session id with StoreConflictError on id', async () => {
      const store = await db.connect();
      await store.users.insert(user('u1'));
      await store.sessions.insert(session('s1', 'u1'));
      await expect(store.sessions.insert(session('s1', 'u1'))).rejects.toMatchObject({
        name: 'StoreConflictError',
        record: 'session',
        field: 'id',
      });
    });
  });
}

export function inviteContract(factory: StoreFactory) {
  describe('invites', () => {
    const db = useDatabase(factory);

    it('stores, lists (oldest first) and reads invites', async () => {
      const store = await db.connect();
      const b = invite('BBB', { created_at: at(2), expires_at: at(60), max_uses: 3, role: 'admin' });
      const a = invite('AAA', { created_at: at(1) });
      await store.invites.insert(b);
      await store.invites.insert(a);
      expect(await store.invites.get('BBB')).toEqual(b);
      expect(await store.invites.get('nope')).toBeUndefined();
      expect(await store.invites.list()).toEqual([a, b]);
    });

    it('refuses a duplicate code with StoreConflictError on code', async () => {
      const store = await db.connect();
      await store.invites.insert(invite('AAA'));
      await expect(store.invites.insert(invite('AAA'))).rejects.toMatchObject({
        name: 'StoreConflictError',
        record: 'invite',
        field: 'code',
      });
    });

    it('uses an invite up to its limit, never when expired, revoked or unknown', async () => {
      const store = await db.connect();
      await store.invites.insert(invite('TWO', { max_uses: 2 }));
      await store.invites.insert(invite('OLD', { expires_at: at(10) }));
      await store.invites.insert(invite('GONE'));
      expect(await store.invites.consume('TWO', at(1))).toBe(true);
      expect(await store.invites.consume('TWO', at(1))).toBe(true);
      expect(await store.invites.consume('TWO', at(1))).toBe(false);
      expect((await store.invites.get('TWO'))?.uses).toBe(2);
      expect(await store.invites.consume('OLD', at(10))).toBe(false);
      expect(await store.invites.revoke('GONE', at(1))).toBe(true);
      expect(await store.invites.revoke('GONE', at(2))).toBe(false);
      expect(await store.invites.consume('GONE', at(1))).toBe(false);
      expect(await store.invites.consume('NOPE', at(1))).toBe(false);
      expect(await store.invites.consume('OLD', at(9))).toBe(true);
    });

    it('lets concurrent registrations on two connections use an invite no more than its limit', async () => {
      const a = await db.connect();
      const b = await db.connect();
      await a.invites.insert(invite('FAMILY', { max_uses: 3 }));
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).invites.consume('FAMILY', at(1))),
      );
      expect(results.filter(Boolean)).toHaveLength(3);
      expect((await b.invites.get('FAMILY'))?.uses).toBe(3);
    });
  });
}

export function settingsContract(factory: StoreFactory) {
  describe('settings', () => {
    const db = useDatabase(factory);

    it('keeps JSON values by key, overwrites them, and shows them to other connections', async () => {
      const a = await db.connect();
      const b = await db.connect();
      expect(await a.settings.get('location')).toBeUndefined();
      await a.settings.set('location', { latitude: 52.5, longitude: 13.4, name: 'Home' });
      await a.settings.set('flags', [true, null, 3]);
      await a.settings.set('location', { latitude: 48.1, longitude: 11.6 });
      expect(await b.settings.get('location')).toEqual({ latitude: 48.1, longitude: 11.6 });
      expect(await b.settings.get('flags')).toEqual([true, null, 3]);
    });
  });
}
