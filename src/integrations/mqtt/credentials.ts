import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Who may connect to the embedded broker, and where that rule comes from. */
export interface BrokerCredentials {
  username: string;
  password: string;
  /**
   * `config`: HEARTH_MQTT_BROKER_USERNAME/PASSWORD, required from every client (as before).
   * `generated`: made on first start; required from other machines, loopback may be anonymous.
   */
  source: 'config' | 'generated';
}

export const GENERATED_USERNAME = 'hearth';

/**
 * The generated broker credentials in `<data dir>/secrets/mqtt-broker.json` (mode 0600), made
 * on first start and kept, so bridges configured once keep working across restarts.
 */
export function loadOrCreateBrokerCredentials(path: string): BrokerCredentials {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) {
    const made = { username: GENERATED_USERNAME, password: randomBytes(18).toString('base64url') };
    try {
      writeFileSync(path, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    parsed = undefined;
  }
  const p = parsed as { username?: unknown; password?: unknown } | undefined;
  if (typeof p?.username !== 'string' || typeof p.password !== 'string' || p.password.length < 16)
    throw new Error(
      `The MQTT broker credentials file ${path} is damaged; delete it to make new ones (then update your bridges).`,
    );
  return { username: p.username, password: p.password, source: 'generated' };
}

/** Constant-time comparison of what a client sent with the expected credentials. */
export function credentialsMatch(expected: BrokerCredentials, username: unknown, password: unknown): boolean {
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  const user = typeof username === 'string' ? username : '';
  const pass = Buffer.isBuffer(password) ? password.toString() : typeof password === 'string' ? password : '';
  // Both compared every time: the answer's timing says nothing about which one was wrong.
  const u = same(user, expected.username);
  const p = same(pass, expected.password);
  return u && p;
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms: a client on this machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
}
