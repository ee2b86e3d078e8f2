// The home view with ~500 entities in headless Chromium: time until every tile is on screen after
// login, and how long a state change made through REST takes to show on its tile.
// Run: npm run bench:dashboard-render   (needs /usr/bin/chromium)
import type { DeviceCommand, Integration, IntegrationHost } from '../src/home/integration.js';
import { apiRequest } from '../src/test-support/harness.js';
import { startDashboardHome } from './dashboard-home.js';

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

const { url, token, openPage, stop } = await startDashboardHome((app) => {
  app.ctx.home!.addIntegration(new BulkLights());
});
const total = ((await apiRequest(url, 'GET', '/api/home/entities', { token })).body as unknown[]).length;

const page = await openPage();
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
await stop();
