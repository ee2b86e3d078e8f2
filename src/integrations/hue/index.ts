import { hostname } from 'node:os';
import { Errors } from '../../errors.js';
import type { DeviceCommand, EntityAnnouncement, PairingProgress } from '../../home/integration.js';
import {
  LocalDeviceIntegration,
  type Brand,
  type DeviceContext,
  type ProbeRequest,
  type SavedDevice,
} from '../local/devices.js';
import { deviceRequest, DeviceRequestError, jsonOf } from '../local/http.js';
import { isRecord } from '../local/json.js';
import { PolledSession, timingOf, type DeviceTiming } from '../local/session.js';
import { EventStream } from '../local/sse.js';
import { authorityOf } from '../pairing/address.js';
import type { PairableDeps } from '../pairing/catalogue.js';
import { kelvinToMired, miredToKelvin, rgbToXy, xyToRgb, type Rgb } from '../../home/color.js';
import { text } from '../../text.js';

/** Philips Hue bridge, API v2 (CLIP) over HTTPS with its certificate pinned at pairing. */
export function createHue(deps: PairableDeps) {
  const timing = timingOf(deps.config);
  const brand: Brand = {
    id: 'hue',
    name: 'Philips Hue',
    probe: (req, progress, signal) => probeBridge(req, progress, signal, timing.timeoutMs, integration),
    open: (ctx) => new BridgeSession(ctx, timing),
  };
  const integration = new LocalDeviceIntegration(brand, deps);
  return integration;
}

/**
 * Pairing: read `/api/0/config` (open) and note the certificate the bridge shows; then ask for an
 * application key on `POST /api` over a connection pinned to that certificate. The bridge answers
 * error 101 until its link button was pressed: 409 BUTTON_NOT_PRESSED, and the same request
 * succeeds after the press. A bridge already added must show the same certificate.
 */
async function probeBridge(
  req: ProbeRequest,
  progress: PairingProgress,
  signal: AbortSignal,
  timeoutMs: number,
  integration: LocalDeviceIntegration,
): Promise<SavedDevice> {
  const authority = authorityOf(req.address, 443);
  const first = await deviceRequest({
    url: `https://${authority}/api/0/config`,
    certificate: 'any',
    timeoutMs,
    signal,
  });
  const config = jsonOf(first);
  if (!isRecord(config) || typeof config.bridgeid !== 'string')
    throw Errors.unsupportedDevice(`${req.addressText} answers HTTPS, but not like a Hue bridge.`);
  const id = config.bridgeid.toLowerCase();
  const known = integration.savedDevice(id);
  const certificate = first.certificate!;
  if (known && known.data.certificate !== certificate)
    throw Errors.pairingRefused(
      `The bridge ${id} shows a different certificate than when it was added; remove it first if it was really replaced.`,
      { reason: 'certificate' },
    );
  progress({
    step: 'waiting_for_button',
    message: 'Asking the bridge for a key (press its round link button).',
  });
  const res = await deviceRequest({
    url: `https://${authority}/api`,
    method: 'POST',
    body: JSON.stringify({ devicetype: `hearth#${hostname().slice(0, 19)}`, generateclientkey: true }),
    certificate,
    timeoutMs,
    signal,
  });
  const answer = jsonOf(res);
  const item = Array.isArray(answer) && isRecord(answer[0]) ? answer[0] : undefined;
  if (item && isRecord(item.error) && item.error.type === 101) throw Errors.buttonNotPressed();
  const success = item && isRecord(item.success) ? item.success : undefined;
  if (!success || typeof success.username !== 'string')
    throw Errors.unsupportedDevice(
      `The bridge at ${req.addressText} did not give a key (${JSON.stringify(item?.error ?? null)}).`,
    );
  return {
    id,
    name: typeof config.name === 'string' ? config.name : 'Hue Bridge',
    manufacturer: 'Signify',
    model: `Hue Bridge ${text(config.modelid)}`.trim(),
    address: req.addressText,
    data: { certificate, application_key: success.username, api_version: config.apiversion },
  };
}

