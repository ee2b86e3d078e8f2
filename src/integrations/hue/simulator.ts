import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { SimulatedDevice } from '../local/simulated-device.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh self-signed certificate (as a Hue bridge presents), made with openssl. */
export function selfSignedCertificate(cn: string): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hue-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '30',
        '-subj',
        `/CN=${cn}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Resource = Record<string, unknown> & { id: string; type: string };

/**
 * A Hue bridge on 127.0.0.1 over HTTPS with a self-signed certificate, written from the Hue API v2
 * (CLIP) documentation: link-button pairing on `POST /api` (error 101 until the button is
 * pressed, then `{success:{username,clientkey}}`), `GET /api/0/config` without a key, resources
 * under `/clip/v2/resource/<type>[/<id>]` with `hue-application-key` (403 without), `PUT` on a
 * light or a scene (`recall`), and the server-sent event stream `/eventstream/clip/v2`.
 */
export class HueBridgeSimulator extends SimulatedDevice {
  delayMs = 0;
  buttonPressed = false;
  readonly bridgeId = randomBytes(8).toString('hex').toUpperCase();
  readonly keys = new Set<string>();
  readonly resources: Resource[] = [];
  private tls = selfSignedCertificate(this.bridgeId.toLowerCase());
  private readonly streams = new Set<ServerResponse>();
  private eventId = 0;

  constructor() {
    super();
    const colorLamp = randomUUID();
    const ambiance = randomUUID();
    const motionDevice = randomUUID();
    const dimmer = randomUUID();
    const room = randomUUID();
    this.resources.push(
      {
        id: colorLamp,
        type: 'device',
        product_data: {
          model_id: 'LCA001',
          manufacturer_name: 'Signify Netherlands B.V.',
          product_name: 'Hue color lamp',
        },
        metadata: { name: 'Sofa lamp', archetype: 'sultan_bulb' },
        services: [{ rid: 'l1', rtype: 'light' }],
      },
      {
        id: ambiance,
        type: 'device',
        product_data: {
          model_id: 'LTA001',
          manufacturer_name: 'Signify Netherlands B.V.',
          product_name: 'Hue ambiance lamp',
        },
        metadata: { name: 'Reading lamp', archetype: 'classic_bulb' },
        services: [{ rid: 'l2', rtype: 'light' }],
      },
      {
        id: motionDevice,
        type: 'device',
        product_data: {
          model_id: 'SML001',
          manufacturer_name: 'Signify Netherlands B.V.',
          product_name: 'Hue motion sensor',
        },
        metadata: { name: 'Hall sensor', archetype: 'unknown_archetype' },
        services: [
          { rid: 'm1', rtype: 'motion' },
          { rid: 't1', rtype: 'temperature' },
          { rid: 'll1', rtype: 'light_level' },
        ],
      },
      {
        id: dimmer,
        type: 'device',
        product_data: {
          model_id: 'RWL022',
          manufacturer_name: 'Signify Netherlands B.V.',
          product_name: 'Hue dimmer switch',
        },
        metadata: { name: 'Dimmer', archetype: 'unknown_archetype' },
        services: [{ rid: 'b1', rtype: 'button' }],
      },
      {
        id: 'l1',
        type: 'light',
        owner: { rid: colorLamp, rtype: 'device' },
        metadata: { name: 'Sofa lamp', archetype: 'sultan_bulb' },
        on: { on: false },
        dimming: { brightness: 50, min_dim_level: 0.2 },
        color_temperature: {
          mirek: 366,
          mirek_valid: true,
          mirek_schema: { mirek_minimum: 153, mirek_maximum: 500 },
        },
        color: { xy: { x: 0.4573, y: 0.41 }, gamut_type: 'C' },
        mode: 'normal',
      },
      {
        id: 'l2',
        type: 'light',
        owner: { rid: ambiance, rtype: 'device' },
        metadata: { name: 'Reading lamp', archetype: 'classic_bulb' },
        on: { on: false },
        dimming: { brightness: 80 },
        color_temperature: {
          mirek: 250,
          mirek_valid: true,
          mirek_schema: { mirek_minimum: 153, mirek_maximum: 454 },
        },
        mode: 'normal',
      },
      {
        id: 'm1',
        type: 'motion',
        owner: { rid: motionDevice, rtype: 'device' },
        enabled: true,
        motion: { motion: false, motion_valid: true },
      },
      {
        id: 't1',
        type: 'temperature',
        owner: { rid: motionDevice, rtype: 'device' },
        enabled: true,
        temperature: { temperature: 20.5, temperature_valid: true },
      },
      {
        id: 'll1',
        type: 'light_level',
        owner: { rid: motionDevice, rtype: 'device' },
        enabled: true,
        light: { light_level: 20001, light_level_valid: true },
      },
      {
        id: 'b1',
        type: 'button',
        owner: { rid: dimmer, rtype: 'device' },
        metadata: { control_id: 1 },
        button: { last_event: 'initial_press' },
      },
      {
        id: room,
        type: 'room',
        metadata: { name: 'Living room', archetype: 'living_room' },
        children: [
          { rid: colorLamp, rtype: 'device' },
          { rid: ambiance, rtype: 'device' },
        ],
        services: [],
      },
      {
        id: 's1',
        type: 'scene',
        metadata: { name: 'Relax' },
        group: { rid: room, rtype: 'room' },
        actions: [
          {
            target: { rid: 'l1', rtype: 'light' },
            action: { on: { on: true }, dimming: { brightness: 40 } },
          },
          {
            target: { rid: 'l2', rtype: 'light' },
            action: { on: { on: true }, dimming: { brightness: 40 } },
          },
        ],
      },
    );
  }

  /** A new certificate (a replaced bridge, or someone in the middle): Hearth must refuse it. */
  changeCertificate() {
    this.tls = selfSignedCertificate('impostor');
  }

  protected createServer() {
    return createServer({ key: this.tls.key, cert: this.tls.cert }, (req, res) => void this.onHttp(req, res));
  }

  protected override onStop() {
    for (const s of this.streams) s.destroy();
    this.streams.clear();
  }

  /** A change on the bridge's side (a Hue app, a sensor): an `update` event on every stream. */
  update(id: string, patch: Record<string, unknown>) {
    const r = this.resources.find((x) => x.id === id)!;
    for (const [k, v] of Object.entries(patch))
      r[k] = typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...(r[k] as object), ...v } : v;
    const event = [
      {
        creationtime: new Date().toISOString(),
        id: randomUUID(),
        type: 'update',
        data: [{ id, type: r.type, ...(r.owner ? { owner: r.owner } : {}), ...patch }],
      },
    ];
    const text = `id: ${Math.floor(Date.now() / 1000)}:${this.eventId++}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const s of this.streams) s.write(text);
  }

  private async onHttp(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const path = (req.url ?? '/').split('?')[0]!;
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (path === '/api/0/config' || path === '/api/config')
      return json(200, {
        name: 'Hue Bridge',
        datastoreversion: '166',
        swversion: '1967054020',
        apiversion: '1.67.0',
        mac: 'ec:b5:fa:00:00:01',
        bridgeid: this.bridgeId,
        factorynew: false,
        replacesbridgeid: null,
        modelid: 'BSB002',
        starterkitid: '',
      });
    if (path === '/api' && req.method === 'POST') {
      if (!this.buttonPressed)
        return json(200, [{ error: { type: 101, address: '', description: 'link button not pressed' } }]);
      const username = randomBytes(20).toString('base64url');
      this.keys.add(username);
      return json(200, [{ success: { username, clientkey: randomBytes(16).toString('hex').toUpperCase() } }]);
    }
    const key = req.headers['hue-application-key'];
    if (typeof key !== 'string' || !this.keys.has(key))
      return json(403, { errors: [{ description: 'unauthorized user' }], data: [] });
    if (path === '/eventstream/clip/v2') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': hi\n\n');
      this.streams.add(res);
      res.on('close', () => this.streams.delete(res));
      return;
    }
    const m = /^\/clip\/v2\/resource(?:\/([a-z_]+)(?:\/([\w-]+))?)?$/.exec(path);
    if (!m) return json(404, { errors: [{ description: 'not found' }], data: [] });
    const [, type, id] = m;
    if (req.method === 'GET') {
      const list = this.resources.filter((r) => (!type || r.type === type) && (!id || r.id === id));
      return json(200, { errors: [], data: list });
    }
    if (req.method === 'PUT' && type && id) {
      const r = this.resources.find((x) => x.type === type && x.id === id);
      if (!r) return json(404, { errors: [{ description: `resource ${id} not found` }], data: [] });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      } catch {
        return json(400, { errors: [{ description: 'body contains invalid JSON' }], data: [] });
      }
      if (type === 'scene' && isObj(body.recall)) {
        for (const a of r.actions as { target: { rid: string }; action: Record<string, unknown> }[])
          this.update(a.target.rid, a.action);
      } else {
        if (isObj(body.color_temperature)) body.color = undefined;
        const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
        if (isObj(patch.color_temperature))
          patch.color_temperature = { ...patch.color_temperature, mirek_valid: true };
        this.update(id, patch);
      }
      return json(200, { errors: [], data: [{ rid: id, rtype: type }] });
    }
    return json(405, { errors: [{ description: 'method not available' }], data: [] });
  }
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
