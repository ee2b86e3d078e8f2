import mqtt from 'mqtt';
import { statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LogCapture,
  startTestApp,
  tempDataDir,
  withUsers,
  type TestApp,
} from '../../test-support/harness.js';
import { isLoopback } from './credentials.js';

/**
 * The embedded broker (issue 17, problem 1): any device on the LAN could publish the retained
 * config that crashed Hearth. Clients from other machines now need credentials, generated on
 * first start; clients on this machine may stay anonymous; configured credentials apply to all.
 */

/** An address of this machine that is not loopback: connecting to it looks like another machine. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i?.family === 'IPv4' && !i.internal)?.address;

async function tryConnect(url: string, auth: { username?: string; password?: string } = {}) {
  try {
    const c = await mqtt.connectAsync(url, { ...auth, reconnectPeriod: 0, connectTimeout: 3_000 });
    await c.endAsync();
    return 'accepted';
  } catch (err) {
    return `refused: ${(err as Error).message}`;
  }
}

const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.stop();
});

describe('the embedded broker with generated credentials', () => {
  const dataDir = tempDataDir();
  const logs = new LogCapture();
  let t: TestApp;
  let admin: string;
  let password: string;

  it('generates credentials on first start, kept 0600 in the data dir, and shows them only to an admin', async () => {
    t = await startTestApp({
      dataDir,
      config: { mqtt_broker_host: '0.0.0.0', log_level: 'debug' },
      logStream: logs,
    });
    apps.push(t);
    const users = await withUsers(t);
    admin = users.adminToken;
    const file = join(dataDir, 'secrets', 'mqtt-broker.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const res = await t.api('GET', '/api/settings/mqtt-broker', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      embedded: true,
      username: 'hearth',
      source: 'generated',
      anonymous_loopback: true,
    });
    password = res.body.password;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const user = await users.make('resident', 'user');
    expect((await t.api('GET', '/api/settings/mqtt-broker', { token: user.token })).status).toBe(403);
    const integrations = await t.api('GET', '/api/home/integrations', { token: user.token });
    const status = integrations.body.find((i: any) => i.id === 'mqtt').status;
    expect(status.embedded_broker).toMatchObject({ username: 'hearth', anonymous_loopback: true });
    expect(JSON.stringify(integrations.body)).not.toContain(password);
  });

  it('says so at start without the password', () => {
    const line = logs.lines.find((l) => l.includes('embedded MQTT broker listening'));
    expect(line).toContain('clients from other machines must log in as');
    expect(logs.text).not.toContain(password);
  });

  it('lets a client on this machine connect without credentials', async () => {
    expect(await tryConnect(`mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`)).toBe('accepted');
  });

  it.skipIf(!lanAddress)(
    'refuses a client from another address without credentials, accepts it with them',
    async () => {
      const url = `mqtt://${lanAddress}:${t.app.ctx.mqtt!.broker!.port}`;
      expect(await tryConnect(url)).toMatch(/^refused: .*[Nn]ot authorized/);
      expect(await tryConnect(url, { username: 'hearth', password: 'wrong password!!!' })).toMatch(
        /^refused/,
      );
      expect(await tryConnect(url, { username: 'hearth', password })).toBe('accepted');
      expect(logs.text).toContain('refused an MQTT client without valid credentials');
      expect(logs.text).not.toContain(password);
    },
  );

  it('keeps the same credentials across a restart', async () => {
    await t.app.stop();
    apps.pop();
    const again = await startTestApp({ dataDir });
    apps.push(again);
    const token = (
      await again.api('POST', '/api/auth/login', {
        body: { username: 'admin', password: 'correct horse battery' },
      })
    ).body.access_token;
    const res = await again.api('GET', '/api/settings/mqtt-broker', { token });
    expect(res.body.password).toBe(password);
  });
});

describe('the embedded broker with HEARTH_MQTT_BROKER_USERNAME/PASSWORD', () => {
  it('requires them from every client, this machine included, and Hearth itself connects with them', async () => {
    const t = await startTestApp({
      config: { mqtt_broker_username: 'bridge', mqtt_broker_password: 'a configured secret' },
    });
    apps.push(t);
    const url = `mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`;
    expect(await tryConnect(url)).toMatch(/^refused/);
    expect(await tryConnect(url, { username: 'bridge', password: 'a configured secret' })).toBe('accepted');
    expect(t.app.ctx.mqtt!.connection.connected).toBe(true);
    const admin = (await withUsers(t)).adminToken;
    const res = await t.api('GET', '/api/settings/mqtt-broker', { token: admin });
    expect(res.body).toMatchObject({ username: 'bridge', source: 'config', anonymous_loopback: false });
  });
});

describe('isLoopback', () => {
  it('knows loopback addresses in their IPv4, IPv6 and mapped forms', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['192.168.1.5', '::ffff:10.0.0.1', 'fe80::1', '', undefined])
      expect(isLoopback(a)).toBe(false);
  });
});
