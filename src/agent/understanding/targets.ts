/**
 * Targets against the registry: the members of a group, the place of an entity, a common
 * noun resolved to one device, a kind in a place or a question back, and the slots a
 * reading reports for its target.
 */
import type { RegistryIndex } from '../intents/index-phrases.js';
import { tokenize } from '../intents/normalize.js';
import type { IntentArea, IntentEntity, IntentFloor } from '../intents/registry.js';
import { NO_DOMAIN_SLOT } from './choose-intent.js';
import type { Reading, Target } from './reading.js';
import type { Item } from './tagger.js';

/** Slots and entity ids for a target, checked against the registry. */
export function finish(
  index: RegistryIndex,
  intent: string,
  base: Record<string, string | number>,
  target: Target,
  allowed: string[],
): Reading | undefined {
  const slots: Record<string, string | number> = { ...base };
  if (target.kind === 'entities') {
    const ents = target.entities.filter((e) => allowed.includes(e.domain));
    if (ents.length === 0) return undefined;
    const names = [...new Set(ents.map((e) => e.name))];
    if (names.length !== 1) return undefined;
    slots.name = names[0]!;
    return {
      intent,
      slots,
      entity_ids: ents.map((e) => e.entity_id),
      target: { kind: 'entities', entities: ents },
    };
  }
  const members = membersOf(index, target).filter((e) => allowed.includes(e.domain));
  if (members.length === 0) return undefined;
  if (target.area) slots.area = target.area.name;
  if (target.floor) slots.floor = target.floor.name;
  if (target.domain !== '*' && !target.implied && !NO_DOMAIN_SLOT.has(intent)) slots.domain = target.domain;
  // "lock everything": everything a lock verb acts on is the locks
  else if (target.domain === '*' && allowed.length === 1 && !NO_DOMAIN_SLOT.has(intent))
    slots.domain = allowed[0]!;
  if (target.device_class && !NO_DOMAIN_SLOT.has(intent)) slots.device_class = target.device_class;
  return { intent, slots, entity_ids: [], target };
}

/** Entities of a group target. */
export function membersOf(index: RegistryIndex, t: Extract<Target, { kind: 'group' }>): IntentEntity[] {
  return index.registry.entities.filter(
    (e) =>
      (t.domain === '*' ? e.domain !== 'scene' && e.domain !== 'person' : e.domain === t.domain) &&
      (!t.device_class || e.device_class === t.device_class) &&
      (!t.area || e.area === t.area.id) &&
      (!t.floor || floorOf(index, e) === t.floor.id),
  );
}

/** The floor an entity is on, through its area. */
export function floorOf(index: RegistryIndex, e: IntentEntity): string | null {
  return e.area ? (index.areaById.get(e.area)?.floor ?? null) : null;
}

/** An area by id, name or alias. */
export function findArea(index: RegistryIndex, nameOrId: string): IntentArea | undefined {
  const key = nameOrId.trim().toLowerCase();
  return index.registry.areas.find(
    (a) =>
      a.id === nameOrId ||
      a.name.toLowerCase() === key ||
      (a.aliases ?? []).some((x) => x.toLowerCase() === key),
  );
}

/**
 * A common noun: one device of that kind in the place (named by it or the only one), or the
 * whole kind in the place when the noun is plural or the place was said; "which one?" when
 * several fit a singular noun and no place was said.
 */
/** What covers a window, by device class or by a word of its name: "blind", "curtain", … */
const WINDOW_COVERINGS = new Set(['blind', 'curtain', 'shade', 'shutter', 'awning']);

/**
 * "close the shutters in the lounge" where the lounge has blinds: what covers its windows,
 * however it is called — the one such in that room (a window or a door is never a blind), and
 * only for a word the home calls nothing by. (Home Assistant's corpus reads "close the blinds
 * in the bedroom", where the bedroom has a curtain, as the bedroom's blinds, none; here the
 * curtain is closed.)
 */
export function windowCovering(
  index: RegistryIndex,
  t: Extract<Target, { kind: 'group' }>,
): IntentEntity | undefined {
  if (t.domain !== 'cover' || !WINDOW_COVERINGS.has(t.device_class ?? '') || !t.area) return undefined;
  // (only a word this home has no such thing for: where it has curtains somewhere, "the
  // curtains in the lounge" are none of the lounge's blinds)
  const word = t.device_class!;
  const calledSo = (e: IntentEntity) =>
    e.domain === 'cover' &&
    (e.device_class === word || tokenize(e.name).some((w) => w.replace(/s$/, '') === word));
  if (index.registry.entities.some(calledSo)) return undefined;
  const covering = index.registry.entities.filter(
    (e) =>
      e.domain === 'cover' &&
      e.area === t.area!.id &&
      (WINDOW_COVERINGS.has(e.device_class ?? '') ||
        tokenize(e.name).some((w) => WINDOW_COVERINGS.has(w.replace(/s$/, '')))),
  );
  return covering.length === 1 ? covering[0] : undefined;
}

