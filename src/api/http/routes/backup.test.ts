import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, withUsers, type TestApp } from '../../../test-support/harness.js';

/** Backups from the dashboard: download while running, restore staged and swapped in at the next start. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

describe('backup and restore over REST', () => {
  it('downloads a backup, and restoring it brings back a scene deleted since (after a restart)', async () => {
    t = await startTestApp();
    const { adminToken: token } = await withUsers(t);
    const made = await t.api('POST', '/api/home/scenes/snapshot', {
      token,
      body: { name: 'Kitchen Evening', area: 'kitchen' },
    });
    expect(made.status).toBe(201);

    const res = await fetch(`${t.url}/api/backup`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hearth-backup-.*\.tar\.gz"$/,
    );
    const archive = Buffer.from(await res.arrayBuffer());
    expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    expect((await t.api('DELETE', '/api/home/scenes/kitchen-evening', { token })).status).toBe(200);
    expect((await t.api('GET', '/api/home/scenes/kitchen-evening', { token })).status).toBe(404);

    const restore = await fetch(`${t.url}/api/backup/restore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
      body: archive,
    });
    expect(restore.status).toBe(202);
    expect(await restore.json()).toMatchObject({
      restart_required: true,
      backup: { version: expect.any(String) },
    });
    // Nothing changes while running.
    expect((await t.api('GET', '/api/home/scenes/kitchen-evening', { token })).status).toBe(404);
    expect((await t.api('GET', '/api/backup/restore', { token })).body).toEqual({ restart_required: true });

    const dataDir = t.dataDir;
    await t.stop({ keepData: true });
    t = await startTestApp({ dataDir });
    const back = await t.api('GET', '/api/home/scenes/kitchen-evening', { token });
    expect(back.status).toBe(200);
    expect(back.body.name).toBe('Kitchen Evening');
    expect((await t.api('GET', '/api/backup/restore', { token })).body).toEqual({ restart_required: false });
    // The replaced files are kept beside the automatic backups.
    expect(readdirSync(join(dataDir, 'backups')).some((n) => n.startsWith('before-restore-'))).toBe(true);
    expect(existsSync(join(dataDir, 'backups', 'restore-pending'))).toBe(false);
  });

  it('refuses a file that is not a Hearth backup, naming the body, and changes nothing', async () => {
    t = await startTestApp();
    const { adminToken: token } = await withUsers(t);
    const res = await fetch(`${t.url}/api/backup/restore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
      body: Buffer.from('not a tarball at all'),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; message: string; details: { field: string } };
    };
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'body' } });
    expect(body.error.message).toContain('not a readable .tar.gz archive');
    expect((await t.api('GET', '/api/backup/restore', { token })).body).toEqual({ restart_required: false });
  });
});
