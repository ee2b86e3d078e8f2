import type { TimerHandle } from '../../clock.js';
import { AppError, Errors } from '../../errors.js';
import type { DeviceCommand } from '../../home/integration.js';
import { DeviceAuth } from '../local/auth.js';
import type { DeviceContext, DeviceSession } from '../local/devices.js';
import { deviceRequest, DeviceRequestError } from '../local/http.js';
import type { DeviceTiming } from '../local/session.js';
import { parseAddress } from '../pairing/address.js';
import { cameraEntity } from './camera-entity.js';
import { classify, userOf, OnvifClient, type NotificationMessage, type OnvifPreset } from './client.js';
import { looksLikeJpeg } from './jpeg.js';
import { motionOf } from './motion.js';
import { followToPreset, presetAt } from './ptz.js';
import type { SnapshotStore } from './snapshots.js';

/** What pairing learned about a camera (`SavedDevice.data`). */
export interface CameraData {
  profile: string;
  snapshot_uri: string | null;
  stream_uri: string | null;
  ptz: boolean;
  events: boolean;
  presets: OnvifPreset[];
  firmware: string | null;
  serial: string | null;
  /** "Active" (the camera entity's `recording`): keep a snapshot for each motion event. */
  active: boolean;
}

/** Largest snapshot accepted from a camera. */
const MAX_SNAPSHOT_BYTES = 10 * 1024 * 1024;

/**
 * One ONVIF camera: a `camera` entity (state `recording` while Hearth keeps motion snapshots,
 * `idle` otherwise; PTZ presets as `goto_preset`), a motion `binary_sensor` fed by a pull-point
 * subscription, liveness through the shared poller (PTZ GetStatus, or GetSystemDateAndTime for
 * a fixed camera), and snapshots fetched by Hearth with the camera's credentials.
 */
export class CameraSession implements DeviceSession {
  private client: OnvifClient | undefined;
  private connected = false;
  private stopped = false;
  private eventsRunning = false;
  private eventRetryMs: number;
  private eventTimer: TimerHandle | undefined;
  private motion: boolean | undefined;
  private firstPoll: Promise<void> | undefined;
  private following = 0;
  private readonly auth: DeviceAuth | undefined;
  private readonly data: CameraData;
  private readonly host: string;
  private readonly port: number;

  constructor(
    private readonly ctx: DeviceContext,
    private readonly timing: DeviceTiming,
    private readonly store: SnapshotStore,
    private readonly onStop: () => void,
  ) {
    this.data = ctx.saved.data as unknown as CameraData;
    const address = parseAddress(ctx.saved.address);
    this.host = address.host;
    this.port = address.port ?? 80;
    const { username, password } = ctx.saved;
    this.auth = password ? new DeviceAuth(userOf(username), password) : undefined;
    this.eventRetryMs = timing.reconnectMs;
  }

  private get id() {
    return this.ctx.saved.id;
  }

  private get cameraUid() {
    return `${this.id}/camera`;
  }

  private get motionUid() {
    return `${this.id}/motion`;
  }

  start() {
    const { saved, host, poller } = this.ctx;
    host.announceDevice({
      id: saved.id,
      name: saved.name,
      manufacturer: saved.manufacturer,
      model: saved.model,
      identifiers: {
        address: saved.address,
        ...(this.data.serial ? { serial: this.data.serial } : {}),
        ...(this.data.firmware ? { firmware: this.data.firmware } : {}),
      },
    });
    this.announceCamera();
    host.announceEntity({
      unique_id: this.motionUid,
      device_id: saved.id,
      domain: 'binary_sensor',
      name: `${saved.name} motion`,
      capabilities: { actions: [] },
      attributes: { device_class: 'motion' },
    });
    this.reportCamera();
    poller.add(saved.id, {
      intervalMs: this.timing.pollMs,
      maxMisses: this.timing.maxMisses,
      poll: () => {
        const p = this.poll();
        this.firstPoll ??= p.catch(() => undefined);
        return p;
      },
      onAvailability: (available) => {
        this.ctx.log.info({ available }, available ? 'camera answers again' : 'camera stopped answering');
        host.reportAvailability({ device_id: saved.id }, available);
        if (!available) this.disconnect();
      },
    });
  }

  firstStatus() {
    return this.firstPoll ?? Promise.resolve();
  }

