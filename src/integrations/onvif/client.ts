import { Agent } from 'node:http';
import onvif from 'onvif';
import type { Cam as CamType } from 'onvif';

/** Why a camera request got no usable answer. */
export type OnvifFailure = 'unreachable' | 'timeout' | 'auth' | 'malformed' | 'fault';

export class OnvifError extends Error {
  override readonly name = 'OnvifError';
  constructor(
    readonly kind: OnvifFailure,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
]);

/** The user name to send: cameras' default administrator when none was given. */
export function userOf(username: string | undefined): string {
  return username === undefined || username === '' ? 'admin' : username;
}

/** Sorts what the `onvif` package reported into the failures Hearth tells apart. */
export function classify(err: unknown): OnvifError {
  if (err instanceof OnvifError) return err;
  const e = err as (Error & { code?: string }) | undefined;
  const message = e?.message ?? String(err);
  if (e?.code && NETWORK_CODES.has(e.code)) return new OnvifError('unreachable', e.code, e.code);
  if (/socket hang up/i.test(message)) return new OnvifError('unreachable', message, 'ECONNRESET');
  if (/network timeout/i.test(message)) return new OnvifError('timeout', message);
  if (/not ?authori[sz]ed|unauthori[sz]ed|authentication failed|\b401\b/i.test(message))
    return new OnvifError('auth', message);
  if (message.startsWith('ONVIF SOAP Fault')) return new OnvifError('fault', message);
  // "Wrong ONVIF SOAP response", XML parse errors, and the TypeErrors the package throws while
  // reading an answer that lacks what it expects.
  return new OnvifError('malformed', message);
}

export interface PtzStatus {
  x: number;
  y: number;
  zoom: number;
  moving: boolean;
}

export interface OnvifPreset {
  token: string;
  name: string;
  position: { x: number; y: number; zoom: number } | null;
}

export interface MediaProfile {
  token: string;
  name: string;
  ptz: boolean;
}

export interface NotificationMessage {
  topic?: unknown;
  message?: unknown;
}

/**
 * One camera through the `onvif` package: every call bounded by `timeoutMs` (the package's own
 * socket timeout is set to it as well), its sockets on an agent of its own so `close()` ends a
 * pull that is waiting, and its errors sorted into `OnvifError`s. Credentials stay in the `Cam`.
 */
export class OnvifClient {
  private readonly cam: CamType;
  private readonly agent = new Agent({ keepAlive: false });
  private closed = false;

  constructor(
    readonly host: string,
    readonly port: number,
    username: string | undefined,
    password: string | undefined,
    private readonly timeoutMs: number,
  ) {
    this.cam = new onvif.Cam({
      hostname: host,
      port,
      ...(password ? { username: userOf(username), password } : {}),
      timeout: timeoutMs,
      autoconnect: false,
      agent: this.agent,
    });
  }

  /** GetSystemDateAndTime, GetServices (or GetCapabilities), GetProfiles, GetVideoSources. */
  async connect(signal?: AbortSignal): Promise<void> {
    await this.call<unknown>((cb) => this.cam.connect(cb), this.timeoutMs * 4, signal);
  }

  /** Which services the camera named (device, media, events, ptz, …). */
  services(): string[] {
    return Object.keys((this.cam as unknown as { uri?: Record<string, unknown> }).uri ?? {});
  }

  profiles(): MediaProfile[] {
    const list = (this.cam as unknown as { profiles?: unknown[] }).profiles ?? [];
    return list.flatMap((p) => {
      const r = p as { $?: { token?: unknown }; name?: unknown; PTZConfiguration?: unknown } | undefined;
      if (typeof r?.$?.token !== 'string') return [];
      return [
        {
          token: r.$.token,
          name: typeof r.name === 'string' ? r.name : r.$.token,
          ptz: r.PTZConfiguration !== undefined,
        },
      ];
    });
  }

  /** The profile the package chose for the first video source (the main stream). */
  mainProfile(): string | undefined {
    const active = (this.cam as unknown as { activeSource?: { profileToken?: unknown } }).activeSource;
    return typeof active?.profileToken === 'string' ? active.profileToken : this.profiles()[0]?.token;
  }

  time(signal?: AbortSignal): Promise<Date> {
    return this.call((cb) => this.cam.getSystemDateAndTime(cb), this.timeoutMs, signal);
  }

  async deviceInformation(signal?: AbortSignal) {
    const info = await this.call<Record<string, unknown> | undefined>(
      (cb) => this.cam.getDeviceInformation(cb),
      this.timeoutMs,
      signal,
    );
    if (!info || typeof info !== 'object') throw new OnvifError('malformed', 'no device information');
    const text = (v: unknown) =>
      typeof v === 'string' ? v || null : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;
    return {
      manufacturer: text(info.manufacturer),
      model: text(info.model),
      firmware: text(info.firmwareVersion),
      serial: text(info.serialNumber),
      hardware: text(info.hardwareId),
    };
  }

  /** The `onvif://www.onvif.org/name/…` scope a person may have set on the camera (undefined if none). */
  async scopeName(signal?: AbortSignal): Promise<string | undefined> {
    const scopes = await this.call<unknown[]>((cb) => this.cam.getScopes(cb), this.timeoutMs, signal);
    for (const s of Array.isArray(scopes) ? scopes : []) {
      const item = (s as { scopeItem?: unknown } | undefined)?.scopeItem;
      const m = typeof item === 'string' ? /^onvif:\/\/www\.onvif\.org\/name\/(.+)$/.exec(item) : null;
      if (m) {
        try {
          return decodeURIComponent(m[1]!).replace(/_/g, ' ').trim() || undefined;
        } catch {
          return m[1];
        }
      }
    }
    return undefined;
  }

