import { randomBytes } from 'node:crypto';
import type { DeviceCommand, EntityAnnouncement } from '../../home/integration.js';
import { DeviceAuth } from '../local/auth.js';
import type { DeviceContext } from '../local/devices.js';
import { PolledSession, type DeviceTiming } from '../local/session.js';
import { rpc, ShellyRpcError, wsAuth, type RpcTarget } from './rpc.js';
import { isRecord } from '../local/json.js';
import { text } from '../../text.js';

/** A component the device has, learned at pairing (so entities exist even while the device is away). */
export interface Gen2Component {
  /** `switch:0`, `light:0`, `cover:0`, `input:0`, `temperature:100` */
  key: string;
  name: string | null;
  /** Switch: the device measures power. Input: `button` or `switch`. */
  metering?: boolean;
  input_type?: string;
}

const METERS = [
  { field: 'apower', suffix: 'power', name: 'power', unit: 'W', device_class: 'power' },
  { field: 'aenergy', suffix: 'energy', name: 'energy', unit: 'kWh', device_class: 'energy' },
  { field: 'voltage', suffix: 'voltage', name: 'voltage', unit: 'V', device_class: 'voltage' },
  { field: 'current', suffix: 'current', name: 'current', unit: 'A', device_class: 'current' },
] as const;

const COVER_STATES = new Set(['open', 'closed', 'opening', 'closing']);

/** The components of a `Shelly.GetStatus` / `GetConfig` pair that Hearth maps to entities. */
export function componentsOf(
  status: Record<string, unknown>,
  config: Record<string, unknown>,
): Gen2Component[] {
  const out: Gen2Component[] = [];
  for (const key of Object.keys(status).sort()) {
    const [type] = key.split(':');
    if (!['switch', 'light', 'cover', 'input', 'temperature', 'humidity'].includes(type!)) continue;
    const s = status[key];
    const c = config[key];
    const name = isRecord(c) && typeof c.name === 'string' && c.name !== '' ? c.name : null;
    const comp: Gen2Component = { key, name };
    if (type === 'switch' && isRecord(s) && typeof s.apower === 'number') comp.metering = true;
    if (type === 'input') comp.input_type = isRecord(c) && typeof c.type === 'string' ? c.type : 'switch';
    out.push(comp);
  }
  return out;
}

/**
 * One Gen2+ device: entities from its components, state from `NotifyStatus` pushes on the
 * WebSocket `/rpc` channel and from polling `Shelly.GetStatus` (the safety net, and the only
 * source while the WebSocket is down), input button events as a sensor's short-lived state.
 */
export class Gen2Session extends PolledSession {
  private readonly target: RpcTarget;
  private readonly src = `hearth-${randomBytes(4).toString('hex')}`;
  private readonly components: Gen2Component[];
  private wsId = 1;

  constructor(ctx: DeviceContext, timing: DeviceTiming) {
    super(ctx, timing);
    const { saved } = ctx;
    this.components = (saved.data.components as Gen2Component[] | undefined) ?? [];
    this.target = {
      authority: saved.address,
      auth: saved.password ? new DeviceAuth('admin', saved.password) : undefined,
      timeoutMs: timing.timeoutMs,
    };
  }

  protected device() {
    const { saved } = this.ctx;
    return {
      id: saved.id,
      name: saved.name,
      manufacturer: 'Shelly',
      model: saved.model,
      identifiers: { mac: text(saved.data.mac), address: saved.address },
    };
  }

  protected entities() {
    return this.components.flatMap((c) => this.entitiesOf(c));
  }

  protected override push() {
    return {
      url: `ws://${this.ctx.saved.address}/rpc`,
      onOpen: () => this.wsRequest('Shelly.GetStatus'),
      onMessage: (text: string) => this.onPush(text),
    };
  }

