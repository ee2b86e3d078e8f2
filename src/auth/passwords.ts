import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto (no native dependency). N=2^15, r=8 costs
 * 32 MiB and ~60 ms per hash on a 2-core box: slow for an attacker, fine for a login.
 * The parameters are stored in the hash so they can be raised later without breaking logins.
 */
const PRODUCTION_PARAMS = { N: 2 ** 15, r: 8, p: 1 };
let params = PRODUCTION_PARAMS;

/**
 * Lowers the cost of new hashes. Only the test setup calls this (src/test-support/setup.ts), so
 * hundreds of test accounts do not spend minutes in scrypt; verification always uses the cost
 * stored in the hash itself.
 */
export function setPasswordHashCostForTests(N: number): void {
  params = { ...PRODUCTION_PARAMS, N };
}
const KEY_LENGTH = 32;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

function derive(password: string, salt: Buffer, p: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...p, maxmem: 256 * p.N * p.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, verified against when the username is unknown so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
