/**
 * Follow-ups: "and the bedroom too", "what about the kitchen", "the floor lamp" — the last
 * turn's intent and slots on a new name, kind of device or place; the answer to "which one?";
 * and what a compound leaves for "them".
 */
import type { NameValue, RegistryIndex } from '../intents/index-phrases.js';
import type { IntentArea, IntentEntity, IntentFloor } from '../intents/registry.js';
import { domainsForIntent, INTENT_DOMAINS } from './choose-intent.js';
import { tokenize } from '../intents/normalize.js';
import { describedDevice } from './described.js';
import type { SecondStage } from './reader.js';
import { referentOf, type Reading, type Referent, type Target } from './reading.js';
import type { Conversation } from './conversation.js';
import type { Command, Understood } from './understand.js';
import type { Item } from './tagger.js';
import { askWhich, byNoun, finish, membersOf } from './targets.js';

/** A sentence with no action of its own, read as the last turn's intent on a new target. */
export function readFollowUp(
  index: RegistryIndex,
  ref: Referent,
  name: NameValue | undefined,
  place: { area?: IntentArea; floor?: IntentFloor },
  noun: Extract<Item, { t: 'noun' }> | undefined,
  ctxArea: IntentArea | undefined,
  /** The words say "one" ("and the bedroom one"): one device meant. */
  one = false,
): Reading | undefined {
  // a question may follow on to anything ("what about the garage door")
  const question = ref.intent === 'HassGetState';
  const same = INTENT_DOMAINS[ref.intent] ?? domainsForIntent(ref);
  // "open the garage door" … "and the light in there too": opening a cover and then a light
  // turns the light on; after closing one, "and the lamp" may mean either — not guessed; a
  // lock's or an alarm's follow-up stays a lock's
  const withLights =
    ref.intent === 'HassTurnOn' && same.every((d) => d === 'cover' || d === 'valve')
      ? [...same, 'light']
      : same;
  const allowed = question ? [...new Set(index.registry.entities.map((e) => e.domain))] : withLights;
  const {
    name: _name,
    area: _area,
    floor: _floor,
    domain: _domain,
    device_class: _class,
    ...base
  } = ref.slots;
  let target: Target | undefined;
  // "how warm is it in the lounge" … "and outside?": a temperature sensor is asked for its reading
  if (name && ref.intent === 'HassClimateGetTemperature' && !place.area) {
    const sensors = name.entities.filter((e) => e.domain === 'sensor' && e.device_class === 'temperature');
    if (sensors.length === 1)
      return finish(index, 'HassGetState', {}, { kind: 'entities', entities: sensors }, ['sensor']);
  }
  // "what's the temperature in the office" … "and how about the bedroom?": the same question of
  // that room, as asked of it directly (the answer says what it knows there)
  if (!name && !noun && ref.intent === 'HassClimateGetTemperature' && place.area)
    return {
      intent: ref.intent,
      slots: { ...base, area: place.area.name },
      entity_ids: [],
      target: { kind: 'group', domain: 'climate', area: place.area, implied: true },
    };
  if (name) {
    let ents = name.entities.filter((e) => allowed.includes(e.domain));
    if (place.area) ents = ents.filter((e) => e.area === place.area!.id);
    if (ents.length === 0) return undefined;
    if (ents.length > 1)
      return {
        intent: ref.intent,
        slots: base,
        entity_ids: [],
        candidates: ents,
        ask: askWhich(index, ents),
      };
    target = { kind: 'entities', entities: ents };
  } else if (noun) {
    const r = byNoun(
      index,
      noun,
      place,
      place.area !== undefined || place.floor !== undefined,
      ctxArea,
      allowed,
      [],
    );
    if (!r || 'ask' in r) return undefined;
    target = r;
  } else if (place.area || place.floor) {
    const prev = ref.target;
    const domain = prev.kind === 'group' ? prev.domain : (prev.entities[0]?.domain ?? '*');
    target = {
      kind: 'group',
      domain,
      ...(prev.kind === 'group' && prev.device_class ? { device_class: prev.device_class } : {}),
      ...(prev.kind === 'group' && prev.implied ? { implied: true } : {}),
      ...(place.area ? { area: place.area } : { floor: place.floor }),
    };
    // "turn off the porch light" — "and the hallway one": one device then, the one there now
    const there = membersOf(index, target);
    if (prev.kind === 'entities' && prev.entities.length === 1 && there.length === 1)
      target = { kind: 'entities', entities: there };
    // ("turn off the living room ceiling light" — "and the bedroom one": the bedroom's ceiling
    // light, by the name the home gives it there; else which one — never all of them)
    else if (
      prev.kind === 'entities' &&
      prev.entities.length === 1 &&
      one &&
      there.length > 1 &&
      place.area
    ) {
      const same = namedAlike(index, prev.entities[0]!, place.area, there);
      if (same) target = { kind: 'entities', entities: [same] };
      else
        return {
          intent: ref.intent,
          slots: base,
          entity_ids: [],
          candidates: there,
          ask: askWhich(index, there),
        };
    }
  }
  if (!target) return undefined;
  return finish(index, ref.intent, base, target, allowed);
}

