import { describe, expect, it } from 'vitest';
import type { LicenseRecord } from '../types.js';
import { at, useDatabase, type StoreFactory } from './harness.js';

const license = (key: string, over: Partial<LicenseRecord> = {}): LicenseRecord => ({
  key,
  customer: `customer of ${key}`,
  max_homes: 2,
  expires_at: null,
  created_at: at(0),
  revoked_at: null,
  ...over,
});

export function licenseContract(factory: StoreFactory) {
  describe('licenses', () => {
    const db = useDatabase(factory);

    it('stores, lists (oldest first, then key) and reads licenses', async () => {
      const store = await db.connect();
      const b = license('HRTH-B', { created_at: at(1), max_homes: null, expires_at: at(99) });
      const a = license('HRTH-A', { created_at: at(1) });
      const c = license('HRTH-C', { created_at: at(0) });
      for (const l of [b, a, c]) await store.licenses.insert(l);
      expect(await store.licenses.get('HRTH-B')).toEqual(b);
      expect(await store.licenses.get('HRTH-X')).toBeUndefined();
      expect(await store.licenses.list()).toEqual([c, a, b]);
    });

    it('refuses a duplicate key with StoreConflictError on key', async () => {
      const store = await db.connect();
      await store.licenses.insert(license('HRTH-A'));
      await expect(store.licenses.insert(license('HRTH-A'))).rejects.toMatchObject({
        name: 'StoreConflictError',
        record: 'license',
        field: 'key',
      });
    });

    it('revokes a license once', async () => {
      const store = await db.connect();
      await store.licenses.insert(license('HRTH-A'));
      expect(await store.licenses.revoke('HRTH-A', at(4))).toBe(true);
      expect(await store.licenses.revoke('HRTH-A', at(5))).toBe(false);
      expect(await store.licenses.revoke('HRTH-X', at(5))).toBe(false);
      expect((await store.licenses.get('HRTH-A'))?.revoked_at).toBe(at(4));
    });

    it('activates new homes up to the limit and gives a home its first activation again', async () => {
      const store = await db.connect();
      await store.licenses.insert(license('HRTH-A'));
      const first = await store.licenses.activate('HRTH-A', 'home-1', 2, at(1));
      expect(first).toEqual({
        outcome: 'activated',
        activation: { key: 'HRTH-A', home_id: 'home-1', activated_at: at(1) },
      });
      expect(await store.licenses.activate('HRTH-A', 'home-1', 2, at(7))).toEqual({
        outcome: 'already_active',
        activation: { key: 'HRTH-A', home_id: 'home-1', activated_at: at(1) },
      });
      expect((await store.licenses.activate('HRTH-A', 'home-2', 2, at(2))).outcome).toBe('activated');
      expect(await store.licenses.activate('HRTH-A', 'home-3', 2, at(3))).toEqual({
        outcome: 'exhausted',
        activations: 2,
      });
      expect(await store.licenses.activate('HRTH-A', 'home-2', 2, at(8))).toMatchObject({
        outcome: 'already_active',
      });
      expect(await store.licenses.activations('HRTH-A')).toEqual([
        { key: 'HRTH-A', home_id: 'home-1', activated_at: at(1) },
        { key: 'HRTH-A', home_id: 'home-2', activated_at: at(2) },
      ]);
    });

    it('has no limit when max_homes is null', async () => {
      const store = await db.connect();
      await store.licenses.insert(license('HRTH-A', { max_homes: null }));
      for (let i = 0; i < 5; i++) {
        expect((await store.licenses.activate('HRTH-A', `home-${i}`, null, at(i))).outcome).toBe('activated');
      }
      expect(await store.licenses.activations('HRTH-A')).toHaveLength(5);
    });

    it('never activates more homes than the limit when homes activate concurrently on two connections', async () => {
      const a = await db.connect();
      const b = await db.connect();
      await a.licenses.insert(license('HRTH-A', { max_homes: 3 }));
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).licenses.activate('HRTH-A', `home-${i}`, 3, at(1)),
        ),
      );
      expect(results.filter((r) => r.outcome === 'activated')).toHaveLength(3);
      expect(results.filter((r) => r.outcome === 'exhausted')).toHaveLength(7);
      expect(await b.licenses.activations('HRTH-A')).toHaveLength(3);
    });

    it('lets the same home activate concurrently only once', async () => {
      const a = await db.connect();
      const b = await db.connect();
      await a.licenses.insert(license('HRTH-A', { max_homes: 1 }));
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).licenses.activate('HRTH-A', 'home-1', 1, at(i))),
      );
      expect(results.filter((r) => r.outcome === 'activated')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'already_active')).toHaveLength(5);
      expect(await a.licenses.activations('HRTH-A')).toHaveLength(1);
    });
  });
}
