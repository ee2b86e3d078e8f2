import { afterAll, describe, expect, it } from 'vitest';
import { apiRequest } from '../../src/test-support/harness.js';
import type { ServiceProcess } from '../../src/test-support/process.js';
import { FaultBench, PASSWORD, firstAdmin, smallDisk, type SmallDisk } from './support.js';

// Issue 17 §1 and §6: the data dir on a full disk (a 24 MB tmpfs only Hearth sees). Changes are
// refused with 507 STORAGE_FULL in the one error shape, reads and control keep working, nothing
// is corrupted, changes work again once space returns, and Hearth starts on a full disk.

const bench = new FaultBench();
let disk: SmallDisk | string = 'not mounted yet';
afterAll(() => {
  bench.cleanup();
  if (typeof disk !== 'string') disk.close();
});

const STORAGE_FULL = {
  error: { code: 'STORAGE_FULL', message: expect.stringMatching(/disk .* is full/) },
};

describe('the data dir on a full disk', { timeout: 240_000 }, () => {
  it('refuses changes with 507, keeps reads and control, recovers, and starts while full', async (t) => {
    disk = await smallDisk(24);
    if (typeof disk === 'string') {
      console.warn(`skipped: ${disk}`);
      t.skip();
      return;
    }
    const d = disk;
    const env = { HEARTH_DATA_DIR: d.dir };
    const start = () => bench.start(env, 45_000, d.prefix);
    let svc = await start();
    const token = await firstAdmin(svc.url);
    const api = (s: ServiceProcess, method: string, path: string, body?: unknown) =>
      apiRequest(s.url, method, path, { token, body });
    const scene = (name: string) => ({ name, actions: [{ entity: 'light.kitchen', action: 'off' }] });
    expect((await api(svc, 'POST', '/api/home/scenes', scene('Before full'))).status).toBe(201);

    d.fill();
    await expectFullDiskBehaviour(svc, api, scene);

    d.free();
    expect((await api(svc, 'POST', '/api/home/scenes', scene('After space returned'))).status).toBe(201);
    expect((await api(svc, 'POST', '/api/auth/invites', { role: 'viewer' })).status).toBe(201);

    // A clean stop, the disk fills while Hearth is down, and it starts anyway.
    await bench.stop(svc);
    d.fill();
    svc = await start();
    expect(svc.stdout()).toMatch(/the disk holding the data dir is full: Hearth runs read-only/);
    await expectFullDiskBehaviour(svc, api, scene);
    d.free();
    expect((await api(svc, 'POST', '/api/home/scenes', scene('After a full start'))).status).toBe(201);
    svc.child.kill('SIGKILL');
    await svc.exited;

    // Nothing corrupted: a normal start (which runs quick_check) has every acknowledged change.
    svc = await start();
    const scenes = (await api(svc, 'GET', '/api/home/scenes')).body.map((s: { name: string }) => s.name);
    expect(scenes).toEqual(
      expect.arrayContaining(['Before full', 'After space returned', 'After a full start']),
    );
    expect(scenes).not.toContain('While full');
    expect(svc.stdout()).not.toMatch(/damaged|runs read-only/);
    await bench.stop(svc);
  });
});

async function expectFullDiskBehaviour(
  svc: ServiceProcess,
  api: (s: ServiceProcess, m: string, p: string, b?: unknown) => Promise<{ status: number; body: any }>,
  scene: (name: string) => unknown,
) {
  // Changes: 507 in the one error shape, naming the disk.
  const refused = await api(svc, 'POST', '/api/home/scenes', scene('While full'));
  expect({ status: refused.status, body: refused.body }).toEqual({ status: 507, body: STORAGE_FULL });
  const invite = await api(svc, 'POST', '/api/auth/invites', { role: 'viewer' });
  expect({ status: invite.status, body: invite.body }).toEqual({ status: 507, body: STORAGE_FULL });
  const rename = await api(svc, 'PATCH', '/api/home/entities/light.kitchen', { name: 'Renamed while full' });
  expect(rename.status).toBe(507);
  // Login stores a session: it works where SQLite still has room in its write-ahead log, and
  // otherwise says why instead of 500.
  const login = await apiRequest(svc.url, 'POST', '/api/auth/login', {
    body: { username: 'owner', password: PASSWORD },
  });
  if (login.status !== 200)
    expect({ status: login.status, body: login.body }).toEqual({ status: 507, body: STORAGE_FULL });
  // Reads and control keep working.
  expect((await api(svc, 'GET', '/api/home/entities')).status).toBe(200);
  expect((await api(svc, 'GET', '/api/auth/me')).status).toBe(200);
  for (const action of ['on', 'off'] as const) {
    const control = await api(svc, 'POST', '/api/home/control', { entity_id: 'light.kitchen', action });
    expect(control.status).toBe(200);
    expect((await api(svc, 'GET', '/api/home/entities/light.kitchen')).body.state).toBe(action);
  }
}