export function byNoun(
  index: RegistryIndex,
  n: Extract<Item, { t: 'noun' }>,
  place: { area?: IntentArea; floor?: IntentFloor },
  explicitPlace: boolean,
  ctxArea: IntentArea | undefined,
  allowed: string[],
  tokens: string[],
  /** The caller's own room (a tablet's, a satellite's), not one borrowed from the last turn. */
  callerRoom = false,
): Target | { ask: IntentEntity[] } | undefined {
  const noun = n.noun;
  // the word as said ("speaker" of the "Kitchen Speaker"); a follow-up passes no sentence
  const said = tokens[n.start] ?? n.word;
  const where = explicitPlace ? place : ctxArea ? { area: ctxArea } : {};
  const group: Extract<Target, { kind: 'group' }> = {
    kind: 'group',
    domain: noun.domain,
    ...(noun.device_class ? { device_class: noun.device_class } : {}),
    ...where,
  };
  const inPlace = membersOf(index, group).filter((e) => noun.domain !== '*' || allowed.includes(e.domain));
  const covering = inPlace.length === 0 ? windowCovering(index, group) : undefined;
  if (covering) return { kind: 'entities', entities: [covering] };
  if (noun.group) {
    // "the curtains in the bedroom", "the lounge blinds": the one device the home calls so
    const own = place.area ? calledByPlace(index, place.area, said) : undefined;
    if (own && inPlace.length === 1 && inPlace[0] === own) return { kind: 'entities', entities: [own] };
    if (inPlace.length > 0) return group;
    // "garage doors": no lock in the garage, but a device named "garage door"
    const area = place.area;
    if (area) {
      const singular = said.replace(/s$/, '');
      const key = `${tokenize(area.name).join(' ')} ${singular}`;
      const named = index.registry.entities.filter((e) => tokenize(e.name).join(' ') === key);
      if (named.length === 1) return { kind: 'entities', entities: named };
    }
    return undefined;
  }
  const named = inPlace.filter((e) => (index.byWord.get(said) ?? []).includes(e));
  // "the tv in the kitchen" where the kitchen has a speaker and the tv is elsewhere: the word
  // is a word of another device's name — not this place's other player
  const elsewhere = (index.byWord.get(said) ?? []).some((e) => e.domain === noun.domain);
  if (named.length === 0 && elsewhere && explicitPlace) return undefined;
  // ("and the speaker" after the telly: the room meant was only the last one's — the one
  // device whose name says the word is meant)
  if (named.length === 0 && elsewhere && !explicitPlace) {
    const called = (index.byWord.get(said) ?? []).filter((e) => e.domain === noun.domain);
    if (called.length === 1) return { kind: 'entities', entities: called };
    // ("turn on the kettle, the lamp": three lamps, none in the kitchen — which lamp, never the
    // kitchen's light; the kind's own word, "the light", is still the room's)
    if (called.length > 1 && said !== noun.domain) return { ask: called };
  }
  const pool = named.length > 0 ? named : inPlace;
  if (pool.length === 1) return { kind: 'entities', entities: pool };
  if (pool.length === 0) {
    if (explicitPlace || !ctxArea) return undefined;
    // nothing of that kind in the caller's room: the home's only one, else nothing
    return byNoun(index, n, {}, false, undefined, allowed, tokens);
  }
  if (explicitPlace) return group;
  // "open the light" at the bedroom's tablet: the kind's own word is the room's lights, as
  // "turn on the light" is there (a narrower word, "the lamp", still asks which)
  if (callerRoom && ctxArea && said === noun.domain) return group;
  return { ask: pool };
}

/**
 * The device whose name is the place's name and the word as said ("Bedroom Curtains" for "the
 * curtains in the bedroom"); "the kitchen lights" is not the "Kitchen Light" but every light.
 */
export function calledByPlace(
  index: RegistryIndex,
  area: IntentArea,
  word: string,
): IntentEntity | undefined {
  const key = `${tokenize(area.name).join(' ')} ${word}`;
  const named = index.registry.entities.filter((e) => tokenize(e.name).join(' ') === key);
  return named.length === 1 ? named[0] : undefined;
}

/** Whether a target holds anything an intent of these domains may act on. */
export function compatible(t: Target, allowed: string[]): boolean {
  if (t.kind === 'entities') return t.entities.some((e) => allowed.includes(e.domain));
  return t.domain === '*' || allowed.includes(t.domain);
}

/** The question back when several devices fit: "Did you mean the x or the y?". */
export function askWhich(index: RegistryIndex, cands: IntentEntity[]): string {
  const sameName = new Set(cands.map((c) => c.name)).size === 1;
  const labels = [
    ...new Set(
      cands.slice(0, 5).map((c) => {
        const area = c.area ? index.areaById.get(c.area)?.name : undefined;
        return sameName ? `the ${c.name} in the ${area ?? 'house'}` : `the ${c.name}`;
      }),
    ),
  ];
  const list =
    labels.length <= 2
      ? labels.join(' or ')
      : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
  return `Did you mean ${list}?`;
}
