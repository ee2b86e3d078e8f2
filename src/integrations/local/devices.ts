import { Errors } from '../../errors.js';
import type {
  DeviceCommand,
  SendOutcome,
  IntegrationHost,
  IntegrationStatus,
  PairableIntegration,
  PairedDevice,
  PairingProgress,
  PairingRequest,
} from '../../home/integration.js';
import type { Logger } from '../../log.js';
import type { PairableDeps } from '../pairing/catalogue.js';
import { parseAddress, type DeviceAddress } from '../pairing/address.js';
import { DeviceRequestError } from './http.js';
import { PollingCoordinator } from './poller.js';

/** A device as stored in `<data dir>/integrations/<id>/devices.json` (0600): the only place its credentials live. */
export interface SavedDevice {
  id: string;
  name: string;
  manufacturer: string | null;
  model: string | null;
  address: string;
  username?: string | undefined;
  password?: string | undefined;
  /** What the brand learned when pairing (generation, pinned certificate, application key, …). */
  data: Record<string, unknown>;
}

export interface ProbeRequest {
  address: DeviceAddress;
  /** As the person typed it, for messages and storage. */
  addressText: string;
  username?: string | undefined;
  password?: string | undefined;
}

/** What a device session gets: the host to report through, the shared poller, and helpers. */
export interface DeviceContext {
  saved: SavedDevice;
  host: IntegrationHost;
  log: Logger;
  poller: PollingCoordinator;
  /** Logs a malformed answer once per kind for this device (a chatty broken device must not flood the log). */
  malformed(kind: string, detail?: unknown): void;
  /** Stores brand data learned later (e.g. a renewed key). */
  saveData(data: Record<string, unknown>): void;
}

/** One connected device: announces its entities, keeps its state, carries out commands. */
export interface DeviceSession {
  start(): void;
  /** Devices a bridge announced besides its own (removed with it); the pairing answer lists their entities. */
  bridgedDevices?(): string[];
  /** Settles after the first status was read (or the first attempt failed): pairing answers with live state. */
  firstStatus?(): Promise<void>;
  send(command: DeviceCommand): Promise<SendOutcome>;
  stop(): void;
}

/** A brand of WiFi device reached through its own local API. */
export interface Brand {
  id: string;
  name: string;
  /** Reaches the address, identifies the device and checks the credentials (throws the pairing errors). */
  probe(req: ProbeRequest, progress: PairingProgress, signal: AbortSignal): Promise<SavedDevice>;
  open(ctx: DeviceContext): DeviceSession;
}

const FILE = 'devices.json';

/**
 * The integration shared by every WiFi brand: keeps the list of devices a person added (with
 * their credentials) in its storage, opens a session per device, routes commands to it, and
 * implements the pairing seam. A brand supplies only `probe` and its device session.
 */
export class LocalDeviceIntegration implements PairableIntegration {
  readonly id: string;
  readonly name: string;
  private host: IntegrationHost | undefined;
  private readonly saved = new Map<string, SavedDevice>();
  private readonly sessions = new Map<string, DeviceSession>();
  readonly poller: PollingCoordinator;

  constructor(
    private readonly brand: Brand,
    private readonly deps: PairableDeps,
  ) {
    this.id = brand.id;
    this.name = brand.name;
    this.poller = new PollingCoordinator(deps.clock);
  }

  async start(host: IntegrationHost) {
    this.host = host;
    const list = (this.deps.storage.readJson(FILE) as SavedDevice[] | undefined) ?? [];
    for (const d of list) {
      this.saved.set(d.id, d);
      this.open(d);
    }
  }

  async stop() {
    for (const s of this.sessions.values()) s.stop();
    this.sessions.clear();
    this.poller.stop();
  }

  status(): IntegrationStatus {
    const devices = this.saved.size;
    const unavailable = [...this.saved.keys()].filter((id) => this.poller.isAvailable(id) === false).length;
    return {
      state: unavailable > 0 && unavailable === devices ? 'offline' : 'online',
      devices,
      unavailable,
    };
  }

