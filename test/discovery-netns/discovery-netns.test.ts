import { hostname, networkInterfaces } from 'node:os';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KasaSimulator } from '../../src/integrations/kasa/simulator.js';
import { OnvifCameraSimulator } from '../../src/integrations/onvif/simulator.js';
import { PROFILES, ShellyGen2Simulator } from '../../src/integrations/shelly/simulator-gen2.js';
import { WledSimulator } from '../../src/integrations/wled/simulator.js';
import { startTestApp, withUsers, type TestApp } from '../../src/test-support/harness.js';
import { KasaUdpResponder, MdnsResponder, WsDiscoveryResponder } from './responders.js';

/**
 * Discovery over real mDNS, WS-Discovery multicast and Kasa's UDP broadcast, Hearth and the
 * devices in one process on the loopback of a private network namespace. Runs only inside the
 * namespace run.sh makes: anywhere else it is skipped, so no query ever reaches a real network.
 */
const isolated =
  process.env.HEARTH_DISCOVERY_NETNS === '1' && Object.keys(networkInterfaces()).every((n) => n === 'lo');
if (!isolated) console.warn('discovery namespace test skipped: run it with npm run test:discovery-netns');

/** Long enough for any query Hearth would send at start to arrive (a bounded wait, not a timing claim). */
const QUIET_MS = 2_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function connect(t: TestApp, token: string): Promise<Socket> {
  const socket = io(t.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe.skipIf(!isolated)('discovery on the network (private namespace)', () => {
  const shelly = new ShellyGen2Simulator(PROFILES.plus1pm, undefined, 'shellyplus1pm');
  const wled = new WledSimulator('WLED Desk');
  const kasa = new KasaSimulator('HS110');
  const cam = new OnvifCameraSimulator({ password: 'cam-pw', name: 'Porch camera' });
  const mdns = new MdnsResponder();
  let camera: WsDiscoveryResponder;
  let kasaUdp: KasaUdpResponder;

  beforeAll(async () => {
    await shelly.start();
    await wled.start();
    // Kasa is controlled on TCP 9999: free in the namespace, so the offer is the bare host, as on a LAN.
    await kasa.start(9999);
    kasaUdp = new KasaUdpResponder(kasa);
    await kasaUdp.start();
    await cam.start();
    camera = new WsDiscoveryResponder(
      `http://${cam.address}/onvif/device_service`,
      'Porch camera',
      'IPC-T54',
    );
    await camera.start();
    mdns.publish(shelly.id, 'shelly', shelly.port, { gen: '2', app: 'Plus1PM', ver: '1.4.4' });
    mdns.publish('wled-desk', 'wled', wled.port, { mac: 'a8032a000001' });
    await sleep(QUIET_MS); // the responder's own probing and announcements are done
  });
  afterAll(async () => {
    await mdns.stop();
    await camera.stop();
    await kasaUdp.stop();
    await kasa.stop();
    await cam.stop();
    await wled.stop();
    await shelly.stop();
  });

  it('sends nothing while HEARTH_DISCOVERY is off, and a scan is refused', async () => {
    const t = await startTestApp();
    try {
      const { adminToken } = await withUsers(t);
      const scan = await t.api('POST', '/api/home/discovered/scan', { token: adminToken });
      expect(scan.status).toBe(409);
      expect(scan.body.error.code).toBe('DISCOVERY_OFF');
      await sleep(QUIET_MS);
      expect((await t.api('GET', '/api/home/discovered', { token: adminToken })).body).toEqual([]);
      expect({ mdns: mdns.queries, onvif: camera.probes, kasa: kasaUdp.queries }).toEqual({
        mdns: 0,
        onvif: 0,
        kasa: 0,
      });
    } finally {
      await t.stop();
    }
  });

  describe('with HEARTH_DISCOVERY=on', () => {
    let t: TestApp;
    let admin = '';
    let socket: Socket;
    const live: any[] = [];
    beforeAll(async () => {
      t = await startTestApp({
        config: { discovery: 'on', wifi_poll_interval: 1, wifi_timeout: 1 },
        discovery: { timing: { listenMs: 1_500 } },
      });
      admin = (await withUsers(t)).adminToken;
      socket = await connect(t, admin);
      socket.on('device_discovered', (o) => live.push(o));
    });
    afterAll(async () => {
      socket.close();
      await t.stop();
    });

    it('offers the Shelly and WLED (mDNS), the camera (WS-Discovery) and the Kasa plug (UDP broadcast)', async () => {
      const offers = (await t.api('POST', '/api/home/discovered/scan', { token: admin })).body;
      const byKind = Object.fromEntries(offers.map((o: any) => [o.integration, o]));
      expect(byKind.shelly).toMatchObject({ address: shelly.address, name: shelly.id, model: 'Plus1PM' });
      expect(byKind.wled).toMatchObject({ address: wled.address, name: 'wled-desk' });
      expect(byKind.onvif).toMatchObject({
        address: cam.address,
        name: 'Porch camera',
        model: 'IPC-T54',
      });
      expect(byKind.kasa).toMatchObject({
        address: '127.0.0.1',
        name: 'Washing machine',
        model: 'HS110(EU)',
      });
      expect(mdns.queries).toBeGreaterThan(0);
      expect(camera.probes).toBeGreaterThan(0);
      expect(kasaUdp.queries).toBeGreaterThan(0);
    });

    it('pairs nothing by itself', async () => {
      for (const id of ['shelly', 'wled', 'kasa', 'onvif'])
        expect((await t.api('GET', `/api/home/integrations/${id}/devices`, { token: admin })).body).toEqual(
          [],
        );
      expect((await t.api('GET', '/api/home/entities?integration=shelly', { token: admin })).body).toEqual(
        [],
      );
    });

    it('adds an offer through the normal pairing, and then no longer offers it', async () => {
      const offers = (await t.api('GET', '/api/home/discovered', { token: admin })).body;
      for (const kind of ['shelly', 'kasa']) {
        const offer = offers.find((o: any) => o.integration === kind);
        const res = await t.api('POST', `/api/home/integrations/${kind}/pair`, {
          token: admin,
          body: { address: offer.address },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      // The camera takes its credentials, as when it is added by address.
      const camOffer = offers.find((o: any) => o.integration === 'onvif');
      const res = await t.api('POST', '/api/home/integrations/onvif/pair', {
        token: admin,
        body: { address: camOffer.address, username: 'admin', password: 'cam-pw' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const after = (await t.api('POST', '/api/home/discovered/scan', { token: admin })).body;
      expect(after.map((o: any) => o.integration).sort()).toEqual(['wled']);
    });

    it("sends a device that turns up later to the admin's socket as it is found", async () => {
      const later = new WledSimulator('WLED Porch');
      await later.start();
      try {
        mdns.publish('wled-porch', 'wled', later.port, { mac: 'a8032a000002' });
        await expect.poll(() => live.map((o) => o.address), { timeout: 15_000 }).toContain(later.address);
        // It came from an announcement or the next scan; either way it is offered, not added.
        const offers = (await t.api('GET', '/api/home/discovered', { token: admin })).body;
        expect(offers.some((o: any) => o.address === later.address)).toBe(true);
      } finally {
        await later.stop();
      }
    });

    it('never advertises: every mDNS answer on the link is one of the devices', () => {
      expect(mdns.responseNames.length).toBeGreaterThan(0);
      // The responder's records: its services, their types, and its host name (the SRV target).
      const devices = (n: string) =>
        /(^|\.)_(shelly|wled)\._tcp\.local$|^_services\._dns-sd\._udp\.local$/.test(n) ||
        n === `${hostname()}.local`;
      expect(mdns.responseNames.filter((n) => !devices(n))).toEqual([]);
    });
  });
});
