import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { Attributes, Capabilities, Domain, Entity, EntityState } from './types.js';

/**
 * The contract every protocol integration implements (Zigbee2MQTT, Z-Wave JS UI, MQTT
 * discovery, the demo home, …). An integration announces what exists, reports what devices
 * say, and sends commands; the home core owns ids, persistence, state and outcomes.
 */
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
  send(command: DeviceCommand): Promise<void | 'confirmed'>;
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
