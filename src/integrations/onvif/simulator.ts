import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { hash, parseParams } from '../local/auth.js';
import { SimulatedDevice } from '../local/simulated-device.js';
import { encodeBlockJpeg } from './jpeg.js';
import { cameraPicture } from './simulated-picture.js';
import { durationMs, iso, NS, soapAnswer, soapFault } from './simulated-soap.js';

/**
 * An ONVIF camera (Profile S) on 127.0.0.1, written from the ONVIF Core, Media (ver10), Events
 * (ver10, WS-BaseNotification pull point) and PTZ (ver20) specifications:
 *
 * - SOAP 1.2 over HTTP POST to the service addresses `GetServices` names; every operation but the
 *   pre-authentication ones (Core §5.9.4.3: GetSystemDateAndTime, GetServices, GetCapabilities,
 *   GetServiceCapabilities, GetHostname, GetWsdlUrl, GetEndpointReference) needs a WS-Security
 *   UsernameToken whose PasswordDigest is Base64(SHA-1(nonce + created + password)), fresh
 *   (±5 min) and not replayed; otherwise HTTP 400 with the `ter:NotAuthorized` Sender fault.
 * - Device: GetSystemDateAndTime, GetServices, GetCapabilities, GetDeviceInformation, GetScopes
 *   (with the `name/…` scope).
 * - Media: GetProfiles (a main and a sub stream), GetVideoSources, GetSnapshotUri, GetStreamUri.
 * - Events: CreatePullPointSubscription → a pull point address; PullMessages waits up to its
 *   Timeout for a message (`motion(on)` queues one: RuleEngine/CellMotionDetector/Motion with
 *   IsMotion, or VideoSource/MotionAlarm with State), Renew, Unsubscribe.
 * - PTZ: GetPresets, GotoPreset (the head moves for `moveMs`, MoveStatus MOVING then IDLE),
 *   GetStatus.
 * - The snapshot URI: a JPEG behind HTTP digest authentication (MD5, qop=auth) with the same
 *   user, as cameras do.
 *
 * Test knobs: `delayMs` (a slow camera), `malformed` (answers that are not ONVIF), `reboot()`.
 */
export interface OnvifSimulatorOptions {
  username?: string;
  password?: string;
  manufacturer?: string;
  model?: string;
  serial?: string;
  ptz?: boolean;
  events?: boolean;
  /** Which motion topic the camera uses (cameras differ). */
  motionTopic?: 'cell' | 'alarm';
  name?: string;
}

interface Subscription {
  id: number;
  terminationMs: number;
  queue: string[];
  waiting: (() => void) | undefined;
}

const PRE_AUTH = new Set([
  'GetSystemDateAndTime',
  'GetServices',
  'GetCapabilities',
  'GetServiceCapabilities',
  'GetHostname',
  'GetWsdlUrl',
  'GetEndpointReference',
]);

const PTZ_SPACE = 'http://www.onvif.org/ver10/tptz/PanTiltSpaces/PositionGenericSpace';
const ZOOM_SPACE = 'http://www.onvif.org/ver10/tptz/ZoomSpaces/PositionGenericSpace';

export class OnvifCameraSimulator extends SimulatedDevice {
  /** Added before every answer (a slow camera). */
  delayMs = 0;
  /** Answer every SOAP request with something that is not an ONVIF answer. */
  malformed = false;
  /** How long a GotoPreset takes to arrive. */
  moveMs = 150;
  readonly username: string;
  password: string;
  /** The name scope (`onvif://www.onvif.org/name/…`) a person set on the camera. */
  name: string;
  readonly options: Required<Omit<OnvifSimulatorOptions, 'username' | 'password' | 'name'>>;
  readonly presets = [
    { token: 'preset-1', name: 'Driveway', x: 0.5, y: 0.1, zoom: 0 },
    { token: 'preset-2', name: 'Garden gate', x: -0.4, y: 0, zoom: 0.3 },
  ];
  position = { x: 0, y: 0, zoom: 0 };
  moving = false;
  /** Operations received, in order (for the tests: what Hearth asked). */
  readonly received: string[] = [];
  snapshotsServed = 0;
  /** Subscriptions ended by Unsubscribe, by id. */
  readonly unsubscribed: number[] = [];
  /** Refused requests (wrong or missing credentials). */
  refused = 0;
  private readonly subscriptions = new Map<number, Subscription>();
  private nextSubscription = 1;
  private readonly nonces = new Set<string>();
  private readonly digestNonces = new Set<string>();
  private motionState = false;
  private moveTimer: NodeJS.Timeout | undefined;

