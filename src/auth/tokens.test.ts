import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../test-support/harness.js';
import { TokenSigner, loadOrCreateKey } from './tokens.js';

// Issue 2 §5: JWTs with a pinned algorithm and a key kept in the data dir with mode 0600.

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const claims = { sid: 'session-1', sub: 'user-1', iat: 1_700_000_000 };

describe('TokenSigner', () => {
  const key = randomBytes(32);
  const signer = new TokenSigner(key);

  it('verifies its own tokens', () => {
    expect(signer.verify(signer.sign(claims))).toEqual(claims);
  });

  it('rejects alg "none" with an empty signature', () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect(signer.verify(token)).toBeUndefined();
  });

  it('rejects another algorithm even when the HMAC is right', () => {
    const header = b64({ alg: 'HS512', typ: 'JWT' });
    const body = `${header}.${b64(claims)}`;
    const sig = createHmac('sha256', key).update(body).digest('base64url');
    expect(signer.verify(`${body}.${sig}`)).toBeUndefined();
  });

  it('rejects a tampered payload', () => {
    const [h, , s] = signer.sign(claims).split('.');
    expect(signer.verify(`${h}.${b64({ ...claims, sub: 'admin-id' })}.${s}`)).toBeUndefined();
  });

  it('rejects a token signed with another key', () => {
    expect(signer.verify(new TokenSigner(randomBytes(32)).sign(claims))).toBeUndefined();
  });

  it('rejects malformed tokens', () => {
    for (const bad of ['', 'a', 'a.b', 'a.b.c', '..', `${signer.sign(claims)}x`, 'x'.repeat(5000)]) {
      expect(signer.verify(bad)).toBeUndefined();
    }
  });

  it('rejects correctly signed claims of the wrong shape', () => {
    const header = signer.sign(claims).split('.')[0]!;
    const body = `${header}.${b64({ sid: 1, sub: 'u', iat: 1 })}`;
    const sig = createHmac('sha256', key).update(body).digest('base64url');
    expect(signer.verify(`${body}.${sig}`)).toBeUndefined();
  });
});

describe('the signing key file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-key-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is created with mode 0600 and read back unchanged', () => {
    const path = join(dir, 'secrets', 'token.key');
    const key = loadOrCreateKey(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKey(path).equals(key)).toBe(true);
  });

  it('is tightened back to 0600 when someone loosened it', () => {
    const path = join(dir, 'loose.key');
    writeFileSync(path, randomBytes(32).toString('base64'));
    chmodSync(path, 0o644);
    loadOrCreateKey(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('is refused when damaged, with a message saying what to do', () => {
    const path = join(dir, 'short.key');
    writeFileSync(path, 'dG9vIHNob3J0', { mode: 0o600 });
    expect(() => loadOrCreateKey(path)).toThrow(/damaged.*delete it/);
  });
});

describe('tokens against the running service', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await registerUser(t, 'admin')).access_token!;
  });
  afterAll(async () => t.stop());

  const me = (tok: string) => t.api('GET', '/api/auth/me', { token: tok });

  it('keeps the key in the data dir with mode 0600', () => {
    expect(statSync(join(t.dataDir, 'secrets', 'token.key')).mode & 0o777).toBe(0o600);
  });

  it('refuses alg none, a tampered payload and another key with 401', async () => {
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as typeof claims;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
    const tampered = `${h}.${b64({ ...payload, iat: payload.iat + 1 })}.${s}`;
    const otherKey = new TokenSigner(randomBytes(32)).sign(payload);
    expect((await me(token)).status).toBe(200);
    for (const bad of [none, tampered, otherKey]) {
      const res = await me(bad);
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'The token is invalid.' });
    }
  });
});
