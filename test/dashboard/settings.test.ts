import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { buildDashboard, hasChromium, launchChromium, screenshotDir, logIn } from './browser.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * The home settings on the Admin page (issue 7), in headless Debian Chromium against the real
 * service: an admin changes the time zone and location, the service reports them, and the
 * server's validation message appears next to the field.
 */
if (!hasChromium)
  console.warn('settings browser tests skipped: /usr/bin/chromium is missing (apt-get install chromium)');

describe.skipIf(!hasChromium)('home settings in the dashboard', () => {
  let t: TestApp;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let removeBuild = () => {};
  let adminToken = '';
  const PASSWORD = 'correct horse battery';
  const settings = async () =>
    (await t.api('GET', '/api/settings', { token: adminToken })).body as Record<string, unknown>;

  const login = (p: Page, username: string) => logIn(p, t.url, username, PASSWORD);

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    t = await startTestApp({ webDir: build.dir, config: { time_zone: 'Europe/Berlin' } });
    adminToken = (await registerUser(t, 'alice', PASSWORD)).access_token!;
    browser = await launchChromium();
    // The browser "is" in Oslo, for the "Use this browser's location" button.
    ctx = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      geolocation: { latitude: 59.9139, longitude: 10.7522 },
      permissions: ['geolocation'],
    });
    page = await ctx.newPage();
    await login(page, 'alice');
    await page.goto(t.url + '/#admin');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await orUnset(browser)?.close();
    await orUnset(t)?.stop();
    removeBuild();
  });

  it('shows the configured zone and where it comes from', async () => {
    const zone = page.getByLabel('Time zone');
    expect(await zone.inputValue()).toBe('Europe/Berlin');
    expect(await page.locator('#time_zone-hint').textContent()).toBe('from the service configuration');
    expect(await page.getByLabel('Latitude').inputValue()).toBe('');
    expect(await page.locator('#time-zones option[value="America/New_York"]').count()).toBe(1);
  });

  it('saves a new time zone and location, and the service reports them', async () => {
    await page.getByLabel('Time zone').fill('America/New_York');
    await page.getByLabel('Latitude').fill('40.713');
    await page.getByLabel('Longitude').fill('-74.006');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await settings()).toEqual({
      time_zone: 'America/New_York',
      latitude: 40.713,
      longitude: -74.006,
      sources: { time_zone: 'settings', latitude: 'settings', longitude: 'settings' },
    });
    expect(await page.locator('#time_zone-hint').textContent()).toBe('saved here');
  });

  it("shows the server's message next to the time zone field for an unknown zone, and saves nothing", async () => {
    await page.getByLabel('Time zone').fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const error = page.locator('#time_zone-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      'time_zone "Mars/Olympus" is not a known IANA time zone (e.g. Europe/Berlin)',
    );
    // Next to the field (in the same field group), and the input points at it.
    expect(
      await page
        .locator('.field', { has: page.getByLabel('Time zone') })
        .locator('#time_zone-error')
        .count(),
    ).toBe(1);
    expect(await page.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Time zone').getAttribute('aria-describedby')).toContain('time_zone-error');
    await page.getByRole('heading', { name: 'Settings' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir(), 'admin-settings.png') });
    expect((await settings()).time_zone).toBe('America/New_York');
    // Typing clears the message.
    await page.getByLabel('Time zone').fill('Asia/Tokyo');
    expect(await error.count()).toBe(0);
  });

  it("shows the server's range message next to the latitude field", async () => {
    await page.getByLabel('Time zone').fill('America/New_York');
    await page.getByLabel('Latitude').fill('95');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#latitude-error').waitFor();
    expect(await page.locator('#latitude-error').textContent()).toContain('latitude');
    expect((await settings()).latitude).toBe(40.713);
  });

  it('fills the location from the browser, and an emptied field goes back to the configuration', async () => {
    await page.getByRole('button', { name: "Use this browser's location" }).click();
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('59.914');
    expect(await page.getByLabel('Longitude').inputValue()).toBe('10.752');
    await page.getByLabel('Time zone').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await settings()).toEqual({
      time_zone: 'Europe/Berlin',
      latitude: 59.914,
      longitude: 10.752,
      sources: { time_zone: 'config', latitude: 'settings', longitude: 'settings' },
    });
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
  });

  it('is not shown to a viewer', async () => {
    const invite = await t.api('POST', '/api/auth/invites', { token: adminToken, body: { role: 'viewer' } });
    await t.api('POST', '/api/auth/register', {
      body: { username: 'vera', password: PASSWORD, invite: invite.body.code },
    });
    const viewerCtx = await browser.newContext();
    const p = await viewerCtx.newPage();
    await login(p, 'vera');
    await p.goto(t.url + '/#admin');
    await p.locator('.who').waitFor();
    expect(await p.getByRole('link', { name: 'Home' }).count()).toBe(1);
    expect(await p.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect(await p.getByRole('heading', { name: 'Settings' }).count()).toBe(0);
    await viewerCtx.close();
  });
});
