import { spawn } from 'node:child_process';
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AutomaticBackups } from '../../src/backups/index.js';
import { SystemClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { apiRequest } from '../../src/test-support/harness.js';
import { ROOT, runMain } from '../../src/test-support/process.js';
import { FaultBench, firstAdmin } from './support.js';

// Issue 17 §1: a damaged SQLite file is found at start (quick_check), and Hearth refuses to
// run on it with a message naming the file, the newest automatic backup and the command that
// restores it; that command brings the home back.

const bench = new FaultBench();
afterAll(() => bench.cleanup());

function hearthCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/hearth.mjs'), ...args], {
      env: { PATH: process.env.PATH ?? '', HEARTH_CLI_FROM_SOURCE: '1', ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('a damaged database file', { timeout: 180_000 }, () => {
  it.each([
    ['a b-tree page overwritten', (size: number) => Math.max(4096, Math.floor(size / 4096 / 2) * 4096)],
    ['the file header overwritten', () => 0],
  ])('is refused at start (%s) with the file, the newest backup and the way back', async (_label, where) => {
    const dataDir = bench.dataDir();
    const env = { HEARTH_DATA_DIR: dataDir };
    let svc = await bench.start(env);
    const token = await firstAdmin(svc.url);
    const created = await apiRequest(svc.url, 'POST', '/api/home/scenes', {
      token,
      body: { name: 'Saved before damage', actions: [{ entity: 'light.kitchen', action: 'off' }] },
    });
    expect(created.status).toBe(201);
    await bench.stop(svc);

    // The daily automatic backup, as the running service makes it.
    const backups = new AutomaticBackups({
      settings: { data_dir: dataDir, backup_dir: undefined, backup_keep: 7, backup_hour: 3 },
      clock: new SystemClock(),
      log: createLogger('silent'),
      timeZone: () => 'UTC',
    });
    const backup = await backups.runOnce();
    expect(backup?.file).toBeDefined();

    const db = join(dataDir, 'hearth.db');
    const fd = openSync(db, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, where(statSync(db).size));
    closeSync(fd);

    const run = runMain({ HEARTH_HOST: '127.0.0.1', HEARTH_PORT: '0', HEARTH_MQTT_BROKER_PORT: '0', ...env });
    const code = await run.exited;
    expect(code).toBe(1);
    const message = run.stderr();
    expect(message).toContain(`The database ${db} is damaged`);
    expect(message).toContain(`hearth restore ${backup!.file}`);
    expect(message).not.toMatch(/\n\s+at /); // one clear message, no stack trace

    const listed = await hearthCli(['backup', '--list'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(backup!.file);

    const restored = await hearthCli(['restore', backup!.file], env);
    expect(restored.out).toMatch(/restored/);
    expect(restored.code).toBe(0);

    svc = await bench.start(env);
    const scenes = await apiRequest(svc.url, 'GET', '/api/home/scenes', { token });
    expect(scenes.body.map((s: { name: string }) => s.name)).toContain('Saved before damage');
    await bench.stop(svc);
  });
});
