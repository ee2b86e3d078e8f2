/**
 * Turns one template parse into intent slots, or rejects it: a name must fit the intent's
 * domains, a slot may be given only once, a state word must mean something for the entity or
 * group asked about. Also fills the caller's area for "in here" and area-less commands.
 */
import type { AreaValue, FloorValue, NameValue, RegistryIndex } from './index-phrases.js';
import type { Parse } from './matcher.js';
import type { IntentEntity } from './registry.js';
import { kindsFor, stateFor, type Kind } from './states.js';
import type { IntentGroup } from './templates/types.js';
import type { IntentCandidate, IntentContext } from './engine.js';

export interface Finalized {
  intent: string;
  slots: Record<string, string | number>;
  entity_ids: string[];
  ambiguous?: { phrase: string; candidates: IntentCandidate[] };
  ask?: string;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function finalizeParse(
  group: IntentGroup,
  p: Parse,
  ctx: IntentContext,
  index: RegistryIndex,
): Finalized | undefined {
  const raw: Record<string, unknown> = { ...(group.slots ?? {}) };
  const flags = new Set<string>();
  let name: NameValue | undefined;
  let area: AreaValue | undefined;
  let floor: FloorValue | undefined;
  let nounDomains: string[] | undefined;

  const put = (k: string, v: unknown): boolean => {
    if (k in raw && JSON.stringify(raw[k]) !== JSON.stringify(v)) return false;
    raw[k] = v;
    return true;
  };

  for (const c of p.captures) {
    if (c.list.startsWith('#')) {
      flags.add(c.list.slice(1));
      continue;
    }
    const v = c.value;
    if (isObj(v) && v.kind === 'name') {
      if (name) return undefined;
      name = v as unknown as NameValue;
    } else if (isObj(v) && v.kind === 'area') {
      if (area && area.area.id !== (v as unknown as AreaValue).area.id) return undefined;
      area = v as unknown as AreaValue;
    } else if (isObj(v) && v.kind === 'floor') {
      if (floor) return undefined;
      floor = v as unknown as FloorValue;
    } else if (c.slot === '_n' && typeof v === 'string' && v !== '*') {
      // ("turn on the kettle the lamp": a device word after a skipped word is another device —
      // the name's own noun follows it straight: "the christmas tree lights")
      const named = p.captures.find((n) => isObj(n.value) && n.value.kind === 'name');
      if (named && named.end !== c.start) return undefined;
      nounDomains = v.split(' ');
    } else if (c.slot.startsWith('_')) {
      continue;
    } else if (isObj(v)) {
      for (const [k, x] of Object.entries(v)) if (!put(k, x)) return undefined;
    } else if (!put(c.slot, v)) {
      return undefined;
    }
  }
  if (area && floor) return undefined;

  // Caller's area: "in here" always; a command without any target when the group allows it.
  const ctxArea = ctx.area ? findArea(index, ctx.area) : undefined;
  // ("turn off the lights in here" said where the room is not known: not every light of the home)
  const hereUnknown = flags.has('here') && !area && !floor && !ctx.area;
  if (hereUnknown && !name && typeof raw.domain === 'string') return undefined;
  if (flags.has('here') && !area && !floor) {
    if (ctxArea) area = { kind: 'area', area: ctxArea };
    else if (ctx.area) raw.area = ctx.area;
  } else if (
    !name &&
    !area &&
    !floor &&
    !flags.has('everywhere') &&
    group.context_area !== false &&
    ctx.area
  ) {
    if (ctxArea) area = { kind: 'area', area: ctxArea };
    else raw.area = ctx.area;
  }

  // "turn on the lamp" with no place at all means one lamp, not every light in the house.
  const singular = raw._singular;
  if (
    typeof singular === 'string' &&
    !name &&
    !area &&
    !floor &&
    !flags.has('everywhere') &&
    !flags.has('all')
  ) {
    const domain = raw.domain;
    const named = (index.byWord.get(singular) ?? []).filter((e) => e.domain === domain);
    if (named.length > 0) {
      name = { kind: 'name', phrase: singular, entities: named, partial: true };
      delete raw.domain;
    }
  }

  let entities: IntentEntity[] = [];
  if (name) {
    entities = name.entities;
    const domains = group.requires?.domain;
    if (domains) entities = entities.filter((e) => domains.includes(e.domain));
    // "the desk fan" is no part of "Desk Lamp": the word after a name says its kind
    if (nounDomains) entities = entities.filter((e) => nounDomains.includes(e.domain));
    if (entities.length === 0) return undefined;
    if (area) entities = preferIn(entities, (e) => e.area === area.area.id);
    else if (ctxArea) entities = preferIn(entities, (e) => e.area === ctxArea.id);
  }

  if (
    group.intent === 'HassGetState' &&
    !resolveState(raw, name ? entities : undefined, (e) => {
      entities = e;
    })
  )
    return undefined;

  const slots: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k.startsWith('_') || v === undefined || v === null) continue;
    if (typeof v === 'string' || typeof v === 'number') slots[k] = v;
  }
  if (area) slots.area = area.area.name;
  if (floor) slots.floor = floor.floor.name;

  const out: Finalized = { intent: group.intent, slots, entity_ids: entities.map((e) => e.entity_id) };
  if (name) {
    const names = [...new Set(entities.map((e) => e.name))];
    const sameName = names.length === 1;
    const areas = new Set(entities.map((e) => e.area ?? ''));
    // Several different entities under one name in different areas is ambiguous for actions;
    // for questions and same-named sensors of one device it is not.
    const ambiguousPlace =
      sameName &&
      areas.size > 1 &&
      group.intent !== 'HassGetState' &&
      entities.every(
        (e) =>
          e.domain === entities[0]!.domain &&
          (e.device_class ?? null) === (entities[0]!.device_class ?? null),
      );
    if (!sameName || ambiguousPlace) {
      out.ambiguous = {
        phrase: name.phrase,
        candidates: entities.map((e) => ({
          entity_id: e.entity_id,
          name: e.name,
          area: e.area ? (index.areaById.get(e.area)?.name ?? null) : null,
        })),
      };
      out.ask = askWhich(name.phrase, out.ambiguous.candidates, !sameName);
    } else {
      slots.name = names[0]!;
    }
  }
  return out;
}

