import { randomBytes, randomUUID } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/index.js';
import { hashPassword } from '../auth/passwords.js';
import type { InviteRecord, Store, UserRecord, UserRole } from '../store/index.js';
import { CliError } from './backup.js';

const USERNAME = /^[A-Za-z0-9_.@-]{3,64}$/;
export const ROLES: readonly UserRole[] = ['admin', 'user', 'viewer'];

/**
 * Creates an active account directly in the store: the way to make the first admin of a
 * headless install, or a new admin when every admin password is lost. Same rules as the API.
 */
export async function createUser(
  store: Store,
  input: { username: string; password: string; role: UserRole },
): Promise<UserRecord> {
  if (!USERNAME.test(input.username))
    throw new CliError('The username must be 3–64 letters, digits or _ . @ -');
  if (input.password.length < PASSWORD_MIN_LENGTH || input.password.length > PASSWORD_MAX_LENGTH) {
    throw new CliError(`The password must be ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (await store.users.getByUsername(input.username))
    throw new CliError(`The username "${input.username}" is taken.`);
  const now = new Date().toISOString();
  const user: UserRecord = {
    id: randomUUID(),
    username: input.username,
    password_hash: await hashPassword(input.password),
    role: input.role,
    status: 'active',
    disabled: false,
    created_at: now,
    updated_at: now,
  };
  await store.users.insert(user);
  return user;
}

/** An invite made from the command line; `created_by` is `cli` since no account is signed in. */
export async function createInvite(
  store: Store,
  input: { role: UserRole; hours: number; maxUses: number },
): Promise<InviteRecord> {
  const now = Date.now();
  const invite: InviteRecord = {
    code: randomBytes(12).toString('base64url'),
    role: input.role,
    created_by: 'cli',
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + input.hours * 3_600_000).toISOString(),
    max_uses: input.maxUses,
    uses: 0,
    revoked_at: null,
  };
  await store.invites.insert(invite);
  return invite;
}
