import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { Attributes, Capabilities, Domain, Entity, EntityState } from './types.js';

/**
 * The contract every protocol integration implements (Zigbee2MQTT, Z-Wave JS UI, MQTT
 * discovery, the demo home, …). An integration announces what exists, reports what devices
 * say, and sends commands; the home core owns ids, persistence, state and outcomes.
 */
/**
 * What `send` resolves to: nothing (the device's next report confirms) or `'confirmed'`. Most
 * integrations' `send` is an async function returning nothing (Promise<void>); `undefined` here
 * would make each of them write `return undefined`.
 */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- see above
export type SendOutcome = void | 'confirmed';

export interface Integration {
  /** Stable id, also the prefix of its registry keys, e.g. `demo`, `zigbee2mqtt`. */
  readonly id: string;
  readonly name: string;
  start(host: IntegrationHost): Promise<void>;
  stop(): Promise<void>;
  /**
   * Sends a command to the device. Resolve when it is on its way (the core then waits for a
   * matching state report); resolve `'confirmed'` when the integration itself knows it took
   * effect; throw an AppError (503 when the device or bridge is unreachable) when it cannot send.
   */
  send(command: DeviceCommand): Promise<SendOutcome>;
  status(): IntegrationStatus;
  /**
   * Lets new devices join for `seconds` (0 stops it); answers when joining ends (ISO), or null.
   * Only integrations that pair devices themselves (Zigbee2MQTT) have it.
   */
  permitJoin?(seconds: number): Promise<string | null>;
  /** Integrations whose camera entities have pictures (ONVIF): Hearth fetches them, the browser never reaches the camera. */
  readonly cameras?: CameraPictures;
}

/** A picture kept for a motion event of a camera. */
export interface MotionSnapshot {
  /** Opaque id, e.g. `20261124T002133123Z-3fa9c1`. */
  id: string;
  /** When it was taken (ISO). */
  at: string;
  bytes: number;
}

/** Still pictures of an integration's camera entities, by the entity's unique id. */
export interface CameraPictures {
  /** A fresh JPEG from the camera (Hearth authenticates to it). Throws 503 when the camera does not answer. */
  snapshot(uniqueId: string): Promise<Buffer>;
  /** The pictures kept for motion events, newest first; undefined when the entity is not such a camera. */
  motionSnapshots(uniqueId: string): MotionSnapshot[] | undefined;
  motionSnapshot(uniqueId: string, id: string): Buffer | undefined;
}

/**
 * A connection integrations ride on (the MQTT broker link): listed with its status beside the
 * integrations, but it owns no entities and takes no commands, so it is not an `Integration`.
 */
export interface Transport {
  readonly id: string;
  readonly name: string;
  status(): IntegrationStatus;
}

export interface IntegrationStatus {
  state: 'online' | 'offline' | 'starting' | 'error';
  detail?: string;
  [key: string]: unknown;
}

export interface DeviceCommand {
  entity: Entity;
  /** The integration's own id of the entity (what it announced). */
  unique_id: string;
  action: string;
  /** Validated parameters (colours as [r,g,b], brightness in %). */
  params: Record<string, unknown>;
  correlation_id: string;
}

export interface DeviceAnnouncement {
  /** Unique within the integration, e.g. an IEEE address. */
  id: string;
  name: string;
  manufacturer?: string | null;
  model?: string | null;
  identifiers?: Record<string, string>;
  /** Area name the device suggests (created if missing); the user's choice wins. */
  area?: string | null;
}

export interface EntityAnnouncement {
  /** Unique within the integration and stable across renames, e.g. `0x00158d0001a2b3c4/brightness`. */
  unique_id: string;
  domain: Domain;
  name: string;
  /** Suggested object id (the part after the dot); defaults to the name in snake_case. */
  object_id?: string;
  device_id?: string | null;
  area?: string | null;
  capabilities: Capabilities;
  labels?: string[];
  /** Static attributes such as device_class and unit_of_measurement. */
  attributes?: Attributes;
}