function preferIn<T>(list: T[], pred: (x: T) => boolean): T[] {
  const inside = list.filter(pred);
  return inside.length > 0 ? inside : list;
}

function findArea(index: RegistryIndex, nameOrId: string) {
  const key = nameOrId.trim().toLowerCase();
  for (const a of index.registry.areas) {
    if (
      a.id === nameOrId ||
      a.name.toLowerCase() === key ||
      (a.aliases ?? []).some((x) => x.toLowerCase() === key)
    )
      return a;
  }
  return undefined;
}

function askWhich(phrase: string, cands: IntentCandidate[], byName: boolean): string {
  const labels = cands
    .slice(0, 5)
    .map((c) => (byName ? c.name : `the ${c.name} in the ${c.area ?? 'house'}`).trim());
  const unique = [...new Set(labels)];
  const list =
    unique.length <= 2
      ? unique.join(' or ')
      : `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
  return `Which ${phrase}: ${list}?`;
}

const kindOf = (e: IntentEntity): Kind => ({ domain: e.domain, device_class: e.device_class ?? null });
const fits = (k: Kind, opt: Kind) =>
  k.domain === opt.domain && (!opt.device_class || k.device_class === opt.device_class);

/** Resolves state_word/state_noun into domain, device_class and state; false if meaningless. */
function resolveState(
  raw: Record<string, unknown>,
  entities: IntentEntity[] | undefined,
  setEntities: (e: IntentEntity[]) => void,
): boolean {
  const word = typeof raw.state_word === 'string' ? raw.state_word : undefined;
  const nouns = Array.isArray(raw.state_noun) ? (raw.state_noun as Kind[]) : undefined;
  delete raw.state_word;
  delete raw.state_noun;

  if (entities) {
    let list = entities;
    if (nouns) {
      const narrowed = list.filter((e) => nouns.some((n) => fits(kindOf(e), n)));
      if (narrowed.length > 0) list = narrowed;
    }
    if (word) {
      list = list.filter((e) => stateFor(kindOf(e), word) !== undefined);
      if (list.length === 0) return false;
      raw.state = stateFor(kindOf(list[0]!), word);
    }
    const domains = new Set(list.map((e) => e.domain));
    const classes = new Set(list.map((e) => e.device_class ?? ''));
    if (domains.size === 1) raw.domain = list[0]!.domain;
    if (classes.size === 1 && list[0]!.device_class) raw.device_class = list[0]!.device_class;
    setEntities(list);
    return true;
  }
  if (!word) return typeof raw.domain === 'string';
  let kinds: Kind[];
  if (nouns) kinds = nouns;
  else if (typeof raw.domain === 'string')
    kinds = [{ domain: raw.domain, device_class: (raw.device_class as string | undefined) ?? null }];
  else {
    kinds = kindsFor(word).filter((k) => k.device_class);
    if (kinds.length !== 1) return false;
  }
  for (const k of kinds) {
    const st = stateFor(k, word);
    if (st === undefined) continue;
    raw.domain = k.domain;
    if (k.device_class) raw.device_class = k.device_class;
    raw.state = st;
    return true;
  }
  return false;
}
