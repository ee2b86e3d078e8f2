/**
 * The home's domain model as the wire shows it (snake_case), shared by every part that reads
 * entities or changes devices, and by the dashboard (`web/src/types.ts` imports these as types).
 * Types only: no values, no imports, so the dashboard's build never pulls server code.
 */

export type Domain =
  | 'light'
  | 'switch'
  | 'sensor'
  | 'binary_sensor'
  | 'lock'
  | 'climate'
  | 'cover'
  | 'fan'
  | 'media_player'
  | 'camera'
  | 'alarm_control_panel'
  | 'person'
  | 'scene'
  | 'vacuum'
  | 'button'
  | 'number'
  | 'select'
  | 'device_tracker';

export type EntityState = string | number | null;
export type Attributes = Record<string, unknown>;

/** What an entity can do, and the ranges its parameters accept. Announced by its integration. */
export interface Capabilities {
  /** Supported actions, e.g. ["on","off","toggle","dim"]. */
  actions: string[];
  /** Brightness in percent 0–100 (for `dim` and `on`). */
  brightness?: boolean;
  /** Colour temperature range in kelvin (for `set_color_temp` and `on`). */
  color_temp?: { min_kelvin: number; max_kelvin: number };
  /** Full colour (for `set_color` and `on`). */
  color?: boolean;
  /** Cover position 0–100 (for `set_position`). */
  position?: boolean;
  /** Target temperature range (for `set_temperature`). */
  temperature?: { min: number; max: number; step: number; unit: string };
  hvac_modes?: string[];
  presets?: string[];
  fan_speeds?: string[];
  /** Volume 0–100 (for `set_volume`). */
  volume?: boolean;
}

export interface Entity {
  entity_id: string;
  name: string;
  domain: Domain;
  /** Area id, from the user's override, else the device's area, else what the integration suggested. */
  area: string | null;
  device_id: string | null;
  integration: string;
  state: EntityState;
  attributes: Attributes;
  capabilities: Capabilities;
  available: boolean;
  labels: string[];
  aliases: string[];
  /** ISO time the state last changed / the entity was last updated (state or attributes). */
  last_changed: string;
  last_updated: string;
  /** What a pending command asked for, until the device confirms it (then null). */
  desired: { action: string; params: Record<string, unknown>; correlation_id: string; since: string } | null;
}

export interface Device {
  id: string;
  name: string;
  integration: string;
  manufacturer: string | null;
  model: string | null;
  /** Protocol identifiers, e.g. `{ ieee: "0x00158d0001a2b3c4" }`. */
  identifiers: Record<string, string>;
  area: string | null;
  available: boolean;
  entities: string[];
}

export interface Area {
  id: string;
  name: string;
  floor: string | null;
}

/** Who or what caused a command or a state change: answers "what turned my light on?". */
export interface Cause {
  type: 'user' | 'automation' | 'scene' | 'agent' | 'device' | 'system' | 'matter_bridge';
  id?: string | undefined;
  /** The person on whose behalf an agent acted (chat, voice, a timer they set). */
  user_id?: string | undefined;
}

/** A request to change a device: the one shape REST, Socket.IO, scenes, automations and the agent all build. */
export interface Command {
  entity_id: string;
  action: string;
  params: Record<string, unknown>;
  cause: Cause;
}

/**
 * How a command ended: `confirmed` (the device's report matched), `accepted` (sent, not yet
 * confirmed — a `command_result` event follows), `failed` (the device or bridge reported an
 * error), `timeout` (no matching report in time).
 */
export type Outcome = 'confirmed' | 'accepted' | 'failed' | 'timeout';

export interface CommandResult {
  entity_id: string;
  action: string;
  outcome: Outcome;
  state: EntityState;
  correlation_id: string;
  error?: string;
}

/** A state as events carry it. */
export interface StateSnapshot {
  state: EntityState;
  attributes: Attributes;
  available: boolean;
  last_changed: string;
  last_updated: string;
}

/** An entity's state change as the bus and Socket.IO's `state_changed` carry it. */
export interface StateChangedEvent {
  entity_id: string;
  domain: string;
  area: string | null;
  old_state: StateSnapshot | null;
  new_state: StateSnapshot;
  cause: Cause;
  correlation_id: string | null;
}