  async send(command: DeviceCommand) {
    // Unique ids start with the saved device's id (a bridge's entities too).
    const session = this.sessions.get(command.unique_id.split('/')[0]!);
    if (!session) throw Errors.unavailable(`${command.entity.name} is not connected.`);
    try {
      return await session.send(command);
    } catch (err) {
      if (err instanceof DeviceRequestError)
        throw Errors.unavailable(`${command.entity.name} did not answer: ${err.message}.`, {
          entity_id: command.entity.entity_id,
        });
      throw err;
    }
  }

  async pair(request: PairingRequest, progress: PairingProgress, signal: AbortSignal): Promise<PairedDevice> {
    const addressText = request.address!.trim();
    const address = parseAddress(addressText);
    progress({ step: 'connecting', message: `Asking ${addressText} what it is.` });
    let found: SavedDevice;
    try {
      found = await this.brand.probe(
        { address, addressText, username: request.username, password: request.password },
        progress,
        signal,
      );
    } catch (err) {
      throw pairingError(err, addressText);
    }
    const previous = this.saved.get(found.id);
    if (previous) {
      // The same device again (a new address after DHCP, a new password): update it in place.
      this.sessions.get(found.id)?.stop();
      this.sessions.delete(found.id);
    }
    this.saved.set(found.id, found);
    this.persist();
    progress({
      step: 'adding',
      message: `Found ${found.name} (${found.model ?? 'unknown model'}); adding it.`,
    });
    const session = this.open(found);
    await session.firstStatus?.();
    const bridged = session.bridgedDevices?.() ?? [];
    return { ...publicOf(found), ...(bridged.length ? { devices: bridged } : {}) };
  }

  async unpair(deviceId: string) {
    for (const bridged of this.sessions.get(deviceId)?.bridgedDevices?.() ?? [])
      this.host?.removeDevice(bridged);
    this.sessions.get(deviceId)?.stop();
    this.sessions.delete(deviceId);
    this.poller.remove(deviceId);
    this.saved.delete(deviceId);
    this.persist();
    this.host?.removeDevice(deviceId);
  }

  /** A device already added (a brand checks a re-pairing against it, e.g. the pinned certificate). */
  savedDevice(id: string): SavedDevice | undefined {
    return this.saved.get(id);
  }

  pairedDevices(): PairedDevice[] {
    return [...this.saved.values()].map((d) => {
      const bridged = this.sessions.get(d.id)?.bridgedDevices?.() ?? [];
      return { ...publicOf(d), ...(bridged.length ? { devices: bridged } : {}) };
    });
  }

  private persist() {
    this.deps.storage.writeJson(FILE, [...this.saved.values()]);
  }

  private open(saved: SavedDevice): DeviceSession {
    const host = this.host!;
    const log = this.deps.log.child({ device: saved.id });
    const logged = new Set<string>();
    const session = this.brand.open({
      saved,
      host,
      log,
      poller: this.poller,
      malformed: (kind, detail) => {
        if (logged.has(kind)) return;
        logged.add(kind);
        log.warn(
          { kind, detail: detail instanceof Error ? detail.message : detail },
          'malformed answer from the device ignored',
        );
      },
      saveData: (data) => {
        saved.data = { ...saved.data, ...data };
        this.persist();
      },
    });
    this.sessions.set(saved.id, session);
    session.start();
    return session;
  }
}

function publicOf(d: SavedDevice): PairedDevice {
  return { id: d.id, name: d.name, manufacturer: d.manufacturer, model: d.model, address: d.address };
}

/** A probe's failure as the pairing error that says why. */
export function pairingError(err: unknown, address: string): unknown {
  if (!(err instanceof DeviceRequestError)) {
    if (err instanceof SyntaxError)
      return Errors.unsupportedDevice(`${address} answered, but not like a device this integration knows.`);
    return err;
  }
  switch (err.kind) {
    case 'timeout':
      return Errors.deviceUnreachable(`${address} did not answer in time.`, { reason: 'timeout' });
    case 'certificate':
      return Errors.pairingRefused(err.message, { reason: 'certificate' });
    case 'aborted':
      return err;
    default:
      return Errors.deviceUnreachable(`Nothing answered at ${address} (${err.code ?? err.message}).`, {
        reason: err.code ?? err.kind,
      });
  }
}
