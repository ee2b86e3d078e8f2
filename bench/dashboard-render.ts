// The home view with ~500 entities in headless Chromium: time until every tile is on screen after
// login, and how long a state change made through REST takes to show on its tile.
// Run: npm run bench:dashboard-render   (needs /usr/bin/chromium)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import type { DeviceCommand, Integration, IntegrationHost } from '../src/home/integration.js';
import { createLogger } from '../src/log.js';
import { apiRequest } from '../src/test-support/harness.js';
import { buildDashboard, launchChromium } from '../test/dashboard/browser.js';

const COUNT = Number(process.env.ENTITIES ?? 480);

/** Many dimmable lights in 24 rooms, answering commands at once. */
class BulkLights implements Integration {
  readonly id = 'bulk';
  readonly name = 'Bulk lights';
  private host?: IntegrationHost;
  async start(host: IntegrationHost) {
    this.host = host;
    host.beginDiscovery();
    for (let i = 0; i < COUNT; i++) {
      host.announceEntity({
        unique_id: `l${i}`,
        object_id: `bulk_${i}`,
        domain: 'light',
        name: `Lamp ${i}`,
        area: `Room ${i % 24}`,
        capabilities: { actions: ['on', 'off', 'toggle', 'dim'], brightness: true },
      });
      host.reportState(`l${i}`, 'off', { brightness: 50 });
    }
    host.endDiscovery();
  }
  async stop() {}
  async send(cmd: DeviceCommand) {
    this.host!.reportState(
      cmd.unique_id,
      cmd.action === 'off' ? 'off' : 'on',
      cmd.params.brightness !== undefined ? { brightness: cmd.params.brightness } : {},
    );
    return 'confirmed' as const;
  }
  status() {
    return { state: 'online' as const };
  }
}

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
app.ctx.home!.addIntegration(new BulkLights());
const url = (await app.start()).replace('localhost', '127.0.0.1');
const reg = await apiRequest(url, 'POST', '/api/auth/register', {
  body: { username: 'bench', password: 'correct horse battery' },
});
const token = (reg.body as { access_token: string }).access_token;
const total = ((await apiRequest(url, 'GET', '/api/home/entities', { token })).body as unknown[]).length;

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.addInitScript(`sessionStorage.setItem('hearth.session', ${JSON.stringify(token)})`);
const loads: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = Date.now();
  await page.goto(url + '/');
  await page.waitForFunction(`document.querySelectorAll('[data-entity-id]').length >= ${total}`, undefined, {
    timeout: 30_000,
  });
  loads.push(Date.now() - t0);
}
const updates: number[] = [];
for (let i = 0; i < 30; i++) {
  const id = `light.bulk_${(i * 37) % COUNT}`;
  const want = i % 2 === 0 ? 'true' : 'false';
  const t0 = Date.now();
  await apiRequest(url, 'POST', '/api/home/control', {
    token,
    body: { entity_id: id, action: want === 'true' ? 'on' : 'off' },
  });
  await page.waitForSelector(`[data-entity-id="${id}"] [role="switch"][aria-checked="${want}"]`, {
    timeout: 10_000,
  });
  updates.push(Date.now() - t0);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
console.log(`entities: ${total}`);
console.log(`load to all tiles rendered: median ${median(loads)} ms (runs: ${loads.join(', ')})`);
console.log(
  `REST command → tile updated: median ${median(updates)} ms, p95 ${p95(updates)} ms (${updates.length} changes)`,
);
await browser.close();
await app.stop();
ui.remove();
rmSync(dataDir, { recursive: true, force: true });
