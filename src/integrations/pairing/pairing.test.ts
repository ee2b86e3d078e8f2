import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir } from '../../cli/backup.js';
import { Errors } from '../../errors.js';
import type {
  IntegrationHost,
  PairableIntegration,
  PairedDevice,
  PairingProgress,
  PairingRequest,
} from '../../home/integration.js';
import {
  LogCapture,
  startTestApp,
  tempDataDir,
  withUsers,
  type TestApp,
} from '../../test-support/harness.js';
import type { PairableDeps, PairableModule } from './catalogue.js';
import { parseAddress } from './address.js';

/**
 * The seam's contract, checked with a small pairable integration written for this test: a
 * "test relay" at an address with a password, and a "test bridge" whose button must be pressed.
 * The brands (Shelly, Hue, Matter, …) have their own tests against their simulators.
 */
const SECRET = 'relay-secret-4711';
const bridgeButton = { pressed: false };
const aborted: string[] = [];

class TestRelays implements PairableIntegration {
  readonly name = 'Test relays';
  private host!: IntegrationHost;
  private devices = new Map<string, PairedDevice & { password: string }>();
  constructor(
    readonly id: string,
    private readonly deps: PairableDeps,
    private readonly button: boolean,
  ) {}
  async start(host: IntegrationHost) {
    this.host = host;
    const saved = this.deps.storage.readJson('devices.json') as
      (PairedDevice & { password: string })[] | undefined;
    for (const d of saved ?? []) this.add(d);
  }
  async stop() {}
  async send() {
    return 'confirmed' as const;
  }
  status() {
    return { state: 'online' as const };
  }
  async pair(req: PairingRequest, progress: PairingProgress, signal: AbortSignal) {
    progress({ step: 'connecting', message: `Connecting to ${req.address}.` });
    if (req.address === '127.0.0.1:9') throw Errors.deviceUnreachable('Nothing answered at 127.0.0.1:9.');
    if (req.address === 'slow.test')
      await new Promise((_, reject) =>
        signal.addEventListener('abort', () => {
          aborted.push(req.address!);
          reject(new Error('aborted'));
        }),
      );
    if (this.button && !bridgeButton.pressed) throw Errors.buttonNotPressed();
    if (!this.button && req.password !== SECRET)
      throw Errors.deviceAuthFailed('The relay refused the password.', { field: 'password' });
    const id = `relay-${parseAddress(req.address!).host.replace(/\W/g, '-')}`;
    const device = {
      id,
      name: 'Garden relay',
      manufacturer: 'Test',
      model: 'R1',
      address: req.address!,
      password: req.password ?? '',
    };
    this.add(device);
    this.deps.storage.writeJson('devices.json', [...this.devices.values()]);
    return this.public(device);
  }
  async unpair(id: string) {
    this.devices.delete(id);
    this.deps.storage.writeJson('devices.json', [...this.devices.values()]);
    this.host.removeDevice(id);
  }
  pairedDevices() {
    return [...this.devices.values()].map((d) => this.public(d));
  }
  private public({ password: _p, ...d }: PairedDevice & { password: string }): PairedDevice {
    return d;
  }
  private add(d: PairedDevice & { password: string }) {
    this.devices.set(d.id, d);
    this.host.announceDevice({ id: d.id, name: d.name, manufacturer: d.manufacturer, model: d.model });
    this.host.announceEntity({
      unique_id: `${d.id}/relay`,
      device_id: d.id,
      domain: 'switch',
      name: d.name,
      capabilities: { actions: ['on', 'off', 'toggle'] },
    });
    this.host.reportState(`${d.id}/relay`, 'off');
  }
}

const loads: string[] = [];
const modules = (): PairableModule[] => [
  {
    id: 'test_relay',
    name: 'Test relay',
    pairing: { address: 'required', credentials: 'optional' },
    pairTimeoutMs: 300,
    load: async () => {
      loads.push('test_relay');
      return (deps) => new TestRelays('test_relay', deps, false);
    },
  },
  {
    id: 'test_bridge',
    name: 'Test bridge',
    pairing: { address: 'required', button: true },
    load: async () => {
      loads.push('test_bridge');
      return (deps) => new TestRelays('test_bridge', deps, true);
    },
  },
];

