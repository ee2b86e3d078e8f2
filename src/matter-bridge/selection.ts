import type { Entity } from '../home/types.js';
import { bridgedKindOf } from './devices.js';

/**
 * Which Hearth entities the bridge exposes. The filters combine: an entity is exposed when it
 * matches every filter given (domain, area, label), or is named in `entities`; `exclude` wins over
 * everything. With no domain filter the default domains apply. Locks and alarm panels open the
 * house: they are never exposed by a default or an area/label filter, only when their domain or
 * the entity itself is chosen.
 */
export interface ExposeFilter {
  domains?: string[] | undefined;
  areas?: string[] | undefined;
  labels?: string[] | undefined;
  entities?: string[] | undefined;
  exclude?: string[] | undefined;
}

export const DEFAULT_DOMAINS = ['light', 'switch', 'cover', 'climate', 'fan', 'sensor', 'binary_sensor'];
export const SENSITIVE_DOMAINS = ['lock', 'alarm_control_panel'];

/**
 * Hearth's cap on bridged endpoints. The Matter specification caps a node at 65 534 endpoints, but
 * every bridged endpoint enlarges the descriptor, the subscription priming report and memory
 * (see bench/RESULTS.md); controllers handle large bridges unevenly. Over the cap, the first
 * entities in id order are exposed and the rest are reported as left out.
 */
export const MAX_BRIDGED_ENDPOINTS = 200;

export interface Selection {
  exposed: Entity[];
  /** Matched the filters but over the cap. */
  over_cap: string[];
  /** Chosen explicitly but Matter has no device type for them. */
  unsupported: string[];
}

export function select(entities: Iterable<Entity>, filter: ExposeFilter): Selection {
  const named = new Set(filter.entities ?? []);
  const excluded = new Set(filter.exclude ?? []);
  const domains = filter.domains?.length ? new Set(filter.domains) : new Set(DEFAULT_DOMAINS);
  const chosen: Entity[] = [];
  const unsupported: string[] = [];
  for (const e of entities) {
    if (excluded.has(e.entity_id)) continue;
    const byFilter =
      !filter.entities?.length || filter.domains?.length || filter.areas?.length || filter.labels?.length
        ? domains.has(e.domain) &&
          (!filter.areas?.length || (e.area !== null && filter.areas.includes(e.area))) &&
          (!filter.labels?.length || e.labels.some((l) => filter.labels!.includes(l)))
        : false;
    if (!byFilter && !named.has(e.entity_id)) continue;
    if (!bridgedKindOf(e)) {
      if (named.has(e.entity_id)) unsupported.push(e.entity_id);
      continue;
    }
    chosen.push(e);
  }
  chosen.sort((a, b) => a.entity_id.localeCompare(b.entity_id));
  return {
    exposed: chosen.slice(0, MAX_BRIDGED_ENDPOINTS),
    over_cap: chosen.slice(MAX_BRIDGED_ENDPOINTS).map((e) => e.entity_id),
    unsupported,
  };
}

/** Sensitive entities the filter exposes: the API warns about each. */
export function sensitive(exposed: Entity[]): string[] {
  return exposed.filter((e) => SENSITIVE_DOMAINS.includes(e.domain)).map((e) => e.entity_id);
}
