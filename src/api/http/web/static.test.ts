import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp } from '../../../test-support/harness.js';

const web = mkdtempSync(join(tmpdir(), 'hearth-web-'));
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>Hearth</title>');
writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(tmpdir(), 'hearth-secret.txt'), 'TOP-SECRET-CONTENT');

const t = await startTestApp({ webDir: web });
afterAll(async () => {
  await t.stop();
  rmSync(web, { recursive: true, force: true });
});

/** A raw GET that keeps the path as written (fetch would normalise `..` away). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(t.url + '/', { method: 'GET', path }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the dashboard files', () => {
  it('serves index.html at / with an HTML type and revalidation', async () => {
    const res = await fetch(t.url + '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Hearth</title>');
  });

  it('serves hashed assets with their type, cached for good', async () => {
    const res = await fetch(t.url + '/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('leaves other page paths 404 (views are #hash routes; /install belongs to the license server)', async () => {
    for (const path of ['/rooms/kitchen', '/install', '/index.htm']) {
      const res = await t.api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await t.api('GET', '/assets/index-gone.js');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('keeps unknown API routes 404 in the error shape', async () => {
    const res = await t.api('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('never serves files outside the build directory', async () => {
    for (const path of [
      '/../hearth-secret.txt',
      '/%2e%2e/hearth-secret.txt',
      '/assets/..%2f..%2fhearth-secret.txt',
      '/%00',
    ]) {
      const res = await rawGet(path);
      expect(res.body, path).not.toContain('TOP-SECRET-CONTENT');
      expect(res.status, path).not.toBe(500);
    }
  });

  it('leaves the routes out of the OpenAPI document', async () => {
    const doc = (await t.api('GET', '/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/');
    expect(Object.keys(doc.paths)).not.toContain('/assets/*');
  });
});

describe('GET /api/auth/setup', () => {
  it('says the first admin is needed until someone registers, and nothing else', async () => {
    const s = await startTestApp();
    try {
      const before = await s.api('GET', '/api/auth/setup');
      expect(before.status).toBe(200);
      expect(before.body).toEqual({ needs_admin: true });
      await registerUser(s, 'first-admin');
      expect((await s.api('GET', '/api/auth/setup')).body).toEqual({ needs_admin: false });
    } finally {
      await s.stop();
    }
  });
});
