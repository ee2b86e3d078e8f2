import { readFileSync } from 'node:fs';

/** The service version from package.json (`src/` and `dist/` both sit one level below it). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
