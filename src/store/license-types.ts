/**
 * Storage of the license-server role: the licenses an installer issued and the homes each one
 * was activated on. Kept beside the core repositories so a PostgreSQL store can implement it too.
 */

export interface LicenseRecord {
  /** The license key handed to the customer, e.g. `HRTH-7Q2MX-K4D9P-0TV3S-H8RWE`. */
  key: string;
  customer: string;
  /** How many different homes may activate this key; null = no limit. */
  max_homes: number | null;
  expires_at: string | null;
  created_at: string;
  revoked_at: string | null;
}

export interface LicenseActivationRecord {
  key: string;
  home_id: string;
  /** When this home first activated the key; the signed document's `issued_at`. */
  activated_at: string;
}

export type ActivateResult =
  | { outcome: 'activated' | 'already_active'; activation: LicenseActivationRecord }
  | { outcome: 'exhausted'; activations: number };

export interface LicenseRepository {
  /** Throws `StoreConflictError` (field `key`) on a duplicate key. */
  insert(license: LicenseRecord): Promise<void>;
  get(key: string): Promise<LicenseRecord | undefined>;
  list(): Promise<LicenseRecord[]>;
  /** Marks the license revoked; false when it was unknown or already revoked. */
  revoke(key: string, now: string): Promise<boolean>;
  activations(key: string): Promise<LicenseActivationRecord[]>;
  /**
   * Records that `homeId` uses `key`, atomically against the `max_homes` limit: a home that
   * already holds the key gets its existing activation back (idempotent), a new home is
   * refused with `exhausted` once the limit is reached.
   */
  activate(key: string, homeId: string, maxHomes: number | null, now: string): Promise<ActivateResult>;
}
