/**
 * The registry view the intent engine reads: entities, areas and floors with names and
 * aliases. It is deliberately smaller than the home core's entity registry so the same engine
 * runs from fixture files (the `nlu` command) and from the live service.
 */
import { readFileSync } from 'node:fs';

export interface IntentEntity {
  entity_id: string;
  name: string;
  domain: string;
  /** Area id (see `IntentRegistry.areas`). */
  area?: string | null;
  aliases?: string[];
  device_class?: string | null;
  state?: string | null;
  attributes?: Record<string, unknown>;
}

export interface IntentArea {
  id: string;
  name: string;
  /** Floor id (see `IntentRegistry.floors`). */
  floor?: string | null;
  aliases?: string[];
}

export interface IntentFloor {
  id: string;
  name: string;
  aliases?: string[];
}

export interface IntentRegistry {
  entities: IntentEntity[];
  areas: IntentArea[];
  floors: IntentFloor[];
}

interface FixtureFile {
  floors?: { id: string; name: string; aliases?: string[] }[];
  areas?: { id: string; name: string; floor_id?: string | null; aliases?: string[] }[];
  entities?: {
    entity_id: string;
    name: string;
    domain?: string;
    area_id?: string | null;
    aliases?: string[];
    state?: string | null;
    attributes?: Record<string, unknown>;
  }[];
}

/** Reads fixture files (format of shared/corpora/ha-intents-en/fixtures.json) and merges them. */
export function registryFromFixtures(paths: string[]): IntentRegistry {
  const reg: IntentRegistry = { entities: [], areas: [], floors: [] };
  const seen = { e: new Set<string>(), a: new Set<string>(), f: new Set<string>() };
  for (const path of paths) {
    const data = JSON.parse(readFileSync(path, 'utf8')) as FixtureFile;
    for (const f of data.floors ?? []) {
      if (seen.f.has(f.id)) continue;
      seen.f.add(f.id);
      reg.floors.push({ id: f.id, name: f.name, aliases: f.aliases ?? [] });
    }
    for (const a of data.areas ?? []) {
      if (seen.a.has(a.id)) continue;
      seen.a.add(a.id);
      reg.areas.push({ id: a.id, name: a.name, floor: a.floor_id ?? null, aliases: a.aliases ?? [] });
    }
    for (const e of data.entities ?? []) {
      if (seen.e.has(e.entity_id)) continue;
      seen.e.add(e.entity_id);
      const attrs = e.attributes ?? {};
      const dc = typeof attrs.device_class === 'string' ? attrs.device_class : null;
      reg.entities.push({
        entity_id: e.entity_id,
        name: e.name,
        domain: e.domain ?? e.entity_id.split('.')[0]!,
        area: e.area_id ?? null,
        aliases: e.aliases ?? [],
        device_class: dc,
        state: e.state ?? null,
        attributes: attrs,
      });
    }
  }
  return reg;
}
