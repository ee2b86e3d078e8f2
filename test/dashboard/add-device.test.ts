import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HueBridgeSimulator } from '../../src/integrations/hue/simulator.js';
import { PROFILES, ShellyGen2Simulator } from '../../src/integrations/shelly/simulator-gen2.js';
import { registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { buildDashboard, hasChromium, launchChromium, logIn } from './browser.js';

/**
 * The "Add a device" page (issue 13) in headless Chromium against the real service and device
 * simulators: an admin adds a Shelly by address and password, and a Hue bridge whose button is
 * pressed while the page waits for it.
 */
if (!hasChromium) console.warn('add-device browser tests skipped: /usr/bin/chromium is missing');

describe.skipIf(!hasChromium)('adding WiFi devices from the dashboard', () => {
  const PASSWORD = 'correct horse battery';
  const shelly = new ShellyGen2Simulator(PROFILES.plus1pm, 'shelly-dash-pw', 'shellyplus1pm');
  const bridge = new HueBridgeSimulator();
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let removeBuild = () => {};

  beforeAll(async () => {
    await shelly.start();
    await bridge.start();
    const build = await buildDashboard();
    removeBuild = build.remove;
    t = await startTestApp({ webDir: build.dir, config: { wifi_poll_interval: 1, wifi_timeout: 1 } });
    token = (await registerUser(t, 'alice', PASSWORD)).access_token!;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(page, t.url, 'alice', PASSWORD);
    await page.getByRole('link', { name: 'Add a device' }).click();
    await page.getByRole('heading', { name: 'Add a device' }).waitFor();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await shelly.stop();
    await bridge.stop();
    removeBuild();
  });

  it('adds a Shelly by address and password, says what it found and lists it', async () => {
    await page.getByLabel('Kind of device').selectOption('shelly');
    await page.getByLabel(/^Address/).fill(shelly.address);
    await page.getByLabel(/^Password/).fill('wrong');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('alert').filter({ hasText: 'refused the password' }).waitFor();
    await page.getByLabel(/^Password/).fill('shelly-dash-pw');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('status').filter({ hasText: 'Added' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Added' }).textContent()).toContain('Kettle');
    await page.getByRole('listitem').filter({ hasText: shelly.address }).waitFor();
    const entities = (await t.api('GET', '/api/home/entities?integration=shelly', { token })).body;
    expect(entities.some((e: any) => e.domain === 'switch' && e.available)).toBe(true);
  });

  it('asks for the Hue bridge button and adds the bridge once it is pressed', async () => {
    await page.getByLabel('Kind of device').selectOption('hue');
    await page.getByLabel(/^Address/).fill(bridge.address);
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('status').filter({ hasText: 'Press the round button' }).waitFor();
    bridge.buttonPressed = true;
    await page.getByRole('status').filter({ hasText: 'Added Hue Bridge' }).waitFor({ timeout: 15_000 });
    expect((await t.api('GET', '/api/home/entities?integration=hue', { token })).body.length).toBe(7);
  });
});
