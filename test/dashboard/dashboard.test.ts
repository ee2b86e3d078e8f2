import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { buildDashboard, hasChromium, launchChromium, screenshotDir, logIn } from './browser.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * The dashboard end to end: the built UI served by the real service with the demo home,
 * driven in headless Debian Chromium. Scenarios run in order on one service (onboarding first).
 */
if (!hasChromium)
  console.warn('dashboard browser tests skipped: /usr/bin/chromium is missing (apt-get install chromium)');

describe.skipIf(!hasChromium)('the dashboard in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let removeBuild = () => {};
  const shots = screenshotDir();
  const PASSWORD = 'correct horse battery';
  let adminToken = '';

  const entity = async (id: string) =>
    (await t.api('GET', `/api/home/entities/${id}`, { token: adminToken })).body as {
      state: unknown;
      attributes: Record<string, unknown>;
    };
  const eventually = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never happened: ${what}`);
  };
  const login = (p: Page, username: string) => logIn(p, t.url, username, PASSWORD);

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    t = await startTestApp({ webDir: build.dir });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 120_000);
  afterAll(async () => {
    await orUnset(browser)?.close();
    await orUnset(t)?.stop();
    removeBuild();
  });

  it('onboards the first admin with labelled Username and Password fields', async () => {
    await page.goto(t.url + '/');
    await page.getByRole('heading', { name: 'Welcome to Hearth' }).waitFor();
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.screenshot({ path: join(shots, 'onboarding.png') });
    await page.getByRole('button', { name: 'Create admin account' }).click();
    await page.locator('.room').first().waitFor();
    expect(await page.locator('.who').textContent()).toContain('alice');
    const users = await t.api('GET', '/api/users', {
      token: (adminToken = (await loginUser(t, 'alice')).access_token),
    });
    expect(users.body).toEqual([expect.objectContaining({ username: 'alice', role: 'admin' })]);
  });

  it('shows the home by rooms, each tile tagged with its entity id', async () => {
    const rooms = await page.locator('.room h2').allTextContents();
    expect(rooms.map((r) => r.replace(/\s*\d+$/, ''))).toEqual(
      expect.arrayContaining(['Kitchen', 'Living Room', 'Bedroom', 'Hallway']),
    );
    const kitchen = page.locator('.room[data-area="kitchen"]');
    await kitchen.locator('[data-entity-id="light.kitchen"]').waitFor();
    expect(await kitchen.locator('[data-entity-id="switch.coffee_machine"]').count()).toBe(1);
    expect(
      await page.locator('[data-entity-id="light.living_room"] [role="switch"]').getAttribute('aria-checked'),
    ).toBe('true');
    await page.screenshot({ path: join(shots, 'home.png'), fullPage: true });
  });

  it('turns a light on from its tile, and the device follows', async () => {
    const toggle = page.locator('[data-entity-id="light.kitchen"] [role="switch"]');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.locator('[data-entity-id="light.kitchen"] [role="switch"][aria-checked="true"]').waitFor();
    await page.locator('[data-entity-id="light.kitchen"] .outcome.confirmed').waitFor();
    expect((await entity('light.kitchen')).state).toBe('on');
  });

  it('shows a change made by another client live, without a reload', async () => {
    await page.evaluate('window.hearthMarker = 42');
    const res = await t.api('POST', '/api/home/control', {
      token: adminToken,
      body: { entity_id: 'light.bedroom', action: 'dim', brightness: 35 },
    });
    expect(res.status).toBe(200);
    await page.locator('[data-entity-id="light.bedroom"] [role="switch"][aria-checked="true"]').waitFor();
    await page.locator('[data-entity-id="light.bedroom"] .state', { hasText: '35%' }).waitFor();
    expect(await page.evaluate('window.hearthMarker')).toBe(42);
  });

  it('activates a scene with one tap', async () => {
    expect((await entity('light.tv_backlight')).state).toBe('off');
    await page.locator('.scene-bar [data-scene-id="movie-night"]').click();
    await page.locator('.scene-bar .outcome', { hasText: 'Movie Night' }).waitFor();
    expect((await entity('light.tv_backlight')).state).toBe('on');
    expect((await entity('cover.living_room_blinds')).state).toMatch(/clos/);
    await page
      .locator('[data-entity-id="light.tv_backlight"] [role="switch"][aria-checked="true"]')
      .waitFor();
  });

  it('saves the current state of a room as a custom scene', async () => {
    await page.goto(t.url + '/#scenes');
    await page.getByLabel('Scene name').fill('Kitchen Evening');
    await page.getByLabel('Room').selectOption('kitchen');
    await page.getByRole('button', { name: 'Save room as scene' }).click();
    await page.locator('[data-scene-id="kitchen-evening"]').waitFor();
    const scene = await t.api('GET', '/api/home/scenes/kitchen-evening', { token: adminToken });
    expect(scene.body.actions).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity: 'light.kitchen' })]),
    );
    await page.screenshot({ path: join(shots, 'scenes.png'), fullPage: true });
  });

  it('creates an automation from the example and tests it', async () => {
    await page.goto(t.url + '/#automations');
    await page.getByRole('button', { name: 'New automation' }).click();
    await page.getByRole('button', { name: 'Save automation' }).click();
    await page.locator('[data-automation-id]').first().waitFor();
    const list = (await t.api('GET', '/api/home/automations', { token: adminToken })).body as {
      id: string;
      name: string;
    }[];
    expect(list.map((a) => a.name)).toContain('Evening lights');
    await page.getByRole('button', { name: 'Test Evening lights' }).click();
    // The example's presence condition (person.resident is home in the demo) gets a verdict.
    await page.locator('.result .verdicts li[data-verdict="pass"]', { hasText: 'presence' }).waitFor();
    await page.locator('.result .outcome', { hasText: 'It would run now.' }).waitFor();
    await page.screenshot({ path: join(shots, 'automations.png'), fullPage: true });
  });

  it('acts on a chat command and shows the reply and the outcome', async () => {
    expect((await entity('light.hallway')).state).toBe('off');
    await page.goto(t.url + '/#chat');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('turn on the hallway light');
    await box.press('Enter');
    await page.locator('.chat-log li.me', { hasText: 'turn on the hallway light' }).waitFor();
    const reply = page.locator('.chat-log li.agent');
    await reply.waitFor();
    expect((await reply.textContent())?.trim()).not.toBe('');
    await page.screenshot({ path: join(shots, 'chat.png') });
    const status = (await t.api('GET', '/api/ai/status', { token: adminToken })).body as {
      agents: { name: string; status: string }[];
    };
    expect(status.agents.find((a) => a.name === 'home')?.status).toBe('ready');
    await eventually(async () => (await entity('light.hallway')).state === 'on', 'hallway light on by chat');
    expect(await page.locator('.chat-log li.agent .chat-actions').textContent()).toContain('light.hallway');
  });

  it('shows the admin page with users, invites, the license state and integrations', async () => {
    await page.goto(t.url + '/#admin');
    await page.locator('[data-user="alice"]').waitFor();
    await page.locator('[data-integration="demo"]').waitFor();
    expect(await page.locator('[data-license-state]').textContent()).toContain('unlicensed');
    await page.getByRole('button', { name: 'Create invite' }).click();
    await page.locator('.invite-link').first().waitFor();
    await page.screenshot({ path: join(shots, 'admin.png'), fullPage: true });
  });

  it("registers through an invite link with the invite's role", async () => {
    const invite = await t.api('POST', '/api/auth/invites', { token: adminToken, body: { role: 'user' } });
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.goto(`${t.url}/?invite=${invite.body.code}`);
    await p.getByRole('heading', { name: 'Create your account' }).waitFor();
    await p.getByLabel('Username').fill('bob');
    await p.getByLabel('Password').fill(PASSWORD);
    await p.getByRole('button', { name: 'Create account' }).click();
    await p.locator('.room').first().waitFor();
    expect(await p.locator('.who').textContent()).toContain('bob');
    const users = (await t.api('GET', '/api/users', { token: adminToken })).body as {
      username: string;
      role: string;
      status: string;
    }[];
    expect(users.find((u) => u.username === 'bob')).toMatchObject({ role: 'user', status: 'active' });
    await ctx.close();
  });

  it('gives a viewer on a phone-sized screen disabled controls and sends no writes', async () => {
    const invite = await t.api('POST', '/api/auth/invites', { token: adminToken, body: { role: 'viewer' } });
    await t.api('POST', '/api/auth/register', {
      body: { username: 'vera', password: PASSWORD, invite: invite.body.code },
    });
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const p = await ctx.newPage();
    await login(p, 'vera');
    const writes: string[] = [];
    p.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/')) writes.push(`${r.method()} ${r.url()}`);
    });

    const toggle = p.locator('[data-entity-id="light.kitchen"] [role="switch"]');
    expect(await toggle.isDisabled()).toBe(true);
    expect(
      await p
        .locator(
          '.tile button:not([disabled]):not(.name), .tile input:not([disabled]), .tile select:not([disabled])',
        )
        .count(),
    ).toBe(0);
    expect(await p.locator('.scene-bar button:not([disabled])').count()).toBe(0);
    await toggle.click({ force: true });
    await p.locator('.scene-bar [data-scene-id="good-night"]').click({ force: true });
    const width = await p.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await p.screenshot({ path: join(shots, 'viewer-phone.png') });
    expect(writes).toEqual([]);
    expect((await entity('light.kitchen')).state).toBe('on');
    await ctx.close();
  });
});