  async send(command: DeviceCommand): Promise<void> {
    const [, key] = command.unique_id.split('/') as [string, string];
    const [type, idText] = key.split(':');
    const id = Number(idText);
    const p = command.params;
    let method: string;
    let params: Record<string, unknown> = { id };
    if (type === 'switch') {
      method = 'Switch.Set';
      params.on = command.action === 'on';
    } else if (type === 'light') {
      method = 'Light.Set';
      if (command.action === 'off' || (command.action === 'dim' && p.brightness === 0)) params.on = false;
      else {
        params.on = true;
        if (typeof p.brightness === 'number') params.brightness = Math.round(p.brightness);
      }
    } else if (type === 'cover') {
      method = {
        open: 'Cover.Open',
        close: 'Cover.Close',
        stop: 'Cover.Stop',
        set_position: 'Cover.GoToPosition',
      }[command.action]!;
      if (command.action === 'set_position') params = { id, pos: Math.round(p.position as number) };
    } else throw new Error(`${key} takes no commands`);
    try {
      await rpc(this.target, method, params);
    } catch (err) {
      if (err instanceof ShellyRpcError) throw new Error(`the device refused ${method}: ${err.message}`);
      throw err;
    }
    // The device's own report (a NotifyStatus push, or this immediate poll) confirms the command.
    this.refreshSoon();
  }

  protected async poll() {
    let status: unknown;
    try {
      status = await rpc(this.target, 'Shelly.GetStatus');
    } catch (err) {
      if (err instanceof SyntaxError) return this.ctx.malformed('status', err);
      throw err;
    }
    this.applyStatus(status);
  }

  private wsRequest(method: string, auth?: Record<string, unknown>) {
    this.channel?.send(JSON.stringify({ id: this.wsId++, src: this.src, method, ...(auth ? { auth } : {}) }));
  }

  private onPush(text: string) {
    const frame = this.parsePush(text);
    if (!frame) return;
    if (isRecord(frame.error)) {
      const password = this.ctx.saved.password;
      const auth =
        frame.error.code === 401 && password ? wsAuth(String(frame.error.message), password) : undefined;
      if (auth) return this.wsRequest('Shelly.GetStatus', auth);
      return this.ctx.malformed(`push_error_${String(frame.error.code)}`, frame.error.message);
    }
    if ('result' in frame) return this.applyStatus(frame.result);
    const params = frame.params;
    if (!isRecord(params)) return;
    if (frame.method === 'NotifyStatus' || frame.method === 'NotifyFullStatus') this.applyStatus(params);
    else if (frame.method === 'NotifyEvent' && Array.isArray(params.events)) {
      for (const e of params.events) this.applyEvent(e);
    }
  }

  private applyEvent(e: unknown) {
    if (!isRecord(e) || typeof e.component !== 'string' || typeof e.event !== 'string') return;
    const comp = this.components.find((c) => c.key === e.component);
    if (comp?.input_type !== 'button') return;
    const uid = `${this.ctx.saved.id}/${comp.key}`;
    // A press is an instant: the state shows the event, then `idle`, so the same press twice
    // fires a device_state trigger twice.
    this.ctx.host.reportState(uid, e.event, { last_event: e.event });
    this.ctx.host.reportState(uid, 'idle');
  }

