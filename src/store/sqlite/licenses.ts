import type {
  ActivateResult,
  LicenseActivationRecord,
  LicenseRecord,
  LicenseRepository,
} from '../license-types.js';
import type { Db } from './database.js';
import { uniqueWrite } from './constraints.js';
import type { Migration } from './migrations.js';

/** Migration ids 30–39 belong to the license server. */
export const LICENSE_MIGRATIONS: Migration[] = [
  {
    id: 30,
    name: 'licenses',
    sql: `
      CREATE TABLE licenses (
        key TEXT PRIMARY KEY,
        customer TEXT NOT NULL,
        max_homes INTEGER,
        expires_at TEXT,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE TABLE license_activations (
        key TEXT NOT NULL REFERENCES licenses(key) ON DELETE CASCADE,
        home_id TEXT NOT NULL,
        activated_at TEXT NOT NULL,
        PRIMARY KEY (key, home_id)
      );
    `,
  },
];

export class SqliteLicenses implements LicenseRepository {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      insert: db.prepare(`INSERT INTO licenses (key, customer, max_homes, expires_at, created_at, revoked_at)
        VALUES (@key, @customer, @max_homes, @expires_at, @created_at, @revoked_at)`),
      get: db.prepare('SELECT * FROM licenses WHERE key = ?'),
      list: db.prepare('SELECT * FROM licenses ORDER BY created_at, key'),
      revoke: db.prepare('UPDATE licenses SET revoked_at = ? WHERE key = ? AND revoked_at IS NULL'),
      activations: db.prepare(
        'SELECT * FROM license_activations WHERE key = ? ORDER BY activated_at, home_id',
      ),
      activation: db.prepare('SELECT * FROM license_activations WHERE key = ? AND home_id = ?'),
      count: db.prepare('SELECT COUNT(*) FROM license_activations WHERE key = ?').pluck(),
      addActivation: db.prepare(
        'INSERT INTO license_activations (key, home_id, activated_at) VALUES (?, ?, ?)',
      ),
    };
  }

  async insert(license: LicenseRecord) {
    uniqueWrite('license', () => this.q.insert.run(license));
  }
  async get(key: string) {
    return this.q.get.get(key) as LicenseRecord | undefined;
  }
  async list() {
    return this.q.list.all() as LicenseRecord[];
  }
  async revoke(key: string, now: string) {
    return this.q.revoke.run(now, key).changes === 1;
  }
  async activations(key: string) {
    return this.q.activations.all(key) as LicenseActivationRecord[];
  }
  async activate(key: string, homeId: string, maxHomes: number | null, now: string): Promise<ActivateResult> {
    // One transaction: the count and the insert cannot interleave with another activation.
    return this.db
      .transaction((): ActivateResult => {
        const existing = this.q.activation.get(key, homeId) as LicenseActivationRecord | undefined;
        if (existing) return { outcome: 'already_active', activation: existing };
        const count = this.q.count.get(key) as number;
        if (maxHomes !== null && count >= maxHomes) return { outcome: 'exhausted', activations: count };
        this.q.addActivation.run(key, homeId, now);
        return { outcome: 'activated', activation: { key, home_id: homeId, activated_at: now } };
      })
      .immediate();
  }
}
