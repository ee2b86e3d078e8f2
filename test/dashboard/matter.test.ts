import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matterModule } from '../../src/integrations/matter/module.js';
import { registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { orUnset } from '../../src/test-support/unset.js';
import {
  SimulatedMatterNetwork,
  createVirtualDevice,
  type VirtualDevice,
} from '../../src/test-support/matter.js';
import { buildDashboard, hasChromium, launchChromium, logIn } from './browser.js';

/**
 * Admin → Integrations → Matter in headless Chromium against the real service, whose Matter
 * controller and a virtual matter.js plug share matter.js' in-process network simulator.
 */
if (!hasChromium)
  console.warn('Matter dashboard tests skipped: /usr/bin/chromium is missing (apt-get install chromium)');

describe.skipIf(!hasChromium)('Matter in the dashboard', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let plug: VirtualDevice;
  let removeBuild = () => {};
  const PASSWORD = 'correct horse battery';

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    const net = await SimulatedMatterNetwork.create();
    plug = await createVirtualDevice('plug', { network: net.host(), name: 'Desk plug' });
    t = await startTestApp({
      webDir: build.dir,
      pairable: [matterModule({ network: net.host(), discoveryTimeoutS: 4, subscriptionMaxIntervalS: 3 })],
    });
    await registerUser(t, 'alice', PASSWORD);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(page, t.url, 'alice', PASSWORD);
    await page.goto(t.url + '/#admin');
    await page.getByRole('heading', { name: 'Matter', exact: true }).waitFor();
  }, 180_000);
  afterAll(async () => {
    await orUnset(browser)?.close();
    await orUnset(t)?.stop();
    await orUnset(plug)?.close();
    removeBuild();
  }, 60_000);

  it('says Matter is off, and names the code field when the code is malformed', async () => {
    await page.getByText('Matter is off.').waitFor();
    await page.getByLabel('Pairing code').fill('1234');
    await page.getByRole('button', { name: 'Add a Matter device' }).click();
    await page.locator('#matter-code-error').waitFor();
    expect(await page.getByLabel('Pairing code').getAttribute('aria-invalid')).toBe('true');
  }, 60_000);

  it('adds a device by its code with progress, lists it as reachable, and shares it', async () => {
    await page.getByLabel('Pairing code').fill(plug.manualCode);
    await page.getByRole('button', { name: 'Add a Matter device' }).click();
    await page.getByText(/Added Desk plug with \d+ entities/).waitFor({ timeout: 60_000 });
    expect(await page.locator('.matter-progress li[data-step="done"]').count()).toBe(1);
    const node = page.locator('[aria-label="Matter nodes"] li[data-node]');
    await node.getByText('Desk plug', { exact: true }).waitFor();
    expect(await node.locator('[data-reachable]').textContent()).toBe('reachable');
    await node.getByRole('button', { name: 'Share' }).click();
    const code = await page.locator('[data-manual-code]').textContent({ timeout: 30_000 });
    expect(code).toMatch(/^\d{4}-\d{3}-\d{4}$/);
  }, 90_000);

  it('removes the device', async () => {
    page.on('dialog', (d) => void d.accept());
    await page
      .locator('[aria-label="Matter nodes"] li[data-node]')
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByText('No Matter devices yet.').waitFor({ timeout: 30_000 });
  }, 60_000);
});
