import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/harness.js';
import { VERSION } from '../../version.js';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.stop());

  it('answers ok with the package version, without a token', async () => {
    const res = await t.api('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: VERSION });
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const res = await t.api('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'ROUTE_NOT_FOUND', message: 'No route GET /api/nothing-here.' },
    });
  });

  it('serves an OpenAPI 3 document and browsable docs', async () => {
    const doc = await t.api('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toContain('/api/auth/login');
    const docs = await fetch(`${t.url}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });
});