  async snapshotUri(profileToken: string, signal?: AbortSignal): Promise<string> {
    const r = await this.call<{ uri?: unknown } | undefined>(
      (cb) => this.cam.getSnapshotUri({ profileToken }, cb),
      this.timeoutMs,
      signal,
    );
    if (typeof r?.uri !== 'string' || !/^https?:\/\//.test(r.uri))
      throw new OnvifError('malformed', 'no snapshot URI');
    return r.uri;
  }

  async streamUri(profileToken: string, signal?: AbortSignal): Promise<string> {
    const r = await this.call<{ uri?: unknown } | undefined>(
      (cb) => this.cam.getStreamUri({ protocol: 'RTSP', profileToken }, cb),
      this.timeoutMs,
      signal,
    );
    if (typeof r?.uri !== 'string') throw new OnvifError('malformed', 'no stream URI');
    return r.uri;
  }

  async presets(profileToken: string, signal?: AbortSignal): Promise<OnvifPreset[]> {
    const byName = await this.call<Record<string, unknown> | undefined>(
      (cb) => this.cam.getPresets({ profileToken }, cb),
      this.timeoutMs,
      signal,
    );
    const out: OnvifPreset[] = [];
    for (const [name, raw] of Object.entries(byName ?? {})) {
      const p = raw as
        | {
            $?: { token?: unknown };
            PTZPosition?: { panTilt?: { $?: { x?: unknown; y?: unknown } }; zoom?: { $?: { x?: unknown } } };
          }
        | undefined;
      const token = p?.$?.token;
      if (typeof token !== 'string' && typeof token !== 'number') continue;
      const pt = p?.PTZPosition?.panTilt?.$;
      const position =
        typeof pt?.x === 'number' && typeof pt.y === 'number'
          ? {
              x: pt.x,
              y: pt.y,
              zoom: typeof p?.PTZPosition?.zoom?.$?.x === 'number' ? p.PTZPosition.zoom.$.x : 0,
            }
          : null;
      out.push({ token: String(token), name: name && name !== 'undefined' ? name : String(token), position });
    }
    return out;
  }

  async gotoPreset(profileToken: string, preset: string): Promise<void> {
    await this.call((cb) => this.cam.gotoPreset({ profileToken, preset }, cb), this.timeoutMs);
  }

  async ptzStatus(profileToken: string): Promise<PtzStatus> {
    const s = await this.call<
      { position?: { x?: unknown; y?: unknown; zoom?: unknown }; moveStatus?: unknown } | undefined
    >((cb) => this.cam.getStatus({ profileToken }, cb), this.timeoutMs);
    const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
    const x = num(s?.position?.x);
    const y = num(s?.position?.y);
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new OnvifError('malformed', 'no PTZ position');
    const move = s?.moveStatus;
    const moving =
      typeof move === 'string'
        ? move === 'MOVING'
        : typeof move === 'object' && move !== null
          ? Object.values(move).some((v) => v === 'MOVING')
          : false;
    const zoom = num(s?.position?.zoom);
    return { x, y, zoom: Number.isFinite(zoom) ? zoom : 0, moving };
  }

  // --- events: a pull-point subscription (ONVIF Events §9.1) -----------------------------------

  async subscribe(): Promise<void> {
    const sub = await this.call<
      { subscriptionReference?: { address?: Record<string, unknown> } } | undefined
    >((cb) => this.cam.createPullPointSubscription(cb), this.timeoutMs);
    const address = sub?.subscriptionReference?.address;
    if (!address || typeof address.href !== 'string')
      throw new OnvifError('malformed', 'no pull point address');
    // The pull point's requests go on this client's agent too, so `close()` ends a waiting pull.
    address.agent = this.agent;
  }

  /** PullMessages: the package asks the camera to wait up to a minute for messages. */
  async pull(): Promise<{ messages: NotificationMessage[]; terminationInMs: number | undefined }> {
    const data = await this.call<
      { notificationMessage?: unknown; currentTime?: unknown; terminationTime?: unknown } | undefined
    >((cb) => this.cam.pullMessages({ messageLimit: 20 }, cb), 80_000 + this.timeoutMs);
    if (!data || typeof data !== 'object') throw new OnvifError('malformed', 'empty PullMessages answer');
    const list = data.notificationMessage;
    const messages = (list === undefined ? [] : Array.isArray(list) ? list : [list]) as NotificationMessage[];
    const terminationInMs =
      data.terminationTime instanceof Date && data.currentTime instanceof Date
        ? data.terminationTime.getTime() - data.currentTime.getTime()
        : undefined;
    return { messages, terminationInMs };
  }

  async renew(): Promise<void> {
    await this.call((cb) => this.cam.renew({}, cb), this.timeoutMs);
  }

  /** Ends the subscription at the camera (best effort) and forgets it. */
  async unsubscribe(): Promise<void> {
    await this.call((cb) => this.cam.unsubscribe(cb, true), this.timeoutMs).catch(() => undefined);
  }

  /** Ends every request in flight (a waiting pull included); the client is not used afterwards. */
  close() {
    this.closed = true;
    this.agent.destroy();
  }

  private call<T>(
    fn: (cb: (err: Error | null, value?: T) => void) => void,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<T> {
    if (this.closed) return Promise.reject(new OnvifError('unreachable', 'client closed'));
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const finish = (err: unknown, value?: T) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (err) reject(classify(err));
        else resolve(value as T);
      };
      const timer = setTimeout(
        () =>
          finish(
            new OnvifError('timeout', `${this.host}:${this.port} did not answer within ${timeoutMs} ms`),
          ),
        timeoutMs,
      );
      const onAbort = () => finish(new OnvifError('timeout', 'cancelled'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        fn((err, value) => finish(err, value));
      } catch (err) {
        finish(err);
      }
    });
  }
}
