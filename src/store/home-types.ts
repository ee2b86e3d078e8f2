/** Persistent records of the home core (entity registry, devices, areas, scenes, history). */

export interface EntityRow {
  entity_id: string;
  /** `<integration>:<unique_id>`: how a re-announced entity finds its id again. */
  key: string;
  integration: string;
  domain: string;
  discovered_name: string;
  device_id: string | null;
  suggested_area: string | null;
  capabilities: unknown;
  labels: string[];
  aliases: string[];
  name_override: string | null;
  area_override: string | null;
  /** Last known state, restored at start so automations and the dashboard see it before devices report. */
  state: unknown;
  attributes: Record<string, unknown>;
  last_changed: string;
  last_updated: string;
}

export interface DeviceRow {
  id: string;
  integration: string;
  discovered_name: string;
  name_override: string | null;
  manufacturer: string | null;
  model: string | null;
  identifiers: Record<string, string>;
  suggested_area: string | null;
  area_override: string | null;
}

export interface AreaRow {
  id: string;
  name: string;
  floor: string | null;
}

export interface SceneRow {
  id: string;
  name: string;
  builtin: boolean;
  definition: unknown;
  updated_at: string;
}

export interface HistoryRow {
  entity_id: string;
  state: unknown;
  attributes: Record<string, unknown>;
  cause_type: string;
  cause_id: string | null;
  /** The person behind an agent's change (null for everything else). */
  cause_user_id: string | null;
  correlation_id: string | null;
  at: string;
}

/** A state change for the logbook, with the state the entity had before it (null at the window's start). */
export interface LogbookRow extends Omit<HistoryRow, 'attributes'> {
  previous_state: unknown;
}

export type HistorySlice = 'second' | 'minute' | 'ten_minutes' | 'hour' | 'day';

export interface HistoryBucketRow {
  /** Start of the slice (ISO, UTC). */
  at: string;
  min: number;
  max: number;
  sum: number;
  count: number;
}

export interface LogbookQuery {
  since: string;
  until: string;
  /** Only these entities (when given). */
  entity_ids?: string[];
  /** Never these entities (numeric sensors: a reading every few seconds is not an event). */
  exclude_entity_ids?: string[];
  cause_type?: string;
  limit: number;
}

export interface HomeRepository {
  loadEntities(): Promise<EntityRow[]>;
  /** Writes many rows in one transaction. */
  saveEntities(rows: EntityRow[]): Promise<void>;
  deleteEntities(entityIds: string[]): Promise<void>;
  loadDevices(): Promise<DeviceRow[]>;
  saveDevices(rows: DeviceRow[]): Promise<void>;
  deleteDevices(ids: string[]): Promise<void>;
  listAreas(): Promise<AreaRow[]>;
  saveArea(row: AreaRow): Promise<void>;
  deleteArea(id: string): Promise<void>;
  listScenes(): Promise<SceneRow[]>;
  saveScene(row: SceneRow): Promise<void>;
  deleteScene(id: string): Promise<void>;
  appendHistory(rows: HistoryRow[]): Promise<void>;
  history(entityId: string, since: string, until: string, limit: number): Promise<HistoryRow[]>;
  /** State and time only (no attributes), oldest first: what graphs need, cheap for 60,000 rows. */
  historyStates(
    entityId: string,
    since: string,
    until: string,
    limit: number,
  ): Promise<{ state: unknown; at: string }[]>;
  /**
   * Numeric states grouped by a calendar slice of their time (minute, ten minutes, hour…): min,
   * max, sum and count per non-empty slice, computed by the database (a week of 10-second
   * readings is 60,000 rows; grouping by a prefix of the ISO time avoids parsing each one).
   */
  historyBuckets(
    entityId: string,
    since: string,
    until: string,
    slice: HistorySlice,
  ): Promise<HistoryBucketRow[]>;
  /** The last recorded state before `at`, if any (where a timeline starts). */
  stateBefore(entityId: string, at: string): Promise<unknown>;
  /** State changes (rows whose state differs from the entity's previous row), newest first. */
  logbook(q: LogbookQuery): Promise<LogbookRow[]>;
  /** Deletes history older than `before`; returns rows deleted. */
  pruneHistory(before: string): Promise<number>;
}