  /** A full status (GetStatus, NotifyFullStatus) or a partial one (NotifyStatus). */
  private applyStatus(status: unknown) {
    if (!isRecord(status)) return this.ctx.malformed('status');
    const { host, saved } = this.ctx;
    for (const c of this.components) {
      const s = status[c.key];
      if (s === undefined) continue;
      if (!isRecord(s)) {
        this.ctx.malformed(`status_${c.key}`, typeof s);
        continue;
      }
      const uid = `${saved.id}/${c.key}`;
      const type = c.key.split(':')[0];
      if (type === 'switch') {
        if (s.output !== undefined) {
          if (typeof s.output !== 'boolean') this.ctx.malformed(`output_${c.key}`);
          else host.reportState(uid, s.output ? 'on' : 'off');
        }
        for (const m of METERS) {
          const raw = s[m.field];
          const value = m.field === 'aenergy' ? (isRecord(raw) ? raw.total : undefined) : raw;
          // aenergy.total is in Wh; the sensor shows kWh.
          if (typeof value === 'number')
            host.reportState(`${uid}/${m.suffix}`, m.field === 'aenergy' ? Math.round(value) / 1000 : value);
        }
      } else if (type === 'light') {
        const attrs = typeof s.brightness === 'number' ? { brightness: s.brightness } : undefined;
        host.reportState(uid, typeof s.output === 'boolean' ? (s.output ? 'on' : 'off') : undefined, attrs);
      } else if (type === 'cover') {
        const position = typeof s.current_pos === 'number' ? s.current_pos : undefined;
        let state: string | undefined;
        if (typeof s.state === 'string')
          state = COVER_STATES.has(s.state)
            ? s.state
            : position === undefined
              ? undefined
              : position > 0
                ? 'open'
                : 'closed';
        host.reportState(uid, state, position === undefined ? undefined : { position });
      } else if (type === 'input') {
        // A button has no lasting state: `idle` between presses (known, so the first press fires triggers).
        if (c.input_type === 'button') host.reportState(uid, 'idle');
        else if (typeof s.state === 'boolean') host.reportState(uid, s.state ? 'on' : 'off');
      } else if (type === 'temperature' && typeof s.tC === 'number') host.reportState(uid, s.tC);
      else if (type === 'humidity' && typeof s.rh === 'number') host.reportState(uid, s.rh);
    }
  }

  private entitiesOf(c: Gen2Component): EntityAnnouncement[] {
    const { saved } = this.ctx;
    const [type, idText] = c.key.split(':') as [string, string];
    const n = Number(idText);
    const base = c.name ?? `${saved.name} ${type}${n > 0 || type === 'input' ? ` ${n + 1}` : ''}`;
    const uid = `${saved.id}/${c.key}`;
    const common = { device_id: saved.id, unique_id: uid, name: base };
    switch (type) {
      case 'switch':
        return [
          { ...common, domain: 'switch', capabilities: { actions: ['on', 'off', 'toggle'] } },
          ...(c.metering
            ? METERS.map((m) => ({
                unique_id: `${uid}/${m.suffix}`,
                device_id: saved.id,
                name: `${base} ${m.name}`,
                domain: 'sensor' as const,
                capabilities: { actions: [] },
                attributes: { device_class: m.device_class, unit_of_measurement: m.unit },
              }))
            : []),
        ];
      case 'light':
        return [
          {
            ...common,
            domain: 'light',
            capabilities: { actions: ['on', 'off', 'toggle', 'dim'], brightness: true },
          },
        ];
      case 'cover':
        return [
          {
            ...common,
            domain: 'cover',
            capabilities: { actions: ['open', 'close', 'stop', 'set_position'], position: true },
          },
        ];
      case 'input':
        return c.input_type === 'button'
          ? [
              {
                ...common,
                domain: 'sensor',
                capabilities: { actions: [] },
                attributes: {
                  device_class: 'button',
                  event_types: ['single_push', 'double_push', 'triple_push', 'long_push'],
                },
              },
            ]
          : [{ ...common, domain: 'binary_sensor', capabilities: { actions: [] } }];
      case 'temperature':
        return [
          {
            ...common,
            name: c.name ?? `${saved.name} temperature${n >= 100 ? '' : ` ${n + 1}`}`,
            domain: 'sensor',
            capabilities: { actions: [] },
            attributes: { device_class: 'temperature', unit_of_measurement: '°C' },
          },
        ];
      case 'humidity':
        return [
          {
            ...common,
            name: c.name ?? `${saved.name} humidity`,
            domain: 'sensor',
            capabilities: { actions: [] },
            attributes: { device_class: 'humidity', unit_of_measurement: '%' },
          },
        ];
      default:
        return [];
    }
  }
}
