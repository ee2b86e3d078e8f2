import type { AreaRow, DeviceRow, EntityRow, HistoryRow, HomeRepository, SceneRow } from '../home-types.js';
import type { Db } from './database.js';

const json = (v: unknown) => JSON.stringify(v ?? null);

export class SqliteHome implements HomeRepository {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      entities: db.prepare('SELECT * FROM entities'),
      saveEntity: db.prepare(`INSERT INTO entities (entity_id, key, integration, domain, discovered_name, device_id, suggested_area, capabilities,
          labels, aliases, name_override, area_override, state, attributes, last_changed, last_updated)
        VALUES (@entity_id, @key, @integration, @domain, @discovered_name, @device_id, @suggested_area, @capabilities,
          @labels, @aliases, @name_override, @area_override, @state, @attributes, @last_changed, @last_updated)
        ON CONFLICT(entity_id) DO UPDATE SET key = excluded.key, integration = excluded.integration, domain = excluded.domain,
          discovered_name = excluded.discovered_name, device_id = excluded.device_id, suggested_area = excluded.suggested_area,
          capabilities = excluded.capabilities, labels = excluded.labels, aliases = excluded.aliases, name_override = excluded.name_override,
          area_override = excluded.area_override, state = excluded.state, attributes = excluded.attributes,
          last_changed = excluded.last_changed, last_updated = excluded.last_updated`),
      deleteEntity: db.prepare('DELETE FROM entities WHERE entity_id = ?'),
      devices: db.prepare('SELECT * FROM devices'),
      saveDevice: db.prepare(`INSERT INTO devices (id, integration, discovered_name, name_override, manufacturer, model, identifiers, suggested_area, area_override)
        VALUES (@id, @integration, @discovered_name, @name_override, @manufacturer, @model, @identifiers, @suggested_area, @area_override)
        ON CONFLICT(id) DO UPDATE SET integration = excluded.integration, discovered_name = excluded.discovered_name,
          name_override = excluded.name_override, manufacturer = excluded.manufacturer, model = excluded.model,
          identifiers = excluded.identifiers, suggested_area = excluded.suggested_area, area_override = excluded.area_override`),
      deleteDevice: db.prepare('DELETE FROM devices WHERE id = ?'),
      areas: db.prepare('SELECT id, name, floor FROM areas ORDER BY name'),
      saveArea: db.prepare('INSERT INTO areas (id, name, floor) VALUES (@id, @name, @floor) ON CONFLICT(id) DO UPDATE SET name = excluded.name, floor = excluded.floor'),
      deleteArea: db.prepare('DELETE FROM areas WHERE id = ?'),
      scenes: db.prepare('SELECT * FROM scenes ORDER BY builtin DESC, name'),
      saveScene: db.prepare(`INSERT INTO scenes (id, name, builtin, definition, updated_at) VALUES (@id, @name, @builtin, @definition, @updated_at)
        ON CONFLICT(id) DO UPDATE SET name = excluded.name, builtin = excluded.builtin, definition = excluded.definition, updated_at = excluded.updated_at`),
      deleteScene: db.prepare('DELETE FROM scenes WHERE id = ?'),
      appendHistory: db.prepare(`INSERT INTO history (entity_id, state, attributes, cause_type, cause_id, correlation_id, at)
        VALUES (@entity_id, @state, @attributes, @cause_type, @cause_id, @correlation_id, @at)`),
      history: db.prepare(`SELECT * FROM history WHERE entity_id = ? AND at >= ? AND at <= ? ORDER BY at, id LIMIT ?`),
      prune: db.prepare('DELETE FROM history WHERE at < ?'),
    };
  }

  async loadEntities(): Promise<EntityRow[]> {
    return (this.q.entities.all() as Record<string, string>[]).map((r) => ({
      ...(r as unknown as EntityRow),
      capabilities: JSON.parse(r.capabilities!),
      labels: JSON.parse(r.labels!),
      aliases: JSON.parse(r.aliases!),
      state: JSON.parse(r.state!),
      attributes: JSON.parse(r.attributes!),
    }));
  }

  async saveEntities(rows: EntityRow[]) {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const r of rows) {
        this.q.saveEntity.run({
          ...r, capabilities: json(r.capabilities), labels: json(r.labels), aliases: json(r.aliases), state: json(r.state), attributes: json(r.attributes),
        });
      }
    })();
  }

  async deleteEntities(ids: string[]) {
    this.db.transaction(() => ids.forEach((id) => this.q.deleteEntity.run(id)))();
  }

  async loadDevices(): Promise<DeviceRow[]> {
    return (this.q.devices.all() as Record<string, string>[]).map((r) => ({ ...(r as unknown as DeviceRow), identifiers: JSON.parse(r.identifiers!) }));
  }

  async saveDevices(rows: DeviceRow[]) {
    if (rows.length === 0) return;
    this.db.transaction(() => rows.forEach((r) => this.q.saveDevice.run({ ...r, identifiers: json(r.identifiers) })))();
  }

  async deleteDevices(ids: string[]) {
    this.db.transaction(() => ids.forEach((id) => this.q.deleteDevice.run(id)))();
  }

  async listAreas() {
    return this.q.areas.all() as AreaRow[];
  }
  async saveArea(row: AreaRow) {
    this.q.saveArea.run(row);
  }
  async deleteArea(id: string) {
    this.q.deleteArea.run(id);
  }

  async listScenes(): Promise<SceneRow[]> {
    return (this.q.scenes.all() as Record<string, unknown>[]).map((r) => ({
      id: r.id as string, name: r.name as string, builtin: r.builtin === 1, definition: JSON.parse(r.definition as string), updated_at: r.updated_at as string,
    }));
  }
  async saveScene(row: SceneRow) {
    this.q.saveScene.run({ ...row, builtin: row.builtin ? 1 : 0, definition: json(row.definition) });
  }
  async deleteScene(id: string) {
    this.q.deleteScene.run(id);
  }

  async appendHistory(rows: HistoryRow[]) {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const r of rows) this.q.appendHistory.run({ ...r, state: json(r.state), attributes: json(r.attributes) });
    })();
  }

  async history(entityId: string, since: string, until: string, limit: number): Promise<HistoryRow[]> {
    return (this.q.history.all(entityId, since, until, limit) as Record<string, unknown>[]).map((r) => ({
      entity_id: r.entity_id as string, state: JSON.parse(r.state as string), attributes: JSON.parse(r.attributes as string),
      cause_type: r.cause_type as string, cause_id: (r.cause_id as string | null) ?? null, correlation_id: (r.correlation_id as string | null) ?? null, at: r.at as string,
    }));
  }

  async pruneHistory(before: string) {
    return this.q.prune.run(before).changes;
  }
}
