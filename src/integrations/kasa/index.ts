import tplink, { type Client } from 'tplink-smarthome-api';
import { Errors } from '../../errors.js';
import type { DeviceCommand, EntityAnnouncement } from '../../home/integration.js';
import { hsToRgb, type Rgb } from '../../home/color.js';
import {
  LocalDeviceIntegration,
  type Brand,
  type DeviceContext,
  type ProbeRequest,
  type SavedDevice,
} from '../local/devices.js';
import { DeviceRequestError } from '../local/http.js';
import { isRecord } from '../local/json.js';
import { PolledSession, timingOf, type DeviceTiming } from '../local/session.js';
import type { PairableDeps } from '../pairing/catalogue.js';
import { text } from '../../text.js';

const LIGHTING = 'smartlife.iot.smartbulb.lightingservice';
// tplink-smarthome-api is CommonJS: under Node's ESM its classes are on the default export only.

/** TP-Link Kasa plugs, power strips and bulbs over their local protocol (tplink-smarthome-api, TCP 9999). */
export function createKasa(deps: PairableDeps) {
  const timing = timingOf(deps.config);
  // The library's own log would go to the console; Hearth logs what matters itself.
  const client = new tplink.Client({
    defaultSendOptions: { timeout: timing.timeoutMs, transport: 'tcp' },
    logLevel: 'silent',
  });
  const brand: Brand = {
    id: 'kasa',
    name: 'TP-Link Kasa',
    probe: (req) => probeKasa(client, req),
    open: (ctx) => new KasaSession(ctx, timing, client),
  };
  return new LocalDeviceIntegration(brand, deps);
}

/** The library's errors (socket errors, its own timeout) as the device-request errors the rest understands. */
async function call(
  client: Client,
  host: string,
  port: number,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let body: string;
  try {
    body = await client.send(payload, host, port);
  } catch (err) {
    const e = err as Error & { code?: string };
    if (/timeout/i.test(e.message))
      throw new DeviceRequestError('timeout', `${host}:${port} did not answer in time`);
    throw new DeviceRequestError('unreachable', `${host}:${port}: ${e.code ?? e.message}`, e.code);
  }
  const answer: unknown = JSON.parse(body);
  if (!isRecord(answer)) throw new SyntaxError('the answer is not an object');
  return answer;
}

const hostPort = (address: string) => {
  const m = /^(.*?)(?::(\d+))?$/.exec(address)!;
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port: m[2] ? Number(m[2]) : 9999 };
};

async function probeKasa(client: Client, req: ProbeRequest): Promise<SavedDevice> {
  const { host, port } = { host: req.address.host, port: req.address.port ?? 9999 };
  const answer = await call(client, host, port, { system: { get_sysinfo: {} } });
  const info =
    isRecord(answer.system) && isRecord(answer.system.get_sysinfo) ? answer.system.get_sysinfo : undefined;
  if (!info || typeof info.deviceId !== 'string')
    throw Errors.unsupportedDevice(`${req.addressText} answers, but not like a Kasa device.`);
  const type = text(info.mic_type ?? info.type);
  const bulb = type.includes('SMARTBULB');
  if (!bulb && !type.includes('SMARTPLUG'))
    throw Errors.unsupportedDevice(
      `${req.addressText} is a Kasa ${String(info.model)} (${type}), which Hearth does not support yet.`,
    );
  const children = Array.isArray(info.children)
    ? info.children.filter(isRecord).map((c) => ({ id: String(c.id), alias: text(c.alias) }))
    : [];
  return {
    id: info.deviceId.toLowerCase(),
    name: typeof info.alias === 'string' && info.alias ? info.alias : String(info.model),
    manufacturer: 'TP-Link',
    model: text(info.model, 'Kasa'),
    address: req.addressText,
    data: {
      kind: bulb ? 'bulb' : children.length ? 'strip' : 'plug',
      children,
      metering: text(info.feature).includes('ENE'),
      color: info.is_color === 1,
      color_temp: info.is_variable_color_temp === 1,
      dimmable: info.is_dimmable === 1,
    },
  };
}

class KasaSession extends PolledSession {
  private readonly host: string;
  private readonly port: number;
  private readonly d: {
    kind: string;
    children: { id: string; alias: string }[];
    metering: boolean;
    color: boolean;
    color_temp: boolean;
    dimmable: boolean;
  };

  constructor(
    ctx: DeviceContext,
    timing: DeviceTiming,
    private readonly client: Client,
  ) {
    super(ctx, timing);
    ({ host: this.host, port: this.port } = hostPort(ctx.saved.address));
    this.d = ctx.saved.data as KasaSession['d'];
  }

  protected device() {
    const { saved } = this.ctx;
    return {
      id: saved.id,
      name: saved.name,
      manufacturer: 'TP-Link',
      model: saved.model,
      identifiers: { device_id: saved.id, address: saved.address },
    };
  }

