import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnvifCameraSimulator } from '../../src/integrations/onvif/simulator.js';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';
import { buildDashboard, hasChromium, launchChromium, logIn, screenshotDir } from './browser.js';

/**
 * An ONVIF camera in the dashboard (headless Chromium against the real service and the camera
 * simulator): a viewer opens the camera's details and sees the snapshot now, fetched through
 * Hearth with the bearer token (the browser never talks to the camera), and the snapshots kept
 * for motion events.
 */
if (!hasChromium)
  console.warn('Camera dashboard tests skipped: /usr/bin/chromium is missing (apt-get install chromium)');

const PASSWORD = 'correct horse battery';

/** Waits until `fn` answers `want` (beforeAll cannot use expect.poll). */
async function until<T>(fn: () => T | Promise<T>, want: T, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while ((await fn()) !== want) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${String(want)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const CAMERA_PASSWORD = 'cam-pass-2231';

describe.skipIf(!hasChromium)('a camera in the dashboard', () => {
  const cam = new OnvifCameraSimulator({ password: CAMERA_PASSWORD, name: 'Front Garden', serial: 'UI0001' });
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: string;
  let removeBuild = () => {};
  const cameraRequests: string[] = [];

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    await cam.start();
    t = await startTestApp({ webDir: build.dir, config: { wifi_poll_interval: 0.5, wifi_timeout: 1 } });
    const users = await withUsers(t);
    admin = users.adminToken;
    await users.make('guest', 'viewer');
    const paired = await t.api('POST', '/api/home/integrations/onvif/pair', {
      token: admin,
      body: { address: cam.address, username: 'admin', password: CAMERA_PASSWORD },
    });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    await until(() => cam.subscriptionCount, 1);
    // Active: Hearth keeps a snapshot for each motion event; two events happen before the viewer looks.
    await t.api('POST', '/api/home/control', {
      token: admin,
      body: { entity_id: 'camera.front_garden', action: 'start_recording' },
    });
    for (let i = 0; i < 2; i++) {
      cam.motion(true);
      await until(
        async () =>
          (await t.api('GET', '/api/home/entities/camera.front_garden', { token: admin })).body.attributes
            .motion_snapshots,
        i + 1,
      );
      cam.motion(false);
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1100, height: 1000 } })).newPage();
    page.on('request', (r) => {
      if (r.url().includes(`:${cam.port}`)) cameraRequests.push(r.url());
    });
    await logIn(page, t.url, 'guest', PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (t as TestApp | undefined)?.stop();
    await cam.stop();
    removeBuild();
  }, 60_000);

  it('shows a viewer the snapshot now and the motion snapshots, all through Hearth', async () => {
    const tile = page.locator('article.tile[data-entity-id="camera.front_garden"]');
    await tile.waitFor();
    expect(await tile.locator('.state').textContent()).toBe('Recording');
    const served = cam.snapshotsServed;
    await tile.locator('button.name').click();
    const dialog = page.locator('dialog.details[data-details="camera.front_garden"]');
    const now = dialog.getByRole('img', { name: 'Front Garden now' });
    await now.waitFor();
    // The JPEG decoded: the picture has the camera's size.
    await expect.poll(() => now.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBe(320);
    expect(await now.getAttribute('src')).toMatch(/^blob:/);
    expect(cam.snapshotsServed).toBe(served + 1);

    const kept = dialog.locator('ol.kept li button');
    await expect.poll(() => kept.count()).toBe(2);
    await kept.first().click();
    const motionPicture = dialog.locator('.kept-picture img');
    await motionPicture.waitFor();
    await expect
      .poll(() => motionPicture.evaluate((img) => (img as { naturalWidth: number }).naturalWidth))
      .toBe(320);
    await page.screenshot({ path: join(screenshotDir(), 'camera.png') });

    // Refreshed on demand only: nothing is fetched while the details stay open.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(cam.snapshotsServed).toBe(served + 1);
    await dialog.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => cam.snapshotsServed).toBe(served + 2);
    expect(cameraRequests).toEqual([]);
    const html = await page.content();
    expect(html).not.toContain(CAMERA_PASSWORD);
    expect(html).not.toContain(`127.0.0.1:${cam.port}/snapshot`);
  }, 60_000);
});
