import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TP-Link Kasa device on 127.0.0.1, from the published description of its local protocol
 * (softScheck's reverse engineering, as used by tplink-smarthome-api): JSON over TCP, each message
 * a 4-byte big-endian length and the text "encrypted" by autokey XOR starting at 171. It answers
 * `system.get_sysinfo`, `system.set_relay_state` (with `context.child_ids` on power strips),
 * `emeter.get_realtime` (HS110) and `smartlife.iot.smartbulb.lightingservice.transition_light_state`.
 */
export type KasaKind = 'HS110' | 'HS300' | 'KL130';

export function encrypt(text: string): Buffer {
  const out = Buffer.from(text);
  let key = 171;
  for (let i = 0; i < out.length; i++) key = out[i] = out[i]! ^ key;
  return out;
}

export function decrypt(data: Buffer): string {
  const out = Buffer.alloc(data.length);
  let key = 171;
  for (let i = 0; i < data.length; i++) {
    out[i] = data[i]! ^ key;
    key = data[i]!;
  }
  return out.toString();
}

/** The parts of a request this simulator answers (TP-Link's smart-home protocol over TCP 9999). */
interface KasaRequest {
  context?: { child_ids?: string[] };
  system?: { get_sysinfo?: unknown; set_relay_state?: { state?: unknown } };
  emeter?: { get_realtime?: unknown };
  'smartlife.iot.smartbulb.lightingservice'?: {
    transition_light_state?: Partial<
      Record<'on_off' | 'brightness' | 'color_temp' | 'hue' | 'saturation', unknown>
    >;
  };
}

export class KasaSimulator {
  port = 0;
  delayMs = 0;
  malformed = false;
  readonly mac = randomBytes(6).toString('hex').toUpperCase().match(/../g)!.join(':');
  readonly deviceId = randomBytes(20).toString('hex').toUpperCase();
  relay = 0;
  readonly children: { id: string; state: number; alias: string }[] = [];
  light = { on_off: 0, brightness: 60, color_temp: 2700, hue: 0, saturation: 0 };
  power_mw = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(readonly kind: KasaKind) {
    if (kind === 'HS300')
      for (let i = 0; i < 3; i++)
        this.children.push({ id: `${this.deviceId}0${i}`, state: 0, alias: `Outlet ${i + 1}` });
  }

  get address() {
    return `127.0.0.1:${this.port}`;
  }

  sysinfo() {
    const common = {
      sw_ver: '1.0.12 Build 200121 Rel.175814',
      hw_ver: '2.0',
      mac: this.mac,
      deviceId: this.deviceId,
      rssi: -52,
      led_off: 0,
    };
    if (this.kind === 'KL130')
      return {
        ...common,
        model: 'KL130(EU)',
        alias: 'Bedside bulb',
        mic_type: 'IOT.SMARTBULB',
        is_dimmable: 1,
        is_color: 1,
        is_variable_color_temp: 1,
        light_state: this.light.on_off ? this.light : { on_off: 0, dft_on_state: this.light },
      };
    if (this.kind === 'HS300')
      return {
        ...common,
        model: 'HS300(US)',
        alias: 'Desk strip',
        mic_type: 'IOT.SMARTPLUGSWITCH',
        feature: 'TIM:ENE',
        child_num: 3,
        children: this.children,
      };
    return {
      ...common,
      model: 'HS110(EU)',
      alias: 'Washing machine',
      type: 'IOT.SMARTPLUGSWITCH',
      feature: 'TIM:ENE',
      relay_state: this.relay,
      on_time: 0,
    };
  }

  private handle(req: KasaRequest): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const ids = req.context?.child_ids;
    const system: Record<string, unknown> = {};
    if (req.system?.get_sysinfo !== undefined) system.get_sysinfo = { ...this.sysinfo(), err_code: 0 };
    if (req.system?.set_relay_state) {
      const state = Number(req.system.set_relay_state.state);
      if (ids)
        for (const c of this.children.filter((c) => ids.some((id) => c.id.endsWith(id)))) c.state = state;
      else this.relay = state;
      if (this.kind === 'HS110') this.power_mw = state ? 512_300 : 0;
      system.set_relay_state = { err_code: 0 };
    }
    if (Object.keys(system).length > 0) out.system = system;
    if (req.emeter?.get_realtime !== undefined)
      out.emeter =
        this.kind === 'KL130'
          ? { err_code: -1, err_msg: 'module not support' }
          : {
              get_realtime: {
                voltage_mv: 230_100,
                current_ma: Math.round(this.power_mw / 230.1),
                power_mw: this.power_mw,
                total_wh: 12_345,
                err_code: 0,
              },
            };
    const ls = req['smartlife.iot.smartbulb.lightingservice']?.transition_light_state;
    if (ls) {
      for (const k of ['on_off', 'brightness', 'color_temp', 'hue', 'saturation'] as const)
        if (typeof ls[k] === 'number') this.light[k] = ls[k];
      out['smartlife.iot.smartbulb.lightingservice'] = {
        transition_light_state: { ...this.light, err_code: 0 },
      };
    }
    return out;
  }

  async start(port = this.port) {
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      let buf = Buffer.alloc(0);
      const onData = async (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        while (buf.length >= 4 && buf.length >= 4 + buf.readUInt32BE(0)) {
          const len = buf.readUInt32BE(0);
          const text = decrypt(buf.subarray(4, 4 + len));
          buf = buf.subarray(4 + len);
          if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
          let answer: string;
          try {
            answer = this.malformed
              ? '{"system":{"get_sysinfo":'
              : JSON.stringify(this.handle(JSON.parse(text) as KasaRequest));
          } catch {
            answer = '{"err_code":-1}';
          }
          const body = encrypt(answer);
          const head = Buffer.alloc(4);
          head.writeUInt32BE(body.length);
          if (!socket.destroyed) socket.write(Buffer.concat([head, body]));
        }
      };
      socket.on('data', (chunk: Buffer) => void onData(chunk));
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }

  async reboot(downMs = 200) {
    await this.stop();
    await new Promise((r) => setTimeout(r, downMs));
    await this.start(this.port);
  }
}