/** The device of a place named as another is in its own place: "Bedroom Ceiling Light" for "Living Room Ceiling Light". */
function namedAlike(
  index: RegistryIndex,
  e: IntentEntity,
  area: IntentArea,
  among: IntentEntity[],
): IntentEntity | undefined {
  const own = e.area ? index.areaById.get(e.area)?.name : undefined;
  if (!own || !e.name.toLowerCase().startsWith(own.toLowerCase())) return undefined;
  const name = `${area.name}${e.name.slice(own.length)}`.toLowerCase();
  return among.find((x) => x.name.toLowerCase() === name);
}

const MORE_WORDS = new Set(
  // (with a hesitation before it: "mm, little more")
  'a bit little tad touch smidge notch even again please just lil bit more less only slightly mm mmm hmm um'.split(
    ' ',
  ),
);

/** A level set, and the step that changes it. */
const STEP_OF_LEVEL: Record<string, string> = {
  volume_level: 'volume_step',
  brightness: 'brightness_step',
  temperature: 'temperature_step',
};

/** What "more" or "less" changes of a device just switched on. */
const SWITCHED_ON_STEP: Record<string, { intent: string; step: string }> = {
  light: { intent: 'HassLightSet', step: 'brightness_step' },
  media_player: { intent: 'HassSetVolume', step: 'volume_step' },
};

/**
 * "bit more", "a little more", "even more", "a bit less": the last turn's step again, or the
 * other way, on the same devices; after a level set, a step up (or down) from it.
 */

export function moreOfTheSame(said: string[], ref: Referent): Reading | undefined {
  // ("more than that", "less than before", "further": the same, said with more words)
  const tokens = said
    .map((t) => (t === 'further' || t === 'farther' ? 'more' : t))
    .filter(
      (t, i, all) =>
        !(
          ['than', 'that', 'this', 'before'].includes(t) &&
          all.slice(0, i).some((w) => w === 'more' || w === 'less') &&
          (t === 'than' || all[i - 1] === 'than')
        ),
    );
  if (tokens.length === 0 || !tokens.every((t) => MORE_WORDS.has(t))) return undefined;
  const more = tokens.includes('more');
  if (more === tokens.includes('less')) return undefined;
  const entities = ref.target.kind === 'entities' ? ref.target.entities : [];
  // "put the tv volume to 20" — "a little more": a level set, then more of it (or less)
  const level = Object.keys(STEP_OF_LEVEL).find((k) => typeof ref.slots[k] === 'number');
  if (level) {
    const { [level]: _set, ...rest } = ref.slots;
    return {
      intent: ref.intent,
      slots: { ...rest, [STEP_OF_LEVEL[level]!]: more ? 'up' : 'down' },
      entity_ids: entities.map((e) => e.entity_id),
      target: ref.target,
    };
  }
  // "turn on the floor lamp" — "a bit less": lights just switched on, less (or more) of their
  // light; a media player's, of its sound
  const domains = new Set(entities.map((e) => e.domain));
  const kind = domains.size === 1 ? SWITCHED_ON_STEP[[...domains][0]!] : undefined;
  if (ref.intent === 'HassTurnOn' && kind && entities.length > 0) {
    return {
      intent: kind.intent,
      slots: { ...ref.slots, [kind.step]: more ? 'up' : 'down' },
      entity_ids: entities.map((e) => e.entity_id),
      target: ref.target,
    };
  }
  const key = Object.keys(ref.slots).find((k) => k.endsWith('_step'));
  const step = key ? ref.slots[key] : undefined;
  if (!key || (step !== 'up' && step !== 'down')) return undefined;
  return {
    intent: ref.intent,
    slots: { ...ref.slots, [key]: more ? step : step === 'up' ? 'down' : 'up' },
    entity_ids: entities.map((e) => e.entity_id),
    target: ref.target,
  };
}

