import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { SimulatedDevice } from '../local/simulated-device.js';
import { WebSocketServer, type WebSocket } from 'ws';

const EFFECTS = [
  'Solid',
  'Blink',
  'Breathe',
  'Wipe',
  'Wipe Random',
  'Random Colors',
  'Sweep',
  'Dynamic',
  'Colorloop',
  'Rainbow',
];

interface Segment {
  id: number;
  start: number;
  stop: number;
  len: number;
  on: boolean;
  bri: number;
  col: number[][];
  fx: number;
  sx: number;
  ix: number;
  pal: number;
  sel: boolean;
}

/**
 * A WLED controller on 127.0.0.1, written from WLED's JSON API documentation (kno.wled.ge/interfaces/json-api
 * and /websocket): `GET /json/info`, `GET/POST /json/state` (a POST with `"v":true` answers the
 * full new state), `GET /json/effects`, `GET /json`, and the `/ws` WebSocket that sends
 * `{state, info}` on connect and after every change (and accepts state objects too).
 */
export class WledSimulator extends SimulatedDevice {
  delayMs = 0;
  malformed = false;
  readonly requests: string[] = [];
  readonly mac = randomBytes(6).toString('hex');
  state = {
    on: false,
    bri: 128,
    transition: 7,
    ps: -1,
    pl: -1,
    mainseg: 0,
    seg: [] as Segment[],
  };
  private wss: WebSocketServer | undefined;

  constructor(
    readonly name = 'WLED Shelf',
    segments = 1,
  ) {
    super();
    for (let i = 0; i < segments; i++)
      this.state.seg.push({
        id: i,
        start: i * 30,
        stop: (i + 1) * 30,
        len: 30,
        on: true,
        bri: 255,
        col: [
          [255, 160, 0],
          [0, 0, 0],
          [0, 0, 0],
        ],
        fx: 0,
        sx: 128,
        ix: 128,
        pal: 0,
        sel: i === 0,
      });
  }

  info() {
    return {
      ver: '0.14.4',
      vid: 2405180,
      leds: {
        count: this.state.seg.length * 30,
        pwr: this.state.on ? 420 : 0,
        fps: 42,
        maxpwr: 850,
        maxseg: 32,
        rgbw: false,
        cct: 0,
      },
      name: this.name,
      udpport: 21324,
      live: false,
      fxcount: EFFECTS.length,
      palcount: 71,
      arch: 'esp32',
      core: 'v3.3.6',
      brand: 'WLED',
      product: 'FOSS',
      mac: this.mac,
      ip: '127.0.0.1',
    };
  }

  protected createServer() {
    const server = createServer((req, res) => void this.onHttp(req, res));
    this.wss = new WebSocketServer({ server, path: '/ws' });
    this.wss.on('connection', (ws) => this.onSocket(ws));
    return server;
  }

  protected override onStop() {
    for (const ws of this.wss?.clients ?? []) ws.terminate();
    this.wss?.close();
  }

  /** A change made on the controller itself (its button, another app): pushed to every /ws client. */
  apply(patch: Record<string, unknown>) {
    const { seg, ...top } = patch as { seg?: Partial<Segment>[]; [k: string]: unknown };
    for (const [k, v] of Object.entries(top))
      if (k in this.state && k !== 'seg') (this.state as Record<string, unknown>)[k] = v;
    for (const s of seg ?? []) {
      const target = this.state.seg.find((x) => x.id === (s.id ?? this.state.mainseg));
      if (target) Object.assign(target, s);
    }
    if (typeof top.ps === 'undefined' && (top.on !== undefined || top.bri !== undefined || seg))
      this.state.ps = -1;
    this.broadcast();
  }

  private broadcast() {
    const text = JSON.stringify({ state: this.state, info: this.info() });
    for (const ws of this.wss?.clients ?? []) ws.send(text);
  }

  private async onHttp(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const path = (req.url ?? '/').split('?')[0]!;
    this.requests.push(`${req.method} ${path}`);
    const json = (value: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(this.malformed ? '{"state":{"on":tr' : JSON.stringify(value));
    };
    if (path === '/json/info') return json(this.info());
    if (path === '/json/effects') return json(EFFECTS);
    if (path === '/json' || path === '/json/si')
      return json({
        state: this.state,
        info: this.info(),
        ...(path === '/json' ? { effects: EFFECTS } : {}),
      });
    if (path === '/json/state' && req.method === 'POST') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end('{"error":9}');
      }
      const { v, ...patch } = body;
      this.apply(patch);
      return json(v ? this.state : { success: true });
    }
    if (path === '/json/state') return json(this.state);
    res.writeHead(404);
    res.end('Not found');
  }

  private onSocket(ws: WebSocket) {
    ws.send(JSON.stringify({ state: this.state, info: this.info() }));
    ws.on('message', (data) => {
      try {
        const { v, ...patch } = JSON.parse((data as Buffer).toString()) as Record<string, unknown>;
        if (Object.keys(patch).length > 0) this.apply(patch);
        else if (v) ws.send(JSON.stringify({ state: this.state, info: this.info() }));
      } catch {
        /* WLED ignores what it cannot parse */
      }
    });
  }
}
