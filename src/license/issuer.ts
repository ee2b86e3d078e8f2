import { randomBytes } from 'node:crypto';
import { Throttle, type ThrottlePolicy } from '../auth/throttle.js';
import type { Clock } from '../clock.js';
import { Errors } from '../errors.js';
import type { Logger } from '../log.js';
import type { LicenseActivationRecord, LicenseRecord, LicenseRepository } from '../store/index.js';
import { signLicense, type LicenseDocument, type SigningKey } from './document.js';

/**
 * Failed activations (unknown, revoked, expired or used-up keys) per client address: ten are
 * free, then each further one doubles a wait from 1 s up to 15 min. Guessing a 100-bit key is
 * hopeless anyway; this keeps a misbehaving script from hammering the server.
 */
export const ACTIVATION_POLICY: ThrottlePolicy = {
  freeAttempts: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

export type LicenseState = 'active' | 'revoked' | 'expired';

/** A license as the admin endpoints show it. */
export interface LicenseView {
  key: string;
  customer: string;
  max_homes: number | null;
  expires_at: string | null;
  created_at: string;
  revoked_at: string | null;
  state: LicenseState;
  homes: { home_id: string; activated_at: string }[];
}

// Crockford base32 without I, L, O, U: keys survive being read aloud or typed from paper.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `HRTH-` and four groups of five characters: 100 random bits. */
export function newLicenseKey(): string {
  const bytes = randomBytes(20);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]!).join('');
  return `HRTH-${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}-${chars.slice(15, 20)}`;
}

export interface LicenseIssuerDeps {
  licenses: LicenseRepository;
  signingKey: SigningKey;
  clock: Clock;
  log: Logger;
}

/** The license server's rules: issue, list, revoke, and activate a key for a home. */
export class LicenseIssuer {
  private readonly failures = new Throttle(ACTIVATION_POLICY);

  constructor(private readonly deps: LicenseIssuerDeps) {}

  get publicKeyPem(): string {
    return this.deps.signingKey.publicKeyPem;
  }

  private nowIso() {
    return new Date(this.deps.clock.now()).toISOString();
  }

  async create(input: {
    customer: string;
    max_homes?: number | null | undefined;
    expires_at?: string | null | undefined;
  }): Promise<LicenseView> {
    const expiresAt = input.expires_at ? new Date(input.expires_at).toISOString() : null;
    if (expiresAt !== null && expiresAt <= this.nowIso()) {
      throw Errors.validation('expires_at must be in the future.', { field: 'expires_at' });
    }
    const record: LicenseRecord = {
      key: newLicenseKey(),
      customer: input.customer,
      max_homes: input.max_homes === undefined ? 1 : input.max_homes,
      expires_at: expiresAt,
      created_at: this.nowIso(),
      revoked_at: null,
    };
    await this.deps.licenses.insert(record);
    this.deps.log.info(
      { customer: record.customer, max_homes: record.max_homes, expires_at: record.expires_at },
      'license issued',
    );
    return this.view(record, []);
  }

  async list(): Promise<LicenseView[]> {
    const out: LicenseView[] = [];
    for (const l of await this.deps.licenses.list())
      out.push(this.view(l, await this.deps.licenses.activations(l.key)));
    return out;
  }

  async revoke(key: string): Promise<LicenseView> {
    const license = await this.deps.licenses.get(key);
    if (!license) throw Errors.notFound('License', key);
    await this.deps.licenses.revoke(key, this.nowIso());
    this.deps.log.info({ customer: license.customer }, 'license revoked');
    return this.view((await this.deps.licenses.get(key))!, await this.deps.licenses.activations(key));
  }

  /**
   * Activates `key` for `homeId` and returns the signed document. Re-activating a home that
   * already holds the key returns the same document (same `issued_at`) and uses no new slot.
   */
  async activate(key: string, homeId: string, clientAddress: string): Promise<LicenseDocument> {
    const now = this.deps.clock.now();
    const throttleKey = `a:${clientAddress}`;
    const wait = this.failures.waitMs(throttleKey, now);
    if (wait > 0)
      throw Errors.throttled(
        Math.ceil(wait / 1000),
        'Too many failed license activations from this address; wait before trying again.',
      );
    try {
      return await this.tryActivate(key, homeId);
    } catch (err) {
      this.failures.fail(throttleKey, now);
      throw err;
    }
  }

  private async tryActivate(key: string, homeId: string): Promise<LicenseDocument> {
    const license = await this.deps.licenses.get(key);
    if (!license) throw Errors.licenseUnknown();
    if (license.revoked_at !== null) throw Errors.licenseRevoked(key);
    if (license.expires_at !== null && license.expires_at <= this.nowIso())
      throw Errors.licenseExpired(key, license.expires_at);
    const result = await this.deps.licenses.activate(key, homeId, license.max_homes, this.nowIso());
    if (result.outcome === 'exhausted')
      throw Errors.licenseExhausted(key, license.max_homes ?? result.activations);
    if (result.outcome === 'activated')
      this.deps.log.info({ customer: license.customer, home_id: homeId }, 'license activated for a home');
    return signLicense(
      {
        key,
        customer: license.customer,
        home_id: homeId,
        issued_at: result.activation.activated_at,
        ...(license.expires_at === null ? {} : { expires_at: license.expires_at }),
      },
      this.deps.signingKey.privateKey,
    );
  }

  private view(l: LicenseRecord, activations: LicenseActivationRecord[]): LicenseView {
    const state: LicenseState =
      l.revoked_at !== null
        ? 'revoked'
        : l.expires_at !== null && l.expires_at <= this.nowIso()
          ? 'expired'
          : 'active';
    return {
      ...l,
      state,
      homes: activations.map((a) => ({ home_id: a.home_id, activated_at: a.activated_at })),
    };
  }
}
