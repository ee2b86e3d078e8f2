import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The signed license document a home stores. The license server signs it with its Ed25519
 * private key; a home verifies it offline with the server's public key.
 */
export interface LicenseDocument {
  key: string;
  customer: string;
  home_id: string;
  issued_at: string;
  expires_at?: string;
  /** Ed25519 signature of `canonicalLicense(document)`, base64. */
  signature: string;
}

export type UnsignedLicense = Omit<LicenseDocument, 'signature'>;

const SIGNED_FIELDS = ['customer', 'expires_at', 'home_id', 'issued_at', 'key'] as const;

/**
 * The bytes that are signed: the document without `signature` as compact JSON with its keys in
 * lexicographic order, absent optional fields left out (never `null`), encoded as UTF-8. E.g.
 * `{"customer":"Ann","home_id":"…","issued_at":"2026-01-01T12:00:00.000Z","key":"HRTH-…"}`.
 * Fields outside SIGNED_FIELDS are ignored, so a later format can add unsigned hints.
 */
export function canonicalLicense(doc: UnsignedLicense): Buffer {
  const ordered: Record<string, string> = {};
  for (const field of SIGNED_FIELDS) {
    const value = doc[field];
    if (value !== undefined) ordered[field] = value;
  }
  return Buffer.from(JSON.stringify(ordered), 'utf8');
}

export function signLicense(doc: UnsignedLicense, privateKey: KeyObject): LicenseDocument {
  const signature = sign(null, canonicalLicense(doc), privateKey).toString('base64');
  return { ...doc, signature };
}

// Parsing the PEM costs most of a verification; a home verifies against one key over and over.
const parsedKeys = new Map<string, KeyObject>();

function publicKey(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (parsedKeys.size >= 16) parsedKeys.clear();
    parsedKeys.set(pem, key);
  }
  return key;
}

/** True when the signature matches the document under `publicKeyPem`; never throws. */
export function verifyLicense(doc: LicenseDocument, publicKeyPem: string): boolean {
  try {
    const key = publicKey(publicKeyPem);
    if (key.asymmetricKeyType !== 'ed25519') return false;
    return verify(null, canonicalLicense(doc), key, Buffer.from(doc.signature, 'base64'));
  } catch {
    return false;
  }
}

export interface SigningKey {
  privateKey: KeyObject;
  /** SPKI PEM (`-----BEGIN PUBLIC KEY-----`), what `GET /api/licenses/public-key` serves. */
  publicKeyPem: string;
}

/**
 * Loads the license server's Ed25519 key from `path` (PKCS#8 PEM), generating it on first
 * start with mode 0600. Losing this file means every issued license can no longer be renewed
 * with the same key: it is part of the backup.
 */
export function loadOrCreateSigningKey(path: string): SigningKey {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(path, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const privateKey = createPrivateKey(readFileSync(path, 'utf8'));
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`The license signing key ${path} is not an Ed25519 key.`);
  const publicKeyPem = createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }).toString();
  return { privateKey, publicKeyPem };
}