  constructor(opts: OnvifSimulatorOptions = {}) {
    super();
    this.username = opts.username ?? 'admin';
    this.password = opts.password ?? '';
    this.name = opts.name ?? 'Front Garden';
    this.options = {
      manufacturer: opts.manufacturer ?? 'Simulated Optics',
      model: opts.model ?? 'SIM-PTZ-2',
      serial: opts.serial ?? randomBytes(6).toString('hex').toUpperCase(),
      ptz: opts.ptz ?? true,
      events: opts.events ?? true,
      motionTopic: opts.motionTopic ?? 'cell',
    };
  }

  private get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Motion starts (true) or stops (false): a notification for every open pull point. */
  motion(on: boolean) {
    this.motionState = on;
    const message = this.motionMessage(on, 'Changed');
    for (const s of this.subscriptions.values()) {
      s.queue.push(message);
      s.waiting?.();
    }
  }

  /** Open pull-point subscriptions (Hearth keeps one per camera while it watches). */
  get subscriptionCount() {
    return this.subscriptions.size;
  }

  /** The id of the newest subscription (0: none yet). */
  get newestSubscription() {
    return this.nextSubscription - 1;
  }

  protected override onStop() {
    // A reboot forgets subscriptions; a waiting PullMessages is answered by the dropped connection.
    for (const s of this.subscriptions.values()) s.waiting?.();
    this.subscriptions.clear();
    if (this.moveTimer) clearTimeout(this.moveTimer);
    this.moving = false;
  }

