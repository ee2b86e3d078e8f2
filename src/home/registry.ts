import type { EventBus } from '../bus.js';
import type { Clock, TimerHandle } from '../clock.js';
import type { Logger } from '../log.js';
import type { AreaRow, DeviceRow, EntityRow, HomeRepository } from '../store/index.js';
import './events.js';
import type { DeviceAnnouncement, EntityAnnouncement } from './integration.js';
import { objectIdFrom } from './slug.js';
import {
  deviceFromRow,
  deviceRowOf,
  entityFromRow,
  entityRowOf,
  type DeviceMeta,
  type EntityMeta,
} from './registry-rows.js';
import type { Area, Attributes, Device, Entity } from './types.js';

/**
 * The entity registry: entities, devices and areas in memory (every read is a map lookup),
 * persisted behind the store. Ids are assigned once per `<integration>:<unique_id>` and never
 * change, whatever the device is renamed to. Frequent state writes are batched (write-behind,
 * flushed every second and at stop); registry changes people make are written at once.
 */
export class EntityRegistry {
  readonly entities = new Map<string, Entity>();
  private readonly meta = new Map<string, EntityMeta>();
  private readonly byKey = new Map<string, string>();
  readonly devices = new Map<string, Device>();
  private readonly deviceMeta = new Map<string, DeviceMeta>();
  readonly areas = new Map<string, Area>();
  /** Entities whose row must be written at the next flush. */
  private readonly dirty = new Set<string>();
  private readonly dirtyDevices = new Set<string>();
  private readonly dirtyAreas = new Set<string>();
  private readonly removedEntities = new Set<string>();
  private readonly removedDevices = new Set<string>();
  private flushTimer: TimerHandle | undefined;

