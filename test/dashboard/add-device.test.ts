import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { HueBridgeSimulator } from '../../src/integrations/hue/simulator.js';
import { PROFILES, ShellyGen2Simulator } from '../../src/integrations/shelly/simulator-gen2.js';
import { WledSimulator } from '../../src/integrations/wled/simulator.js';
import { registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { InProcessDiscovery } from '../../src/test-support/in-process-discovery.js';
import { orUnset } from '../../src/test-support/unset.js';
import { buildDashboard, hasChromium, launchChromium, logIn, screenshotDir } from './browser.js';

/**
 * The "Add a device" page (issue 13) in headless Chromium against the real service and device
 * simulators: an admin adds a Shelly by address and password, and a Hue bridge whose button is
 * pressed while the page waits for it, each with the steps Hearth reports shown as they happen;
 * and a device discovery offers (over an in-process protocol: discovery's real multicast runs
 * only in test/discovery-netns) is added with its own Add button.
 */
if (!hasChromium) console.warn('add-device browser tests skipped: /usr/bin/chromium is missing');

describe.skipIf(!hasChromium)('adding WiFi devices from the dashboard', () => {
  const PASSWORD = 'correct horse battery';
  const shelly = new ShellyGen2Simulator(PROFILES.plus1pm, 'shelly-dash-pw', 'shellyplus1pm');
  const bridge = new HueBridgeSimulator();
  const wled = new WledSimulator('WLED Hallway');
  const garage = new ShellyGen2Simulator(PROFILES.plus1pm, 'garage-pw', 'shellyplus1pm');
  const discovery = new InProcessDiscovery([]);
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let removeBuild = () => {};

  beforeAll(async () => {
    await shelly.start();
    await bridge.start();
    await wled.start();
    await garage.start();
    discovery.devices.push(
      { integration: 'wled', address: wled.address, name: 'wled-hallway' },
      { integration: 'shelly', address: garage.address, name: 'shellyplus1pm-garage', model: 'Plus1PM' },
      { integration: 'onvif', address: '127.0.0.1:1', name: 'Porch camera', model: 'IPC-T54' },
    );
    const build = await buildDashboard();
    removeBuild = build.remove;
    t = await startTestApp({
      webDir: build.dir,
      config: { wifi_poll_interval: 1, wifi_timeout: 1, discovery: 'on' },
      discovery: { protocols: () => [discovery], timing: { listenMs: 50 } },
    });
    token = (await registerUser(t, 'alice', PASSWORD)).access_token!;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(page, t.url, 'alice', PASSWORD);
    await page.getByRole('link', { name: 'Add a device' }).click();
    await page.getByRole('heading', { name: 'Add a device' }).waitFor();
  }, 180_000);
  afterAll(async () => {
    await orUnset(browser)?.close();
    await orUnset(t)?.stop();
    await shelly.stop();
    await bridge.stop();
    await wled.stop();
    await garage.stop();
    removeBuild();
  });

  it('adds a Shelly by address and password, says what it found and lists it', async () => {
    await page.getByLabel('Kind of device').selectOption('shelly');
    await page.getByLabel(/^Address/).fill(shelly.address);
    await page.getByLabel(/^Password/).fill('wrong');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'refused the password' }).waitFor();
    await page.getByLabel(/^Password/).fill('shelly-dash-pw');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Added' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Added' }).textContent()).toContain('Kettle');
    // The steps Hearth reported, in a polite live region under the form.
    const steps = page.getByRole('log', { name: 'Pairing progress' });
    expect(await steps.getAttribute('aria-live')).toBe('polite');
    // The steps come over Socket.IO and the answer over HTTP: either may reach the page first.
    await steps
      .getByRole('listitem')
      .filter({ hasText: /^Found Shelly .*; adding it\.$/ })
      .waitFor();
    expect(await steps.getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining([
        `Asking ${shelly.address} what it is.`,
        expect.stringMatching(/^Found Shelly .*; adding it\.$/),
      ]),
    );
    await page
      .getByRole('list', { name: 'Shelly devices' })
      .getByRole('listitem')
      .filter({ hasText: shelly.address })
      .waitFor();
    const entities = (await t.api('GET', '/api/home/entities?integration=shelly', { token })).body;
    expect(entities.some((e: any) => e.domain === 'switch' && e.available)).toBe(true);
  });

  it('asks for the Hue bridge button and adds the bridge once it is pressed', async () => {
    await page.getByLabel('Kind of device').selectOption('hue');
    await page.getByLabel(/^Address/).fill(bridge.address);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Press the round button' }).waitFor();
    // Hearth's own step says so too, live, before the bridge is added.
    const steps = page.getByRole('log', { name: 'Pairing progress' });
    await steps.getByRole('listitem').filter({ hasText: 'press its round link button' }).waitFor();
    expect(await steps.getByRole('listitem').filter({ hasText: 'Shelly' }).count()).toBe(0);
    bridge.buttonPressed = true;
    await page.getByRole('status').filter({ hasText: 'Added Hue Bridge' }).waitFor({ timeout: 15_000 });
    await steps
      .getByRole('listitem')
      .filter({ hasText: /^Found .*Hue/ })
      .waitFor();
    expect((await t.api('GET', '/api/home/entities?integration=hue', { token })).body.length).toBe(7);
  });

  it('offers what discovery found, and its Add button pairs it through the normal pairing', async () => {
    const offers = page.getByRole('list', { name: 'Devices found on your network' });
    await offers.getByRole('listitem').filter({ hasText: 'wled-hallway' }).waitFor();
    // Offered, not added.
    expect((await t.api('GET', '/api/home/integrations/wled/devices', { token })).body).toEqual([]);
    // A camera found by WS-Discovery is offered like the rest, under its integration's name.
    expect(await page.getByRole('button', { name: 'Add Porch camera (ONVIF camera)' }).isEnabled()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Add wled-hallway (WLED)' }).click();
    await page.getByRole('status').filter({ hasText: 'Added WLED Hallway' }).waitFor();
    expect(await page.getByLabel(/^Address/).inputValue()).toBe(wled.address);
    await page
      .getByRole('list', { name: 'WLED devices' })
      .getByRole('listitem')
      .filter({ hasText: `WLED Hallway` })
      .waitFor();
    await offers.getByRole('listitem').filter({ hasText: 'wled-hallway' }).waitFor({ state: 'detached' });
    expect((await t.api('GET', '/api/home/integrations/wled/devices', { token })).body).toHaveLength(1);
    await page.screenshot({ path: join(screenshotDir(), 'add-device.png'), fullPage: true });
  });

  it("asks for an offered device's password, then adds it", async () => {
    await page.getByRole('button', { name: 'Add shellyplus1pm-garage (Shelly)' }).click();
    await page.getByRole('alert').filter({ hasText: 'has a password' }).waitFor();
    expect(await page.getByLabel(/^Address/).inputValue()).toBe(garage.address);
    await expect.poll(() => page.evaluate(`document.activeElement?.getAttribute('type')`)).toBe('password');
    await page.getByLabel(/^Password/).fill('garage-pw');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Added' }).waitFor();
    await page
      .getByRole('list', { name: 'Devices found on your network' })
      .getByRole('listitem')
      .filter({ hasText: 'shellyplus1pm-garage' })
      .waitFor({ state: 'detached' });
  });

  it('shows a device found while the page is open, live', async () => {
    discovery.devices.push({
      integration: 'kasa',
      address: '127.0.0.1:2',
      name: 'Desk lamp',
      model: 'KL130(EU)',
    });
    await t.api('POST', '/api/home/discovered/scan', { token });
    await page
      .getByRole('list', { name: 'Devices found on your network' })
      .getByRole('listitem')
      .filter({ hasText: 'Desk lamp' })
      .waitFor();
  });
});