/** What the home core offers an integration. */
export interface IntegrationHost {
  readonly log: Logger;
  readonly clock: Clock;
  /** Starts a discovery pass: whatever is not announced again before `endDiscovery` becomes unavailable. */
  beginDiscovery(): void;
  endDiscovery(): void;
  announceDevice(device: DeviceAnnouncement): string;
  /** Returns the entity id assigned (stable across restarts). */
  announceEntity(entity: EntityAnnouncement): string;
  /** A device left the network: its entities are removed from the registry. */
  removeDevice(deviceId: string): void;
  removeEntity(uniqueId: string): void;
  /** A state report. `attributes` are merged into the current ones; `state` undefined keeps the state. */
  reportState(uniqueId: string, state: EntityState | undefined, attributes?: Attributes): void;
  /** Availability of one entity, one device's entities, or every entity of this integration. */
  reportAvailability(target: { unique_id: string } | { device_id: string } | 'all', available: boolean): void;
  /** The device or bridge reported an error for this entity: its pending commands fail. */
  reportCommandError(uniqueId: string, message: string): void;
}

// --- pairing: adding a device a person names ------------------------------------------------

/**
 * What a person gives to add a device; one shape for every integration, each reads the fields
 * it needs (and says which in its `PairingForm`):
 * - a pairing code (Matter: the 11/21-digit manual code or the `MT:` QR payload), optionally
 *   with an address for a device that discovery cannot find;
 * - an address plus credentials (Shelly, WLED, Kasa, ONVIF);
 * - an address of a bridge whose button must be pressed (Hue): `pair` throws
 *   `Errors.buttonNotPressed()` until it is, and the same call then succeeds.
 */
export interface PairingRequest {
  /** The manual pairing code or QR payload, as typed (the integration normalises it). */
  code?: string | undefined;
  /** `host`, `host:port` or `[v6]:port`. */
  address?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
}

/**
 * Which fields an integration's pairing takes (a field it does not list is refused with 400
 * naming it); the dashboard builds its form from this. `button`: the person is asked to press
 * the bridge's button, and the request is repeated until it succeeds.
 */
export interface PairingForm {
  code?: 'required' | 'optional';
  address?: 'required' | 'optional';
  /** `username` and `password`. */
  credentials?: 'required' | 'optional';
  button?: boolean;
}

/** A step of a pairing that takes seconds ("connecting", "authenticating", "reading_device"…). */
export interface PairingStep {
  step: string;
  /** A sentence for the person waiting. Never carries a credential. */
  message: string;
}

/** Reports progress; each call reaches the admin who asked as a `pairing_progress` Socket.IO event. */
export type PairingProgress = (step: PairingStep) => void;

/** A device an integration manages because a person added it (never its credentials). */
export interface PairedDevice {
  /** The integration's own device id, as in `DeviceAnnouncement.id`. */
  id: string;
  name: string;
  manufacturer: string | null;
  model: string | null;
  /** Where it is reached, e.g. `192.168.1.20` or `192.168.1.20:8080`; null when found by discovery. */
  address: string | null;
  /** A bridge's own devices (the integration's ids), e.g. the lights behind a Hue bridge. */
  devices?: string[];
}

/**
 * The optional contract beside `Integration` for integrations a person adds devices to. `pair`
 * probes, stores what it needs in its `IntegrationStorage`, announces the device and its entities
 * through the host (as `start` does for saved devices) and resolves with the device. It throws an
 * AppError saying exactly why not (nothing answered, wrong password, unsupported model, button not
 * pressed, already added). `signal` aborts a pairing that the service gave up on.
 */
export interface PairableIntegration extends Integration {
  pair(request: PairingRequest, progress: PairingProgress, signal: AbortSignal): Promise<PairedDevice>;
  /** Forgets a device: its stored credentials, its connection, and (through the host) its entities. */
  unpair(deviceId: string): Promise<void>;
  pairedDevices(): PairedDevice[];
}
