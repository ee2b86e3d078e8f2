import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runMain } from '../test-support/process.js';
import { ConfigError, loadConfig, renderConfigTable } from './load.js';
import { SETTINGS } from './schema.js';

// Issue 2 §2: one schema gives types, defaults, validation and the README table; an invalid
// setting stops Hearth with one message naming it and exit code 2.

const dir = mkdtempSync(join(tmpdir(), 'hearth-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const load = (env: Record<string, string>) => loadConfig({ env });
const failure = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('defaults', () => {
  it('match the issue: 0.0.0.0, 8420, ./data, home role, 1 MiB body limit', () => {
    expect(load({})).toMatchObject({
      host: '0.0.0.0',
      port: 8420,
      data_dir: './data',
      role: 'home',
      log_level: 'info',
      body_limit: 1024 * 1024,
    });
  });
});

describe('environment variables', () => {
  it('are read and typed', () => {
    const c = load({
      HEARTH_HOST: '127.0.0.1',
      HEARTH_PORT: '9000',
      HEARTH_DATA_DIR: '/var/lib/hearth',
      HEARTH_LOG_LEVEL: 'debug',
      HEARTH_ROLE: 'license-server',
      HEARTH_BODY_LIMIT: '2048',
    });
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 9000,
      data_dir: '/var/lib/hearth',
      log_level: 'debug',
      role: 'license-server',
      body_limit: 2048,
    });
  });

  it('checks a time zone with Intl and keeps the name as Intl spells it', () => {
    expect(load({ HEARTH_TIME_ZONE: 'europe/berlin' }).time_zone).toBe('Europe/Berlin');
  });

  it('treats an empty value as unset', () => {
    expect(load({ HEARTH_PORT: '' }).port).toBe(8420);
  });

  it.each([
    ['HEARTH_PORT', 'abc'],
    ['HEARTH_PORT', '70000'],
    ['HEARTH_PORT', '-1'],
    ['HEARTH_PORT', '80.5'],
    ['HEARTH_LOG_LEVEL', 'loud'],
    ['HEARTH_ROLE', 'server'],
    ['HEARTH_BODY_LIMIT', '10'],
    ['HEARTH_HOST', '   '],
    ['HEARTH_HISTORY_DAYS', '0'],
    ['HEARTH_TIME_ZONE', 'Mars/Olympus'],
    ['HEARTH_TIME_ZONE', '+01:00'],
  ])('refuses %s=%j with a ConfigError naming the variable', (name, value) => {
    const message = failure({ [name]: value });
    expect(message).toContain(name);
    expect(message).toContain(JSON.stringify(value));
    expect(message).toMatch(/expected/);
  });

  it('names the allowed values for an enum', () => {
    expect(failure({ HEARTH_ROLE: 'server' })).toMatch(/home, license-server/);
  });

  it('checks every setting in the schema (each one refuses a value of the wrong kind)', () => {
    for (const s of SETTINGS) {
      const bad = s.type.kind === 'string' ? ' ' : 'not-valid-for-this';
      expect(failure({ [s.env]: bad })).toContain(s.env);
    }
  });
});

describe('the config file (HEARTH_CONFIG)', () => {
  it('supplies settings by their keys', () => {
    const path = file('ok.json', { port: 9100, role: 'license-server', data_dir: '/srv/hearth' });
    expect(load({ HEARTH_CONFIG: path })).toMatchObject({
      port: 9100,
      role: 'license-server',
      data_dir: '/srv/hearth',
    });
  });

  it('loses to the environment', () => {
    const path = file('env-wins.json', { port: 9100, log_level: 'warn' });
    expect(load({ HEARTH_CONFIG: path, HEARTH_PORT: '9200' })).toMatchObject({
      port: 9200,
      log_level: 'warn',
    });
  });

  it('refuses an unknown key, naming it and the known ones', () => {
    const message = failure({ HEARTH_CONFIG: file('unknown.json', { prot: 9100 }) });
    expect(message).toMatch(/Unknown setting "prot"/);
    expect(message).toContain('port');
  });

  it('refuses a bad value, naming the key and the file', () => {
    const path = file('bad.json', { port: 'eighty' });
    const message = failure({ HEARTH_CONFIG: path });
    expect(message).toContain('"port"');
    expect(message).toContain(path);
  });

  it('refuses a file that is missing, not JSON, or not an object', () => {
    expect(failure({ HEARTH_CONFIG: join(dir, 'missing.json') })).toMatch(/Cannot read the config file/);
    expect(failure({ HEARTH_CONFIG: file('broken.json', '{"port": ') })).toMatch(/not valid JSON/);
    expect(failure({ HEARTH_CONFIG: file('array.json', [1]) })).toMatch(/JSON object/);
  });
});

describe('the README configuration table', () => {
  it('is exactly what renderConfigTable() makes from the schema (run `npm run docs:config` after changing a setting)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme.split('<!-- config-table:start -->\n')[1]?.split('\n<!-- config-table:end -->')[0];
    expect(table).toBe(renderConfigTable());
  });

  it('lists every setting', () => {
    const table = renderConfigTable();
    for (const s of SETTINGS) expect(table).toContain(`\`${s.env}\``);
  });
});

describe('main with an invalid configuration', () => {
  it('exits with code 2 and one clear line on stderr naming the setting', { timeout: 30_000 }, async () => {
    const run = runMain({ HEARTH_PORT: 'not-a-port', HEARTH_DATA_DIR: join(dir, 'never') });
    expect(await run.exited).toBe(2);
    const lines = run.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^hearth: Invalid environment variable HEARTH_PORT .*"not-a-port"/);
    expect(run.stdout()).toBe('');
  });

  it(
    'exits with code 2 naming HEARTH_MQTT_URL for a malformed broker URL, without echoing its password',
    { timeout: 30_000 },
    async () => {
      for (const bad of ['mqtt://user:s3cret-pw@', 'not a url', 'http://broker:1883', 'mqtt//broker']) {
        const run = runMain({ HEARTH_MQTT_URL: bad, HEARTH_DATA_DIR: join(dir, 'never') });
        expect(await run.exited, bad).toBe(2);
        const lines = run.stderr().trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^hearth: Invalid environment variable HEARTH_MQTT_URL \(mqtt_url\): expected a URL/,
        );
        expect(lines[0]).not.toContain('s3cret');
      }
    },
  );

  it('exits with code 2 for an unknown key in the config file', { timeout: 30_000 }, async () => {
    const run = runMain({ HEARTH_CONFIG: file('main-unknown.json', { colour: 'blue' }) });
    expect(await run.exited).toBe(2);
    expect(run.stderr().trim().split('\n')).toEqual([
      expect.stringMatching(/^hearth: Unknown setting "colour"/),
    ]);
  });
});