  stop() {
    this.stopped = true;
    this.ctx.poller.remove(this.id);
    if (this.eventTimer) this.ctx.host.clock.clearTimeout(this.eventTimer);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    if (client) {
      // End the subscription at the camera (bounded by the client's timeout), then every socket.
      void client.unsubscribe().finally(() => client.close());
      setTimeout(() => client.close(), this.timing.timeoutMs + 100).unref();
    }
    this.onStop();
  }

  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the DeviceSession contract
  async send(command: DeviceCommand): Promise<void | 'confirmed'> {
    switch (command.action) {
      case 'start_recording':
      case 'stop_recording': {
        const active = command.action === 'start_recording';
        if (active && !this.data.events)
          throw Errors.validation(`${command.entity.name} sends no motion events to record on.`, {
            field: 'action',
          });
        this.data.active = active;
        this.ctx.saveData({ active });
        this.reportCamera();
        return;
      }
      case 'goto_preset':
        return this.gotoPreset(command);
      default:
        throw Errors.validation(`${command.entity.name} does not take "${command.action}".`, {
          field: 'action',
        });
    }
  }

  /** A fresh still from the camera, fetched by Hearth with the camera's credentials. */
  async snapshot(): Promise<Buffer> {
    const uri = this.data.snapshot_uri;
    if (!uri) throw Errors.notFound('Snapshot of camera', this.id);
    let res;
    try {
      res = await deviceRequest({
        url: uri,
        auth: this.auth,
        timeoutMs: this.timing.timeoutMs * 2,
        maxBytes: MAX_SNAPSHOT_BYTES,
      });
    } catch (err) {
      if (err instanceof DeviceRequestError)
        throw Errors.unavailable(`${this.ctx.saved.name} did not send a snapshot: ${err.message}.`);
      throw err;
    }
    if (res.status === 401)
      throw Errors.unavailable(`${this.ctx.saved.name} refused Hearth's credentials for its snapshot.`);
    if (res.status !== 200 || !looksLikeJpeg(res.body)) {
      this.ctx.malformed('snapshot', `HTTP ${res.status}, ${res.body.length} bytes`);
      throw Errors.unavailable(`${this.ctx.saved.name} answered its snapshot address without a JPEG.`);
    }
    return res.body;
  }

  // --- entities ------------------------------------------------------------------------------

  private announceCamera() {
    this.ctx.host.announceEntity(cameraEntity(this.ctx.saved, this.data));
  }

  private reportCamera(extra: Record<string, unknown> = {}) {
    const kept = this.store.list(this.id);
    this.ctx.host.reportState(this.cameraUid, this.data.active ? 'recording' : 'idle', {
      motion_snapshots: kept.length,
      last_motion_snapshot: kept[0]?.at ?? null,
      ...extra,
    });
  }

  // --- connection and liveness ------------------------------------------------------------

  private async poll() {
    if (!this.connected) await this.connect();
    else {
      try {
        if (this.data.ptz && this.data.presets.length) await this.readPtz();
        else await this.client!.time();
      } catch (err) {
        const e = classify(err);
        if (e.kind === 'malformed') return this.ctx.malformed('status', e);
        if (e.kind === 'auth') this.ctx.malformed('auth', 'the camera refused the stored credentials');
        throw e;
      }
    }
    this.ensureEvents();
  }

  /** The connect sequence of the `onvif` package, then what may have changed since pairing. */
  private async connect() {
    this.client?.close();
    const { username, password } = this.ctx.saved;
    const client = new OnvifClient(this.host, this.port, username, password, this.timing.timeoutMs);
    this.client = client;
    try {
      await client.connect();
      await client.deviceInformation(); // needs the credentials: a changed password shows here
      const profile = client.profiles().some((p) => p.token === this.data.profile)
        ? this.data.profile
        : client.mainProfile();
      if (profile && profile !== this.data.profile) this.learn({ profile });
      if (profile) {
        const snapshot_uri = await client.snapshotUri(profile).catch(() => this.data.snapshot_uri);
        if (snapshot_uri !== this.data.snapshot_uri) this.learn({ snapshot_uri });
        if (this.data.ptz) {
          const presets = await client.presets(profile);
          if (JSON.stringify(presets) !== JSON.stringify(this.data.presets)) {
            this.learn({ presets });
            this.announceCamera();
          }
        }
      }
    } catch (err) {
      client.close();
      if (this.client === client) this.client = undefined;
      const e = classify(err);
      if (e.kind === 'malformed') this.ctx.malformed('connect', e);
      if (e.kind === 'auth') this.ctx.malformed('auth', 'the camera refused the stored credentials');
      throw e;
    }
    if (this.stopped || this.client !== client) return client.close();
    this.connected = true;
    this.eventRetryMs = this.timing.reconnectMs;
  }

  private learn(data: Partial<CameraData>) {
    Object.assign(this.data, data);
    this.ctx.saveData(data);
  }

  private disconnect() {
    this.connected = false;
    this.client?.close();
    this.client = undefined;
  }

  // --- motion events ------------------------------------------------------------------------

