// The demo home served with a freshly built dashboard on a temporary data dir, a bench user
// registered, and (when asked for) headless Chromium with that user's session: what the dashboard
// benches measure against. `beforeStart` runs on the built app before it starts (to add an integration).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type HearthApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { createLogger } from '../src/log.js';
import { apiRequest } from '../src/test-support/harness.js';
import { launchChromium } from '../test/dashboard/chromium.js';

/**
 * The dashboard built with the real Vite config into a fresh directory. The tests' build
 * (test/dashboard/browser.ts) is shared through vitest's run state, which a bench has not.
 */
async function buildDashboard(): Promise<{ dir: string; remove: () => void }> {
  const { build } = await import('vite');
  const dir = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  await build({
    configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startDashboardHome(beforeStart?: (app: HearthApp) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  const ui = await buildDashboard();
  const config = loadConfig({
    env: {},
    overrides: { host: '127.0.0.1', port: 0, log_level: 'silent', data_dir: dataDir },
  });
  const app = await createApp({
    config,
    log: createLogger('silent'),
    demo: { ambient: false, responseDelayMs: 20 },
    webDir: ui.dir,
  });
  beforeStart?.(app);
  const url = (await app.start()).replace('localhost', '127.0.0.1');
  const reg = await apiRequest(url, 'POST', '/api/auth/register', {
    body: { username: 'bench', password: 'correct horse battery' },
  });
  const token = (reg.body as { access_token: string }).access_token;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  return {
    app,
    url,
    token,
    /** A Chromium page signed in as the bench user (Chromium starts here, not before). */
    openPage: async () => {
      browser ??= await launchChromium();
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.addInitScript(`sessionStorage.setItem('hearth.session', ${JSON.stringify(token)})`);
      return page;
    },
    stop: async () => {
      await browser?.close();
      await app.stop();
      ui.remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
