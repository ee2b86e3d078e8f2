import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SimulatedDevice } from '../local/simulated-device.js';

/**
 * A Shelly Gen1 device on 127.0.0.1, from Shelly's Gen1 HTTP API documentation
 * (shelly-api-docs.shelly.cloud/gen1): `/shelly` (open), `/settings`, `/status`,
 * `/relay/N?turn=`, `/light/N?turn=&brightness=`, `/roller/N?go=open|close|stop|to_pos&roller_pos=`,
 * HTTP basic auth when a login is set. Meter `total` is in watt-minutes; inputs count events.
 */
export type Gen1Kind = 'SHSW-PM' | 'SHSW-25' | 'SHDM-2';

export class ShellyGen1Simulator extends SimulatedDevice {
  delayMs = 0;
  malformed = false;
  readonly mac = randomBytes(6).toString('hex').toUpperCase();
  readonly relays: { ison: boolean; source: string }[] = [];
  readonly meters: { power: number; total: number; is_valid: boolean }[] = [];
  readonly lights: { ison: boolean; brightness: number }[] = [];
  readonly rollers: { state: string; current_pos: number; last_direction: string }[] = [];
  readonly inputs: { input: number; event: string; event_cnt: number }[] = [];
  constructor(
    readonly kind: Gen1Kind,
    private readonly login?: { username: string; password: string },
  ) {
    super();
    if (kind === 'SHSW-PM') {
      this.relays.push({ ison: false, source: 'input' });
      this.meters.push({ power: 0, total: 60_000, is_valid: true });
      this.inputs.push({ input: 0, event: '', event_cnt: 0 });
    } else if (kind === 'SHSW-25') {
      this.relays.push({ ison: false, source: 'input' }, { ison: false, source: 'input' });
      this.rollers.push({ state: 'stop', current_pos: 0, last_direction: 'close' });
    } else this.lights.push({ ison: false, brightness: 40 });
  }

  protected createServer() {
    return createServer((req, res) => void this.onHttp(req, res));
  }

  press(input: number, event = 'S') {
    const i = this.inputs[input]!;
    i.event = event;
    i.event_cnt++;
  }

  private status() {
    return {
      mac: this.mac,
      relays: this.relays.map((r) => ({ ...r, has_timer: false, overpower: false })),
      meters: this.meters,
      lights: this.lights,
      rollers: this.rollers.map((r) => ({
        ...r,
        power: 0,
        is_valid: true,
        calibrating: false,
        positioning: true,
      })),
      inputs: this.inputs,
      uptime: 100,
    };
  }

  private async onHttp(req: IncomingMessage, res: ServerResponse) {
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const url = new URL(req.url ?? '/', 'http://device');
    const json = (value: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(this.malformed ? '<html>oops' : JSON.stringify(value));
    };
    if (url.pathname === '/shelly')
      return json({
        type: this.kind,
        mac: this.mac,
        auth: this.login !== undefined,
        fw: '20230913-112003/v1.14.0-gcb84623',
        num_outputs: this.relays.length || this.lights.length,
      });
    if (this.login) {
      const expected = `Basic ${Buffer.from(`${this.login.username}:${this.login.password}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'www-authenticate': `Basic realm="${this.kind} #${this.mac.slice(-6)}"` });
        return res.end('401 Unauthorized');
      }
    }
    const q = url.searchParams;
    const [, kind, idText] = url.pathname.split('/');
    const id = Number(idText);
    if (url.pathname === '/settings')
      return json({
        device: { type: this.kind, mac: this.mac, hostname: `shelly-${this.mac.slice(-6).toLowerCase()}` },
        name: 'Porch',
        mode: this.rollers.length ? 'roller' : 'relay',
        relays: this.relays.map((_, i) => ({ name: i === 0 ? 'Porch light' : null })),
        lights: this.lights.map(() => ({ name: 'Stairs' })),
        rollers: this.rollers.map(() => ({ name: 'Patio awning' })),
      });
    if (url.pathname === '/status') return json(this.status());
    if (kind === 'relay' && this.relays[id]) {
      const r = this.relays[id];
      const turn = q.get('turn');
      if (turn) {
        r.ison = turn === 'toggle' ? !r.ison : turn === 'on';
        r.source = 'http';
        if (this.meters[id]) this.meters[id].power = r.ison ? 60.5 : 0;
      }
      return json({ ...r, has_timer: false });
    }
    if (kind === 'light' && this.lights[id]) {
      const l = this.lights[id];
      if (q.get('turn')) l.ison = q.get('turn') === 'on';
      if (q.get('brightness')) l.brightness = Number(q.get('brightness'));
      return json(l);
    }
    if (kind === 'roller' && this.rollers[id]) {
      const r = this.rollers[id];
      const go = q.get('go');
      if (go === 'open' || go === 'close') {
        r.state = go;
        r.last_direction = go;
        setTimeout(() => Object.assign(r, { state: 'stop', current_pos: go === 'open' ? 100 : 0 }), 30);
      } else if (go === 'stop') r.state = 'stop';
      else if (go === 'to_pos') {
        const target = Number(q.get('roller_pos'));
        r.state = target > r.current_pos ? 'open' : 'close';
        setTimeout(() => Object.assign(r, { state: 'stop', current_pos: target }), 30);
      }
      return json(r);
    }
    res.writeHead(404);
    res.end('Not Found');
  }
}