  constructor(
    private readonly repo: HomeRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  private nowIso() {
    return new Date(this.clock.now()).toISOString();
  }

  /** Loads the registry. Every entity starts unavailable until its integration reports it again. */
  async load() {
    for (const a of await this.repo.listAreas())
      this.areas.set(a.id, { id: a.id, name: a.name, floor: a.floor });
    for (const d of await this.repo.loadDevices()) {
      const { device, meta } = deviceFromRow(d);
      this.deviceMeta.set(d.id, meta);
      this.devices.set(d.id, device);
    }
    for (const r of await this.repo.loadEntities()) {
      const { entity, meta } = entityFromRow(r);
      this.meta.set(r.entity_id, meta);
      this.byKey.set(r.key, r.entity_id);
      this.entities.set(r.entity_id, entity);
      this.resolveArea(entity);
      if (r.device_id) this.devices.get(r.device_id)?.entities.push(r.entity_id);
    }
    this.log.info(
      { entities: this.entities.size, devices: this.devices.size, areas: this.areas.size },
      'registry loaded',
    );
  }

  get(entityId: string): Entity | undefined {
    return this.entities.get(entityId);
  }

  uniqueIdOf(entityId: string): string | undefined {
    return this.meta.get(entityId)?.unique_id;
  }

  entityIdFor(integration: string, uniqueId: string): string | undefined {
    return this.byKey.get(`${integration}:${uniqueId}`);
  }

  // --- areas ---------------------------------------------------------------------------

  /** Finds an area by id or (case-insensitive) name. */
  findArea(idOrName: string): Area | undefined {
    const direct = this.areas.get(idOrName);
    if (direct) return direct;
    const lower = idOrName.toLowerCase();
    for (const a of this.areas.values()) if (a.name.toLowerCase() === lower) return a;
    return this.areas.get(objectIdFrom(idOrName));
  }

  /** The area named `name`, created if it does not exist yet (integrations suggest areas by name). */
  ensureArea(name: string): Area {
    const found = this.findArea(name);
    if (found) return found;
    const area: Area = { id: objectIdFrom(name), name, floor: null };
    this.areas.set(area.id, area);
    this.dirtyAreas.add(area.id);
    this.flushSoon();
    return area;
  }

  async saveArea(area: AreaRow) {
    this.areas.set(area.id, { ...area });
    await this.repo.saveArea(area);
    for (const e of this.entities.values())
      if (e.area === area.id) this.bus.emit('entity_updated', { entity: e });
  }

  async deleteArea(id: string) {
    this.areas.delete(id);
    await this.repo.deleteArea(id);
    for (const [entityId, m] of this.meta) {
      const e = this.entities.get(entityId)!;
      if (m.area_override === id) m.area_override = null;
      if (e.area === id) {
        this.resolveArea(e);
        this.dirty.add(entityId);
        this.bus.emit('entity_updated', { entity: e });
      }
    }
    for (const [deviceId, m] of this.deviceMeta) {
      if (m.area_override === id) m.area_override = null;
      const d = this.devices.get(deviceId)!;
      if (d.area === id) {
        d.area = m.suggested_area && this.areas.has(m.suggested_area) ? m.suggested_area : null;
        this.dirtyDevices.add(deviceId);
      }
    }
    await this.flush();
  }

  private resolveArea(e: Entity) {
    const m = this.meta.get(e.entity_id);
    const deviceArea = e.device_id ? (this.devices.get(e.device_id)?.area ?? null) : null;
    const candidate = m?.area_override ?? deviceArea ?? m?.suggested_area ?? null;
    e.area = candidate && this.areas.has(candidate) ? candidate : null;
  }

  // --- announcements (from integrations) -------------------------------------------------

  announceDevice(integration: string, ann: DeviceAnnouncement): string {
    const id = `${integration}:${ann.id}`;
    const suggested = ann.area ? this.ensureArea(ann.area).id : null;
    const meta = this.deviceMeta.get(id) ?? {
      discovered_name: ann.name,
      name_override: null,
      suggested_area: suggested,
      area_override: null,
    };
    meta.discovered_name = ann.name;
    meta.suggested_area = suggested;
    this.deviceMeta.set(id, meta);
    const existing = this.devices.get(id);
    const device: Device = {
      id,
      name: meta.name_override ?? ann.name,
      integration,
      manufacturer: ann.manufacturer ?? null,
      model: ann.model ?? null,
      identifiers: ann.identifiers ?? {},
      area: meta.area_override ?? suggested,
      available: existing?.available ?? true,
      entities: existing?.entities ?? [],
    };
    this.devices.set(id, device);
    this.dirtyDevices.add(id);
    this.flushSoon();
    return id;
  }

  /** Registers or refreshes an entity; returns its id and whether it is new. */
  announceEntity(
    integration: string,
    ann: EntityAnnouncement,
  ): { entity: Entity; added: boolean; changed: boolean } {
    const key = `${integration}:${ann.unique_id}`;
    const deviceId = ann.device_id ? `${integration}:${ann.device_id}` : null;
    const suggested = ann.area ? this.ensureArea(ann.area).id : null;
    const now = this.nowIso();
    const existingId = this.byKey.get(key);
    if (existingId) {
      const e = this.entities.get(existingId)!;
      const m = this.meta.get(existingId)!;
      const before = JSON.stringify([
        m.discovered_name,
        e.capabilities,
        e.device_id,
        m.suggested_area,
        e.domain,
      ]);
      m.discovered_name = ann.name;
      m.suggested_area = suggested;
      e.name = m.name_override ?? ann.name;
      e.capabilities = ann.capabilities;
      e.attributes = { ...e.attributes, ...ann.attributes };
      if (e.device_id !== deviceId) this.linkDevice(e, deviceId);
      if (ann.labels) e.labels = [...new Set([...e.labels, ...ann.labels])];
      this.resolveArea(e);
      this.dirty.add(existingId);
      this.flushSoon();
      const changed =
        before !==
        JSON.stringify([m.discovered_name, e.capabilities, e.device_id, m.suggested_area, e.domain]);
      return { entity: e, added: false, changed };
    }
    const entityId = this.freeEntityId(ann.domain, ann.object_id ?? objectIdFrom(ann.name));
    const e: Entity = {
      entity_id: entityId,
      name: ann.name,
      domain: ann.domain,
      area: null,
      device_id: null,
      integration,
      state: null,
      attributes: { ...ann.attributes },
      capabilities: ann.capabilities,
      available: true,
      labels: ann.labels ?? [],
      aliases: [],
      last_changed: now,
      last_updated: now,
      desired: null,
    };
    this.entities.set(entityId, e);
    this.meta.set(entityId, {
      key,
      unique_id: ann.unique_id,
      discovered_name: ann.name,
      suggested_area: suggested,
      name_override: null,
      area_override: null,
    });
    this.byKey.set(key, entityId);
    this.linkDevice(e, deviceId);
    this.resolveArea(e);
    this.dirty.add(entityId);
    this.flushSoon();
    return { entity: e, added: true, changed: true };
  }

  private linkDevice(e: Entity, deviceId: string | null) {
    if (e.device_id) {
      const old = this.devices.get(e.device_id);
      if (old) old.entities = old.entities.filter((id) => id !== e.entity_id);
    }
    e.device_id = deviceId;
    const d = deviceId ? this.devices.get(deviceId) : undefined;
    if (d && !d.entities.includes(e.entity_id)) d.entities.push(e.entity_id);
  }

  private freeEntityId(domain: string, objectId: string): string {
    const base = `${domain}.${objectIdFrom(objectId)}`;
    if (!this.entities.has(base)) return base;
    for (let i = 2; ; i++) if (!this.entities.has(`${base}_${i}`)) return `${base}_${i}`;
  }

  keysOf(integration: string): { entityId: string; uniqueId: string }[] {
    const out: { entityId: string; uniqueId: string }[] = [];
    for (const [entityId, m] of this.meta)
      if (this.entities.get(entityId)!.integration === integration)
        out.push({ entityId, uniqueId: m.unique_id });
    return out;
  }

  remove(entityId: string): Entity | undefined {
    const e = this.entities.get(entityId);
    const m = this.meta.get(entityId);
    if (!e || !m) return undefined;
    this.linkDevice(e, null);
    this.entities.delete(entityId);
    this.meta.delete(entityId);
    this.byKey.delete(m.key);
    this.dirty.delete(entityId);
    this.removedEntities.add(entityId);
    this.flushSoon();
    return e;
  }

  removeDevice(deviceId: string) {
    this.devices.delete(deviceId);
    this.deviceMeta.delete(deviceId);
    this.dirtyDevices.delete(deviceId);
    this.removedDevices.add(deviceId);
    this.flushSoon();
  }

  // --- people's changes ------------------------------------------------------------------

  /** Applies a user's override (written at once: acknowledged changes must survive a crash). */
  async patchEntity(
    entityId: string,
    patch: { name?: string | null; area?: string | null; labels?: string[]; aliases?: string[] },
  ) {
    const e = this.entities.get(entityId)!;
    const m = this.meta.get(entityId)!;
    if (patch.name !== undefined) {
      m.name_override = patch.name;
      e.name = patch.name ?? m.discovered_name;
    }
    if (patch.area !== undefined) {
      m.area_override = patch.area;
      this.resolveArea(e);
    }
    if (patch.labels) e.labels = [...new Set(patch.labels)];
    if (patch.aliases) e.aliases = [...new Set(patch.aliases)];
    this.dirty.add(entityId);
    await this.flush();
    return e;
  }

  async patchDevice(deviceId: string, patch: { name?: string | null; area?: string | null }) {
    const d = this.devices.get(deviceId)!;
    const m = this.deviceMeta.get(deviceId)!;
    if (patch.name !== undefined) {
      m.name_override = patch.name;
      d.name = patch.name ?? m.discovered_name;
    }
    if (patch.area !== undefined) {
      m.area_override = patch.area;
      d.area = patch.area ?? m.suggested_area;
      for (const id of d.entities) {
        const e = this.entities.get(id);
        if (e) {
          this.resolveArea(e);
          this.dirty.add(id);
        }
      }
    }
    this.dirtyDevices.add(deviceId);
    await this.flush();
    return d;
  }

  // --- state -----------------------------------------------------------------------------

  /** Marks an entity's row for the next write-behind flush (state and attributes). */
  touch(entityId: string) {
    this.dirty.add(entityId);
    this.flushSoon();
  }

  /** Arms one write-behind flush a second from now (no timer at all while nothing changes). */
  flushSoon() {
    this.flushTimer ??= this.clock.setTimeout(() => {
      this.flushTimer = undefined;
      this.flush().catch((err: unknown) => this.log.error({ err }, 'could not save the registry'));
    }, 1_000);
  }

  setDeviceAvailable(deviceId: string, available: boolean): Device | undefined {
    const d = this.devices.get(deviceId);
    if (!d || d.available === available) return undefined;
    d.available = available;
    return d;
  }

  /** Writes every pending entity and device row in one transaction each. */
  async flush() {
    if (this.flushTimer) this.clock.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (
      this.dirty.size +
        this.dirtyDevices.size +
        this.dirtyAreas.size +
        this.removedEntities.size +
        this.removedDevices.size ===
      0
    )
      return;
    for (const id of this.dirtyAreas) {
      const a = this.areas.get(id);
      if (a) await this.repo.saveArea(a);
    }
    this.dirtyAreas.clear();
    if (this.removedEntities.size > 0) await this.repo.deleteEntities([...this.removedEntities]);
    if (this.removedDevices.size > 0) await this.repo.deleteDevices([...this.removedDevices]);
    this.removedEntities.clear();
    this.removedDevices.clear();
    const rows: EntityRow[] = [];
    for (const id of this.dirty) {
      const e = this.entities.get(id);
      const m = this.meta.get(id);
      if (!e || !m) continue;
      rows.push(entityRowOf(e, m));
    }
    const devices: DeviceRow[] = [];
    for (const id of this.dirtyDevices) {
      const d = this.devices.get(id);
      const m = this.deviceMeta.get(id);
      if (!d || !m) continue;
      devices.push(deviceRowOf(d, m));
    }
    this.dirty.clear();
    this.dirtyDevices.clear();
    await this.repo.saveDevices(devices);
    await this.repo.saveEntities(rows);
  }
}

export type { Attributes };