function connect(t: TestApp, token: string): Promise<Socket> {
  const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('the pairing seam', () => {
  const dataDir = tempDataDir();
  const logs = new LogCapture();
  let t: TestApp;
  let admin: string;
  let otherAdmin: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp({ dataDir, pairable: modules(), logStream: logs, config: { log_level: 'debug' } });
    const u = await withUsers(t);
    admin = u.adminToken;
    otherAdmin = (await u.make('other-admin', 'admin')).token;
    user = (await u.make('resident', 'user')).token;
  });
  afterAll(async () => {
    await t.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads no integration code before it is needed', async () => {
    expect(loads).toEqual([]);
    const list = await t.api('GET', '/api/home/integrations/pairable', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: 'test_relay',
        loaded: false,
        devices: 0,
        pairing: { address: 'required', credentials: 'optional' },
      }),
      expect.objectContaining({
        id: 'test_bridge',
        loaded: false,
        pairing: { address: 'required', button: true },
      }),
    ]);
  });

  it('adds a device by address and password, answers with its device and entities, and reports progress to the asking admin only', async () => {
    const mine = await connect(t, admin);
    const theirs = await connect(t, otherAdmin);
    const seen: any[] = [];
    const seenByOther: any[] = [];
    mine.on('pairing_progress', (e) => seen.push(e));
    theirs.on('pairing_progress', (e) => seenByOther.push(e));
    const res = await t.api('POST', '/api/home/integrations/test_relay/pair', {
      token: admin,
      body: { address: '127.0.0.1:8081', password: SECRET, pairing_id: 'p-1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.pairing_id).toBe('p-1');
    expect(res.body.device).toMatchObject({
      id: 'test_relay:relay-127-0-0-1',
      name: 'Garden relay',
      model: 'R1',
    });
    expect(res.body.entities).toEqual([
      expect.objectContaining({ domain: 'switch', state: 'off', available: true }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(loads).toEqual(['test_relay']);

    await expect.poll(() => seen.map((e) => e.step)).toEqual(['loading', 'connecting', 'done']);
    expect(seen[2]).toMatchObject({
      pairing_id: 'p-1',
      integration: 'test_relay',
      message: 'Added Garden relay.',
    });
    expect(seen[0]).not.toHaveProperty('user_id');
    expect(seenByOther).toEqual([]);
    mine.close();
    theirs.close();

    const control = await t.api('POST', '/api/home/control', {
      token: user,
      body: { entity_id: res.body.entities[0].entity_id, action: 'on' },
    });
    expect(control.body.outcome).toBe('confirmed');
  });

  it('lists the device without its credentials', async () => {
    const res = await t.api('GET', '/api/home/integrations/test_relay/devices', { token: admin });
    expect(res.body).toEqual([
      {
        id: 'relay-127-0-0-1',
        name: 'Garden relay',
        manufacturer: 'Test',
        model: 'R1',
        address: '127.0.0.1:8081',
      },
    ]);
  });

  it('keeps what it stores readable only by Hearth (directory 0700, files 0600) and never logs the password', () => {
    const dir = join(dataDir, 'integrations', 'test_relay');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'devices.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'devices.json'), 'utf8')).toContain(SECRET);
    expect(logs.text).toContain('device paired');
    expect(logs.text).not.toContain(SECRET);
  });

  it('says exactly why a device was not added', async () => {
    const pair = (id: string, body: object) =>
      t.api('POST', `/api/home/integrations/${id}/pair`, { token: admin, body });
    const wrong = await pair('test_relay', { address: '127.0.0.1:8082', password: 'nope' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'DEVICE_AUTH_FAILED', details: { field: 'password' } });
    const nothing = await pair('test_relay', { address: '127.0.0.1:9' });
    expect(nothing.status).toBe(502);
    expect(nothing.body.error.code).toBe('DEVICE_UNREACHABLE');
    const code = await pair('test_relay', { address: '127.0.0.1', code: '34970112332' });
    expect(code.status).toBe(400);
    expect(code.body.error.details.field).toBe('code');
    const missing = await pair('test_relay', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.field).toBe('address');
    const badAddress = await pair('test_relay', { address: 'http://127.0.0.1/' });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.error.details.field).toBe('address');
    const unknown = await pair('no_such_brand', { address: '127.0.0.1' });
    expect(unknown.status).toBe(404);
    const creds = await pair('test_bridge', { address: '127.0.0.1', password: 'x' });
    expect(creds.body.error.details.field).toBe('password');
  });

  it('bounds a pairing in time: 504 PAIRING_TIMEOUT, and the integration is told to stop', async () => {
    const res = await t.api('POST', '/api/home/integrations/test_relay/pair', {
      token: admin,
      body: { address: 'slow.test', password: SECRET },
    });
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('PAIRING_TIMEOUT');
    expect(aborted).toEqual(['slow.test']);
  });

  it('answers 409 BUTTON_NOT_PRESSED until the bridge button is pressed, then the same call succeeds', async () => {
    const body = { address: '127.0.0.1:8443' };
    const before = await t.api('POST', '/api/home/integrations/test_bridge/pair', { token: admin, body });
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('BUTTON_NOT_PRESSED');
    bridgeButton.pressed = true;
    const after = await t.api('POST', '/api/home/integrations/test_bridge/pair', { token: admin, body });
    expect(after.status).toBe(201);
  });

  it('refuses pairing to a user (admin only)', async () => {
    const res = await t.api('POST', '/api/home/integrations/test_relay/pair', {
      token: user,
      body: { address: '127.0.0.1' },
    });
    expect(res.status).toBe(403);
  });

  it('includes the integrations folder in a backup, modes kept', async () => {
    const out = mkdtempSync(join(tmpdir(), 'hearth-pairing-backup-'));
    try {
      const { file } = await backupDataDir(dataDir, join(out, 'b.tar.gz'), '0.0.0');
      execFileSync('tar', ['-xzf', file, '-C', out]);
      expect(readFileSync(join(out, 'integrations', 'test_relay', 'devices.json'), 'utf8')).toContain(
        'relay-127-0-0-1',
      );
      expect(statSync(join(out, 'integrations', 'test_relay', 'devices.json')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('loads an integration with saved devices at start, and its device is back without pairing again', async () => {
    await t.stop({ keepData: true });
    loads.length = 0;
    t = await startTestApp({ dataDir, pairable: modules() });
    expect(loads).toEqual(['test_relay', 'test_bridge']);
    const res = await t.api('GET', '/api/home/integrations/test_relay/devices', { token: admin });
    expect(res.body.map((d: PairedDevice) => d.id)).toEqual(['relay-127-0-0-1']);
    const entity = await t.api('GET', '/api/home/entities?integration=test_relay', { token: admin });
    expect(entity.body).toEqual([expect.objectContaining({ available: true })]);
  });

  it('removes a device: its entities go, and it is no longer stored', async () => {
    const res = await t.api(
      'DELETE',
      '/api/home/integrations/test_relay/devices/test_relay:relay-127-0-0-1',
      {
        token: admin,
      },
    );
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/api/home/entities?integration=test_relay', { token: admin })).body).toEqual(
      [],
    );
    expect(readFileSync(join(dataDir, 'integrations', 'test_relay', 'devices.json'), 'utf8')).not.toContain(
      'relay-127',
    );
    const again = await t.api('DELETE', '/api/home/integrations/test_relay/devices/relay-127-0-0-1', {
      token: admin,
    });
    expect(again.status).toBe(404);
  });
});

describe('parseAddress', () => {
  it('reads hosts, IPv4 and IPv6 with and without a port', () => {
    expect(parseAddress('192.168.1.20')).toEqual({ host: '192.168.1.20', port: undefined });
    expect(parseAddress('127.0.0.1:8081')).toEqual({ host: '127.0.0.1', port: 8081 });
    expect(parseAddress('shelly-kitchen.local')).toEqual({ host: 'shelly-kitchen.local', port: undefined });
    expect(parseAddress('[fe80::1]:80')).toEqual({ host: 'fe80::1', port: 80 });
    expect(parseAddress('fe80::1')).toEqual({ host: 'fe80::1', port: undefined });
  });
  it('refuses URLs, paths and bad ports naming the field', () => {
    for (const bad of ['http://x/', 'a b', '1.2.3.4:0', '1.2.3.4:70000', 'host/path', '[1.2.3.4]:80'])
      expect(() => parseAddress(bad), bad).toThrow(
        expect.objectContaining({ details: { field: 'address' } }),
      );
  });
});
