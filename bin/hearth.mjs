#!/usr/bin/env node
// The `hearth` command. An installed copy runs the built dist/; a source checkout without a
// build (or with HEARTH_CLI_FROM_SOURCE=1, as the tests use) runs src/ through tsx.
import { existsSync } from 'node:fs';

const dist = new URL('../dist/cli/index.js', import.meta.url);
const src = new URL('../src/cli/index.ts', import.meta.url);

if ((process.env.HEARTH_CLI_FROM_SOURCE === '1' || !existsSync(dist)) && existsSync(src)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(src.href);
} else if (existsSync(dist)) {
  await import(dist.href);
} else {
  process.stderr.write('hearth: dist/ is missing; run "npm run build" first\n');
  process.exit(1);
}
