import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SimulatedDevice } from '../local/simulated-device.js';
import { WebSocketServer, type WebSocket } from 'ws';
import { text } from '../../text.js';

/** An RPC error answer (Shelly's `{code, message}`), thrown inside a method's handler. */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A Shelly Gen2+ device on 127.0.0.1, written from Shelly's public API documentation
 * (shelly-api-docs.shelly.cloud/gen2): `GET /shelly`, JSON-RPC 2.0 frames over `POST /rpc` and
 * `GET /rpc/<Method>?…`, and the inbound WebSocket `/rpc` channel whose clients (identified by the
 * `src` of their first frame) receive `NotifyStatus`, `NotifyFullStatus` and `NotifyEvent`.
 * Authentication, when a password is set, is digest SHA-256 (RFC 7616) with realm = device id and
 * user `admin`; on the WebSocket it is the `auth` object of a frame with HA2 of
 * `dummy_method:dummy_uri`, and a 401 error whose message is the JSON challenge.
 * Test hooks: press an input, reboot, slow answers, malformed answers.
 */
export interface Gen2Profile {
  /** e.g. SNSW-001P16EU (Plus 1PM) */
  model: string;
  app: string;
  switches?: number;
  lights?: number;
  covers?: number;
  inputs?: { type: 'button' | 'switch' }[];
  /** A temperature add-on (temperature:100). */
  temperature?: boolean;
}

export const PROFILES = {
  plus1pm: {
    model: 'SNSW-001P16EU',
    app: 'Plus1PM',
    switches: 1,
    inputs: [{ type: 'button' }],
    temperature: true,
  },
  plus2pm_cover: {
    model: 'SNSW-102P16EU',
    app: 'Plus2PM',
    covers: 1,
    inputs: [{ type: 'switch' }, { type: 'switch' }],
  },
  dimmer: { model: 'SNDM-0013US', app: 'PlusWallDimmer', lights: 1 },
} satisfies Record<string, Gen2Profile>;

type Component = Record<string, unknown> & { id: number };

