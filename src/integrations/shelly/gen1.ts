import { Errors } from '../../errors.js';
import type { DeviceCommand, EntityAnnouncement, PairingProgress } from '../../home/integration.js';
import { DeviceAuth } from '../local/auth.js';
import type { DeviceContext, ProbeRequest, SavedDevice } from '../local/devices.js';
import { deviceRequest, jsonOf } from '../local/http.js';
import { isRecord } from '../local/json.js';
import { PolledSession, type DeviceTiming } from '../local/session.js';
import { authorityOf } from '../pairing/address.js';
import { text } from '../../text.js';

/** A device login's user name: Shelly's default 'admin' when none (or an empty one) was given. */
const userOrAdmin = (username: string | undefined) =>
  username === undefined || username === '' ? 'admin' : username;

/** Relays, lights and rollers of a Gen1 device and whether relays meter power, learned at pairing. */
interface Gen1Layout {
  relays: { name: string | null; metering: boolean }[];
  lights: { name: string | null }[];
  rollers: { name: string | null }[];
  inputs: number;
}

const ROLLER_MOTION: Record<string, string> = { open: 'opening', close: 'closing' };

async function get(
  authority: string,
  path: string,
  auth: DeviceAuth | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
) {
  const res = await deviceRequest({ url: `http://${authority}${path}`, auth, timeoutMs, signal });
  if (res.status === 401)
    throw Errors.deviceAuthFailed('The Shelly refused the user name or password.', { field: 'password' });
  if (res.status !== 200) throw new Error(`${path} answered HTTP ${res.status}`);
  return jsonOf(res);
}

/**
 * A Gen1 device (`/shelly` has `type`, no `gen`): `/settings` names its relays, lights and rollers
 * and says whether it runs as a roller; `/status` has their state. Basic auth when `auth` is set.
 */