  protected entities(): EntityAnnouncement[] {
    const { saved } = this.ctx;
    const base = { device_id: saved.id };
    if (this.d.kind === 'bulb')
      return [
        {
          ...base,
          unique_id: `${saved.id}/light`,
          domain: 'light',
          name: saved.name,
          capabilities: {
            actions: [
              'on',
              'off',
              'toggle',
              ...(this.d.dimmable ? ['dim'] : []),
              ...(this.d.color_temp ? ['set_color_temp'] : []),
              ...(this.d.color ? ['set_color'] : []),
            ],
            brightness: this.d.dimmable,
            ...(this.d.color_temp ? { color_temp: { min_kelvin: 2500, max_kelvin: 9000 } } : {}),
            ...(this.d.color ? { color: true } : {}),
          },
        },
      ];
    const outlets =
      this.d.kind === 'strip'
        ? this.d.children.map((c, i) => ({
            key: `outlet:${c.id.slice(-2)}`,
            name: c.alias || `${saved.name} outlet ${i + 1}`,
          }))
        : [{ key: 'relay', name: saved.name }];
    const out: EntityAnnouncement[] = outlets.map((o) => ({
      ...base,
      unique_id: `${saved.id}/${o.key}`,
      domain: 'switch' as const,
      name: o.name,
      capabilities: { actions: ['on', 'off', 'toggle'] },
    }));
    if (this.d.metering && this.d.kind === 'plug')
      out.push(
        {
          ...base,
          unique_id: `${saved.id}/power`,
          domain: 'sensor',
          name: `${saved.name} power`,
          capabilities: { actions: [] },
          attributes: { device_class: 'power', unit_of_measurement: 'W' },
        },
        {
          ...base,
          unique_id: `${saved.id}/energy`,
          domain: 'sensor',
          name: `${saved.name} energy`,
          capabilities: { actions: [] },
          attributes: { device_class: 'energy', unit_of_measurement: 'kWh' },
        },
      );
    return out;
  }

  protected async poll() {
    let answer: Record<string, unknown>;
    try {
      answer = await call(this.client, this.host, this.port, {
        system: { get_sysinfo: {} },
        ...(this.d.metering && this.d.kind === 'plug' ? { emeter: { get_realtime: {} } } : {}),
      });
    } catch (err) {
      if (err instanceof SyntaxError) return this.ctx.malformed('sysinfo', err);
      throw err;
    }
    const info =
      isRecord(answer.system) && isRecord(answer.system.get_sysinfo) ? answer.system.get_sysinfo : undefined;
    if (!info) return this.ctx.malformed('sysinfo_shape');
    this.apply(info);
    const rt =
      isRecord(answer.emeter) && isRecord(answer.emeter.get_realtime)
        ? answer.emeter.get_realtime
        : undefined;
    const { host, saved } = this.ctx;
    // Firmware v1 reports power/total in W/kWh, v2 in mW/Wh.
    if (rt && typeof (rt.power_mw ?? rt.power) === 'number')
      host.reportState(
        `${saved.id}/power`,
        typeof rt.power_mw === 'number' ? rt.power_mw / 1000 : (rt.power as number),
      );
    if (rt && typeof (rt.total_wh ?? rt.total) === 'number')
      host.reportState(
        `${saved.id}/energy`,
        typeof rt.total_wh === 'number' ? rt.total_wh / 1000 : (rt.total as number),
      );
  }

  async send(command: DeviceCommand) {
    const key = command.unique_id.split('/')[1]!;
    const p = command.params;
    let payload: Record<string, unknown>;
    if (key === 'light') {
      const off = command.action === 'off' || (command.action === 'dim' && p.brightness === 0);
      const ls: Record<string, unknown> = { on_off: off ? 0 : 1, transition_period: 0 };
      if (!off && typeof p.brightness === 'number') ls.brightness = Math.round(p.brightness);
      if (typeof p.kelvin === 'number') ls.color_temp = Math.round(p.kelvin);
      if (Array.isArray(p.color)) Object.assign(ls, hueSat(p.color as Rgb), { color_temp: 0 });
      payload = { [LIGHTING]: { transition_light_state: ls } };
    } else {
      const state = command.action === 'on' ? 1 : 0;
      const child = key.startsWith('outlet:')
        ? this.d.children.find((c) => c.id.endsWith(key.slice(7)))?.id
        : undefined;
      payload = {
        ...(child ? { context: { child_ids: [child] } } : {}),
        system: { set_relay_state: { state } },
      };
    }
    const answer = await call(this.client, this.host, this.port, payload);
    const errors = JSON.stringify(answer)
      .match(/"err_code":(-?\d+)/g)
      ?.filter((e) => !e.endsWith(':0'));
    if (errors?.length) throw new Error(`the device refused it (${errors.join(', ')})`);
    // The device's next sysinfo (this immediate poll) confirms.
    this.refreshSoon();
  }

  private apply(info: Record<string, unknown>) {
    const { host, saved } = this.ctx;
    if (this.d.kind === 'bulb') {
      const ls = isRecord(info.light_state) ? info.light_state : undefined;
      if (!ls) return this.ctx.malformed('light_state');
      const on = ls.on_off === 1;
      const shown = on ? ls : isRecord(ls.dft_on_state) ? ls.dft_on_state : ls;
      const attrs: Record<string, unknown> = {};
      if (typeof shown.brightness === 'number') attrs.brightness = shown.brightness;
      if (typeof shown.color_temp === 'number' && shown.color_temp > 0) attrs.kelvin = shown.color_temp;
      else if (typeof shown.hue === 'number' && typeof shown.saturation === 'number')
        attrs.color = hsToRgb(shown.hue, shown.saturation);
      return host.reportState(`${saved.id}/light`, on ? 'on' : 'off', attrs);
    }
    if (this.d.kind === 'strip') {
      for (const c of Array.isArray(info.children) ? info.children.filter(isRecord) : [])
        host.reportState(`${saved.id}/outlet:${String(c.id).slice(-2)}`, c.state === 1 ? 'on' : 'off');
    } else if (typeof info.relay_state === 'number')
      host.reportState(`${saved.id}/relay`, info.relay_state === 1 ? 'on' : 'off');
  }
}

/** [r,g,b] → Kasa's hue (0–360) and saturation (0–100). */
function hueSat([r, g, b]: Rgb): { hue: number; saturation: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: Math.round((h * 60 + 360) % 360), saturation: max === 0 ? 0 : Math.round((d / max) * 100) };
}