/** "the floor lamp", "the one in the kitchen", "the upstairs one": one of the candidates. */
export function pickAnswer(
  stage2: SecondStage,
  index: RegistryIndex,
  pending: Reading,
  tokens: string[],
): Reading | undefined {
  const cands = pending.candidates ?? [];
  // "both", "all of them", "both please": every one asked about ("both" of two only)
  const said = tokens.filter(
    (t) => !['please', 'pls', 'thanks', 'of', 'them', 'em', 'the', 'yes', 'just', 'ones'].includes(t),
  );
  const every =
    said.length === 1 &&
    (said[0] === 'all' || said[0] === 'each' || (said[0] === 'both' && cands.length === 2));
  if (every && cands.length > 1)
    return {
      intent: pending.intent,
      slots: { ...pending.slots },
      entity_ids: cands.map((e) => e.entity_id),
      target: { kind: 'entities', entities: cands },
    };
  // ("my room's one", "the one in my room": with one bedroom, my room is it — as the index
  // reads it in a request)
  const bedrooms = [...index.areaById.values()].filter((a) => /\bbed ?room\b/i.test(a.name));
  const refused = tokens.some((t) => ['no', 'not', 'but', 'except'].includes(t));
  const mine =
    bedrooms.length === 1 && !refused
      ? tokenize(tokens.join(' ').replace(/\b(?:my|our) (?:bed)?rooms?\b/g, bedrooms[0]!.name.toLowerCase()))
      : tokens;
  // ("the one by the bed": the one so described)
  const { tokens: fixed } = stage2.correct(describedDevice(index, mine));
  const words = new Set(fixed);
  // ("my sister's room", "the one in my roommates room": "room" alone names no room's device —
  // only the room said whole does, below)
  const named = new Set([...words].filter((w) => w !== 'room' && w !== 'rooms'));
  // a place named whole, by name or alias: "the one in the lounge", "the upstairs one"
  const placeSaid = (names: string[]) =>
    names.some((n) => {
      const t = tokenize(n);
      return t.length > 0 && t.every((w) => words.has(w));
    });
  const scored = cands.map((e) => {
    const area = e.area ? index.areaById.get(e.area) : undefined;
    const floor = area?.floor ? index.floorById.get(area.floor) : undefined;
    const hits =
      tokenize(e.name).filter((w) => named.has(w)).length +
      (area && placeSaid([area.name, ...(area.aliases ?? [])]) ? 1 : 0) +
      (floor && placeSaid([floor.name, ...(floor.aliases ?? [])]) ? 1 : 0);
    return { e, hits };
  });
  const best = Math.max(0, ...scored.map((s) => s.hits));
  if (best === 0) return undefined;
  let top = scored.filter((s) => s.hits === best).map((s) => s.e);
  // "not the desk one", "anything but the floor lamp": the others — one left is the answer
  if (fixed.some((w) => ['not', 'but', 'except', 'apart', 'besides'].includes(w)))
    top = cands.filter((e) => !top.includes(e));
  if (top.length !== 1) return undefined;
  const e = top[0]!;
  return {
    intent: pending.intent,
    slots: { ...pending.slots, name: e.name },
    entity_ids: [e.entity_id],
    target: { kind: 'entities', entities: [e] },
  };
}

/**
 * "turn on the kitchen light and the fan" — "turn them off": what a compound acted on, all of
 * it (the last part's intent and values, every part's devices).
 */
export function referentOfAll(parts: Command[]): Referent | undefined {
  const last = referentOf(parts[parts.length - 1]!.reading);
  if (!last) return undefined;
  // (devices named, each: a kind in a place stays the last part's, as before)
  if (parts.some((p) => p.reading.target?.kind !== 'entities')) return last;
  const devices = parts.flatMap((p) =>
    p.reading.target?.kind === 'entities' ? p.reading.target.entities : [],
  );
  const entities = [...new Set(devices)];
  if (entities.length === 0) return last;
  const { name: _n, area: _a, floor: _f, domain: _d, device_class: _c, ...values } = last.slots;
  return { intent: last.intent, slots: values, target: { kind: 'entities', entities } };
}

export const PLURAL_PRONOUNS = new Set(['them', 'both', 'those', 'they', 'em']);

/**
 * The last two turns' devices, when this one says "both" or "them" and each of those turns
 * acted on or asked about one device of the same kind; else the last turn's.
 */
export function bothOf(conv: Conversation, tokens: string[]): Referent | undefined {
  const last = conv.referent;
  const earlier = conv.earlier;
  if (!last || !earlier || !tokens.some((w) => PLURAL_PRONOUNS.has(w))) return last;
  const one = (r: Referent) =>
    r.target.kind === 'entities' && r.target.entities.length === 1 ? r.target.entities[0] : undefined;
  const a = one(earlier);
  const b = one(last);
  if (!a || !b || a === b || (a.domain !== b.domain && earlier.intent !== last.intent)) return last;
  return { ...last, target: { kind: 'entities', entities: [a, b] } };
}

/**
 * "turn off the coffee machine in 10 minutes" … "and the kettle too, but right now": a part
 * that took the last turn's time is done now when "now" is said.
 */
export function nowAfterAll(u: Understood, tokens: string[], referent: Referent | undefined): Understood {
  const later = referent?.later;
  if (!later || !tokens.some((t) => ['now', 'immediately', 'straightaway'].includes(t))) return u;
  const now = (c: Command): Command => (c.when === later ? { reading: c.reading } : c);
  if (u.kind === 'command') return { kind: 'command', command: now(u.command) };
  if (u.kind === 'compound') return { kind: 'compound', parts: u.parts.map(now) };
  return u;
}
