import type { EntityAnnouncement } from '../../home/integration.js';
import type { Attributes, EntityState } from '../../home/types.js';

/** One node of a Zigbee2MQTT `exposes` tree (bridges.md §1.4). */
export interface Expose {
  type: string;
  name?: string;
  property?: string;
  label?: string;
  access?: number;
  endpoint?: string;
  unit?: string;
  category?: string;
  value_min?: number;
  value_max?: number;
  value_step?: number;
  value_on?: unknown;
  value_off?: unknown;
  values?: unknown[];
  features?: Expose[];
}

/** A `bridge/devices` entry, as far as Hearth reads it. */
export interface Z2mDevice {
  ieee_address: string;
  friendly_name: string;
  type?: string;
  supported?: boolean;
  disabled?: boolean;
  interview_state?: string;
  interviewing?: boolean;
  interview_completed?: boolean;
  model_id?: string;
  manufacturer?: string;
  definition?: {
    model?: string;
    vendor?: string;
    description?: string;
    source?: string;
    exposes?: Expose[];
  } | null;
}

export const ACCESS = { STATE: 1, SET: 2, GET: 4 } as const;

export interface Reading {
  state?: EntityState;
  attributes?: Attributes;
}

/** What one expose (or a specific expose's features) becomes in Hearth. */
export interface EntitySpec {
  announcement: Omit<EntityAnnouncement, 'device_id'>;
  /** Reads this entity's state out of a device state message; undefined when the message does not concern it. */
  read(message: Record<string, unknown>): Reading | undefined;
  /** The `/set` payload for a validated action; absent for read-only entities. */
  command?(action: string, params: Record<string, unknown>): Record<string, unknown>;
  /** Properties that can be read with `/get` (GET access bit). */
  gettable: string[];
}

/** A payload that does not have the shape the exposes promise. */
export class BadPayload extends Error {}
