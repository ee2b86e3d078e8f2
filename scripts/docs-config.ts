// Rewrites the configuration table in README.md from the settings schema (npm run docs:config).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderConfigTable } from '../src/config/index.js';

const START = '<!-- config-table:start -->';
const END = '<!-- config-table:end -->';
const readme = readFileSync('README.md', 'utf8');
const a = readme.indexOf(START);
const b = readme.indexOf(END);
if (a < 0 || b < a) throw new Error('README.md has no config-table markers');
writeFileSync(
  'README.md',
  `${readme.slice(0, a + START.length)}\n${renderConfigTable()}\n${readme.slice(b)}`,
);