  protected createServer(): Server {
    return createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => void this.handle(req, res, body).catch(() => res.destroy()), this.delayMs);
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && path === '/snapshot.jpg') return this.snapshot(req, res);
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const op = /<(?:[\w-]+:)?Body\b[^>]*>\s*<(?:[\w-]+:)?(\w+)/.exec(body)?.[1];
    if (!op) return soapFault(res, 400, 'env:Sender', 'ter:WellFormed', 'Not a SOAP 1.2 envelope');
    this.received.push(op);
    if (this.malformed)
      return void res
        .writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' })
        .end('<html><body>Camera busy <b>');
    if (!PRE_AUTH.has(op) && !this.authorised(body)) {
      this.refused++;
      return soapFault(res, 400, 'env:Sender', 'ter:NotAuthorized', 'Sender not Authorized');
    }
    const answer = await this.operation(path, op, body);
    if (answer === undefined)
      return soapFault(res, 400, 'env:Receiver', 'ter:ActionNotSupported', `${op} is not supported`);
    if (answer === null) return void res.destroy(); // a pull whose subscription went away
    soapAnswer(res, answer);
  }

  /** WS-Security UsernameToken with PasswordDigest (OASIS UsernameToken Profile 1.0 §3.1). */
  private authorised(body: string): boolean {
    if (!this.password) return true; // a camera with no user set up (factory default) lets everyone in
    const text = (tag: string) =>
      new RegExp(`<(?:[\\w-]+:)?${tag}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${tag}>`).exec(body)?.[1]?.trim();
    const user = text('Username');
    const digest = text('Password');
    const nonce = text('Nonce');
    const created = text('Created');
    if (!user || !digest || !nonce || !created || user !== this.username) return false;
    const createdMs = Date.parse(created);
    if (!Number.isFinite(createdMs) || Math.abs(Date.now() - createdMs) > 5 * 60_000) return false;
    if (this.nonces.has(nonce)) return false; // replayed
    const expected = createHash('sha1')
      .update(Buffer.concat([Buffer.from(nonce, 'base64'), Buffer.from(created), Buffer.from(this.password)]))
      .digest('base64');
    if (expected !== digest) return false;
    this.nonces.add(nonce);
    if (this.nonces.size > 10_000) this.nonces.clear();
    return true;
  }

  private async operation(path: string, op: string, body: string): Promise<string | null | undefined> {
    const tag = (name: string) =>
      new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(body)?.[1]?.trim();
    const pull = /^\/onvif\/pullpoint\/(\d+)$/.exec(path);
    if (pull) return this.pullPoint(Number(pull[1]), op, tag);
    switch (op) {
      case 'GetSystemDateAndTime':
        return this.dateAndTime();
      case 'GetServices':
        return this.services();
      case 'GetCapabilities':
        return this.capabilities();
      case 'GetDeviceInformation': {
        const o = this.options;
        return `<tds:GetDeviceInformationResponse><tds:Manufacturer>${o.manufacturer}</tds:Manufacturer><tds:Model>${o.model}</tds:Model><tds:FirmwareVersion>4.2.1-sim</tds:FirmwareVersion><tds:SerialNumber>${o.serial}</tds:SerialNumber><tds:HardwareId>SIM-HW-1</tds:HardwareId></tds:GetDeviceInformationResponse>`;
      }
      case 'GetScopes': {
        const scope = (def: string, item: string) =>
          `<tds:Scopes><tt:ScopeDef>${def}</tt:ScopeDef><tt:ScopeItem>onvif://www.onvif.org/${item}</tt:ScopeItem></tds:Scopes>`;
        return `<tds:GetScopesResponse>${[
          scope('Fixed', 'type/video_encoder'),
          scope('Fixed', 'Profile/Streaming'),
          scope('Fixed', `hardware/${encodeURIComponent(this.options.model)}`),
          scope('Configurable', `name/${encodeURIComponent(this.name)}`),
          scope('Configurable', 'location/country/nowhere'),
        ].join('')}</tds:GetScopesResponse>`;
      }
      case 'GetProfiles':
        return `<trt:GetProfilesResponse>${this.profile('Profile_1', 'mainStream', 1920, 1080)}${this.profile('Profile_2', 'subStream', 640, 360)}</trt:GetProfilesResponse>`;
      case 'GetVideoSources':
        return `<trt:GetVideoSourcesResponse><trt:VideoSources token="VideoSource_1"><tt:Framerate>25</tt:Framerate><tt:Resolution><tt:Width>1920</tt:Width><tt:Height>1080</tt:Height></tt:Resolution></trt:VideoSources></trt:GetVideoSourcesResponse>`;
      case 'GetSnapshotUri':
        return `<trt:GetSnapshotUriResponse><trt:MediaUri><tt:Uri>${this.base}/snapshot.jpg</tt:Uri><tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot><tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetSnapshotUriResponse>`;
      case 'GetStreamUri': {
        const profile = tag('ProfileToken') === 'Profile_2' ? 'sub' : 'main';
        return `<trt:GetStreamUriResponse><trt:MediaUri><tt:Uri>rtsp://127.0.0.1:554/${profile}</tt:Uri><tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot><tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetStreamUriResponse>`;
      }
      case 'CreatePullPointSubscription': {
        if (!this.options.events) return undefined;
        const id = this.nextSubscription++;
        const s: Subscription = {
          id,
          terminationMs: Date.now() + durationMs(tag('InitialTerminationTime'), 60_000),
          queue: [this.motionMessage(this.motionState, 'Initialized')],
          waiting: undefined,
        };
        this.subscriptions.set(id, s);
        return `<tev:CreatePullPointSubscriptionResponse><tev:SubscriptionReference><wsa5:Address>${this.base}/onvif/pullpoint/${id}</wsa5:Address></tev:SubscriptionReference><wsnt:CurrentTime>${iso(Date.now())}</wsnt:CurrentTime><wsnt:TerminationTime>${iso(s.terminationMs)}</wsnt:TerminationTime></tev:CreatePullPointSubscriptionResponse>`;
      }
      case 'GetPresets':
        if (!this.options.ptz) return undefined;
        return `<tptz:GetPresetsResponse>${this.presets
          .map(
            (p) =>
              `<tptz:Preset token="${p.token}"><tt:Name>${p.name}</tt:Name><tt:PTZPosition><tt:PanTilt x="${p.x}" y="${p.y}" space="${PTZ_SPACE}"/><tt:Zoom x="${p.zoom}" space="${ZOOM_SPACE}"/></tt:PTZPosition></tptz:Preset>`,
          )
          .join('')}</tptz:GetPresetsResponse>`;
      case 'GotoPreset': {
        if (!this.options.ptz) return undefined;
        const preset = this.presets.find((p) => p.token === tag('PresetToken'));
        if (!preset) return undefined;
        this.moving = true;
        if (this.moveTimer) clearTimeout(this.moveTimer);
        this.moveTimer = setTimeout(() => {
          this.position = { x: preset.x, y: preset.y, zoom: preset.zoom };
          this.moving = false;
        }, this.moveMs);
        return '<tptz:GotoPresetResponse/>';
      }
      case 'GetStatus': {
        if (!this.options.ptz) return undefined;
        const move = this.moving ? 'MOVING' : 'IDLE';
        const p = this.position;
        return `<tptz:GetStatusResponse><tptz:PTZStatus><tt:Position><tt:PanTilt x="${p.x}" y="${p.y}" space="${PTZ_SPACE}"/><tt:Zoom x="${p.zoom}" space="${ZOOM_SPACE}"/></tt:Position><tt:MoveStatus><tt:PanTilt>${move}</tt:PanTilt><tt:Zoom>${move}</tt:Zoom></tt:MoveStatus><tt:UtcTime>${iso(Date.now())}</tt:UtcTime></tptz:PTZStatus></tptz:GetStatusResponse>`;
      }
      default:
        return undefined;
    }
  }

  private async pullPoint(
    id: number,
    op: string,
    tag: (name: string) => string | undefined,
  ): Promise<string | null | undefined> {
    const s = this.subscriptions.get(id);
    if (!s || s.terminationMs < Date.now()) {
      this.subscriptions.delete(id);
      return undefined; // the pull point is gone (expired, or the camera rebooted)
    }
    if (op === 'Unsubscribe') {
      this.subscriptions.delete(id);
      this.unsubscribed.push(id);
      s.waiting?.();
      return '<wsnt:UnsubscribeResponse/>';
    }
    if (op === 'Renew') {
      s.terminationMs = Date.now() + durationMs(tag('TerminationTime'), 60_000);
      return `<wsnt:RenewResponse><wsnt:TerminationTime>${iso(s.terminationMs)}</wsnt:TerminationTime><wsnt:CurrentTime>${iso(Date.now())}</wsnt:CurrentTime></wsnt:RenewResponse>`;
    }
    if (op !== 'PullMessages') return undefined;
    const limit = Math.max(1, Number(tag('MessageLimit') ?? 10) || 10);
    if (s.queue.length === 0) {
      const waitMs = Math.min(durationMs(tag('Timeout'), 10_000), 60_000);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        s.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      s.waiting = undefined;
      // Unsubscribed or rebooted while waiting: the connection is dropped, no answer.
      if (!this.subscriptions.has(id)) return null;
    }
    const messages = s.queue.splice(0, limit);
    // A pull extends the subscription by its initial duration (Events §9.1.2).
    s.terminationMs = Math.max(s.terminationMs, Date.now() + 60_000);
    return `<tev:PullMessagesResponse><tev:CurrentTime>${iso(Date.now())}</tev:CurrentTime><tev:TerminationTime>${iso(s.terminationMs)}</tev:TerminationTime>${messages.join('')}</tev:PullMessagesResponse>`;
  }

  private motionMessage(on: boolean, operation: 'Initialized' | 'Changed') {
    const cell = this.options.motionTopic === 'cell';
    const topic = cell ? 'tns1:RuleEngine/CellMotionDetector/Motion' : 'tns1:VideoSource/MotionAlarm';
    const source = cell
      ? '<tt:SimpleItem Name="VideoSourceConfigurationToken" Value="VideoSourceConfig_1"/><tt:SimpleItem Name="VideoAnalyticsConfigurationToken" Value="VideoAnalytics_1"/><tt:SimpleItem Name="Rule" Value="MyMotionDetectorRule"/>'
      : '<tt:SimpleItem Name="Source" Value="VideoSource_1"/>';
    const data = `<tt:SimpleItem Name="${cell ? 'IsMotion' : 'State'}" Value="${on}"/>`;
    return `<wsnt:NotificationMessage><wsnt:Topic Dialect="http://www.onvif.org/ver10/tev/topicExpression/ConcreteSet">${topic}</wsnt:Topic><wsnt:Message><tt:Message UtcTime="${iso(Date.now())}" PropertyOperation="${operation}"><tt:Source>${source}</tt:Source><tt:Data>${data}</tt:Data></tt:Message></wsnt:Message></wsnt:NotificationMessage>`;
  }

  private profile(token: string, name: string, width: number, height: number) {
    const ptz = this.options.ptz
      ? `<tt:PTZConfiguration token="PTZConfig_1"><tt:Name>PTZ</tt:Name><tt:UseCount>2</tt:UseCount><tt:NodeToken>PTZNode_1</tt:NodeToken></tt:PTZConfiguration>`
      : '';
    return `<trt:Profiles token="${token}" fixed="true"><tt:Name>${name}</tt:Name><tt:VideoSourceConfiguration token="VideoSourceConfig_1"><tt:Name>VideoSourceConfig</tt:Name><tt:UseCount>2</tt:UseCount><tt:SourceToken>VideoSource_1</tt:SourceToken><tt:Bounds x="0" y="0" width="1920" height="1080"/></tt:VideoSourceConfiguration><tt:VideoEncoderConfiguration token="Encoder_${token}"><tt:Name>${name}</tt:Name><tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding><tt:Resolution><tt:Width>${width}</tt:Width><tt:Height>${height}</tt:Height></tt:Resolution><tt:Quality>5</tt:Quality><tt:RateControl><tt:FrameRateLimit>25</tt:FrameRateLimit><tt:EncodingInterval>1</tt:EncodingInterval><tt:BitrateLimit>4096</tt:BitrateLimit></tt:RateControl><tt:SessionTimeout>PT60S</tt:SessionTimeout></tt:VideoEncoderConfiguration>${ptz}</trt:Profiles>`;
  }

  private services() {
    const service = (ns: string, path: string, major: number, minor: number) =>
      `<tds:Service><tds:Namespace>${ns}</tds:Namespace><tds:XAddr>${this.base}${path}</tds:XAddr><tds:Version><tt:Major>${major}</tt:Major><tt:Minor>${minor}</tt:Minor></tds:Version></tds:Service>`;
    return `<tds:GetServicesResponse>${[
      service(NS.tds, '/onvif/device_service', 2, 60),
      service(NS.trt, '/onvif/media_service', 2, 60),
      ...(this.options.events ? [service(NS.tev, '/onvif/events_service', 2, 60)] : []),
      ...(this.options.ptz ? [service(NS.tptz, '/onvif/ptz_service', 2, 60)] : []),
    ].join('')}</tds:GetServicesResponse>`;
  }

  private capabilities() {
    return `<tds:GetCapabilitiesResponse><tds:Capabilities><tt:Device><tt:XAddr>${this.base}/onvif/device_service</tt:XAddr></tt:Device>${
      this.options.events
        ? `<tt:Events><tt:XAddr>${this.base}/onvif/events_service</tt:XAddr><tt:WSSubscriptionPolicySupport>false</tt:WSSubscriptionPolicySupport><tt:WSPullPointSupport>true</tt:WSPullPointSupport><tt:WSPausableSubscriptionManagerInterfaceSupport>false</tt:WSPausableSubscriptionManagerInterfaceSupport></tt:Events>`
        : ''
    }<tt:Media><tt:XAddr>${this.base}/onvif/media_service</tt:XAddr></tt:Media>${
      this.options.ptz ? `<tt:PTZ><tt:XAddr>${this.base}/onvif/ptz_service</tt:XAddr></tt:PTZ>` : ''
    }</tds:Capabilities></tds:GetCapabilitiesResponse>`;
  }

  private dateAndTime() {
    const d = new Date();
    return `<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>NTP</tt:DateTimeType><tt:DaylightSavings>false</tt:DaylightSavings><tt:TimeZone><tt:TZ>UTC0</tt:TZ></tt:TimeZone><tt:UTCDateTime><tt:Time><tt:Hour>${d.getUTCHours()}</tt:Hour><tt:Minute>${d.getUTCMinutes()}</tt:Minute><tt:Second>${d.getUTCSeconds()}</tt:Second></tt:Time><tt:Date><tt:Year>${d.getUTCFullYear()}</tt:Year><tt:Month>${d.getUTCMonth() + 1}</tt:Month><tt:Day>${d.getUTCDate()}</tt:Day></tt:Date></tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>`;
  }

  /** The snapshot URI: HTTP digest (RFC 7616, MD5, qop=auth) when the camera has a password. */
  private snapshot(req: IncomingMessage, res: ServerResponse) {
    if (this.password) {
      const header = req.headers.authorization ?? '';
      const p = parseParams(header.replace(/^Digest\s+/i, ''));
      const realm = 'IP Camera';
      const ok =
        /^Digest /i.test(header) &&
        p.username === this.username &&
        p.nonce !== undefined &&
        this.digestNonces.has(p.nonce) &&
        p.response ===
          hash(
            'MD5',
            `${hash('MD5', `${this.username}:${realm}:${this.password}`)}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${hash('MD5', `GET:${p.uri}`)}`,
          );
      if (!ok) {
        const nonce = randomBytes(12).toString('hex');
        this.digestNonces.add(nonce);
        if (/^Digest /i.test(header)) this.refused++;
        return void res
          .writeHead(401, { 'www-authenticate': `Digest realm="${realm}", qop="auth", nonce="${nonce}"` })
          .end();
      }
    }
    this.snapshotsServed++;
    const frame = this.snapshotsServed;
    res
      .writeHead(200, { 'content-type': 'image/jpeg' })
      .end(encodeBlockJpeg(cameraPicture(frame, this.position.x, this.motionState), `frame ${frame}`));
  }
}
