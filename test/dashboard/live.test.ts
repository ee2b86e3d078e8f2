import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { buildDashboard, hasChromium, launchChromium, logIn } from './browser.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * A dashboard left open stays right: across a service restart (the server closes the socket with
 * `io server disconnect`, which Socket.IO does not retry by itself) and across a dropped
 * connection during which a device changed (the catch-up must re-render the memoised tiles).
 */
describe.skipIf(!hasChromium)('a dashboard left open', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let removeBuild = () => {};
  let webDir = '';
  const PASSWORD = 'correct horse battery';
  const control = (body: Record<string, unknown>) => t.api('POST', '/api/home/control', { token, body });
  const toggle = (id: string) => page.locator(`[data-entity-id="${id}"] [role="switch"]`);
  const banner = () => page.getByRole('alert').filter({ hasText: 'Reconnecting' });

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    webDir = build.dir;
    t = await startTestApp({ webDir });
    token = (await registerUser(t, 'alice', PASSWORD)).access_token!;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, t.url, 'alice', PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await orUnset(browser)?.close();
    await orUnset(t)?.stop();
    removeBuild();
  });

  it('recovers by itself after the service restarts, with the states of the new run', async () => {
    expect(await toggle('light.kitchen').getAttribute('aria-checked')).toBe('false');
    const port = Number(new URL(t.url).port);
    const dataDir = t.dataDir;
    await t.stop({ keepData: true });

    // While the service is down: a visible banner, and every control paused.
    await banner().waitFor();
    expect(await toggle('light.kitchen').isDisabled()).toBe(true);

    t = await startTestApp({ webDir, dataDir, config: { port } });
    // A change made on the new run, possibly before the page is back: it must show either way.
    expect((await control({ entity_id: 'light.kitchen', action: 'on' })).body.outcome).toBe('confirmed');
    await page.locator('[data-entity-id="light.kitchen"] [role="switch"][aria-checked="true"]').waitFor();
    await banner().waitFor({ state: 'detached' });
    expect(await toggle('light.kitchen').isDisabled()).toBe(false);

    // And the page controls the new run again.
    await toggle('light.kitchen').click();
    await page.locator('[data-entity-id="light.kitchen"] [role="switch"][aria-checked="false"]').waitFor();
    const kitchen = await t.api('GET', '/api/home/entities/light.kitchen', { token });
    expect(kitchen.body.state).toBe('off');
  }, 60_000);

  it('shows a change made while its connection was down once it is back', async () => {
    // Refuse new sockets, then drop the page's connection (a transport close, as on a network drop).
    let open = false;
    t.app.realtime.io.use((_socket, next) => (open ? next() : next(new Error('network down'))));
    for (const s of t.app.realtime.io.sockets.sockets.values()) s.conn.close();
    await banner().waitFor();

    expect((await control({ entity_id: 'light.bedroom', action: 'dim', brightness: 35 })).status).toBe(200);
    // The page missed the event: the tile still shows the old state.
    expect(await toggle('light.bedroom').getAttribute('aria-checked')).toBe('false');

    open = true;
    await page.locator('[data-entity-id="light.bedroom"] [role="switch"][aria-checked="true"]').waitFor();
    await page.locator('[data-entity-id="light.bedroom"] .state', { hasText: '35%' }).waitFor();
    await banner().waitFor({ state: 'detached' });
  }, 60_000);
});
