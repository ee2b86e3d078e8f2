import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../../src/test-support/harness.js';
import { buildDashboard, hasChromium, launchChromium, logIn } from './browser.js';
import { orUnset } from '../../src/test-support/unset.js';

/**
 * Every page in both themes checked by axe-core (WCAG 2.x A and AA rules, contrast included)
 * in Chromium: no serious or critical violation.
 */
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGES = [
  'home',
  'scenes',
  'automations',
  'logbook',
  'chat',
  'setup',
  'integrations',
  'devices',
  'admin',
  'profile',
];

describe.skipIf(!hasChromium)('accessibility of every page', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let removeBuild = () => {};

  beforeAll(async () => {
    const build = await buildDashboard();
    removeBuild = build.remove;
    t = await startTestApp({ webDir: build.dir });
    await registerUser(t, 'alice');
    browser = await launchChromium();
    // axe-core is injected as a script: the page's strict CSP (checked in security-headers.test.ts) is bypassed here.
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    page = await ctx.newPage();
    page.setDefaultTimeout(8000);
    await logIn(page, t.url, 'alice', 'correct horse battery');
  }, 120_000);
  afterAll(async () => {
    await orUnset(browser)?.close();
    await orUnset(t)?.stop();
    removeBuild();
  });

  const audit = async (p: Page) => {
    await p.addScriptTag({ path: axeScript });
    const result = await p.evaluate<{
      violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[];
    }>(`axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })`);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary}`).join(' | ')}`,
      );
  };

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious violation on any page in the ${theme} theme`, async () => {
      await page.emulateMedia({ colorScheme: theme });
      const problems: string[] = [];
      for (const view of PAGES) {
        await page.goto(`${t.url}/#${view}`);
        await page.reload();
        await page.locator('main h2, main .room').first().waitFor();
        // Let lazy pages and their data arrive.
        await page.waitForLoadState('networkidle');
        for (const p of await audit(page)) problems.push(`#${view}: ${p}`);
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it('would notice text without enough contrast (the check can fail)', async () => {
    await page.goto(`${t.url}/#home`);
    await page.locator('main .room').first().waitFor();
    await page.evaluate(`document.querySelector('main').insertAdjacentHTML('afterbegin',
      '<p style="color:#bbb;background:#fff">pale words</p>')`);
    expect((await audit(page)).join('\n')).toContain('color-contrast');
  });
});
