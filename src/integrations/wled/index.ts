import { Errors } from '../../errors.js';
import type { DeviceCommand, EntityAnnouncement } from '../../home/integration.js';
import {
  LocalDeviceIntegration,
  type Brand,
  type DeviceContext,
  type ProbeRequest,
  type SavedDevice,
} from '../local/devices.js';
import { deviceRequest, jsonOf } from '../local/http.js';
import { PolledSession, timingOf, type DeviceTiming } from '../local/session.js';
import { authorityOf } from '../pairing/address.js';
import type { PairableDeps } from '../pairing/catalogue.js';
import { isRecord } from '../local/json.js';
import { text } from '../../text.js';

/** WLED (JSON API, `/ws` push): the strip as a light (on, brightness, colour, effect), extra segments as lights. */
export function createWled(deps: PairableDeps) {
  const timing = timingOf(deps.config);
  const brand: Brand = {
    id: 'wled',
    name: 'WLED',
    probe: (req, _progress, signal) => probeWled(req, signal, timing.timeoutMs),
    open: (ctx) => new WledSession(ctx, timing),
  };
  return new LocalDeviceIntegration(brand, deps);
}

async function getJson(authority: string, path: string, timeoutMs: number, signal?: AbortSignal) {
  const res = await deviceRequest({ url: `http://${authority}${path}`, timeoutMs, signal });
  if (res.status !== 200) throw new SyntaxError(`${path} answered HTTP ${res.status}`);
  return jsonOf(res);
}

async function probeWled(req: ProbeRequest, signal: AbortSignal, timeoutMs: number): Promise<SavedDevice> {
  const authority = authorityOf(req.address, 80);
  let info: unknown;
  try {
    info = await getJson(authority, '/json/info', timeoutMs, signal);
  } catch (err) {
    if (err instanceof SyntaxError)
      throw Errors.unsupportedDevice(`${req.addressText} does not answer WLED's /json/info.`);
    throw err;
  }
  if (!isRecord(info) || typeof info.ver !== 'string' || typeof info.mac !== 'string' || !isRecord(info.leds))
    throw Errors.unsupportedDevice(`${req.addressText} answers /json/info, but not like WLED.`);
  const state = await getJson(authority, '/json/state', timeoutMs, signal);
  const effects = await getJson(authority, '/json/effects', timeoutMs, signal);
  if (!isRecord(state) || !Array.isArray(state.seg) || !Array.isArray(effects))
    throw Errors.unsupportedDevice(`${req.addressText} answers WLED's API with an unexpected state.`);
  return {
    id: info.mac,
    name: typeof info.name === 'string' && info.name ? info.name : 'WLED',
    manufacturer: 'WLED',
    model: `WLED ${info.ver} (${text(info.arch, 'unknown')}, ${Number(info.leds.count)} LEDs)`,
    address: req.addressText,
    data: {
      segments: state.seg.flatMap((s) => (isRecord(s) && typeof s.id === 'number' ? [s.id] : [])),
      effects: effects.filter((e): e is string => typeof e === 'string').slice(0, 300),
    },
  };
}

const toByte = (percent: number) => Math.round((percent / 100) * 255);
const toPercent = (byte: number) => Math.round((byte / 255) * 100);

class WledSession extends PolledSession {
  private readonly authority: string;
  private readonly segments: number[];
  private readonly effects: string[];

  constructor(ctx: DeviceContext, timing: DeviceTiming) {
    super(ctx, timing);
    this.authority = ctx.saved.address;
    this.segments = (ctx.saved.data.segments as number[] | undefined) ?? [0];
    this.effects = (ctx.saved.data.effects as string[] | undefined) ?? [];
  }

  protected device() {
    const { saved } = this.ctx;
    return {
      id: saved.id,
      name: saved.name,
      manufacturer: 'WLED',
      model: saved.model,
      identifiers: { mac: saved.id, address: saved.address },
    };
  }