type Resource = Record<string, unknown> & { id: string; type: string };

const luxOf = (level: number) => Math.round(10 ** ((level - 1) / 10_000));

class BridgeSession extends PolledSession {
  private readonly authority: string;
  private readonly key: string;
  private readonly certificate: string;
  private stream: EventStream | undefined;
  /** Hue service id → the entity's unique id and type (from the last full read). */
  private readonly services = new Map<string, { uid: string; type: string }>();
  private readonly devices = new Set<string>();
  private certificateWarned = false;

  constructor(ctx: DeviceContext, timing: DeviceTiming) {
    super(ctx, timing);
    this.authority = ctx.saved.address;
    this.key = String(ctx.saved.data.application_key);
    this.certificate = String(ctx.saved.data.certificate);
  }

  override bridgedDevices() {
    return [...this.devices];
  }

  protected device() {
    const { saved } = this.ctx;
    return {
      id: saved.id,
      name: saved.name,
      manufacturer: 'Signify',
      model: saved.model,
      identifiers: { bridge_id: saved.id, address: saved.address },
    };
  }

  protected entities() {
    return [];
  }

  override start() {
    super.start();
    const [host, port] = [
      this.authority.replace(/:\d+$/, ''),
      Number(/:(\d+)$/.exec(this.authority)?.[1] ?? 443),
    ];
    this.stream = new EventStream({
      host: host.replace(/^\[|\]$/g, ''),
      port,
      path: '/eventstream/clip/v2',
      headers: { 'hue-application-key': this.key },
      certificate: this.certificate,
      clock: this.ctx.host.clock,
      log: this.ctx.log,
      minDelayMs: this.timing.reconnectMs,
      onEvent: (data) => this.onEvent(data),
      onClose: () => this.refreshSoon(),
    });
    this.stream.start();
  }

  override stop() {
    this.stream?.stop();
    super.stop();
  }

  private async request(method: string, path: string, body?: unknown) {
    try {
      const res = await deviceRequest({
        url: `https://${this.authority}${path}`,
        method,
        headers: { 'hue-application-key': this.key },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        certificate: this.certificate,
        timeoutMs: this.timing.timeoutMs,
      });
      return { status: res.status, body: jsonOf(res) };
    } catch (err) {
      if (err instanceof DeviceRequestError && err.kind === 'certificate' && !this.certificateWarned) {
        this.certificateWarned = true;
        this.ctx.log.warn(
          'the bridge shows another certificate than the pinned one: not talking to it (remove and add it again if it was replaced)',
        );
      }
      throw err;
    }
  }

