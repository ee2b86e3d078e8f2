/** Wire shapes of the home (see src/home/types.ts on the service). */
export type EntityState = string | number | null;

export interface Capabilities {
  actions: string[];
  brightness?: boolean;
  color_temp?: { min_kelvin: number; max_kelvin: number };
  color?: boolean;
  position?: boolean;
  temperature?: { min: number; max: number; step: number; unit: string };
  hvac_modes?: string[];
  presets?: string[];
  fan_speeds?: string[];
  volume?: boolean;
}

export interface Entity {
  entity_id: string;
  name: string;
  domain: string;
  area: string | null;
  state: EntityState;
  attributes: Record<string, unknown>;
  capabilities: Capabilities;
  available: boolean;
  last_changed: string;
  desired: { action: string; params: Record<string, unknown>; correlation_id: string } | null;
}

export interface Area { id: string; name: string; floor: string | null }

export type Outcome = 'confirmed' | 'accepted' | 'failed' | 'timeout';
export interface CommandResult { entity_id: string; action: string; outcome: Outcome; state: EntityState; correlation_id: string; error?: string }

export interface Scene { id: string; name: string; builtin: boolean; modified: boolean; actions: Record<string, unknown>[]; updated_at: string }