  private ensureEvents() {
    if (!this.data.events || this.eventsRunning || this.stopped || !this.connected || !this.client) return;
    if (this.eventTimer) {
      this.ctx.host.clock.clearTimeout(this.eventTimer);
      this.eventTimer = undefined;
    }
    this.eventsRunning = true;
    void this.runEvents(this.client);
  }

  /**
   * CreatePullPointSubscription, then PullMessages in a loop (the camera holds each pull until it
   * has a message or a minute passed), renewing when the subscription is about to end. A failure
   * ends the loop; it starts again after a back-off on the injected clock, and the poller is asked
   * to check the camera at once (a dropped pull is the first sign of a camera going away).
   */
  private async runEvents(client: OnvifClient) {
    let failed = false;
    try {
      await client.subscribe();
      while (!this.stopped && this.client === client) {
        const { messages, terminationInMs } = await client.pull();
        this.eventRetryMs = this.timing.reconnectMs;
        for (const m of messages) this.onMessage(m);
        if (terminationInMs !== undefined && terminationInMs < 30_000) await client.renew();
      }
    } catch (err) {
      failed = true;
      const e = classify(err);
      if (e.kind === 'malformed') this.ctx.malformed('events', e);
      else if (!this.stopped && this.client === client)
        this.ctx.log.debug({ kind: e.kind }, 'motion event subscription ended');
      // Cameras have few subscription slots: give this one back before asking for a new one.
      if (!this.stopped && this.client === client && e.kind !== 'unreachable') await client.unsubscribe();
    } finally {
      this.eventsRunning = false;
    }
    if (this.stopped || this.client !== client) return;
    if (failed) this.ctx.poller.refresh(this.id);
    const wait = this.eventRetryMs;
    this.eventRetryMs = Math.min(60_000, this.eventRetryMs * 2);
    this.eventTimer = this.ctx.host.clock.setTimeout(() => {
      this.eventTimer = undefined;
      this.ensureEvents();
    }, wait);
  }

  private onMessage(m: NotificationMessage) {
    const reading = motionOf(m);
    if (reading === undefined) return;
    if (reading === 'malformed') return this.ctx.malformed('event_message', 'motion message without a state');
    const was = this.motion;
    this.motion = reading.motion;
    this.ctx.host.reportState(
      this.motionUid,
      reading.motion ? 'on' : 'off',
      reading.at ? { camera_time: reading.at } : undefined,
    );
    // One snapshot per motion event: when motion starts, not for the state a subscription begins with.
    if (reading.motion && was !== true && reading.operation !== 'Initialized' && this.data.active)
      void this.keepSnapshot();
  }

  private async keepSnapshot() {
    try {
      const jpeg = await this.snapshot();
      if (this.stopped || !this.data.active) return;
      const kept = this.store.add(this.id, jpeg);
      this.ctx.log.debug({ snapshot: kept.id, bytes: kept.bytes }, 'motion snapshot kept');
      this.reportCamera();
    } catch (err) {
      this.ctx.log.warn(
        { err: err instanceof AppError ? err.message : String(err) },
        'motion snapshot not taken',
      );
    }
  }

  // --- PTZ ---------------------------------------------------------------------------------

  private async readPtz() {
    const s = await this.client!.ptzStatus(this.data.profile);
    if (this.following > 0) return; // a goto_preset in progress reports for itself
    this.reportCamera({ preset: s.moving ? null : presetAt(this.data.presets, s), ptz_moving: s.moving });
  }

  private async gotoPreset(command: DeviceCommand) {
    const name = command.params.preset;
    const preset = this.data.presets.find((p) => p.name === name);
    if (!preset)
      throw Errors.validation(`${command.entity.name} has no preset "${String(name)}".`, { field: 'preset' });
    const client = this.client;
    if (!client || !this.connected) throw Errors.unavailable(`${command.entity.name} is not connected.`);
    try {
      await client.gotoPreset(this.data.profile, preset.token);
    } catch (err) {
      const e = classify(err);
      if (e.kind === 'fault' || e.kind === 'malformed')
        throw Errors.validation(`${command.entity.name} refused the preset: ${e.message}`, {
          field: 'preset',
        });
      throw Errors.unavailable(`${command.entity.name} did not answer: ${e.message}.`);
    }
    this.reportCamera({ preset: null, ptz_moving: true });
    this.following++;
    void followToPreset({
      client,
      profile: this.data.profile,
      preset,
      presets: this.data.presets,
      clock: this.ctx.host.clock,
      stepMs: Math.max(50, Math.min(250, this.timing.pollMs / 4)),
      current: () => !this.stopped && this.client === client,
      report: (preset) => this.reportCamera({ preset, ptz_moving: false }),
    }).finally(() => this.following--);
  }
}
