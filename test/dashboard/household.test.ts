import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { join } from 'node:path';
import { buildDashboard, hasChromium, launchChromium, logIn, screenshotDir } from './browser.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * What a household does with the dashboard day to day, in headless Chromium against the real
 * service and demo home: controls that send what the person meant.
 */
describe.skipIf(!hasChromium)('the dashboard for a household', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let removeBuild = () => {};
  const PASSWORD = 'correct horse battery';

  /** Control commands the page sends from now on (the POST bodies). */
  const recordCommands = (p: Page) => {
    const sent: Record<string, unknown>[] = [];
    const on = (r: Request) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/home/control')) sent.push(r.postDataJSON());
    };
    p.on('request', on);
    return { sent, stop: () => p.off('request', on) };
  };
  const shots = screenshotDir();
  const settle = (ms = 1200) => new Promise((r) => setTimeout(r, ms));
  const entity = async (id: string) =>
    (await t.api('GET', `/api/home/entities/${id}`, { token })).body as {
      state: unknown;
      attributes: Record<string, unknown>;
    };

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    t = await startTestApp({ webDir: build.dir });
    token = (await registerUser(t, 'alice', PASSWORD)).access_token!;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Fail with the step that did not happen, well before the test's own timeout.
    page.setDefaultTimeout(8000);
    await logIn(page, t.url, 'alice', PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await orUnset(browser)?.close();
    await orUnset(t)?.stop();
    removeBuild();
  });

  describe('sliders', () => {
    it('send exactly one command for one mouse drag, with the value shown while dragging', async () => {
      const slider = page.getByRole('slider', { name: 'Kitchen Light brightness' });
      const box = (await slider.boundingBox())!;
      const y = box.y + box.height / 2;
      const rec = recordCommands(page);
      await page.mouse.move(box.x + 4, y);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 4 + (i * (box.width * 0.6)) / 12, y);
      const during = await page
        .locator('[data-entity-id="light.kitchen"] .slider output >> nth=0')
        .textContent();
      await page.mouse.up();
      await settle();
      rec.stop();
      expect(rec.sent).toHaveLength(1);
      const brightness = rec.sent[0]!.brightness as number;
      expect(rec.sent[0]).toMatchObject({ entity_id: 'light.kitchen', action: 'dim' });
      expect(during).toBe(`${brightness}%`);
      expect(brightness).toBeGreaterThan(40);
      expect((await entity('light.kitchen')).attributes.brightness).toBe(brightness);
    });

    it('send one command for a touch drag on a phone', async () => {
      const ctx: BrowserContext = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const p = await ctx.newPage();
      await logIn(p, t.url, 'alice', PASSWORD);
      const slider = p.getByRole('slider', { name: 'Living Room Blinds position' });
      await slider.scrollIntoViewIfNeeded();
      const box = (await slider.boundingBox())!;
      const y = box.y + box.height / 2;
      const rec = recordCommands(p);
      const cdp = await ctx.newCDPSession(p);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
        });
      await touch('touchStart', box.x + box.width - 4);
      for (let i = 1; i <= 12; i++)
        await touch('touchMove', box.x + box.width - 4 - (i * box.width * 0.5) / 12);
      await touch('touchEnd', 0);
      await settle();
      rec.stop();
      expect(rec.sent).toHaveLength(1);
      expect(rec.sent[0]).toMatchObject({ entity_id: 'cover.living_room_blinds', action: 'set_position' });
      expect(rec.sent[0]!.position as number).toBeLessThan(75);
      await ctx.close();
    });

    it('gather keyboard steps into one command after a short pause', async () => {
      const slider = page.getByRole('slider', { name: 'Kitchen Light brightness' });
      const start = Number(await slider.inputValue());
      const rec = recordCommands(page);
      await slider.focus();
      for (let i = 0; i < 5; i++) await slider.press('ArrowRight');
      await settle(1500);
      rec.stop();
      expect(rec.sent).toEqual([{ entity_id: 'light.kitchen', action: 'dim', brightness: start + 5 }]);
      await page
        .locator('[data-entity-id="light.kitchen"] .slider output >> nth=0', { hasText: `${start + 5}%` })
        .waitFor();
      expect((await entity('light.kitchen')).attributes.brightness).toBe(start + 5);
    });
  });

  describe('history and logbook', () => {
    it('shows what an automation did, with its name and a link to its trace, in the details and the logbook', async () => {
      const api = (method: string, path: string, body?: unknown) => t.api(method, path, { token, body });
      const auto = await api('POST', '/api/home/automations', {
        name: 'Porch welcome',
        trigger: { type: 'time', at: '03:00' },
        actions: [{ entity: 'light.hallway', action: 'on' }],
      });
      expect(auto.status).toBe(201);
      await api('POST', `/api/home/automations/${auto.body.id}/run`);
      await page.locator('[data-entity-id="light.hallway"] [role="switch"][aria-checked="true"]').waitFor();

      await page.getByRole('button', { name: 'Hallway Light', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Hallway Light' });
      await dialog.waitFor();
      await dialog.locator('.timeline rect').first().waitFor();
      const line = dialog.locator('ol.logbook li[data-cause="automation"]').first();
      await line.waitFor();
      expect(await line.textContent()).toContain('On');
      expect(await line.textContent()).toContain('by automation Porch welcome');
      expect(await line.getByRole('link', { name: 'Porch welcome' }).getAttribute('href')).toBe(
        `#automations?traces=${auto.body.id}`,
      );
      await page.screenshot({ path: join(shots, 'details-timeline.png') });

      // The link opens that automation's traces.
      await line.getByRole('link', { name: 'Porch welcome' }).click();
      await page.getByRole('heading', { name: 'Traces of Porch welcome' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The trace shows what triggered the run and each action's outcome.
      const trace = page.getByRole('region', { name: 'Traces of Porch welcome' });
      await trace.locator('.trace-trigger').first().waitFor();
      await trace.locator('.trace-actions li[data-outcome]').first().waitFor();
      expect(await trace.locator('.trace-actions li').first().textContent()).toContain('light.hallway');
    });

    it('draws a numeric sensor as a graph over 24 hours and 7 days', async () => {
      // A week of readings every 10 minutes (a daily wave), then three live ones.
      const now = Date.now();
      const rows = [];
      for (let at = now - 7 * 86_400_000; at < now - 60_000; at += 600_000)
        rows.push({
          entity_id: 'sensor.living_room_temperature',
          state: Math.round((21 + 1.2 * Math.sin((at / 86_400_000) * 2 * Math.PI)) * 10) / 10,
          attributes: {},
          cause_type: 'device',
          cause_id: null,
          cause_user_id: null,
          correlation_id: null,
          at: new Date(at).toISOString(),
        });
      await t.app.ctx.store.home.appendHistory(rows);
      const home = t.app.ctx.home!;
      for (const v of [20.9, 21.4, 22.1]) home.applyReport('sensor.living_room_temperature', v, undefined);
      await page.goto(t.url + '/#home');
      await page.getByRole('button', { name: 'Living Room Temperature', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Living Room Temperature' });
      await dialog.locator('figure.graph path.line').waitFor({ state: 'attached' });
      expect(await dialog.locator('figure.graph path.line').getAttribute('d')).toMatch(/^M\d/);
      expect(await dialog.getByRole('img').getAttribute('aria-label')).toMatch(
        /^Readings from 19\.\d °C to 22\.\d °C$/,
      );
      await dialog.getByRole('button', { name: '7 days' }).click();
      await dialog.locator('section[data-range="7d"] figure.graph path.line').waitFor();
      expect(
        (await dialog.locator('section[data-range="7d"] figure.graph path.line').getAttribute('d'))!.split(
          'L',
        ).length,
      ).toBeGreaterThan(100);
      await page.screenshot({ path: join(shots, 'details-graph.png') });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('lists the whole home on the Logbook page, filtered by what caused each change', async () => {
      await page.goto(t.url + '/#logbook');
      await page.getByRole('heading', { name: 'Logbook' }).waitFor();
      await page.locator('ol.logbook li[data-cause="user"]').first().waitFor();
      await page.getByLabel('Caused by').selectOption('automation');
      await page.locator('ol.logbook li[data-cause="automation"]', { hasText: 'Hallway Light' }).waitFor();
      // The unfiltered list already holds automation rows, so wait for the filtered answer to replace it.
      await expect
        .poll(() => page.locator('ol.logbook li:not([data-cause="automation"])').count(), { timeout: 5000 })
        .toBe(0);
      await page.screenshot({ path: join(shots, 'logbook.png'), fullPage: true });
    });
  });

  describe('notifications', () => {
    it("shows an automation's notification live under the bell, and marks it read", async () => {
      await page.goto(t.url + '/#home');
      await page.locator('.room').first().waitFor();
      await page.evaluate('window.hearthMarker = 7');
      const api = (method: string, path: string, body?: unknown) => t.api(method, path, { token, body });
      const auto = await api('POST', '/api/home/automations', {
        name: 'Laundry done',
        trigger: { type: 'time', at: '04:00' },
        actions: [{ notify: 'The washing machine has finished.' }],
      });
      await api('POST', `/api/home/automations/${auto.body.id}/run`);
      const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
      await bell.waitFor();
      await bell.click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      await panel.getByText('The washing machine has finished.').waitFor();
      await page.screenshot({ path: join(shots, 'notifications.png') });
      await panel.getByRole('button', { name: 'Mark read' }).click();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      expect(await page.evaluate('window.hearthMarker')).toBe(7);
      const mine = (await api('GET', '/api/home/notifications')).body as { message: string; read: boolean }[];
      expect(mine.find((n) => n.message === 'The washing machine has finished.')?.read).toBe(true);
      await page.keyboard.press('Escape');
    });
  });

  describe('setting the home up', () => {
    it('creates a room, moves a device into it and renames the device from the Setup page', async () => {
      await page.goto(t.url + '/#setup');
      await page.getByRole('heading', { name: 'Set up the home' }).waitFor();
      await page.getByLabel('New room').fill('Study');
      await page.getByRole('button', { name: 'Add room' }).click();
      await page.getByRole('status').filter({ hasText: 'Room Study added.' }).waitFor();

      const device = page.locator('details.device', { hasText: 'Coffee Machine' });
      await device.locator('summary').click();
      await device.getByLabel('Device name').fill('Espresso Maker');
      await device.getByLabel('Room').selectOption('study');
      await device.getByRole('button', { name: 'Save device' }).click();
      await page.getByRole('status').filter({ hasText: 'Espresso Maker saved.' }).waitFor();
      await page.screenshot({ path: join(shots, 'setup.png'), fullPage: true });

      const devices = (await t.api('GET', '/api/home/devices', { token })).body as {
        name: string;
        area: string;
      }[];
      expect(devices.find((d) => d.name === 'Espresso Maker')?.area).toBe('study');
      // The home page shows it in its new room at once.
      await page.goto(t.url + '/#home');
      await page.locator('.room[data-area="study"] [data-entity-id="switch.coffee_machine"]').waitFor();
    });

    it('arranges the rooms, and the home page follows the order', async () => {
      await page.goto(t.url + '/#setup');
      // (the page's own load done first: its answer must not land on top of the move's)
      await page.locator('details.device').first().waitFor();
      await page.getByRole('button', { name: 'Move Study up' }).click();
      await page.getByRole('status').filter({ hasText: 'Rooms rearranged.' }).waitFor();
      const order = ((await t.api('GET', '/api/home/areas', { token })).body as { id: string }[]).map(
        (a) => a.id,
      );
      expect(order.indexOf('study')).toBeLessThan(order.length - 1);
      await page.goto(t.url + '/#home');
      const shown = await page
        .locator('.room')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-area')));
      expect(shown.filter((a) => a !== 'none')).toEqual(order.filter((id) => shown.includes(id)));
    });

    it('lets Zigbee devices join for some minutes from the Integrations page, with a countdown', async () => {
      await page.goto(t.url + '/#integrations');
      const demo = page.locator('[data-integration="demo"]');
      await demo.getByRole('button', { name: 'Details' }).click();
      await demo.getByLabel('Allow joining for').selectOption('2');
      await demo.getByRole('button', { name: 'Let devices join' }).click();
      await demo
        .getByRole('status')
        .filter({ hasText: /New devices may join for 1:5\d|2:00/ })
        .waitFor();
      const status = (await t.api('GET', '/api/home/integrations/demo', { token })).body.status;
      expect(Date.parse(status.permit_join_until) - Date.now()).toBeGreaterThan(100_000);
      await page.screenshot({ path: join(shots, 'integrations.png'), fullPage: true });
      await demo.getByRole('button', { name: 'Stop' }).click();
      await demo.getByRole('button', { name: 'Let devices join' }).waitFor();
    });

    it('shows every section on a phone-sized screen', async () => {
      const ctx = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const p = await ctx.newPage();
      await logIn(p, t.url, 'alice', PASSWORD);
      const links = p.getByRole('navigation', { name: 'Main' }).getByRole('link');
      const names = await links.allTextContents();
      expect(names).toEqual(
        expect.arrayContaining(['Home', 'Logbook', 'Setup', 'Integrations', 'Admin', 'Profile']),
      );
      for (let i = 0; i < names.length; i++) {
        const box = (await links.nth(i).boundingBox())!;
        expect(box.x, names[i]).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, names[i]).toBeLessThanOrEqual(390);
      }
      expect(await p.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      await p.screenshot({ path: join(shots, 'phone-navigation.png') });
      await ctx.close();
    });
  });

  describe('actions that open the home', () => {
    it('asks before unlocking, sends nothing on Cancel, and unlocks on Yes', async () => {
      await page.goto(t.url + '/#home');
      const tile = page.locator('[data-entity-id="lock.front_door"]');
      const rec = recordCommands(page);
      await tile.getByRole('button', { name: 'Unlock Front Door' }).click();
      const ask = tile.getByRole('group', { name: 'Unlock Front Door?' });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await settle(300);
      expect(rec.sent).toEqual([]);
      await tile.getByRole('button', { name: 'Unlock Front Door' }).click();
      await ask.getByRole('button', { name: 'Yes, unlock' }).click();
      await tile.locator('.state', { hasText: 'Unlocked' }).waitFor();
      rec.stop();
      expect(rec.sent).toEqual([{ entity_id: 'lock.front_door', action: 'unlock' }]);
    });

    it('sends the code typed when disarming an alarm panel', async () => {
      await t.api('POST', '/api/home/control', {
        token,
        body: { entity_id: 'alarm_control_panel.home_alarm', action: 'arm_away' },
      });
      const tile = page.locator('[data-entity-id="alarm_control_panel.home_alarm"]');
      await tile.getByRole('button', { name: 'Disarm Home Alarm' }).waitFor();
      // (waited for through the locator: a string evaluated in the page is refused by its CSP)
      const disarm = tile.getByRole('button', { name: 'Disarm Home Alarm' });
      for (const end = Date.now() + 10_000; !(await disarm.isEnabled());) {
        if (Date.now() > end) throw new Error('the Disarm button stayed disabled');
        await new Promise((r) => setTimeout(r, 50));
      }
      const rec = recordCommands(page);
      await tile.getByRole('button', { name: 'Disarm Home Alarm' }).click();
      const ask = tile.getByRole('group', { name: 'Disarm Home Alarm?' });
      await ask.getByLabel('Code (if the panel needs one)').fill('1234');
      await ask.getByRole('button', { name: 'Yes, disarm' }).click();
      await tile.locator('.state', { hasText: 'Disarmed' }).waitFor();
      rec.stop();
      expect(rec.sent).toEqual([
        { entity_id: 'alarm_control_panel.home_alarm', action: 'disarm', code: '1234' },
      ]);
    });
  });

  describe('the quick bar', () => {
    it('finds a device by name with "/" and toggles it with Enter, and opens a scene by name', async () => {
      await page.goto(t.url + '/#home');
      await page.locator('.room').first().waitFor();
      const before = (await entity('light.bedroom')).state;
      await page.locator('body').press('/');
      const box = page.getByRole('combobox', { name: 'Find a device, room, scene or automation' });
      await box.fill('bedroom light');
      await page
        .getByRole('option', { name: /Bedroom Light/ })
        .first()
        .waitFor();
      await page.screenshot({ path: join(shots, 'quick-bar.png') });
      await box.press('Enter');
      await page.getByRole('dialog', { name: 'Find and act' }).getByRole('status').waitFor();
      const want = before === 'off' ? 'on' : 'off';
      for (let i = 0; i < 100 && (await entity('light.bedroom')).state !== want; i++) await settle(50);
      expect((await entity('light.bedroom')).state).toBe(want);

      await box.fill('good night');
      await page.getByRole('option', { name: /Good Night/ }).waitFor();
      expect(await page.getByRole('option', { name: /Good Night/ }).getAttribute('data-kind')).toBe('scene');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Find and act' }).waitFor({ state: 'detached' });
    });
  });
});
