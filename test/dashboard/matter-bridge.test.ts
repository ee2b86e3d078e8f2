import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matterEnvironment } from '../../src/integrations/matter/stack.js';
import { registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { SimulatedMatterNetwork } from '../../src/test-support/matter.js';
import { buildDashboard, hasChromium, launchChromium, logIn, screenshotDir } from './browser.js';

/**
 * Administration → Matter bridge in headless Chromium against the real service: turn the bridge
 * on, scan-free pairing with the code the page shows (a matter.js controller on matter.js'
 * in-process network simulator types it), open pairing again, choose a lock with its warning,
 * switch to read-only, remove the paired app.
 */
if (!hasChromium)
  console.warn(
    'Matter bridge dashboard tests skipped: /usr/bin/chromium is missing (apt-get install chromium)',
  );

describe.skipIf(!hasChromium)('The Matter bridge card', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let net: SimulatedMatterNetwork;
  let ctl: { close(): Promise<void> } | undefined;
  let removeBuild = () => {};
  let token = '';
  const PASSWORD = 'correct horse battery';
  const card = () => page.locator('.matter-bridge');

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    net = await SimulatedMatterNetwork.create();
    t = await startTestApp({ webDir: build.dir, matterBridge: { network: net.host() } });
    token = (await registerUser(t, 'alice', PASSWORD)).access_token!;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('dialog', (d) => void d.accept());
    await logIn(page, t.url, 'alice', PASSWORD);
    await page.goto(t.url + '/#admin');
    await page.getByRole('heading', { name: 'Matter bridge' }).waitFor();
  }, 180_000);
  afterAll(async () => {
    await ctl?.close();
    await browser.close();
    await t.stop();
    removeBuild();
  }, 60_000);

  it('is off, and turned on shows its QR code (an SVG the browser draws) and manual code', async () => {
    await card().getByText('The bridge is off').waitFor();
    await card().getByRole('button', { name: 'Turn the bridge on' }).click();
    const qr = card().getByRole('img', { name: /Matter QR code/ });
    await qr.waitFor({ timeout: 60_000 });
    // The data: URL decoded into a picture, not a broken image.
    expect(
      await qr.evaluate((img) => {
        const picture = img as unknown as { complete: boolean; naturalWidth: number };
        return picture.complete && picture.naturalWidth > 0;
      }),
    ).toBe(true);
    const code = await card().locator('[data-bridge-manual-code]').textContent();
    expect(code).toMatch(/^\d{4}-\d{3}-\d{4}$/);
    const status = await bridgeStatus();
    expect(code!.replace(/-/g, '')).toBe(status.manual_code);
    expect(await qr.getAttribute('alt')).toContain(status.qr_payload);
    expect(
      await card()
        .getByText(/\d+ devices exposed/)
        .count(),
    ).toBe(1);
    await page.screenshot({ path: join(screenshotDir(), 'matter-bridge.png'), fullPage: true });
  }, 90_000);

  it('lists the app that paired with the shown code, and opens pairing again for another', async () => {
    const code = (await card().locator('[data-bridge-manual-code]').textContent())!.replace(/-/g, '');
    const { env, matter } = await matterEnvironment({ id: 'dash-controller', network: net.host() });
    const decoded = matter.types.ManualPairingCodeCodec.decode(code);
    const controller = new matter.matterJs.CommissioningController({
      environment: { environment: env, id: 'dash-controller' },
      autoConnect: false,
      adminFabricLabel: 'Kitchen iPad',
    });
    ctl = controller;
    await controller.start();
    await controller.commissionNode({
      passcode: decoded.passcode,
      commissioning: {
        regulatoryLocation: matter.clusters.GeneralCommissioning.RegulatoryLocationType.IndoorOutdoor,
        regulatoryCountryCode: 'XX',
      },
      discovery: {
        identifierData: { shortDiscriminator: decoded.shortDiscriminator! },
        timeout: matter.main.Seconds(10),
      },
    });
    await page.reload();
    const apps = page.getByRole('list', { name: 'Paired Matter apps' });
    await apps.getByText('Kitchen iPad').waitFor({ timeout: 30_000 });
    await card().getByText('Pairing is closed.').waitFor();
    await card().getByRole('button', { name: 'Open pairing again' }).click();
    await card()
      .getByRole('img', { name: /Matter QR code/ })
      .waitFor();
    await card().getByText('Pairing is open for 15 minutes.').waitFor();
    await page.screenshot({ path: join(screenshotDir(), 'matter-bridge-paired.png'), fullPage: true });
  }, 120_000);

  it('warns when a lock is chosen, and exposes it only then', async () => {
    expect((await bridgeStatus()).exposed).not.toContain('lock.front_door');
    await card().getByLabel('Locks (only when ticked)').check();
    await card()
      .getByText(/Locks and alarm panels open the house/)
      .waitFor();
    await card().getByLabel('Lights').check();
    await card().getByRole('button', { name: 'Save what is exposed' }).click();
    await card().getByText('Saved what the bridge exposes.').waitFor();
    await card()
      .getByText(/lock\.front_door is exposed/)
      .waitFor();
    const status = await bridgeStatus();
    expect(status.exposed).toContain('lock.front_door');
    expect(status.exposed.every((id: string) => id.startsWith('light.') || id.startsWith('lock.'))).toBe(
      true,
    );
  }, 60_000);

  it('switches controllers to read-only', async () => {
    await card()
      .getByLabel(/Only see/)
      .check();
    await card().getByText('Controllers may only see.').waitFor();
    expect((await bridgeStatus()).access).toBe('read_only');
  }, 30_000);

  it('removes the paired app', async () => {
    const apps = page.getByRole('list', { name: 'Paired Matter apps' });
    await apps.getByRole('button', { name: 'Remove' }).click();
    await apps.getByText('No app paired yet.').waitFor({ timeout: 30_000 });
    expect((await bridgeStatus()).fabrics).toEqual([]);
  }, 60_000);

  async function bridgeStatus() {
    return (await t.api('GET', '/api/matter-bridge', { token })).body;
  }
});
