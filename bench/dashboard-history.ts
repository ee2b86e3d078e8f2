// The entity details dialog's 7-day graph of a sensor that reports every 10 s (60,480 history
// rows) in headless Chromium: time from the click on "7 days" until the graph is drawn (REST
// summary + SVG), and the summary request alone.
// Run: npm run bench:dashboard-history   (needs /usr/bin/chromium)
import type { HistoryRow } from '../src/store/index.js';
import { apiRequest } from '../src/test-support/harness.js';
import { startDashboardHome } from './dashboard-home.js';

const ENTITY = 'sensor.living_room_temperature';
const EVERY_S = 10;
const DAYS = 7;

const { app, url, token, openPage, stop } = await startDashboardHome();

// A week of readings, a slow daily wave with noise, written straight into the history table.
const now = Date.now();
const rows: HistoryRow[] = [];
for (let t = now - DAYS * 86_400_000; t < now; t += EVERY_S * 1000) {
  const day = ((t % 86_400_000) / 86_400_000) * 2 * Math.PI;
  rows.push({
    entity_id: ENTITY,
    state: Math.round((21 + 2 * Math.sin(day) + Math.random() * 0.4) * 10) / 10,
    attributes: { device_class: 'temperature', unit_of_measurement: '°C' },
    cause_type: 'device',
    cause_id: null,
    cause_user_id: null,
    correlation_id: null,
    at: new Date(t).toISOString(),
  });
}
await app.ctx.store.home.appendHistory(rows);

const since = new Date(now - DAYS * 86_400_000).toISOString();
const rest: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await apiRequest(url, 'GET', `/api/home/entities/${ENTITY}/history/summary?since=${since}&buckets=600`, {
    token,
  });
  rest.push(performance.now() - t0);
}

const page = await openPage();
await page.goto(url + '/');
await page.locator('.room').first().waitFor();
const renders: number[] = [];
for (let i = 0; i < 5; i++) {
  await page.getByRole('button', { name: 'Living Room Temperature', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('section[data-range="24h"] figure.graph path.line').waitFor({ state: 'attached' });
  const t0 = performance.now();
  await dialog.getByRole('button', { name: '7 days' }).click();
  await dialog.locator('section[data-range="7d"] figure.graph path.line').waitFor({ state: 'attached' });
  renders.push(performance.now() - t0);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(`history rows: ${rows.length} (one every ${EVERY_S} s for ${DAYS} days)`);
console.log(
  `GET …/history/summary (7 days, 600 buckets): median ${median(rest).toFixed(0)} ms (runs: ${fmt(rest)})`,
);
console.log(`click "7 days" → graph drawn: median ${median(renders).toFixed(0)} ms (runs: ${fmt(renders)})`);
await stop();
