// Initial download of the dashboard: builds it and gzips every JS/CSS file index.html loads.
// Run: npm run bench:dashboard-size
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const out = mkdtempSync(join(tmpdir(), 'hearth-web-size-'));
await build({
  configFile: 'web/vite.config.ts',
  logLevel: 'warn',
  build: { outDir: out, emptyOutDir: true },
});
const html = readFileSync(join(out, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
let js = 0;
for (const f of files) {
  const raw = readFileSync(join(out, f));
  const gz = gzipSync(raw, { level: 9 }).length;
  if (f.endsWith('.js')) js += gz;
  console.log(
    `${f.padEnd(36)} ${(raw.length / 1024).toFixed(1).padStart(7)} kB raw ${(gz / 1024).toFixed(1).padStart(6)} kB gzip`,
  );
}
console.log(`initial JS: ${(js / 1024).toFixed(1)} kB gzip (budget 80 kB)`);
rmSync(out, { recursive: true, force: true });
if (js > 80 * 1024) process.exitCode = 1;
