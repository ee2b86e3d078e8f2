import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../clock.js';
import { createLogger } from '../log.js';
import { SqliteStore } from '../store/index.js';
import { startTestApp, withUsers, type TestApp } from '../test-support/harness.js';
import { VERSION } from '../version.js';
import { HomeLicense } from './home.js';
import { renderInstallScript } from './install-script.js';
import { PACKAGE_ROOT } from './release.js';

const exec = promisify(execFile);
/** Runs a command and returns its exit code and output instead of throwing. */
async function sh(args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const r = await exec('sh', args, { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const BUILD_TIMEOUT = 240_000; // the first tarball request compiles the release (tsc) and runs npm pack

describe('install script and release tarball', () => {
  let t: TestApp;
  let admin: string;
  let scratch: string;
  let scriptFile: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { role: 'license-server' } });
    admin = (await withUsers(t)).adminToken;
    scratch = mkdtempSync(join(tmpdir(), 'hearth-install-'));
    scriptFile = join(scratch, 'install.sh');
  });
  afterAll(async () => {
    await t.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('serves a POSIX shell script naming this server that passes sh -n', async () => {
    const res = await t.api('GET', '/install');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/x-shellscript/);
    expect(res.body).toMatch(/^#!\/bin\/sh\n/);
    expect(res.body).toContain(`HEARTH_SERVER='${t.url}'`);
    writeFileSync(scriptFile, res.body);
    expect(await sh(['-n', scriptFile])).toMatchObject({ code: 0, stderr: '' });
  });

  it('quotes the public URL safely and prints it in the help', async () => {
    const file = join(scratch, 'quoted.sh');
    writeFileSync(
      file,
      renderInstallScript({ publicUrl: "https://hearth.example.com/it's$(true)/", version: '9.9.9' }),
    );
    expect((await sh(['-n', file])).code).toBe(0);
    const help = await sh([file, '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      "Installs Hearth 9.9.9 from https://hearth.example.com/it's$(true) on Debian",
    );
  });

  it('refuses to run as a non-root user with a clear message', async () => {
    const bin = join(scratch, 'fake-id');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'id'), '#!/bin/sh\necho 1000\n');
    chmodSync(join(bin, 'id'), 0o755);
    const res = await sh([scriptFile], { PATH: `${bin}:${process.env.PATH}` });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('must run as root');
    expect(res.stderr).toContain(`curl -fsSL ${t.url}/install | sudo sh`);
  });

  it('explains what to do when Node.js is too old', async () => {
    const bin = join(scratch, 'old-node');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'node'), '#!/bin/sh\necho 18.19.1\n');
    chmodSync(join(bin, 'node'), 0o755);
    const res = await sh([scriptFile, '--prefix', join(scratch, 'never')], {
      PATH: `${bin}:${process.env.PATH}`,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Node.js 18.19.1 is too old; Hearth needs 20.19 or newer');
    expect(existsSync(join(scratch, 'never', 'opt', 'hearth'))).toBe(false);
  });

  it(
    'serves the running version as an npm pack tarball with dist/, bin/ and a production lockfile',
    { timeout: BUILD_TIMEOUT },
    async () => {
      const res = await fetch(`${t.url}/install/hearth.tgz`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/gzip');
      const file = join(scratch, 'hearth.tgz');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const list = (await exec('tar', ['-tzf', file])).stdout.split('\n');
      for (const f of [
        'package/package.json',
        'package/README.md',
        'package/bin/hearth.mjs',
        'package/npm-shrinkwrap.json',
        'package/dist/main.js',
        'package/dist/cli/index.js',
        'package/dist/license/install-script.js',
      ]) {
        expect(list, f).toContain(f);
      }
      expect(
        list.some(
          (f) => f.startsWith('package/src/') || f.endsWith('.test.js') || f.includes('test-support'),
        ),
      ).toBe(false);
      const pkg = JSON.parse((await exec('tar', ['-xzOf', file, 'package/package.json'])).stdout);
      expect(pkg.version).toBe(VERSION);
      expect(pkg.devDependencies).toBeUndefined();
      expect(pkg.scripts).toEqual({ start: 'node --max-semi-space-size=2 dist/main.js' });
      const lock = JSON.parse(
        (await exec('tar', ['-xzOf', file, 'package/npm-shrinkwrap.json'], { maxBuffer: 64 * 1024 * 1024 }))
          .stdout,
      );
      expect(Object.values(lock.packages as Record<string, { dev?: boolean }>).some((p) => p.dev)).toBe(
        false,
      );
      expect(lock.packages['node_modules/better-sqlite3']).toBeDefined();
    },
  );

  it(
    'installs into a scratch root with --prefix, activates the license, and re-runs as an in-place upgrade that keeps data',
    { timeout: BUILD_TIMEOUT },
    async () => {
      const key = (await t.api('POST', '/api/licenses', { token: admin, body: { customer: 'Prefix Home' } }))
        .body.key as string;
      const root = join(scratch, 'root');
      // --skip-deps keeps the previous install's node_modules; seed it with this checkout's so the
      // installed CLI can run (a real `npm ci` compiles better-sqlite3 for minutes; see README).
      mkdirSync(join(root, 'opt', 'hearth'), { recursive: true });
      symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(root, 'opt', 'hearth', 'node_modules'));

      const first = await sh([scriptFile, '--prefix', root, '--skip-deps', '--license', key]);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('scratch root');
      expect(first.stdout).toContain('license: valid (Prefix Home)');

      const app = join(root, 'opt', 'hearth');
      expect(existsSync(join(app, 'dist', 'main.js'))).toBe(true);
      expect(lstatSync(join(app, 'node_modules')).isSymbolicLink()).toBe(true);
      const unit = readFileSync(join(root, 'etc', 'systemd', 'system', 'hearth.service'), 'utf8');
      expect(unit).toContain('Environment=HEARTH_DATA_DIR=/var/lib/hearth');
      expect(unit).toContain(
        `ExecStart=${process.execPath} --max-semi-space-size=2 /opt/hearth/dist/main.js`,
      );
      expect(unit).toContain('User=hearth');
      expect(readFileSync(join(root, 'usr', 'local', 'bin', 'hearth'), 'utf8')).toContain(
        '/opt/hearth/bin/hearth.mjs',
      );

      const dataDir = join(root, 'var', 'lib', 'hearth');
      const licenseOf = async () => {
        const store = new SqliteStore(dataDir, createLogger('silent'));
        try {
          return await new HomeLicense({
            store,
            clock: new SystemClock(),
            log: createLogger('silent'),
          }).status();
        } finally {
          await store.close();
        }
      };
      const before = await licenseOf();
      expect(before).toMatchObject({ state: 'valid', customer: 'Prefix Home', server: t.url });
      const onServer = (await t.api('GET', '/api/licenses', { token: admin })).body.find(
        (l: { key: string }) => l.key === key,
      );
      expect(onServer.homes).toEqual([{ home_id: before.home_id, activated_at: expect.any(String) }]);

      const envFile = join(root, 'etc', 'hearth', 'hearth.env');
      writeFileSync(envFile, 'HEARTH_PORT=8500\n');
      writeFileSync(join(dataDir, 'keep-me'), 'data');
      const again = await sh([scriptFile, '--prefix', root, '--skip-deps', '--license', key]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('upgrading');
      expect(readFileSync(envFile, 'utf8')).toBe('HEARTH_PORT=8500\n');
      expect(readFileSync(join(dataDir, 'keep-me'), 'utf8')).toBe('data');
      expect(await licenseOf()).toEqual(before);
      expect(readdirSync(join(root, 'opt')).sort()).toEqual(['hearth']);
    },
  );
});
