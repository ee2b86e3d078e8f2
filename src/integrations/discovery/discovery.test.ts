import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { loadConfig } from '../../config/index.js';
import { InProcessDiscovery as InProcessProtocol } from '../../test-support/in-process-discovery.js';
import { startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import { PROFILES, ShellyGen2Simulator } from '../shelly/simulator-gen2.js';
import { kasaEncrypt, parseKasaAnswer } from './kasa-udp.js';
import { OfferTable, type Found } from './offers.js';
import { parseProbeMatches, probeMessage } from './ws-discovery.js';

/**
 * Discovery in the host's network namespace: only what sends nothing. The default is off and an
 * off Hearth builds no protocol (so opens no socket); the offer table's bounds; the parsers of
 * the answers; and the service, routes and Socket.IO event over an in-process protocol that
 * "hears" a real Shelly simulator on 127.0.0.1. The protocols themselves, over real multicast
 * and broadcast, are tested in test/discovery-netns (a private network namespace).
 */

function connect(t: TestApp, token: string): Promise<Socket> {
  const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('discovery when it is off (the default)', () => {
  let t: TestApp;
  let built = 0;
  let admin = '';
  let user = '';
  beforeAll(async () => {
    t = await startTestApp({
      discovery: {
        protocols: () => {
          built++;
          return [];
        },
      },
    });
    const users = await withUsers(t);
    admin = users.adminToken;
    user = (await users.make('dora', 'user')).token;
  });
  afterAll(() => t.stop());

  it('is off unless HEARTH_DISCOVERY says on', () => {
    expect(loadConfig({ env: {} }).discovery).toBe('off');
    expect(loadConfig({ env: { HEARTH_DISCOVERY: 'on' } }).discovery).toBe('on');
    expect(() => loadConfig({ env: { HEARTH_DISCOVERY: 'yes' } })).toThrow(/HEARTH_DISCOVERY/);
  });

  it('lists nothing, refuses a scan with 409 DISCOVERY_OFF, and never builds a protocol', async () => {
    const list = await t.api('GET', '/api/home/discovered', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const scan = await t.api('POST', '/api/home/discovered/scan', { token: admin });
    expect(scan.status).toBe(409);
    expect(scan.body.error.code).toBe('DISCOVERY_OFF');
    expect(scan.body.error.message).toMatch(/HEARTH_DISCOVERY=on/);
    expect(built).toBe(0);
  });

  it('answers only admins', async () => {
    expect((await t.api('GET', '/api/home/discovered', { token: user })).status).toBe(403);
    expect((await t.api('POST', '/api/home/discovered/scan', { token: user })).status).toBe(403);
    expect((await t.api('GET', '/api/home/discovered')).status).toBe(401);
  });
});

describe('the offer table', () => {
  const shelly = (n: number): Found => ({ integration: 'shelly', address: `10.0.0.${n}`, name: `s${n}` });

  it('announces a device once, refreshes it when heard again, and forgets it after a silence', () => {
    const clock = new FakeClock();
    const table = new OfferTable(clock, { maxOffers: 10, forgetAfterMs: 60_000 });
    expect(table.seen(shelly(1))).toMatchObject({ integration: 'shelly', address: '10.0.0.1', name: 's1' });
    clock.advance(30_000);
    expect(table.seen({ ...shelly(1), model: 'Plus1PM' })).toBeUndefined();
    const [offer] = table.list(() => false);
    expect(offer).toMatchObject({ model: 'Plus1PM' });
    expect(Date.parse(offer!.last_seen) - Date.parse(offer!.first_seen)).toBe(30_000);
    clock.advance(59_000);
    expect(table.list(() => false)).toHaveLength(1);
    clock.advance(2_000);
    expect(table.list(() => false)).toEqual([]);
  });

  it('keeps at most maxOffers, dropping the one heard from longest ago', () => {
    const clock = new FakeClock();
    const table = new OfferTable(clock, { maxOffers: 3, forgetAfterMs: 600_000 });
    for (let n = 1; n <= 3; n++) {
      table.seen(shelly(n));
      clock.advance(1_000);
    }
    table.seen(shelly(1)); // heard again: now the freshest
    clock.advance(1_000);
    table.seen(shelly(4));
    expect(table.size).toBe(3);
    expect(
      table
        .list(() => false)
        .map((o) => o.address)
        .sort(),
    ).toEqual(['10.0.0.1', '10.0.0.3', '10.0.0.4']);
  });

  it('leaves out what the pairing recognises, by address or alias', () => {
    const table = new OfferTable(new FakeClock(), { maxOffers: 10, forgetAfterMs: 600_000 });
    table.seen({ ...shelly(1), aliases: ['ShellyPlus1PM-A1.local'] });
    table.seen(shelly(2));
    expect(table.list((_, names) => names.includes('shellyplus1pm-a1.local')).map((o) => o.address)).toEqual([
      '10.0.0.2',
    ]);
  });

  it('bounds names and models', () => {
    const table = new OfferTable(new FakeClock(), { maxOffers: 10, forgetAfterMs: 600_000 });
    table.seen({ ...shelly(1), name: 'x'.repeat(5000) });
    expect(table.list(() => false)[0]!.name).toHaveLength(128);
  });
});

describe('discovery answers', () => {
  const match = (xaddrs: string, scopes: string) =>
    '<?xml version="1.0"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope" ' +
    'xmlns:wsa="http://schemas.xmlsoap.org/ws/2004/08/addressing" xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery">' +
    '<SOAP-ENV:Header><wsa:Action>http://schemas.xmlsoap.org/ws/2005/04/discovery/ProbeMatches</wsa:Action></SOAP-ENV:Header>' +
    '<SOAP-ENV:Body><d:ProbeMatches><d:ProbeMatch><wsa:EndpointReference><wsa:Address>urn:uuid:1</wsa:Address></wsa:EndpointReference>' +
    `<d:Types>dn:NetworkVideoTransmitter</d:Types><d:Scopes>${scopes}</d:Scopes><d:XAddrs>${xaddrs}</d:XAddrs>` +
    '<d:MetadataVersion>1</d:MetadataVersion></d:ProbeMatch></d:ProbeMatches></SOAP-ENV:Body></SOAP-ENV:Envelope>';

  it('reads an ONVIF camera from ProbeMatches: address of its device service, name and hardware scopes', () => {
    expect(
      parseProbeMatches(
        match(
          'http://192.168.1.30:8000/onvif/device_service http://[fe80::1]/onvif/device_service',
          'onvif://www.onvif.org/type/video_encoder onvif://www.onvif.org/name/Porch%20camera onvif://www.onvif.org/hardware/IPC-T54',
        ),
      ),
    ).toEqual([
      { integration: 'onvif', address: '192.168.1.30:8000', name: 'Porch camera', model: 'IPC-T54' },
    ]);
    expect(parseProbeMatches(match('http://192.168.1.31/onvif/device_service', ''))[0]!.address).toBe(
      '192.168.1.31',
    );
  });

  it('ignores a Probe, a match without an HTTP address and text that is not XML', () => {
    expect(parseProbeMatches(probeMessage('x'))).toEqual([]);
    expect(parseProbeMatches(match('urn:nothing', ''))).toEqual([]);
    expect(parseProbeMatches('\u0000garbage ProbeMatches')).toEqual([]);
  });

  it("reads a Kasa device's encrypted sysinfo answer and ignores anything else", () => {
    const answer = kasaEncrypt(
      JSON.stringify({
        system: { get_sysinfo: { alias: 'Washing machine', model: 'HS110(EU)', err_code: 0 } },
      }),
    );
    expect(parseKasaAnswer(answer, '192.168.1.40')).toEqual({
      integration: 'kasa',
      address: '192.168.1.40',
      name: 'Washing machine',
      model: 'HS110(EU)',
    });
    expect(parseKasaAnswer(Buffer.from('{"system":{}}'), '192.168.1.40')).toBeUndefined();
    expect(parseKasaAnswer(kasaEncrypt('{"system":{"get_sysinfo":{}}}'), '192.168.1.40')).toBeUndefined();
  });
});

describe('discovery when it is on (over an in-process protocol)', () => {
  const shelly = new ShellyGen2Simulator(PROFILES.plus1pm, undefined, 'shellyplus1pm');
  let protocol: InProcessProtocol;
  let t: TestApp;
  let admin = '';
  let user = '';
  beforeAll(async () => {
    await shelly.start();
    protocol = new InProcessProtocol([
      { integration: 'shelly', address: shelly.address, name: 'shellyplus1pm-kettle', model: 'Plus1PM' },
      { integration: 'onvif', address: '127.0.0.1:1', name: 'Porch camera' },
      // A LAN answer is untrusted: an address the pairing would refuse is never offered.
      { integration: 'onvif', address: 'http://x/<script>', name: 'Bad camera' },
    ]);
    t = await startTestApp({
      config: { discovery: 'on', wifi_poll_interval: 1, wifi_timeout: 1 },
      discovery: { protocols: () => [protocol], timing: { listenMs: 50 } },
    });
    const users = await withUsers(t);
    admin = users.adminToken;
    user = (await users.make('ursula', 'user')).token;
  });
  afterAll(async () => {
    await t.stop();
    await shelly.stop();
  });

  it('offers what it hears, sends new offers to admins only, and pairs nothing by itself', async () => {
    const adminSocket = await connect(t, admin);
    const userSocket = await connect(t, user);
    const toAdmin: any[] = [];
    const toUser: any[] = [];
    adminSocket.on('device_discovered', (o) => toAdmin.push(o));
    userSocket.on('device_discovered', (o) => toUser.push(o));
    // The start-up scan may already have heard them; a new device appears in a later scan.
    protocol.devices.push({ integration: 'wled', address: '127.0.0.1:2', name: 'WLED-desk' });
    const scan = await t.api('POST', '/api/home/discovered/scan', { token: admin });
    expect(scan.status).toBe(200);
    expect(scan.body.map((o: any) => `${o.integration} ${o.address}`).sort()).toEqual(
      [`shelly ${shelly.address}`, 'onvif 127.0.0.1:1', 'wled 127.0.0.1:2'].sort(),
    );
    expect(scan.body.find((o: any) => o.integration === 'shelly')).toMatchObject({
      name: 'shellyplus1pm-kettle',
      model: 'Plus1PM',
    });
    await expect.poll(() => toAdmin.map((o) => o.address)).toContain('127.0.0.1:2');
    expect(toUser).toEqual([]);
    expect((await t.api('GET', '/api/home/integrations/shelly/devices', { token: admin })).body).toEqual([]);
    adminSocket.close();
    userSocket.close();
  });

  it('a scan asked for while another runs looks again, so a device switched on meanwhile is found', async () => {
    const running = t.api('POST', '/api/home/discovered/scan', { token: admin });
    protocol.devices.push({ integration: 'wled', address: '127.0.0.1:3', name: 'WLED-shelf' });
    const asked = await t.api('POST', '/api/home/discovered/scan', { token: admin });
    await running;
    expect(asked.body.map((o: any) => o.address)).toContain('127.0.0.1:3');
  });

  it('adding an offer through the pairing takes it off the list', async () => {
    const offer = (await t.api('GET', '/api/home/discovered', { token: admin })).body.find(
      (o: any) => o.integration === 'shelly',
    );
    const paired = await t.api('POST', '/api/home/integrations/shelly/pair', {
      token: admin,
      body: { address: offer.address },
    });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    const after = (await t.api('POST', '/api/home/discovered/scan', { token: admin })).body;
    expect(after.some((o: any) => o.integration === 'shelly')).toBe(false);
    expect(after.some((o: any) => o.integration === 'wled')).toBe(true);
  });
});