  protected async poll() {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.request('GET', '/clip/v2/resource');
    } catch (err) {
      if (err instanceof SyntaxError) return this.ctx.malformed('resources', err);
      throw err;
    }
    if (answer.status === 403) throw new Error('the bridge no longer accepts the application key');
    if (!isRecord(answer.body) || !Array.isArray(answer.body.data))
      return this.ctx.malformed('resources_shape');
    this.certificateWarned = false;
    this.applyAll(
      answer.body.data.filter(
        (r): r is Resource => isRecord(r) && typeof r.id === 'string' && typeof r.type === 'string',
      ),
    );
  }

  async send(command: DeviceCommand) {
    const [, type, rid] = command.unique_id.split('/') as [string, string, string];
    const p = command.params;
    let body: Record<string, unknown>;
    if (type === 'scene') body = { recall: { action: 'active' } };
    else if (type === 'light') {
      const off = command.action === 'off' || (command.action === 'dim' && p.brightness === 0);
      body = { on: { on: !off } };
      if (!off && typeof p.brightness === 'number') body.dimming = { brightness: p.brightness };
      if (typeof p.kelvin === 'number') body.color_temperature = { mirek: kelvinToMired(p.kelvin) };
      if (Array.isArray(p.color)) body.color = { xy: rgbToXy(p.color as Rgb) };
    } else throw new Error(`${type} takes no commands`);
    const res = await this.request('PUT', `/clip/v2/resource/${type}/${rid}`, body);
    if (res.status !== 200) {
      const errors = isRecord(res.body) && Array.isArray(res.body.errors) ? res.body.errors : [];
      throw new Error(
        `the bridge refused it: ${errors.map((e) => (isRecord(e) ? e.description : '')).join('; ') || `HTTP ${res.status}`}`,
      );
    }
    // The event stream (or this poll) carries the bridge's report, which confirms.
    this.refreshSoon();
  }

  private onEvent(data: string) {
    let events: unknown;
    try {
      events = JSON.parse(data);
    } catch (err) {
      return this.ctx.malformed('event_not_json', err);
    }
    if (!Array.isArray(events)) return this.ctx.malformed('event_shape');
    for (const e of events) {
      if (!isRecord(e) || e.type !== 'update' || !Array.isArray(e.data)) continue;
      for (const r of e.data) if (isRecord(r) && typeof r.id === 'string') this.applyOne(r as Resource, true);
    }
  }

  private applyAll(resources: Resource[]) {
    const { host, saved } = this.ctx;
    const byId = new Map(resources.map((r) => [r.id, r]));
    const areaOf = new Map<string, string>();
    for (const room of resources.filter((r) => r.type === 'room' || r.type === 'zone')) {
      const name = isRecord(room.metadata) ? String(room.metadata.name) : null;
      if (room.type === 'room' && name && Array.isArray(room.children))
        for (const c of room.children) if (isRecord(c)) areaOf.set(String(c.rid), name);
    }
    for (const r of resources) {
      const owner = isRecord(r.owner) ? byId.get(String(r.owner.rid)) : undefined;
      const entity = this.entityOf(r, owner, areaOf, byId);
      if (!entity) continue;
      if (owner && !this.devices.has(owner.id)) {
        const product = isRecord(owner.product_data) ? owner.product_data : {};
        host.announceDevice({
          id: owner.id,
          name: isRecord(owner.metadata) ? String(owner.metadata.name) : 'Hue device',
          manufacturer: typeof product.manufacturer_name === 'string' ? product.manufacturer_name : 'Signify',
          model:
            [product.product_name, product.model_id].filter((x) => typeof x === 'string').join(' ') || null,
          identifiers: { hue_id: owner.id, bridge_id: saved.id },
          area: areaOf.get(owner.id) ?? null,
        });
        this.devices.add(owner.id);
      }
      host.announceEntity(entity);
      this.services.set(r.id, { uid: entity.unique_id, type: r.type });
      this.applyOne(r, false);
    }
  }

  private entityOf(
    r: Resource,
    owner: Resource | undefined,
    areaOf: Map<string, string>,
    byId: Map<string, Resource>,
  ): EntityAnnouncement | undefined {
    const { saved } = this.ctx;
    const uid = `${saved.id}/${r.type}/${r.id}`;
    const ownerName = owner && isRecord(owner.metadata) ? String(owner.metadata.name) : undefined;
    const base = { unique_id: uid, device_id: owner?.id ?? saved.id };
    switch (r.type) {
      case 'light': {
        const schema =
          isRecord(r.color_temperature) && isRecord(r.color_temperature.mirek_schema)
            ? r.color_temperature.mirek_schema
            : undefined;
        const ct = schema
          ? {
              min_kelvin: miredToKelvin(Number(schema.mirek_maximum)),
              max_kelvin: miredToKelvin(Number(schema.mirek_minimum)),
            }
          : undefined;
        return {
          ...base,
          domain: 'light',
          name: isRecord(r.metadata) ? String(r.metadata.name) : (ownerName ?? 'Hue light'),
          capabilities: {
            actions: [
              'on',
              'off',
              'toggle',
              'dim',
              ...(ct ? ['set_color_temp'] : []),
              ...(isRecord(r.color) ? ['set_color'] : []),
            ],
            brightness: isRecord(r.dimming),
            ...(ct ? { color_temp: ct } : {}),
            ...(isRecord(r.color) ? { color: true } : {}),
          },
        };
      }
      case 'scene': {
        const group = isRecord(r.group) ? byId.get(String(r.group.rid)) : undefined;
        const room = group && isRecord(group.metadata) ? String(group.metadata.name) : undefined;
        const name = isRecord(r.metadata) ? String(r.metadata.name) : 'Hue scene';
        return {
          ...base,
          domain: 'scene',
          name: room ? `${room} ${name}` : name,
          capabilities: { actions: ['activate'] },
          area: room ?? null,
        };
      }
      case 'motion':
        return {
          ...base,
          domain: 'binary_sensor',
          name: `${ownerName ?? 'Hue'} motion`,
          capabilities: { actions: [] },
          attributes: { device_class: 'motion' },
        };
      case 'temperature':
        return {
          ...base,
          domain: 'sensor',
          name: `${ownerName ?? 'Hue'} temperature`,
          capabilities: { actions: [] },
          attributes: { device_class: 'temperature', unit_of_measurement: '°C' },
        };
      case 'light_level':
        return {
          ...base,
          domain: 'sensor',
          name: `${ownerName ?? 'Hue'} light level`,
          capabilities: { actions: [] },
          attributes: { device_class: 'illuminance', unit_of_measurement: 'lx' },
        };
      case 'button': {
        const n = isRecord(r.metadata) ? Number(r.metadata.control_id) : 1;
        return {
          ...base,
          domain: 'sensor',
          name: `${ownerName ?? 'Hue'} button ${n}`,
          capabilities: { actions: [] },
          attributes: {
            device_class: 'button',
            event_types: ['initial_press', 'short_release', 'long_press', 'long_release', 'repeat'],
          },
        };
      }
      default:
        return undefined;
    }
  }

  /** A full resource (poll) or an update event's partial one. */
  private applyOne(r: Resource, pushed: boolean) {
    const known = this.services.get(r.id);
    if (!known) return;
    const { host } = this.ctx;
    // An update event's partial resource may leave its type out.
    const type = (r.type as string | undefined) ?? known.type;
    if (type === 'light') {
      const attrs: Record<string, unknown> = {};
      if (isRecord(r.dimming) && typeof r.dimming.brightness === 'number')
        attrs.brightness = Math.round(r.dimming.brightness);
      if (
        isRecord(r.color_temperature) &&
        typeof r.color_temperature.mirek === 'number' &&
        r.color_temperature.mirek_valid !== false
      )
        attrs.kelvin = miredToKelvin(r.color_temperature.mirek);
      if (
        isRecord(r.color) &&
        isRecord(r.color.xy) &&
        typeof r.color.xy.x === 'number' &&
        typeof r.color.xy.y === 'number'
      )
        attrs.color = xyToRgb(r.color.xy.x, r.color.xy.y);
      const state = isRecord(r.on) && typeof r.on.on === 'boolean' ? (r.on.on ? 'on' : 'off') : undefined;
      host.reportState(known.uid, state, Object.keys(attrs).length ? attrs : undefined);
    } else if (type === 'scene') {
      // `status.active` (inactive, static, dynamic_palette) where the bridge's firmware has it.
      const active = isRecord(r.status) && typeof r.status.active === 'string' ? r.status.active : undefined;
      if (active || !pushed) host.reportState(known.uid, active ?? 'idle');
    } else if (type === 'motion' && isRecord(r.motion) && typeof r.motion.motion === 'boolean')
      host.reportState(known.uid, r.motion.motion ? 'on' : 'off');
    else if (
      type === 'temperature' &&
      isRecord(r.temperature) &&
      typeof r.temperature.temperature === 'number'
    )
      host.reportState(known.uid, Math.round(r.temperature.temperature * 10) / 10);
    else if (type === 'light_level' && isRecord(r.light) && typeof r.light.light_level === 'number')
      host.reportState(known.uid, luxOf(r.light.light_level));
    else if (type === 'button') {
      const event =
        isRecord(r.button) && typeof r.button.last_event === 'string' ? r.button.last_event : undefined;
      // Only an update event is a press; a poll reads what happened long ago.
      if (pushed && event) host.reportState(known.uid, event, { last_event: event });
      host.reportState(known.uid, 'idle');
    }
  }
}