export async function probeGen1(
  req: ProbeRequest,
  info: Record<string, unknown>,
  progress: PairingProgress,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<SavedDevice> {
  progress({
    step: 'authenticating',
    message: `Found a Shelly ${String(info.type)} (Gen1); reading its settings.`,
  });
  if (info.auth === true && !req.password)
    throw Errors.deviceAuthFailed('This Shelly has a login; give its user name and password.', {
      field: 'password',
    });
  const authority = authorityOf(req.address, 80);
  const auth = req.password ? new DeviceAuth(userOrAdmin(req.username), req.password, true) : undefined;
  const settings = await get(authority, '/settings', auth, timeoutMs, signal);
  const status = await get(authority, '/status', auth, timeoutMs, signal);
  if (!isRecord(settings) || !isRecord(status)) throw new SyntaxError('settings or status is not an object');
  const roller = settings.mode === 'roller';
  const names = (list: unknown) =>
    (Array.isArray(list) ? list : []).map((x) =>
      isRecord(x) && typeof x.name === 'string' && x.name ? x.name : null,
    );
  const meters = Array.isArray(status.meters) ? status.meters : [];
  const layout: Gen1Layout = {
    relays: roller
      ? []
      : names(settings.relays).map((name, i) => ({
          name,
          metering: isRecord(meters[i]) && typeof meters[i].power === 'number',
        })),
    lights: names(settings.lights).map((name) => ({ name })),
    rollers: roller ? names(settings.rollers).map((name) => ({ name })) : [],
    inputs: Array.isArray(status.inputs) ? status.inputs.length : 0,
  };
  if (layout.relays.length + layout.lights.length + layout.rollers.length === 0)
    throw Errors.unsupportedDevice(
      `The Shelly ${String(info.type)} has no relay, light or roller Hearth knows (sensors are not supported yet).`,
    );
  const mac = text(info.mac).toLowerCase();
  const device = isRecord(settings.device) ? settings.device : {};
  return {
    id: typeof device.hostname === 'string' && device.hostname ? device.hostname : `shelly1-${mac}`,
    name: typeof settings.name === 'string' && settings.name ? settings.name : `Shelly ${String(info.type)}`,
    manufacturer: 'Shelly',
    model: `${String(info.type)} (Gen1)`,
    address: req.addressText,
    ...(req.password ? { username: userOrAdmin(req.username), password: req.password } : {}),
    data: { gen: 1, mac, layout },
  };
}

/** A Gen1 device, polled (its CoIoT push is UDP multicast, which Hearth does not join). */
export class Gen1Session extends PolledSession {
  private readonly layout: Gen1Layout;
  private readonly auth: DeviceAuth | undefined;
  private readonly eventCounts = new Map<number, number>();

  constructor(ctx: DeviceContext, timing: DeviceTiming) {
    super(ctx, timing);
    this.layout = ctx.saved.data.layout as Gen1Layout;
    const { username, password } = ctx.saved;
    this.auth = password ? new DeviceAuth(userOrAdmin(username), password, true) : undefined;
  }

  protected device() {
    const { saved } = this.ctx;
    return {
      id: saved.id,
      name: saved.name,
      manufacturer: 'Shelly',
      model: saved.model,
      identifiers: { mac: String(saved.data.mac), address: saved.address },
    };
  }

  protected entities(): EntityAnnouncement[] {
    const { saved } = this.ctx;
    const label = (name: string | null, what: string, i: number, count: number) =>
      name ?? (count > 1 ? `${saved.name} ${what} ${i + 1}` : saved.name);
    const base = { device_id: saved.id };
    const out: EntityAnnouncement[] = [];
    this.layout.relays.forEach((r, i) => {
      const name = label(r.name, 'relay', i, this.layout.relays.length);
      out.push({
        ...base,
        unique_id: `${saved.id}/relay:${i}`,
        domain: 'switch',
        name,
        capabilities: { actions: ['on', 'off', 'toggle'] },
      });
      if (r.metering)
        out.push(
          {
            ...base,
            unique_id: `${saved.id}/relay:${i}/power`,
            domain: 'sensor',
            name: `${name} power`,
            capabilities: { actions: [] },
            attributes: { device_class: 'power', unit_of_measurement: 'W' },
          },
          {
            ...base,
            unique_id: `${saved.id}/relay:${i}/energy`,
            domain: 'sensor',
            name: `${name} energy`,
            capabilities: { actions: [] },
            attributes: { device_class: 'energy', unit_of_measurement: 'kWh' },
          },
        );
    });
    this.layout.lights.forEach((l, i) =>
      out.push({
        ...base,
        unique_id: `${saved.id}/light:${i}`,
        domain: 'light',
        name: label(l.name, 'light', i, this.layout.lights.length),
        capabilities: { actions: ['on', 'off', 'toggle', 'dim'], brightness: true },
      }),
    );
    this.layout.rollers.forEach((r, i) =>
      out.push({
        ...base,
        unique_id: `${saved.id}/roller:${i}`,
        domain: 'cover',
        name: label(r.name, 'roller', i, this.layout.rollers.length),
        capabilities: { actions: ['open', 'close', 'stop', 'set_position'], position: true },
      }),
    );
    for (let i = 0; i < this.layout.inputs; i++)
      out.push({
        ...base,
        unique_id: `${saved.id}/input:${i}`,
        domain: 'sensor',
        name: `${saved.name} input ${i + 1}`,
        capabilities: { actions: [] },
        attributes: { device_class: 'button', event_types: ['S', 'L', 'SS', 'SSS'] },
      });
    return out;
  }

  protected async poll() {
    let status: unknown;
    try {
      status = await get(this.ctx.saved.address, '/status', this.auth, this.timing.timeoutMs);
    } catch (err) {
      if (err instanceof SyntaxError) return this.ctx.malformed('status', err);
      throw err;
    }
    if (!isRecord(status)) return this.ctx.malformed('status_shape');
    this.apply(status);
  }

  async send(command: DeviceCommand) {
    const key = command.unique_id.split('/')[1]!;
    const [type, idText] = key.split(':') as [string, string];
    const p = command.params;
    let query: string;
    if (type === 'relay') query = `turn=${command.action === 'on' ? 'on' : 'off'}`;
    else if (type === 'light') {
      const off = command.action === 'off' || (command.action === 'dim' && p.brightness === 0);
      query = off
        ? 'turn=off'
        : `turn=on${typeof p.brightness === 'number' ? `&brightness=${Math.max(1, Math.round(p.brightness))}` : ''}`;
    } else if (type === 'roller')
      query =
        command.action === 'set_position'
          ? `go=to_pos&roller_pos=${Math.round(p.position as number)}`
          : `go=${command.action}`;
    else throw new Error(`${key} takes no commands`);
    const answer = await get(
      this.ctx.saved.address,
      `/${type}/${idText}?${query}`,
      this.auth,
      this.timing.timeoutMs,
    );
    // The answer is the component's new state in the device's words: it confirms.
    if (isRecord(answer)) this.applyOne(type, Number(idText), answer);
    this.refreshSoon();
  }

  private apply(status: Record<string, unknown>) {
    const list = (k: string) => (Array.isArray(status[k]) ? (status[k] as unknown[]) : []);
    list('relays').forEach((r, i) => isRecord(r) && this.applyOne('relay', i, r));
    list('lights').forEach((l, i) => isRecord(l) && this.applyOne('light', i, l));
    list('rollers').forEach((r, i) => isRecord(r) && this.applyOne('roller', i, r));
    const { host, saved } = this.ctx;
    list('meters').forEach((m, i) => {
      if (!isRecord(m) || !this.layout.relays[i]?.metering) return;
      if (typeof m.power === 'number') host.reportState(`${saved.id}/relay:${i}/power`, m.power);
      // `total` is in watt-minutes.
      if (typeof m.total === 'number')
        host.reportState(`${saved.id}/relay:${i}/energy`, Math.round(m.total / 60) / 1000);
    });
    list('inputs').forEach((inp, i) => {
      if (!isRecord(inp) || typeof inp.event_cnt !== 'number') return;
      const uid = `${saved.id}/input:${i}`;
      const seen = this.eventCounts.get(i);
      this.eventCounts.set(i, inp.event_cnt);
      // The first poll only learns the counter; a later increase is a press.
      if (seen !== undefined && inp.event_cnt > seen && typeof inp.event === 'string' && inp.event) {
        host.reportState(uid, inp.event, { last_event: inp.event });
      }
      host.reportState(uid, 'idle');
    });
  }

  private applyOne(type: string, i: number, s: Record<string, unknown>) {
    const { host, saved } = this.ctx;
    const uid = `${saved.id}/${type}:${i}`;
    if (type === 'relay' && typeof s.ison === 'boolean') host.reportState(uid, s.ison ? 'on' : 'off');
    else if (type === 'light' && typeof s.ison === 'boolean')
      host.reportState(
        uid,
        s.ison ? 'on' : 'off',
        typeof s.brightness === 'number' ? { brightness: s.brightness } : undefined,
      );
    else if (type === 'roller' && typeof s.state === 'string') {
      const position = typeof s.current_pos === 'number' ? s.current_pos : undefined;
      const state =
        ROLLER_MOTION[s.state] ?? (position === undefined ? undefined : position > 0 ? 'open' : 'closed');
      host.reportState(uid, state, position === undefined ? undefined : { position });
    } else this.ctx.malformed(`${type}_shape`);
  }
}
