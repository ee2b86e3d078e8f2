import type {
  AreaRow,
  DeviceRow,
  EntityRow,
  HistoryBucketRow,
  HistoryRow,
  HistorySlice,
  HomeRepository,
  LogbookQuery,
  LogbookRow,
  SceneRow,
} from '../home-types.js';
import { fromJson, type Db } from './database.js';

const json = (v: unknown) => JSON.stringify(v ?? null);

/** How much of an ISO time names each slice, and what completes it to a full time again. */
const SLICES: Record<HistorySlice, { length: number; pad: string }> = {
  second: { length: 19, pad: '.000Z' },
  minute: { length: 16, pad: ':00.000Z' },
  ten_minutes: { length: 15, pad: '0:00.000Z' },
  hour: { length: 13, pad: ':00:00.000Z' },
  day: { length: 10, pad: 'T00:00:00.000Z' },
};

export class SqliteHome implements HomeRepository {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      entities: db.prepare('SELECT * FROM entities'),
      saveEntity:
        db.prepare(`INSERT INTO entities (entity_id, key, integration, domain, discovered_name, device_id, suggested_area, capabilities,
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
      saveDevice:
        db.prepare(`INSERT INTO devices (id, integration, discovered_name, name_override, manufacturer, model, identifiers, suggested_area, area_override)
        VALUES (@id, @integration, @discovered_name, @name_override, @manufacturer, @model, @identifiers, @suggested_area, @area_override)
        ON CONFLICT(id) DO UPDATE SET integration = excluded.integration, discovered_name = excluded.discovered_name,
          name_override = excluded.name_override, manufacturer = excluded.manufacturer, model = excluded.model,
          identifiers = excluded.identifiers, suggested_area = excluded.suggested_area, area_override = excluded.area_override`),
      deleteDevice: db.prepare('DELETE FROM devices WHERE id = ?'),
      areas: db.prepare('SELECT id, name, floor FROM areas ORDER BY name'),
      saveArea: db.prepare(
        'INSERT INTO areas (id, name, floor) VALUES (@id, @name, @floor) ON CONFLICT(id) DO UPDATE SET name = excluded.name, floor = excluded.floor',
      ),
      deleteArea: db.prepare('DELETE FROM areas WHERE id = ?'),
      scenes: db.prepare('SELECT * FROM scenes ORDER BY builtin DESC, name'),
      saveScene:
        db.prepare(`INSERT INTO scenes (id, name, builtin, definition, updated_at) VALUES (@id, @name, @builtin, @definition, @updated_at)
        ON CONFLICT(id) DO UPDATE SET name = excluded.name, builtin = excluded.builtin, definition = excluded.definition, updated_at = excluded.updated_at`),
      deleteScene: db.prepare('DELETE FROM scenes WHERE id = ?'),
      appendHistory:
        db.prepare(`INSERT INTO history (entity_id, state, attributes, cause_type, cause_id, cause_user_id, correlation_id, at)
        VALUES (@entity_id, @state, @attributes, @cause_type, @cause_id, @cause_user_id, @correlation_id, @at)`),
      history: db.prepare(
        `SELECT * FROM history WHERE entity_id = ? AND at >= ? AND at <= ? ORDER BY at, id LIMIT ?`,
      ),
      historyStates: db.prepare(
        `SELECT state, at FROM history WHERE entity_id = ? AND at >= ? AND at <= ? ORDER BY at, id LIMIT ?`,
      ),
      stateBefore: db.prepare(
        `SELECT state FROM history WHERE entity_id = ? AND at < ? ORDER BY at DESC, id DESC LIMIT 1`,
      ),
      prune: db.prepare('DELETE FROM history WHERE at < ?'),
    };
  }

  async loadEntities(): Promise<EntityRow[]> {
    return (this.q.entities.all() as Record<string, string>[]).map((r) => ({
      ...(r as unknown as EntityRow),
      capabilities: fromJson(r.capabilities),
      labels: fromJson(r.labels) as string[],
      aliases: fromJson(r.aliases) as string[],
      state: fromJson(r.state),
      attributes: fromJson(r.attributes) as Record<string, unknown>,
    }));
  }

  async saveEntities(rows: EntityRow[]) {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const r of rows) {
        this.q.saveEntity.run({
          ...r,
          capabilities: json(r.capabilities),
          labels: json(r.labels),
          aliases: json(r.aliases),
          state: json(r.state),
          attributes: json(r.attributes),
        });
      }
    })();
  }

  async deleteEntities(ids: string[]) {
    this.db.transaction(() => ids.forEach((id) => this.q.deleteEntity.run(id)))();
  }

  async loadDevices(): Promise<DeviceRow[]> {
    return (this.q.devices.all() as Record<string, string>[]).map((r) => ({
      ...(r as unknown as DeviceRow),
      identifiers: fromJson(r.identifiers) as Record<string, string>,
    }));
  }

  async saveDevices(rows: DeviceRow[]) {
    if (rows.length === 0) return;
    this.db.transaction(() =>
      rows.forEach((r) => this.q.saveDevice.run({ ...r, identifiers: json(r.identifiers) })),
    )();
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
      id: r.id as string,
      name: r.name as string,
      builtin: r.builtin === 1,
      definition: fromJson(r.definition),
      updated_at: r.updated_at as string,
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
      for (const r of rows)
        this.q.appendHistory.run({ ...r, state: json(r.state), attributes: json(r.attributes) });
    })();
  }

  async history(entityId: string, since: string, until: string, limit: number): Promise<HistoryRow[]> {
    return (this.q.history.all(entityId, since, until, limit) as Record<string, unknown>[]).map((r) => ({
      entity_id: r.entity_id as string,
      state: fromJson(r.state),
      attributes: fromJson(r.attributes) as Record<string, unknown>,
      cause_type: r.cause_type as string,
      cause_id: (r.cause_id as string | null) ?? null,
      cause_user_id: (r.cause_user_id as string | null) ?? null,
      correlation_id: (r.correlation_id as string | null) ?? null,
      at: r.at as string,
    }));
  }

  async historyStates(entityId: string, since: string, until: string, limit: number) {
    return (this.q.historyStates.all(entityId, since, until, limit) as { state: string; at: string }[]).map(
      (r) => ({ state: JSON.parse(r.state) as unknown, at: r.at }),
    );
  }

  async historyBuckets(entityId: string, since: string, until: string, slice: HistorySlice) {
    const { length, pad } = SLICES[slice];
    // States are JSON text: numbers start with a digit or '-', anything else is not a reading.
    const rows = this.db
      .prepare(
        `SELECT substr(at, 1, ${length}) AS at, MIN(CAST(state AS REAL)) AS min, MAX(CAST(state AS REAL)) AS max,
           SUM(CAST(state AS REAL)) AS sum, COUNT(*) AS count
         FROM history WHERE entity_id = ? AND at >= ? AND at <= ? AND substr(state, 1, 1) GLOB '[0-9-]'
         GROUP BY 1 ORDER BY 1`,
      )
      .all(entityId, since, until) as HistoryBucketRow[];
    for (const r of rows) r.at += pad;
    return rows;
  }

  async stateBefore(entityId: string, at: string): Promise<unknown> {
    const row = this.q.stateBefore.get(entityId, at) as { state: string } | undefined;
    return row ? JSON.parse(row.state) : undefined;
  }

  async logbook(q: LogbookQuery): Promise<LogbookRow[]> {
    // The previous state comes from the row before each one of the same entity (LAG over the
    // window, plus one lookup for the first row so a window never starts with a false change).
    const where = ['at >= @since', 'at <= @until'];
    const params: Record<string, unknown> = { since: q.since, until: q.until, limit: q.limit };
    if (q.entity_ids) where.push(`entity_id IN (SELECT value FROM json_each(@ids))`);
    if (q.exclude_entity_ids?.length) where.push(`entity_id NOT IN (SELECT value FROM json_each(@exclude))`);
    if (q.entity_ids) params.ids = JSON.stringify(q.entity_ids);
    if (q.exclude_entity_ids?.length) params.exclude = JSON.stringify(q.exclude_entity_ids);
    const cause = q.cause_type ? 'AND cause_type = @cause_type' : '';
    if (q.cause_type) params.cause_type = q.cause_type;
    const sql = `
      SELECT entity_id, state, cause_type, cause_id, cause_user_id, correlation_id, at, previous_state FROM (
        SELECT w.*, CASE WHEN lagged IS NULL
          THEN (SELECT p.state FROM history p WHERE p.entity_id = w.entity_id AND p.at < @since ORDER BY p.at DESC, p.id DESC LIMIT 1)
          ELSE lagged END AS previous_state
        FROM (SELECT h.*, LAG(state) OVER (PARTITION BY entity_id ORDER BY at, id) AS lagged
              FROM history h WHERE ${where.join(' AND ')}) w
      ) WHERE (previous_state IS NULL OR previous_state != state) ${cause}
      ORDER BY at DESC, id DESC LIMIT @limit`;
    return (this.db.prepare(sql).all(params) as Record<string, unknown>[]).map((r) => ({
      entity_id: r.entity_id as string,
      state: JSON.parse(r.state as string) as unknown,
      previous_state: r.previous_state === null ? null : (JSON.parse(r.previous_state as string) as unknown),
      cause_type: r.cause_type as string,
      cause_id: (r.cause_id as string | null) ?? null,
      cause_user_id: (r.cause_user_id as string | null) ?? null,
      correlation_id: (r.correlation_id as string | null) ?? null,
      at: r.at as string,
    }));
  }

  async pruneHistory(before: string) {
    return this.q.prune.run(before).changes;
  }
}
