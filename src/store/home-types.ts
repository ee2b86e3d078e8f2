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
  correlation_id: string | null;
  at: string;
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
  /** Deletes history older than `before`; returns rows deleted. */
  pruneHistory(before: string): Promise<number>;
}