  protected entities(): EntityAnnouncement[] {
    const { saved } = this.ctx;
    const main: EntityAnnouncement = {
      unique_id: `${saved.id}/main`,
      device_id: saved.id,
      domain: 'light',
      name: saved.name,
      capabilities: {
        actions: ['on', 'off', 'toggle', 'dim', 'set_color', ...(this.effects.length ? ['set_preset'] : [])],
        brightness: true,
        color: true,
        ...(this.effects.length ? { presets: this.effects } : {}),
      },
      attributes: { preset_kind: 'effect' },
    };
    // Segments beyond the first are parts of the strip a person controls on their own.
    const extra = this.segments.slice(1).map((id): EntityAnnouncement => ({
      unique_id: `${saved.id}/seg:${id}`,
      device_id: saved.id,
      domain: 'light',
      name: `${saved.name} segment ${id + 1}`,
      capabilities: { actions: ['on', 'off', 'toggle', 'dim', 'set_color'], brightness: true, color: true },
    }));
    return [main, ...extra];
  }

  protected override push() {
    return {
      url: `ws://${this.authority}/ws`,
      onMessage: (text: string) => {
        const frame = this.parsePush(text);
        if (frame?.state !== undefined) this.applyState(frame.state);
      },
    };
  }

  protected async poll() {
    let state: unknown;
    try {
      state = await getJson(this.authority, '/json/state', this.timing.timeoutMs);
    } catch (err) {
      if (err instanceof SyntaxError) return this.ctx.malformed('state', err);
      throw err;
    }
    this.applyState(state);
  }

  async send(command: DeviceCommand) {
    const key = command.unique_id.split('/')[1]!;
    const segId = key === 'main' ? undefined : Number(key.slice(4));
    const p = command.params;
    const body: Record<string, unknown> = {};
    const seg: Record<string, unknown> = {};
    const on = command.action !== 'off' && !(command.action === 'dim' && p.brightness === 0);
    if (['on', 'off', 'dim'].includes(command.action)) (segId === undefined ? body : seg).on = on;
    if (typeof p.brightness === 'number' && on) (segId === undefined ? body : seg).bri = toByte(p.brightness);
    if (Array.isArray(p.color)) seg.col = [p.color];
    if (command.action === 'set_preset') {
      const fx = this.effects.indexOf(String(p.preset));
      seg.fx = fx;
    }
    if (Object.keys(seg).length > 0) body.seg = [{ id: segId ?? 0, ...seg }];
    // `"v": true`: WLED answers with its whole new state — the device's own word, which confirms.
    const res = await deviceRequest({
      url: `http://${this.authority}/json/state`,
      method: 'POST',
      body: JSON.stringify({ ...body, v: true }),
      timeoutMs: this.timing.timeoutMs,
    });
    if (res.status !== 200) throw new Error(`WLED answered HTTP ${res.status}`);
    try {
      this.applyState(jsonOf(res));
    } catch (err) {
      this.ctx.malformed('command_answer', err);
      this.refreshSoon();
    }
  }

  private applyState(state: unknown) {
    if (
      !isRecord(state) ||
      typeof state.on !== 'boolean' ||
      typeof state.bri !== 'number' ||
      !Array.isArray(state.seg)
    )
      return this.ctx.malformed('state_shape');
    const { host, saved } = this.ctx;
    const segs = new Map(state.seg.filter(isRecord).map((s) => [Number(s.id), s]));
    const main = segs.get(typeof state.mainseg === 'number' ? state.mainseg : 0) ?? segs.get(0);
    const color =
      main && Array.isArray(main.col) && Array.isArray(main.col[0]) ? main.col[0].slice(0, 3) : undefined;
    const fx = main && typeof main.fx === 'number' ? this.effects[main.fx] : undefined;
    host.reportState(`${saved.id}/main`, state.on ? 'on' : 'off', {
      brightness: toPercent(state.bri),
      ...(color ? { color } : {}),
      ...(fx ? { preset: fx } : {}),
      segments: state.seg.length,
    });
    for (const id of this.segments.slice(1)) {
      const s = segs.get(id);
      if (!s || typeof s.on !== 'boolean') continue;
      const c = Array.isArray(s.col) && Array.isArray(s.col[0]) ? s.col[0].slice(0, 3) : undefined;
      host.reportState(`${saved.id}/seg:${id}`, s.on && state.on ? 'on' : 'off', {
        ...(typeof s.bri === 'number' ? { brightness: toPercent(s.bri) } : {}),
        ...(c ? { color: c } : {}),
      });
    }
  }
}
