import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';
import { buildDashboard, hasChromium, launchChromium, screenshotDir } from './browser.js';

/**
 * The automation and scene editors in a real browser against the real service and demo home:
 * forms produce the specification's wire shape, the server's validation lands beside the field,
 * and the forms work by keyboard on a 360 px phone.
 */
if (!hasChromium) console.warn('editor browser tests skipped: /usr/bin/chromium is missing (apt-get install chromium)');

describe.skipIf(!hasChromium)('the automation and scene editors in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let token = '';
  let removeBuild = () => {};
  const shots = screenshotDir();

  const get = async (path: string) => (await t.api('GET', path, { token })).body;
  const open = async (p: Page, view: string) => {
    await p.goto(`${t.url}/#${view}`);
    await p.locator('.shell').waitFor();
  };
  const signedInPage = async (viewport = { width: 1280, height: 900 }) => {
    const ctx = await browser.newContext({ viewport });
    // The dashboard keeps its token in sessionStorage; start each page signed in.
    await ctx.addInitScript(`sessionStorage.setItem('hearth.session', ${JSON.stringify(token)})`);
    return ctx.newPage();
  };
  /** Every control in `scope` has an accessible name (label, aria-label or text). */
  const unnamedControls = (p: Page, scope: string) => p.evaluate<string[], string>((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${sel} input, ${sel} select, ${sel} textarea, ${sel} button`)) {
      const named = el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.length || el.textContent?.trim() || el.getAttribute('aria-labelledby');
      if (!named) out.push(el.outerHTML.slice(0, 120));
    }
    return out;
  }, scope);

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    t = await startTestApp({ webDir: build.dir });
    token = (await withUsers(t)).adminToken;
    browser = await launchChromium();
    page = await signedInPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    removeBuild();
  });

  it('builds an automation from forms: several triggers, nested conditions, reordered actions, in the §2.6 wire shape', async () => {
    await open(page, 'automations');
    await page.getByRole('button', { name: 'New automation' }).click();
    const form = page.getByRole('form', { name: 'New automation' });
    await form.waitFor();
    await form.getByLabel('Name', { exact: true }).fill('Hallway at night');
    await form.getByLabel('Mode').selectOption('restart');

    // Trigger 1: the hallway motion sensor turning on, for 5 s.
    await form.getByLabel('Trigger 1 kind').selectOption('sensor');
    await form.getByLabel('Trigger 1 sensor').selectOption('binary_sensor.hallway_motion');
    await form.getByLabel('Trigger 1 changes to').selectOption('on');
    await form.getByLabel('Trigger 1 for (seconds)').fill('5');
    // Trigger 2: 22:30 on Fridays and Saturdays.
    await form.getByRole('button', { name: 'Add trigger' }).click();
    await form.getByLabel('Trigger 2 time').fill('22:30');
    await form.getByLabel('Trigger 2 days fri').check();
    await form.getByLabel('Trigger 2 days sat').check();
    // Trigger 3: 15 minutes before sunset; then removed again.
    await form.getByRole('button', { name: 'Add trigger' }).click();
    await form.getByLabel('Trigger 3 kind').selectOption('solar');
    await form.getByLabel('Trigger 3 offset minutes').fill('-15');
    await form.getByRole('button', { name: 'Remove trigger 3' }).click();

    // Condition 1 stays "someone is home"; condition 2: after sunset OR the living room is cooler than 19.
    await form.getByRole('button', { name: 'Add condition', exact: true }).click();
    await form.getByLabel('Condition 2 kind').selectOption('or');
    await form.getByLabel('Condition 2 condition 1 kind').selectOption('sun');
    await form.getByLabel('Condition 2 condition 1 after').selectOption('sunset');
    await form.getByRole('button', { name: 'Add to condition 2' }).click();
    await form.getByLabel('Condition 2 condition 2 kind').selectOption('numeric');
    await form.getByLabel('Condition 2 condition 2 sensor').selectOption('sensor.living_room_temperature');
    await form.getByLabel('Condition 2 condition 2 below').fill('19');

    // Action 1: the hallway light, dimmed to 40 % with the slider; then a notification, moved before a delay.
    await form.getByLabel('Action 1 device').selectOption('light.hallway');
    await form.getByLabel('Action 1 action').selectOption('dim');
    await form.getByLabel('Action 1 brightness').fill('40');
    await form.getByRole('button', { name: 'Add action' }).click();
    await form.getByLabel('Action 2 kind').selectOption('delay');
    await form.getByLabel('Action 2 seconds').fill('120');
    await form.getByRole('button', { name: 'Add action' }).click();
    await form.getByLabel('Action 3 kind').selectOption('notify');
    await form.getByLabel('Action 3 message').fill('Hall light on');
    await form.getByRole('button', { name: 'Move action 3 up' }).click();
    expect(await unnamedControls(page, 'form.editor')).toEqual([]);
    await page.evaluate('scrollTo(0, 0)');
    await page.screenshot({ path: join(shots, 'automation-editor.png'), fullPage: true });

    await form.getByRole('button', { name: 'Save automation' }).click();
    await page.locator('[data-automation-id="hallway-at-night"]').waitFor();
    expect(await get('/api/home/automations/hallway-at-night')).toMatchObject({
      name: 'Hallway at night', enabled: true, mode: 'restart',
      triggers: [{ type: 'sensor', entity: 'binary_sensor.hallway_motion', to: 'on', for: 5 }, { type: 'time', at: '22:30', days: ['fri', 'sat'] }],
      conditions: [
        { type: 'presence', state: 'home' },
        { type: 'or', conditions: [{ type: 'sun', after: 'sunset' }, { type: 'numeric', entity: 'sensor.living_room_temperature', below: 19 }] },
      ],
      actions: [{ entity: 'light.hallway', action: 'dim', brightness: 40 }, { notify: 'Hall light on' }, { delay: 120 }],
    });
  });

  it('shows the server\'s validation message beside the offending field, and keeps one trigger as `trigger`', async () => {
    await page.getByRole('button', { name: 'New automation' }).click();
    const form = page.getByRole('form', { name: 'New automation' });
    await form.getByLabel('Name', { exact: true }).fill('Too warm');
    await form.getByLabel('Trigger 1 kind').selectOption('sensor');
    await form.getByLabel('Trigger 1 sensor').selectOption('sensor.living_room_temperature');
    await form.getByLabel('Trigger 1 above').fill('30');
    await form.getByLabel('Trigger 1 below').fill('20');
    await form.getByRole('button', { name: 'Save automation' }).click();

    const below = form.getByLabel('Trigger 1 below');
    await form.locator('[aria-invalid="true"]').first().waitFor();
    expect(await below.getAttribute('aria-invalid')).toBe('true');
    const described = await below.getAttribute('aria-describedby');
    expect(await page.locator(`#${described}`).textContent()).toBe('trigger.below must be greater than trigger.above');
    // The keyboard lands on the field the server named.
    expect(await below.evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByRole('alert').waitFor();

    await below.fill('40');
    await form.getByRole('button', { name: 'Save automation' }).click();
    await page.locator('[data-automation-id="too-warm"]').waitFor();
    const saved = await get('/api/home/automations/too-warm');
    expect(saved.trigger).toEqual({ type: 'sensor', entity: 'sensor.living_room_temperature', above: 30, below: 40 });
    expect(saved.triggers).toBeUndefined();
  });

  it('edits an automation as JSON and back, and still tests it with each condition\'s verdict', async () => {
    await page.getByRole('button', { name: 'Edit Too warm' }).click();
    const form = page.getByRole('form', { name: 'Edit Too warm' });
    await form.getByRole('button', { name: 'Edit as JSON' }).click();
    const text = form.getByLabel('Automation (JSON)');
    const json = JSON.parse(await text.inputValue());
    expect(json.trigger).toMatchObject({ type: 'sensor', above: 30 });
    json.conditions = [{ type: 'state', entity: 'lock.front_door', state: 'locked' }];
    await text.fill(JSON.stringify(json));
    await form.getByRole('button', { name: 'Back to the form' }).click();
    expect(await form.getByLabel('Condition 1 device').inputValue()).toBe('lock.front_door');
    expect(await form.getByLabel('Condition 1 state').inputValue()).toBe('locked');
    await form.getByRole('button', { name: 'Save automation' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved "Too warm"' }).waitFor();

    await page.getByRole('button', { name: 'Test Too warm' }).click();
    await page.locator('.result .verdicts li[data-verdict="pass"]', { hasText: 'state' }).waitFor();
    await page.getByRole('button', { name: 'Traces of Too warm' }).click();
    await page.locator('.result h3', { hasText: 'Traces of Too warm' }).waitFor();
  });
});
