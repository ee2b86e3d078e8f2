/**
 * The registry's entities and devices as the store keeps them, and back: a row holds what the
 * integration discovered beside what people overrode (name, area), so both survive a restart
 * and a rediscovery; the wire shape shows the override when there is one.
 */
import type { DeviceRow, EntityRow } from '../store/index.js';
import type { Capabilities, Device, Domain, Entity, EntityState } from './types.js';

/** Registry bookkeeping that is not on the wire. */
export interface EntityMeta {
  key: string;
  unique_id: string;
  discovered_name: string;
  suggested_area: string | null;
  name_override: string | null;
  area_override: string | null;
}

export interface DeviceMeta {
  discovered_name: string;
  name_override: string | null;
  suggested_area: string | null;
  area_override: string | null;
}

/** A stored entity as the registry holds it: unavailable until its integration reports it again. */
export function entityFromRow(r: EntityRow): { entity: Entity; meta: EntityMeta } {
  const meta: EntityMeta = {
    key: r.key,
    unique_id: r.key.slice(r.integration.length + 1),
    discovered_name: r.discovered_name,
    suggested_area: r.suggested_area,
    name_override: r.name_override,
    area_override: r.area_override,
  };
  const entity: Entity = {
    entity_id: r.entity_id,
    name: r.name_override ?? r.discovered_name,
    domain: r.domain as Domain,
    area: null,
    device_id: r.device_id,
    integration: r.integration,
    state: r.state as EntityState,
    attributes: r.attributes,
    capabilities: r.capabilities as Capabilities,
    available: false,
    labels: r.labels,
    aliases: r.aliases,
    last_changed: r.last_changed,
    last_updated: r.last_updated,
    desired: null,
  };
  return { entity, meta };
}

/** A stored device as the registry holds it: unavailable, its entities linked as they load. */
export function deviceFromRow(d: DeviceRow): { device: Device; meta: DeviceMeta } {
  const meta: DeviceMeta = {
    discovered_name: d.discovered_name,
    name_override: d.name_override,
    suggested_area: d.suggested_area,
    area_override: d.area_override,
  };
  const device: Device = {
    id: d.id,
    name: d.name_override ?? d.discovered_name,
    integration: d.integration,
    manufacturer: d.manufacturer,
    model: d.model,
    identifiers: d.identifiers,
    area: d.area_override ?? d.suggested_area,
    available: false,
    entities: [],
  };
  return { device, meta };
}

export function entityRowOf(e: Entity, m: EntityMeta): EntityRow {
  return {
    entity_id: e.entity_id,
    key: m.key,
    integration: e.integration,
    domain: e.domain,
    discovered_name: m.discovered_name,
    device_id: e.device_id,
    suggested_area: m.suggested_area,
    capabilities: e.capabilities,
    labels: e.labels,
    aliases: e.aliases,
    name_override: m.name_override,
    area_override: m.area_override,
    state: e.state,
    attributes: e.attributes,
    last_changed: e.last_changed,
    last_updated: e.last_updated,
  };
}

export function deviceRowOf(d: Device, m: DeviceMeta): DeviceRow {
  return {
    id: d.id,
    integration: d.integration,
    discovered_name: m.discovered_name,
    name_override: m.name_override,
    manufacturer: d.manufacturer,
    model: d.model,
    identifiers: d.identifiers,
    suggested_area: m.suggested_area,
    area_override: m.area_override,
  };
}
