import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  canonicalLicense,
  loadOrCreateSigningKey,
  signLicense,
  verifyLicense,
  type UnsignedLicense,
} from './document.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-license-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const doc: UnsignedLicense = {
  key: 'HRTH-AAAAA-BBBBB-CCCCC-DDDDD',
  customer: 'Ann Example',
  home_id: 'home-0001',
  issued_at: '2026-01-01T12:00:00.000Z',
  expires_at: '2027-01-01T00:00:00.000Z',
};

describe('license documents', () => {
  it('serializes canonically: sorted keys, compact, absent fields left out, signature excluded', () => {
    const { expires_at: _omit, ...noExpiry } = doc;
    expect(canonicalLicense({ home_id: 'h', key: 'k', issued_at: 'i', customer: 'c' }).toString()).toBe(
      '{"customer":"c","home_id":"h","issued_at":"i","key":"k"}',
    );
    expect(canonicalLicense({ ...doc, signature: 'x' } as UnsignedLicense).toString()).toBe(
      canonicalLicense(doc).toString(),
    );
    expect(canonicalLicense(noExpiry).toString()).not.toContain('expires_at');
  });

  it('keeps the private key in a 0600 file and reuses it on the next start', () => {
    const path = join(dir, 'secrets', 'license-signing.key');
    const first = loadOrCreateSigningKey(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect(first.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(loadOrCreateSigningKey(path).publicKeyPem).toBe(first.publicKeyPem);
  });

  it('verifies a signed document and rejects any tampered field, a foreign key or garbage', () => {
    const key = loadOrCreateSigningKey(join(dir, 'k2.key'));
    const signed = signLicense(doc, key.privateKey);
    expect(verifyLicense(signed, key.publicKeyPem)).toBe(true);
    for (const field of ['key', 'customer', 'home_id', 'issued_at', 'expires_at'] as const) {
      expect(verifyLicense({ ...signed, [field]: `${signed[field]}x` }, key.publicKeyPem)).toBe(false);
    }
    const { expires_at: _dropped, ...withoutExpiry } = signed;
    expect(verifyLicense(withoutExpiry, key.publicKeyPem)).toBe(false);
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(verifyLicense(signed, other)).toBe(false);
    expect(verifyLicense({ ...signed, signature: 'AAAA' }, key.publicKeyPem)).toBe(false);
    expect(verifyLicense(signed, 'not a key')).toBe(false);
  });
});
