import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { orUnset } from '../../src/test-support/unset.js';

// Issue 2 §8: HEARTH_ROLE=license-server serves GET /install without a token; the home role does not.

let t: TestApp;
afterEach(async () => orUnset(t)?.stop());

describe('the license-server role', () => {
  it('serves GET /install as a shell script without a token', async () => {
    t = await startTestApp({ env: { HEARTH_ROLE: 'license-server' } });
    const res = await fetch(`${t.url}/install`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/x-shellscript/);
    const script = await res.text();
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
    expect(script).toContain(t.url.replace('http://', ''));
    expect(t.app.routes).toContainEqual(
      expect.objectContaining({ method: 'GET', url: '/install', access: 'public' }),
    );
  });

  it('writes HEARTH_PUBLIC_URL into the script when set', async () => {
    t = await startTestApp({
      env: { HEARTH_ROLE: 'license-server', HEARTH_PUBLIC_URL: 'https://hearth.example.com' },
    });
    expect(await (await fetch(`${t.url}/install`)).text()).toContain(
      "HEARTH_SERVER='https://hearth.example.com'",
    );
  });

  it('still answers /health', async () => {
    t = await startTestApp({ env: { HEARTH_ROLE: 'license-server' } });
    expect((await t.api('GET', '/health')).body.status).toBe('ok');
  });
});

describe('the home role', () => {
  it('answers /install with 404 in the error shape', async () => {
    t = await startTestApp();
    expect(t.app.ctx.config.role).toBe('home');
    const res = await t.api('GET', '/install');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ROUTE_NOT_FOUND');
  });
});