export class ShellyGen2Simulator extends SimulatedDevice {
  readonly id: string;
  readonly mac: string;
  /** Milliseconds every HTTP answer waits (a slow device). */
  delayMs = 0;
  /** Answer RPC with a body that is not JSON, or JSON of the wrong shape. */
  malformed: false | 'not_json' | 'wrong_shape' = false;
  readonly requests: string[] = [];
  readonly status: Record<string, Component> = {};
  private readonly config: Record<string, Component> = {};
  private wss: WebSocketServer | undefined;
  private readonly peers = new Map<WebSocket, string>();
  private readonly nonces = new Set<string>();
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly profile: Gen2Profile,
    private password?: string,
    name = 'shellyplus',
  ) {
    super();
    this.mac = randomBytes(6).toString('hex').toUpperCase();
    this.id = `${name}-${this.mac.toLowerCase()}`;
    for (let i = 0; i < (profile.switches ?? 0); i++) {
      this.status[`switch:${i}`] = {
        id: i,
        source: 'init',
        output: false,
        apower: 0,
        voltage: 230.1,
        current: 0,
        aenergy: { total: 1234.5, by_minute: [0, 0, 0], minute_ts: 1_700_000_000 },
        temperature: { tC: 41.2, tF: 106.2 },
      };
      this.config[`switch:${i}`] = { id: i, name: i === 0 ? 'Kettle' : null };
    }
    for (let i = 0; i < (profile.lights ?? 0); i++) {
      this.status[`light:${i}`] = { id: i, source: 'init', output: false, brightness: 50 };
      this.config[`light:${i}`] = { id: i, name: 'Hall dimmer' };
    }
    for (let i = 0; i < (profile.covers ?? 0); i++) {
      this.status[`cover:${i}`] = {
        id: i,
        source: 'init',
        state: 'closed',
        apower: 0,
        current_pos: 0,
        pos_control: true,
      };
      this.config[`cover:${i}`] = { id: i, name: 'Blind' };
    }
    (profile.inputs ?? []).forEach((inp, i) => {
      this.status[`input:${i}`] = { id: i, state: inp.type === 'button' ? null : false };
      this.config[`input:${i}`] = { id: i, name: null, type: inp.type };
    });
    if (profile.temperature) {
      this.status['temperature:100'] = { id: 100, tC: 21.5, tF: 70.7 };
      this.config['temperature:100'] = { id: 100, name: 'Boiler' };
    }
  }

  protected createServer() {
    const server = createServer((req, res) => void this.onHttp(req, res));
    this.wss = new WebSocketServer({ server, path: '/rpc' });
    this.wss.on('connection', (ws) => this.onSocket(ws));
    return server;
  }

  protected override onStop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const ws of this.peers.keys()) ws.terminate();
    this.peers.clear();
    this.wss?.close();
    // After a reboot every component reports source "init".
    for (const c of Object.values(this.status)) if ('source' in c) c.source = 'init';
  }

  setPassword(password: string | undefined) {
    this.password = password;
  }

  /** A button press on an input: NotifyEvent to every WebSocket client. */
  press(input: number, event: 'single_push' | 'double_push' | 'long_push' = 'single_push') {
    const ts = Date.now() / 1000;
    this.notify('NotifyEvent', { ts, events: [{ component: `input:${input}`, id: input, event, ts }] });
  }

  /** A change on the device itself (someone pressed the wall switch, the load changed). */
  change(key: string, patch: Record<string, unknown>) {
    Object.assign(this.status[key]!, patch);
    this.notify('NotifyStatus', { ts: Date.now() / 1000, [key]: { id: this.status[key]!.id, ...patch } });
  }

  private info() {
    return {
      name: null,
      id: this.id,
      mac: this.mac,
      slot: 0,
      model: this.profile.model,
      gen: 2,
      fw_id: '20240625-122245/1.3.3-gbdfd9b3',
      ver: '1.3.3',
      app: this.profile.app,
      auth_en: this.password !== undefined,
      auth_domain: this.password !== undefined ? this.id : null,
    };
  }

  private notify(method: string, params: Record<string, unknown>) {
    for (const [ws, src] of this.peers) ws.send(JSON.stringify({ src: this.id, dst: src, method, params }));
  }

  // --- RPC ------------------------------------------------------------------------------

  private call(
    method: string,
    params: Record<string, unknown>,
  ): { result?: unknown; error?: { code: number; message: string } } {
    const comp = (type: string) => {
      const c = this.status[`${type}:${Number(params.id ?? 0)}`];
      if (!c) throw new RpcError(-105, `Argument 'id', value ${text(params.id, 'undefined')} not found!`);
      return c;
    };
    const changed = (key: string, patch: Record<string, unknown>, source = 'HTTP_in') => {
      Object.assign(this.status[key]!, patch, { source });
      this.notify('NotifyStatus', {
        ts: Date.now() / 1000,
        [key]: { id: this.status[key]!.id, source, ...patch },
      });
    };
    try {
      switch (method) {
        case 'Shelly.GetDeviceInfo':
          return { result: this.info() };
        case 'Shelly.GetStatus':
          return { result: { sys: { mac: this.mac, restart_required: false, uptime: 100 }, ...this.status } };
        case 'Shelly.GetConfig':
          return { result: { sys: { device: { name: null, mac: this.mac } }, ...this.config } };
        case 'Switch.Set':
        case 'Switch.Toggle': {
          const c = comp('switch');
          const was_on = c.output as boolean;
          const on = method === 'Switch.Toggle' ? !was_on : params.on === true;
          changed(`switch:${c.id}`, { output: on, apower: on ? 1850.2 : 0, current: on ? 8.04 : 0 });
          return { result: { was_on } };
        }
        case 'Light.Set': {
          const c = comp('light');
          const patch: Record<string, unknown> = {};
          if (typeof params.on === 'boolean') patch.output = params.on;
          if (typeof params.brightness === 'number')
            patch.brightness = Math.max(0, Math.min(100, params.brightness));
          changed(`light:${c.id}`, patch);
          return { result: null };
        }
        case 'Cover.Open':
        case 'Cover.Close':
        case 'Cover.GoToPosition': {
          const c = comp('cover');
          const target = method === 'Cover.Open' ? 100 : method === 'Cover.Close' ? 0 : Number(params.pos);
          if (!(target >= 0 && target <= 100))
            return { error: { code: -103, message: 'Invalid argument pos' } };
          const moving = target > (c.current_pos as number) ? 'opening' : 'closing';
          changed(`cover:${c.id}`, { state: moving });
          const t = setTimeout(() => {
            this.timers.delete(t);
            changed(`cover:${c.id}`, {
              state: target === 100 ? 'open' : target === 0 ? 'closed' : 'stopped',
              current_pos: target,
            });
          }, 30);
          this.timers.add(t);
          return { result: null };
        }
        case 'Cover.Stop': {
          const c = comp('cover');
          changed(`cover:${c.id}`, { state: 'stopped' });
          return { result: null };
        }
        default:
          return { error: { code: 404, message: `No handler for ${method}` } };
      }
    } catch (err) {
      if (err instanceof RpcError) return { error: { code: err.code, message: err.message } };
      return { error: err as { code: number; message: string } };
    }
  }

  // --- HTTP -------------------------------------------------------------------------------

  private async onHttp(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const url = new URL(req.url ?? '/', 'http://device');
    this.requests.push(`${req.method} ${url.pathname}`);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/shelly') return json(200, this.info());
    let method: string;
    let params: Record<string, unknown> = {};
    let id: unknown = 1;
    if (url.pathname === '/rpc' && req.method === 'POST') {
      let frame: { id?: unknown; method?: unknown; params?: unknown };
      try {
        frame = JSON.parse(body) as typeof frame;
      } catch {
        return json(400, { code: -32700, message: 'Parse error' });
      }
      method = String(frame.method);
      params = (frame.params as Record<string, unknown> | undefined) ?? {};
      id = frame.id;
    } else if (url.pathname.startsWith('/rpc/')) {
      method = url.pathname.slice(5);
      for (const [k, v] of url.searchParams)
        params[k] = v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v;
    } else return json(404, { code: 404, message: 'Not found' });
    if (method !== 'Shelly.GetDeviceInfo' && this.password !== undefined && !this.httpAuthorized(req)) {
      const nonce = this.newNonce();
      res.writeHead(401, {
        'www-authenticate': `Digest qop="auth", realm="${this.id}", nonce="${nonce}", algorithm=SHA-256`,
        'content-type': 'application/json',
      });
      return res.end(JSON.stringify({ code: 401, message: 'Unauthorized' }));
    }
    if (this.malformed === 'not_json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"id":1,"result":{"sw');
    }
    if (this.malformed === 'wrong_shape')
      return json(200, { id, src: this.id, result: { 'switch:0': 'banana', sys: 7 } });
    const answer = this.call(method, params);
    if (url.pathname === '/rpc') return json(200, { id, src: this.id, ...answer });
    return answer.error ? json(500, answer.error) : json(200, answer.result);
  }

  private newNonce() {
    const nonce = String(Math.floor(Date.now() / 1000)) + randomBytes(4).toString('hex');
    this.nonces.add(nonce);
    return nonce;
  }

  private httpAuthorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization;
    if (!header?.startsWith('Digest ')) return false;
    const p: Record<string, string> = {};
    for (const m of header.slice(7).matchAll(/(\w+)="?([^",]*)"?/g)) p[m[1]!] = m[2]!;
    if (p.username !== 'admin' || p.realm !== this.id || !this.nonces.has(p.nonce ?? '')) return false;
    const ha1 = sha256(`admin:${this.id}:${this.password}`);
    const ha2 = sha256(`${req.method}:${p.uri}`);
    return p.response === sha256(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`);
  }

  // --- WebSocket --------------------------------------------------------------------------

  private onSocket(ws: WebSocket) {
    ws.on('message', (data) => {
      let frame: {
        id?: unknown;
        src?: unknown;
        method?: unknown;
        params?: unknown;
        auth?: Record<string, unknown>;
      };
      try {
        frame = JSON.parse((data as Buffer).toString()) as typeof frame;
      } catch {
        return;
      }
      const src = typeof frame.src === 'string' ? frame.src : undefined;
      if (!src) return;
      const method = String(frame.method);
      if (
        this.password !== undefined &&
        method !== 'Shelly.GetDeviceInfo' &&
        !this.wsAuthorized(frame.auth)
      ) {
        const challenge = {
          auth_type: 'digest',
          nonce: Math.floor(Date.now() / 1000),
          nc: 1,
          realm: this.id,
          algorithm: 'SHA-256',
        };
        this.nonces.add(String(challenge.nonce));
        return ws.send(
          JSON.stringify({
            id: frame.id,
            src: this.id,
            dst: src,
            error: { code: 401, message: JSON.stringify(challenge) },
          }),
        );
      }
      this.peers.set(ws, src);
      const answer = this.call(method, (frame.params as Record<string, unknown> | undefined) ?? {});
      ws.send(JSON.stringify({ id: frame.id, src: this.id, dst: src, ...answer }));
    });
    ws.on('close', () => this.peers.delete(ws));
  }

  private wsAuthorized(auth: Record<string, unknown> | undefined): boolean {
    if (!auth) return false;
    const nonce = String(auth.nonce);
    if (auth.username !== 'admin' || auth.realm !== this.id || !this.nonces.has(nonce)) return false;
    const ha1 = sha256(`admin:${this.id}:${this.password}`);
    const ha2 = sha256('dummy_method:dummy_uri');
    return (
      auth.response === sha256(`${ha1}:${nonce}:${text(auth.nc, '1')}:${String(auth.cnonce)}:auth:${ha2}`)
    );
  }
}

function sha256(s: string) {
  return createHash('sha256').update(s).digest('hex');
}
