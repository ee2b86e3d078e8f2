import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../license/release.js';
import { startTestApp, tempDataDir, withUsers, type TestApp } from '../test-support/harness.js';
import { AutomaticBackups } from '../backups/index.js';
import { FakeClock } from '../clock.js';
import { createLogger } from '../log.js';
import { SqliteStore } from '../store/index.js';

const BIN = join(PACKAGE_ROOT, 'bin', 'hearth.mjs');

/** The environment without the developer's HEARTH_* settings, plus the given ones. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('HEARTH_')) env[k] = v;
  return { ...env, HEARTH_CLI_FROM_SOURCE: '1', ...extra };
}

/** Spawns `hearth …` like a person would, with optional standard input. */
function hearth(
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const login = (t: TestApp, username: string, password = 'correct horse battery') =>
  t.api('POST', '/api/auth/login', { body: { username, password } });

describe('hearth CLI against a running service', { timeout: 90_000 }, () => {
  let home: TestApp;
  let server: TestApp;
  let env: Record<string, string>;
  const scratch = mkdtempSync(join(tmpdir(), 'hearth-cli-'));

  beforeAll(async () => {
    [home, server] = await Promise.all([
      startTestApp(),
      startTestApp({ config: { role: 'license-server' } }),
    ]);
    env = { HEARTH_DATA_DIR: home.dataDir, HEARTH_PUBLIC_URL: home.url };
  });
  afterAll(async () => {
    await Promise.all([home.stop(), server.stop()]);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('creates an admin from the password on stdin while the service runs', async () => {
    const res = await hearth(
      ['user', 'create', '--admin', '--username', 'boss', '--password-stdin'],
      env,
      'correct horse battery\n',
    );
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('created admin "boss"');
    const session = await login(home, 'boss');
    expect(session.status).toBe(200);
    expect(session.body.user.role).toBe('admin');

    const taken = await hearth(['user', 'create', '--username', 'BOSS'], env, 'another long password\n');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('is taken');
    const short = await hearth(['user', 'create', '--username', 'shorty'], env, 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('password must be');
  });

  it('prints an invite code and link that registers an account with that role', async () => {
    const res = await hearth(['invite', 'create', '--role', 'viewer'], env);
    expect(res.code, res.stderr).toBe(0);
    const code = /^code: (\S+)$/m.exec(res.stdout)?.[1];
    expect(code).toBeDefined();
    expect(res.stdout).toContain(`link: ${home.url}/?invite=${code}`);
    const reg = await home.api('POST', '/api/auth/register', {
      body: { username: 'guest', password: 'correct horse battery', invite: code },
    });
    expect(reg.status).toBe(201);
    expect(reg.body.user.role).toBe('viewer');
  });

  it('answers usage mistakes with exit code 2 and the usage', async () => {
    const bad = await hearth(['invite', 'create', '--role', 'king'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--role must be one of admin, user, viewer');
    const unknown = await hearth(['frobnicate'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('hearth user create');
  });

  it('activates a license for the running home', async () => {
    const serverAdmin = (await withUsers(server)).adminToken;
    const key = (
      await server.api('POST', '/api/licenses', { token: serverAdmin, body: { customer: 'CLI Home' } })
    ).body.key as string;
    const res = await hearth(['license', 'activate', '--server', server.url, '--key', key], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('license: valid (CLI Home), valid until no end date');
    const token = (await login(home, 'boss')).body.access_token;
    const shown = await home.api('GET', '/api/settings/license', { token });
    expect(shown.body).toMatchObject({ state: 'valid', customer: 'CLI Home', key });
    expect(res.stdout).toContain(`home_id: ${shown.body.home_id}`);

    const refused = await hearth(
      ['license', 'activate', '--server', server.url, '--key', 'HRTH-00000-00000-00000-00000'],
      env,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('LICENSE_UNKNOWN');
  });

  it('backs up the running service and restores the archive once it is stopped', async () => {
    const archive = join(scratch, 'backup.tar.gz');
    const token = (await login(home, 'boss')).body.access_token as string;
    const homeId = (await home.api('GET', '/api/settings/license', { token })).body.home_id;

    const backup = await hearth(['backup', '--out', archive], env);
    expect(backup.code, backup.stderr).toBe(0);
    const listing = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' })
      .split('\n')
      .map((f) => f.replace(/^\.\//, ''));
    expect(listing).toEqual(expect.arrayContaining(['hearth.db', 'hearth-backup.json', 'secrets/token.key']));
    expect(listing).not.toContain('hearth.pid');
    expect(listing).not.toContain('hearth.db-wal');

    // A change after the backup, which the restore must undo.
    const inv = await home.api('POST', '/api/auth/invites', { token, body: { role: 'user' } });
    expect(
      (
        await home.api('POST', '/api/auth/register', {
          body: { username: 'later', password: 'correct horse battery', invite: inv.body.code },
        })
      ).status,
    ).toBe(201);

    const refused = await hearth(['restore', archive], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Hearth is running on');
    expect((await login(home, 'later')).status).toBe(200);

    const dataDir = home.dataDir;
    await home.stop({ keepData: true });
    const restored = await hearth(['restore', archive], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('the previous data is kept in');
    home = await startTestApp({ dataDir });

    expect((await login(home, 'later')).status).toBe(401);
    expect((await login(home, 'guest')).status).toBe(200);
    // The token signing key came back too: a token issued before the backup still works.
    const me = await home.api('GET', '/api/settings/license', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ state: 'valid', home_id: homeId, customer: 'CLI Home' });
  });

  it('refuses a file that is not a Hearth backup', async () => {
    const fresh = tempDataDir();
    try {
      const res = await hearth(['restore', join(scratch, 'missing.tar.gz')], { HEARTH_DATA_DIR: fresh });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('No such backup file');
      execFileSync('tar', ['-czf', join(scratch, 'other.tar.gz'), '-C', PACKAGE_ROOT, 'package.json']);
      const other = await hearth(['restore', join(scratch, 'other.tar.gz')], { HEARTH_DATA_DIR: fresh });
      expect(other.code).toBe(1);
      expect(other.stderr).toContain('is not a Hearth backup');
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe('hearth backup --list and hearth restore --latest', { timeout: 60_000 }, () => {
  it('lists the automatic backups newest first and restores the newest', async () => {
    const dataDir = tempDataDir();
    try {
      const store = new SqliteStore(dataDir, createLogger('silent'));
      await store.settings.set('marker', 'backed up');
      await store.close();
      const backups = new AutomaticBackups({
        settings: { data_dir: dataDir, backup_dir: undefined, backup_keep: 7, backup_hour: 3 },
        clock: new FakeClock(Date.UTC(2026, 0, 1, 3)),
        log: createLogger('silent'),
        timeZone: () => 'UTC',
      });
      const older = await backups.runOnce(Date.UTC(2026, 0, 1, 3));
      const newer = await backups.runOnce(Date.UTC(2026, 0, 2, 3));
      const env = { HEARTH_DATA_DIR: dataDir };
      const listed = await hearth(['backup', '--list'], env);
      expect(listed.code, listed.stderr).toBe(0);
      const lines = listed.stdout.trim().split('\n');
      expect(lines[0]).toContain(newer!.file);
      expect(lines[1]).toContain(older!.file);
      expect(lines[0]).toMatch(/^2026-01-02T03:00:00.000Z\s+daily/);

      const restored = await hearth(['restore', '--latest'], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`from ${newer!.file}`);
      expect(existsSync(join(dataDir, 'hearth.db'))).toBe(true);
      // The automatic backups moved along with the home.
      expect((await hearth(['backup', '--list'], env)).stdout).toContain(newer!.file);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      execFileSync('sh', ['-c', `rm -rf "${dataDir}".before-restore-*`]);
    }
  });
});

describe('hearth start', { timeout: 60_000 }, () => {
  it('runs the service until SIGTERM and exits cleanly', async () => {
    const dataDir = tempDataDir();
    const child = spawn(process.execPath, [BIN, 'start'], {
      env: cleanEnv({
        HEARTH_DATA_DIR: dataDir,
        HEARTH_PORT: '0',
        HEARTH_HOST: '127.0.0.1',
        HEARTH_LOG_LEVEL: 'warn',
      }),
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (d) => {
          err += String(d);
          const m = /running: open (http:\/\/\S+)/.exec(err);
          if (m) resolve(m[1]!);
        });
        child.on('close', (code) => reject(new Error(`hearth start exited ${code}: ${err}`)));
      });
      const health = await fetch(`${url}/health`);
      expect(await health.json()).toMatchObject({ status: 'ok' });
      expect(existsSync(join(dataDir, 'hearth.pid'))).toBe(true);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(join(dataDir, 'hearth.pid'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
