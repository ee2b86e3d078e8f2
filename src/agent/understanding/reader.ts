/**
 * The second understanding stage: for what the exact templates declined. It finds the home's
 * own names in the sentence (exact, partial, misspelt, plural, sound-alike), the action or
 * question words from the lexicon, numbers with units, pronouns, and fills the intent's slots
 * under the registry's constraints: the entity must support the action, numbers must be in
 * range, a place must contain such a device. It returns one consistent reading, a question
 * back when several devices fit, or nothing — and nothing whenever a word in the sentence is
 * unexplained, so an unknown device is never replaced by the nearest known one.
 */
import type { AreaValue, FloorValue, NameValue, RegistryIndex } from '../intents/index-phrases.js';
import { PhraseTrie } from '../intents/index-phrases.js';
import { isNumberToken, tokenize } from '../intents/normalize.js';
import type { IntentArea, IntentEntity, IntentFloor } from '../intents/registry.js';
import { stateFor } from '../intents/states.js';
import {
  CUES,
  FILLER_PHRASES,
  FILLERS,
  FOLLOW_UP,
  HERE_WORDS,
  NOUNS,
  PRONOUNS,
  QUESTION_WORDS,
  STATE_QUESTION,
  TEMPERATURE_QUESTION,
  type Cue,
  type Noun,
} from './lexicon.js';
import { Speller } from './speller.js';

/** What a reading acts on: named entities, or every device of a kind in a place. */
export type Target =
  | { kind: 'entities'; entities: IntentEntity[] }
  | {
      kind: 'group';
      domain: string;
      device_class?: string | undefined;
      area?: IntentArea | undefined;
      floor?: IntentFloor | undefined;
      /** The domain came from the intent, not from a word: not reported as a slot. */
      implied?: boolean;
    };

/** The last turn of a conversation, for pronouns and follow-ups. */
export interface Referent {
  intent: string;
  slots: Record<string, string | number>;
  target: Target;
}

export interface Reading {
  intent: string;
  slots: Record<string, string | number>;
  entity_ids: string[];
  target?: Target;
  /** A question back when several devices fit; `candidates` are the devices. */
  ask?: string;
  candidates?: IntentEntity[];
}

export interface ReadContext {
  /** The caller's area (dashboard room, voice satellite), by name or id. */
  area?: string | null;
  referent?: Referent | undefined;
}

type Item =
  | { t: 'name'; v: NameValue; start: number; end: number }
  | { t: 'area'; area: IntentArea; start: number; end: number }
  | { t: 'floor'; floor: IntentFloor; start: number; end: number }
  | { t: 'cue'; cue: Cue; word: string; start: number; end: number }
  | { t: 'noun'; noun: Noun; word: string; start: number; end: number }
  | { t: 'number'; value: number; unit?: 'percent' | 'degrees'; start: number; end: number }
  | { t: 'state'; word: string; start: number; end: number }
  | { t: 'pronoun'; start: number; end: number }
  | { t: 'here'; start: number; end: number }
  | { t: 'filler'; start: number; end: number }
  | { t: 'unknown'; word: string; start: number; end: number };

/** Domains each switching cue can act on. */
const SWITCHABLE = [
  'light',
  'switch',
  'fan',
  'media_player',
  'climate',
  'input_boolean',
  'humidifier',
  'siren',
  'water_heater',
  'automation',
];
const OPENABLE = ['cover', 'valve'];
const CUE_DOMAINS: Partial<Record<Cue, string[]>> = {
  on: [...SWITCHABLE, 'scene', 'script', 'vacuum'],
  off: [...SWITCHABLE, 'vacuum'],
  activate: [...SWITCHABLE, 'scene', 'script'],
  start: ['vacuum', ...SWITCHABLE, 'scene', 'script'],
  open: OPENABLE,
  close: OPENABLE,
  lock: ['lock'],
  unlock: ['lock'],
  arm: ['alarm_control_panel'],
  disarm: ['alarm_control_panel'],
  pause: ['media_player'],
  resume: ['media_player'],
  next: ['media_player'],
  previous: ['media_player'],
  dock: ['vacuum'],
};
/** The kind of device a cue means when the sentence names none ("lock up the entrance"). */
const CUE_IMPLIES: Partial<Record<Cue, string>> = {
  lock: 'lock',
  unlock: 'lock',
  open: 'cover',
  close: 'cover',
  arm: 'alarm_control_panel',
  disarm: 'alarm_control_panel',
  pause: 'media_player',
  resume: 'media_player',
  next: 'media_player',
  previous: 'media_player',
  louder: 'media_player',
  quieter: 'media_player',
  volume: 'media_player',
  brighter: 'light',
  darker: 'light',
  brightness: 'light',
  warmer: 'climate',
  cooler: 'climate',
  temperature: 'climate',
  dock: 'vacuum',
};
/** Intents whose slots never carry the domain (Home Assistant's convention). */
const NO_DOMAIN_SLOT = new Set([
  'HassLightSet',
  'HassClimateSetTemperature',
  'HassClimateGetTemperature',
  'HassSetVolume',
  'HassMediaPause',
  'HassMediaUnpause',
  'HassMediaNext',
  'HassMediaPrevious',
]);
const INTENT_DOMAINS: Record<string, string[]> = {
  HassLightSet: ['light'],
  HassClimateSetTemperature: ['climate'],
  HassSetPosition: OPENABLE,
  HassSetVolume: ['media_player'],
  HassMediaPause: ['media_player'],
  HassMediaUnpause: ['media_player'],
  HassMediaNext: ['media_player'],
  HassMediaPrevious: ['media_player'],
  HassVacuumStart: ['vacuum'],
  HassVacuumReturnToBase: ['vacuum'],
};

/** Words that may frame a scene's bare name: "it's movie night", "dinner party time, everyone". */
const SCENE_FRAME = new Set([
  'it is',
  'it',
  'is',
  'its',
  'the',
  'please',
  'now',
  'time',
  'mode',
  'scene',
  'for',
  'let us',
  'lets',
  'we are',
  'everyone',
  'a',
  'ok',
  'okay',
  'so',
  'and',
  'then',
  'well',
  'hey',
]);

/** Nouns that are verbs too ("switch the kettle on", "heat the office"). */
const VERB_NOUNS = new Set(['switch', 'plug', 'light', 'heat', 'lock', 'dock', 'vacuum', 'hoover', 'clean']);

const LEX_PRIORITY = {
  name: 0,
  area: 1,
  floor: 1,
  cue: 2,
  noun: 3,
  partial: 4,
  state: 5,
  here: 5,
  pronoun: 6,
  filler: 7,
};

interface LexEntry {
  kind: 'cue' | 'noun' | 'state' | 'here' | 'filler' | 'pronoun';
  value: unknown;
}

/** The lexicon as a phrase trie, built once. */
const LEXICON = (() => {
  const trie = new PhraseTrie();
  const add = (phrase: string, e: LexEntry) => trie.add(tokenize(phrase), { list: e.kind, value: e });
  for (const [p, c] of Object.entries(CUES)) add(p, { kind: 'cue', value: c });
  for (const [p, n] of Object.entries(NOUNS)) add(p, { kind: 'noun', value: n });
  for (const [p, s] of Object.entries(STATE_QUESTION)) add(p, { kind: 'state', value: s });
  for (const p of HERE_WORDS) add(p, { kind: 'here', value: true });
  for (const p of PRONOUNS) add(p, { kind: 'pronoun', value: true });
  for (const p of FILLER_PHRASES) add(p, { kind: 'filler', value: true });
  for (const p of QUESTION_WORDS) add(p, { kind: 'filler', value: true });
  for (const w of FILLERS) add(w, { kind: 'filler', value: true });
  const words = new Set<string>();
  for (const p of [
    ...Object.keys(CUES),
    ...Object.keys(NOUNS),
    ...Object.keys(STATE_QUESTION),
    ...HERE_WORDS,
    ...PRONOUNS,
    ...FILLER_PHRASES,
    ...FILLERS,
    ...QUESTION_WORDS,
    ...TEMPERATURE_QUESTION,
    'percent',
    'degrees',
    'half',
    'halfway',
    'max',
    'maximum',
    'full',
  ])
    for (const t of tokenize(p)) words.add(t);
  return { trie, words };
})();

export const LEXICON_WORDS: ReadonlySet<string> = LEXICON.words;
/** Filler words that are nothing else (not a cue, noun or state). */
const FILLER_WORDS: ReadonlySet<string> = (() => {
  const meaningful = new Set<string>();
  for (const p of [...Object.keys(CUES), ...Object.keys(NOUNS), ...Object.keys(STATE_QUESTION)])
    for (const t of tokenize(p)) meaningful.add(t);
  return new Set([...FILLERS, ...QUESTION_WORDS].filter((w) => !meaningful.has(w)));
})();

/** The second stage over one registry snapshot (rebuilt when the registry changes). */
export class SecondStage {
  readonly speller: Speller;

  constructor(readonly index: RegistryIndex) {
    this.speller = new Speller(
      new Set([...index.vocabulary, ...LEXICON.words]),
      index.vocabulary,
      FILLER_WORDS,
    );
  }

  /** Spelling-corrected tokens; undefined words stay as they are (and will be unexplained). */
  correct(tokens: string[]): { tokens: string[]; corrected: number } {
    const out: string[] = [];
    let corrected = 0;
    for (const t of tokens) {
      const c = this.speller.correct(t);
      if (!c) out.push(t);
      else {
        if (c.length !== 1 || c[0] !== t) corrected++;
        out.push(...c);
      }
    }
    return { tokens: out, corrected };
  }

  read(text: string, ctx: ReadContext): Reading | undefined {
    const { tokens } = this.correct(tokenize(text));
    if (tokens.length === 0) return undefined;
    const items = this.tag(tokens);
    if (items.some((i) => i.t === 'unknown')) return undefined;
    return this.interpret(items, tokens, ctx);
  }

  /** Whether the words carry an action or a value of their own (not just a target). */
  hasAction(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    return this.tag(tokens).some((i) => i.t === 'cue' || i.t === 'number');
  }

  /** Tags the sentence left to right, longest phrase first. */
  private tag(tokens: string[]): Item[] {
    const items: Item[] = [];
    let i = 0;
    while (i < tokens.length) {
      let best: { end: number; prio: number; item: Item } | undefined;
      const offer = (end: number, prio: number, item: Item) => {
        if (!best || end > best.end || (end === best.end && prio < best.prio)) best = { end, prio, item };
      };
      this.index.trie.walk(tokens, i, (end, e) => {
        const v = e.value as NameValue | AreaValue | FloorValue;
        if (v.kind === 'name') offer(end, LEX_PRIORITY.name, { t: 'name', v, start: i, end });
        else if (v.kind === 'area') offer(end, LEX_PRIORITY.area, { t: 'area', area: v.area, start: i, end });
        else offer(end, LEX_PRIORITY.floor, { t: 'floor', floor: v.floor, start: i, end });
      });
      LEXICON.trie.walk(tokens, i, (end, e) => {
        const v = e.value as LexEntry;
        const prio = LEX_PRIORITY[v.kind];
        if (v.kind === 'cue')
          offer(end, prio, {
            t: 'cue',
            cue: v.value as Cue,
            word: tokens.slice(i, end).join(' '),
            start: i,
            end,
          });
        else if (v.kind === 'noun')
          offer(end, prio, {
            t: 'noun',
            noun: v.value as Noun,
            word: tokens.slice(i, end).join(' '),
            start: i,
            end,
          });
        else if (v.kind === 'state') offer(end, prio, { t: 'state', word: v.value as string, start: i, end });
        else if (v.kind === 'here') offer(end, prio, { t: 'here', start: i, end });
        else if (v.kind === 'pronoun') offer(end, prio, { t: 'pronoun', start: i, end });
        else offer(end, prio, { t: 'filler', start: i, end });
      });
      // a part of a name ("backlight", "ceiling fan"), unless the words are a common noun
      this.index.walkPartial(tokens, i, (end, e) => {
        const v = e.value as NameValue;
        if (end - i === 1 && (NOUNS[tokens[i]!] || STATE_QUESTION[tokens[i]!])) return;
        offer(end, LEX_PRIORITY.partial, { t: 'name', v, start: i, end });
      });
      const num = readNumber(tokens, i);
      if (num) offer(num.end, -1, num);
      const chosen: Item = best ? best.item : { t: 'unknown', word: tokens[i]!, start: i, end: i + 1 };
      items.push(chosen);
      i = chosen.end;
    }
    // "switch them off", "plug it in": a noun that is also a verb, used as the verb
    for (let k = 0; k < items.length; k++) {
      const it = items[k]!;
      if (it.t !== 'noun' || !VERB_NOUNS.has(tokens[it.start]!)) continue;
      const firstReal = items.findIndex((x) => x.t !== 'filler');
      const next = items.slice(k + 1).find((x) => x.t !== 'filler');
      const targetFollows = next && ['pronoun', 'name', 'noun', 'area', 'floor'].includes(next.t);
      if ((k === firstReal && targetFollows) || items[k + 1]?.t === 'pronoun')
        items[k] = { t: 'filler', start: it.start, end: it.end };
    }
    // "on the ground floor", "on the porch": a preposition, not the action
    for (let k = 0; k < items.length; k++) {
      const it = items[k]!;
      if (it.t !== 'cue' || it.word !== 'on') continue;
      const next = items.slice(k + 1).find((x) => x.t !== 'filler');
      const direct = items[k + 1];
      if (next && (next.t === 'area' || next.t === 'floor') && direct?.t === 'filler')
        items[k] = { t: 'filler', start: it.start, end: it.end };
    }
    return items;
  }

  private interpret(items: Item[], tokens: string[], ctx: ReadContext): Reading | undefined {
    const cues = items.filter((i): i is Extract<Item, { t: 'cue' }> => i.t === 'cue');
    const names = items.filter((i): i is Extract<Item, { t: 'name' }> => i.t === 'name');
    const areas = items.filter((i): i is Extract<Item, { t: 'area' }> => i.t === 'area');
    const floors = items.filter((i): i is Extract<Item, { t: 'floor' }> => i.t === 'floor');
    const nouns = items.filter((i): i is Extract<Item, { t: 'noun' }> => i.t === 'noun');
    const numbers = items.filter((i): i is Extract<Item, { t: 'number' }> => i.t === 'number');
    const states = items.filter((i): i is Extract<Item, { t: 'state' }> => i.t === 'state');
    const pronoun = items.some((i) => i.t === 'pronoun');
    const here = items.some((i) => i.t === 'here');

    // one name, one place at most: more is a compound sentence or nonsense
    const distinctNames = new Set(names.map((n) => n.v.phrase));
    if (distinctNames.size > 1) return undefined;
    if (new Set(areas.map((a) => a.area.id)).size > 1 || floors.length > 1) return undefined;
    if (numbers.length > 1) return undefined;

    const ctxArea = ctx.area ? this.findArea(ctx.area) : undefined;
    const place: { area?: IntentArea; floor?: IntentFloor } = {};
    if (areas[0]) place.area = areas[0].area;
    else if (floors[0]) place.floor = floors[0].floor;
    else if (here && ctxArea) place.area = ctxArea;
    const explicitPlace = place.area !== undefined || place.floor !== undefined;
    // a noun right after a name decorates it ("christmas tree lights", "movie night scene")
    let ownNouns = nouns.filter((n) => !names.some((m) => m.end === n.start));
    // "are the doors all locked": "all" adds nothing next to a kind of device
    if (ownNouns.some((n) => n.noun.domain !== '*')) ownNouns = ownNouns.filter((n) => n.noun.domain !== '*');
    const noun = ownNouns[0];
    if (ownNouns.length > 1 && new Set(ownNouns.map((n) => n.noun.domain)).size > 1) return undefined;

    const first = items.find(
      (i) => i.t !== 'filler' || !['hey', 'ok', 'okay', 'so'].includes(tokens[i.start]!),
    );
    const firstWord = first ? tokens[first.start]! : '';
    const followPhrase = FOLLOW_UP.some((w) => startsWith(tokens, w));
    const question =
      !followPhrase && QUESTION_WORDS.has(firstWord) && !(firstWord === 'tell' && states.length === 0);

    const cueSet = new Set(cues.map((c) => c.cue));
    const number = numbers[0];
    // a bare scene name ("movie night", "it's movie night") with no other meaning
    const scene = names[0]?.v.entities.filter((e) => e.domain === 'scene') ?? [];
    const around = items.filter((i) => i.t === 'filler').map((i) => tokens.slice(i.start, i.end).join(' '));
    if (
      !question &&
      scene.length > 0 &&
      (cues.length > 0 || around.every((w) => SCENE_FRAME.has(w))) &&
      [...cueSet].every((c) => c === 'activate' || c === 'on' || c === 'start' || c === 'set') &&
      !number &&
      !explicitPlace
    ) {
      const s = scene.length === 1 ? scene : scene.filter((e) => e.name.toLowerCase() === names[0]!.v.phrase);
      if (s.length !== 1) return undefined;
      return {
        intent: 'HassTurnOn',
        slots: { name: s[0]!.name },
        entity_ids: [s[0]!.entity_id],
        target: { kind: 'entities', entities: s },
      };
    }
    // no action of its own: "and the bedroom too", "what about the kitchen", "the floor lamp"
    if (ctx.referent && cues.length === 0 && numbers.length === 0 && (followPhrase || !question)) {
      if (names.length > 0 || explicitPlace || noun)
        return this.followUp(ctx.referent, names[0]?.v, place, noun, ctxArea);
    }
    if (question) {
      // "is the heating on": an action word that is also a kind of device is the device here
      const asNouns = cues
        .filter((c) => NOUNS[c.word] && !names.some((m) => m.end === c.start))
        .map((c) => ({ t: 'noun' as const, noun: NOUNS[c.word]!, word: c.word, start: c.start, end: c.end }));
      return this.question(items, tokens, {
        names,
        nouns: [...ownNouns, ...asNouns],
        states,
        place,
        ctxArea,
        ctx,
        explicitPlace,
      });
    }

    // ---- commands --------------------------------------------------------------------------
    if (noun?.noun.content && !names[0]) {
      if (cueSet.has('off')) cueSet.add('pause');
      if (cueSet.has('on')) cueSet.add('resume');
      cueSet.delete('off');
      cueSet.delete('on');
    }
    const intent = chooseIntent(cueSet, number, this.domainsOf(names[0]?.v, noun, ctx.referent));
    if (!intent) return undefined;
    const { name: intentName, slots } = intent;

    // the target: a name, a kind of device in a place, a pronoun, or the place alone
    const allowed = intent.domains;
    let target: Target | undefined;
    let candidates: IntentEntity[] | undefined;
    if (names[0]) {
      let ents = names[0].v.entities.filter((e) => allowed.includes(e.domain));
      if (place.area) ents = ents.filter((e) => e.area === place.area!.id);
      else if (place.floor) ents = ents.filter((e) => this.floorOf(e) === place.floor!.id);
      if (ents.length === 0) return undefined;
      if (ents.length > 1 && ctxArea) {
        const inCtx = ents.filter((e) => e.area === ctxArea.id);
        if (inCtx.length > 0) ents = inCtx;
      }
      if (ents.length > 1 && new Set(ents.map((e) => e.name)).size > 1) candidates = ents;
      else if (ents.length > 1) candidates = ents;
      else target = { kind: 'entities', entities: ents };
    } else if (noun && !noun.noun.content) {
      const r = this.byNoun(noun, place, explicitPlace, ctxArea, allowed, tokens);
      if (!r) return undefined;
      if ('ask' in r) candidates = r.ask;
      else target = r;
    } else if ((pronoun || !explicitPlace) && ctx.referent && compatible(ctx.referent.target, allowed)) {
      target = ctx.referent.target;
    } else {
      const implied =
        [...cueSet].map((c) => CUE_IMPLIES[c]).find((d) => d !== undefined) ??
        INTENT_DOMAINS[intentName]?.[0];
      const where = explicitPlace ? place : ctxArea ? { area: ctxArea } : undefined;
      if (where && implied) {
        target = { kind: 'group', domain: implied, ...where, implied: NO_DOMAIN_SLOT.has(intentName) };
      } else if (where && explicitPlace && (cueSet.has('on') || cueSet.has('off'))) {
        target = { kind: 'group', domain: '*', ...where };
      } else if (implied && !where) {
        // the only device of that kind in the home ("heating to 20")
        const all = this.index.registry.entities.filter((e) => e.domain === implied);
        if (all.length === 1) target = { kind: 'entities', entities: all };
      }
      if (!target) return undefined;
    }
    if (candidates) {
      return {
        intent: intentName,
        slots,
        entity_ids: [],
        candidates,
        ask: askWhich(candidates, this.index),
      };
    }
    return this.finish(intentName, slots, target!, allowed);
  }

  /** Slots and entity ids for a target, checked against the registry. */
  finish(
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
    const members = this.membersOf(target).filter((e) => allowed.includes(e.domain));
    if (members.length === 0) return undefined;
    if (target.area) slots.area = target.area.name;
    if (target.floor) slots.floor = target.floor.name;
    if (target.domain !== '*' && !target.implied && !NO_DOMAIN_SLOT.has(intent)) slots.domain = target.domain;
    if (target.device_class && !NO_DOMAIN_SLOT.has(intent)) slots.device_class = target.device_class;
    return { intent, slots, entity_ids: [], target };
  }

  /** Entities of a group target. */
  membersOf(t: Extract<Target, { kind: 'group' }>): IntentEntity[] {
    return this.index.registry.entities.filter(
      (e) =>
        (t.domain === '*' ? e.domain !== 'scene' && e.domain !== 'person' : e.domain === t.domain) &&
        (!t.device_class || e.device_class === t.device_class) &&
        (!t.area || e.area === t.area.id) &&
        (!t.floor || this.floorOf(e) === t.floor.id),
    );
  }

  private floorOf(e: IntentEntity): string | null {
    return e.area ? (this.index.areaById.get(e.area)?.floor ?? null) : null;
  }

  findArea(nameOrId: string): IntentArea | undefined {
    const key = nameOrId.trim().toLowerCase();
    return this.index.registry.areas.find(
      (a) =>
        a.id === nameOrId ||
        a.name.toLowerCase() === key ||
        (a.aliases ?? []).some((x) => x.toLowerCase() === key),
    );
  }

  private domainsOf(
    name: NameValue | undefined,
    noun: Extract<Item, { t: 'noun' }> | undefined,
    referent: Referent | undefined,
  ): Set<string> {
    const out = new Set<string>();
    if (name) for (const e of name.entities) out.add(e.domain);
    else if (noun) {
      out.add(noun.noun.domain);
      for (const d of noun.noun.also ?? []) out.add(d);
    } else if (referent) {
      const t = referent.target;
      if (t.kind === 'entities') for (const e of t.entities) out.add(e.domain);
      else out.add(t.domain);
    }
    return out;
  }

  /**
   * A common noun: one device of that kind in the place (named by it or the only one), or the
   * whole kind in the place when the noun is plural or the place was said; "which one?" when
   * several fit a singular noun and no place was said.
   */
  private byNoun(
    n: Extract<Item, { t: 'noun' }>,
    place: { area?: IntentArea; floor?: IntentFloor },
    explicitPlace: boolean,
    ctxArea: IntentArea | undefined,
    allowed: string[],
    tokens: string[],
  ): Target | { ask: IntentEntity[] } | undefined {
    const noun = n.noun;
    const where = explicitPlace ? place : ctxArea ? { area: ctxArea } : {};
    const group: Extract<Target, { kind: 'group' }> = {
      kind: 'group',
      domain: noun.domain,
      ...(noun.device_class ? { device_class: noun.device_class } : {}),
      ...where,
    };
    const inPlace = this.membersOf(group).filter((e) => noun.domain !== '*' || allowed.includes(e.domain));
    if (noun.group) {
      if (inPlace.length > 0) return group;
      // "garage doors": no lock in the garage, but a device named "garage door"
      const area = place.area;
      if (area) {
        const singular = tokens[n.start]!.replace(/s$/, '');
        const key = `${tokenize(area.name).join(' ')} ${singular}`;
        const named = this.index.registry.entities.filter((e) => tokenize(e.name).join(' ') === key);
        if (named.length === 1) return { kind: 'entities', entities: named };
      }
      return undefined;
    }
    const word = tokens[n.start]!;
    const named = inPlace.filter((e) => (this.index.byWord.get(word) ?? []).includes(e));
    const pool = named.length > 0 ? named : inPlace;
    if (pool.length === 1) return { kind: 'entities', entities: pool };
    if (pool.length === 0) {
      if (explicitPlace || !ctxArea) return undefined;
      // nothing of that kind in the caller's room: the home's only one, else nothing
      return this.byNoun(n, {}, false, undefined, allowed, tokens);
    }
    if (explicitPlace) return group;
    return { ask: pool };
  }

  private followUp(
    ref: Referent,
    name: NameValue | undefined,
    place: { area?: IntentArea; floor?: IntentFloor },
    noun: Extract<Item, { t: 'noun' }> | undefined,
    ctxArea: IntentArea | undefined,
  ): Reading | undefined {
    // a question may follow on to anything ("what about the garage door")
    const question = ref.intent === 'HassGetState';
    const allowed = question
      ? [...new Set(this.index.registry.entities.map((e) => e.domain))]
      : (INTENT_DOMAINS[ref.intent] ?? domainsForIntent(ref));
    const {
      name: _name,
      area: _area,
      floor: _floor,
      domain: _domain,
      device_class: _class,
      ...base
    } = ref.slots;
    let target: Target | undefined;
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
          ask: askWhich(ents, this.index),
        };
      target = { kind: 'entities', entities: ents };
    } else if (noun) {
      const r = this.byNoun(
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
    }
    if (!target) return undefined;
    return this.finish(ref.intent, base, target, allowed);
  }

  private question(
    items: Item[],
    tokens: string[],
    q: {
      names: Extract<Item, { t: 'name' }>[];
      nouns: Extract<Item, { t: 'noun' }>[];
      states: Extract<Item, { t: 'state' }>[];
      place: { area?: IntentArea; floor?: IntentFloor };
      ctxArea: IntentArea | undefined;
      ctx: ReadContext;
      explicitPlace: boolean;
    },
  ): Reading | undefined {
    // state words: "on", "locked", "running"; cue words double as states in questions
    const CUE_STATE: Partial<Record<Cue, string>> = {
      on: 'on',
      off: 'off',
      open: 'open',
      close: 'closed',
      lock: 'locked',
      unlock: 'unlocked',
    };
    let word: string | undefined = q.states[0]?.word;
    for (const it of items) if (!word && it.t === 'cue' && CUE_STATE[it.cue]) word = CUE_STATE[it.cue];
    const tempWord = tokens.some((t) => TEMPERATURE_QUESTION.has(t));
    const noun = q.nouns[0];
    const name = q.names[0];
    if (tempWord && !word) {
      const sensor = name?.v.entities.filter((e) => e.domain === 'sensor' || e.domain === 'climate') ?? [];
      if (sensor.length === 1 && sensor[0]!.domain === 'sensor')
        return {
          intent: 'HassGetState',
          slots: { name: sensor[0]!.name },
          entity_ids: [sensor[0]!.entity_id],
          target: { kind: 'entities', entities: sensor },
        };
      if (name && sensor.length === 0) return undefined;
      const area =
        q.place.area ?? (sensor[0] ? this.index.areaById.get(sensor[0].area ?? '') : undefined) ?? q.ctxArea;
      if (!area) return undefined;
      const target: Target = { kind: 'group', domain: 'climate', area, implied: true };
      return { intent: 'HassClimateGetTemperature', slots: { area: area.name }, entity_ids: [], target };
    }
    let target: Target | undefined;
    if (name) {
      let ents = name.v.entities;
      if (q.place.area) ents = ents.filter((e) => e.area === q.place.area!.id);
      if (ents.length === 0) return undefined;
      if (ents.length > 1 && new Set(ents.map((e) => e.name)).size > 1) return undefined;
      target = { kind: 'entities', entities: ents };
    } else if (noun) {
      const where = q.explicitPlace ? q.place : noun.noun.group ? {} : q.ctxArea ? { area: q.ctxArea } : {};
      target = {
        kind: 'group',
        domain: noun.noun.domain,
        ...(noun.noun.device_class ? { device_class: noun.noun.device_class } : {}),
        ...where,
      };
      if (noun.noun.domain === '*' && !q.explicitPlace) return undefined;
    } else if (q.place.area && word) {
      target = { kind: 'group', domain: '*', area: q.place.area };
    } else if (q.ctx.referent && items.some((i) => i.t === 'pronoun')) {
      target = q.ctx.referent.target;
    }
    if (!target) return undefined;
    const members = target.kind === 'entities' ? target.entities : this.membersOf(target);
    if (members.length === 0) return undefined;
    if (noun && !noun.noun.group && !q.explicitPlace && !name) {
      // "is the tv on": the one device of that kind, or the one whose name has the word
      const named = members.filter((e) => (this.index.byWord.get(noun.word) ?? []).includes(e));
      const one = named.length > 0 ? named : members;
      if (one.length === 1) target = { kind: 'entities', entities: one };
    }
    const slots: Record<string, string | number> = {};
    if (word) {
      const fit = members.filter((e) => stateOf(e, word) !== undefined);
      if (fit.length === 0) return undefined;
      slots.state = stateOf(fit[0]!, word)!;
    } else if (target.kind !== 'entities') return undefined;
    if (target.kind === 'entities') {
      slots.name = target.entities[0]!.name;
      return { intent: 'HassGetState', slots, entity_ids: target.entities.map((e) => e.entity_id), target };
    }
    if (target.area) slots.area = target.area.name;
    if (target.floor) slots.floor = target.floor.name;
    if (target.domain !== '*') slots.domain = target.domain;
    if (target.device_class) slots.device_class = target.device_class;
    return { intent: 'HassGetState', slots, entity_ids: [], target };
  }
}

/** The state a word means for an entity; a lock "open" is unlocked, "closed" locked. */
function stateOf(e: IntentEntity, word: string): string | undefined {
  const kind = { domain: e.domain, device_class: e.device_class ?? null };
  const st = stateFor(kind, word);
  if (st !== undefined || e.domain !== 'lock') return st;
  return word === 'open' ? 'unlocked' : word === 'closed' ? 'locked' : undefined;
}

function startsWith(tokens: string[], phrase: string): boolean {
  const p = phrase.split(' ');
  return p.every((w, i) => tokens[i] === w);
}

function compatible(t: Target, allowed: string[]): boolean {
  if (t.kind === 'entities') return t.entities.some((e) => allowed.includes(e.domain));
  return t.domain === '*' || allowed.includes(t.domain);
}

/**
 * What a follow-up may act on: devices switched the same way as the last target ("turn off
 * the kitchen light" → "and the kettle"), never another kind of action (a lock after a light
 * would turn "off" into "unlock").
 */
function domainsForIntent(ref: Referent): string[] {
  const t = ref.target;
  const domains = t.kind === 'entities' ? [...new Set(t.entities.map((e) => e.domain))] : [t.domain];
  if (domains.includes('*')) return SWITCHABLE;
  if (domains.every((d) => SWITCHABLE.includes(d))) return SWITCHABLE;
  if (domains.every((d) => OPENABLE.includes(d))) return OPENABLE;
  return domains;
}

function readNumber(tokens: string[], i: number): Extract<Item, { t: 'number' }> | undefined {
  const t = tokens[i]!;
  let value: number;
  let end = i + 1;
  if (isNumberToken(t)) value = Number(t);
  else if (t === 'half' || t === 'halfway') value = 50;
  else if (t === 'max' || t === 'maximum' || t === 'full') value = 100;
  else return undefined;
  if (isNumberToken(t) && tokens[end] === 'and' && tokens[end + 1] === 'a' && tokens[end + 2] === 'half') {
    value += 0.5;
    end += 3;
  }
  let unit: 'percent' | 'degrees' | undefined;
  if (tokens[end] === 'percent') {
    unit = 'percent';
    end++;
  } else if (tokens[end] === 'degrees') {
    unit = 'degrees';
    end++;
  } else if (t === 'half' && tokens[end] === 'brightness') {
    unit = 'percent';
  }
  if (t === 'half' || t === 'halfway' || t === 'max' || t === 'maximum' || t === 'full') unit = 'percent';
  return { t: 'number', value, ...(unit ? { unit } : {}), start: i, end };
}

/** The intent from the action words, the number and the kinds of device the sentence names. */
function chooseIntent(
  cues: Set<Cue>,
  number: Extract<Item, { t: 'number' }> | undefined,
  domains: Set<string>,
): { name: string; slots: Record<string, string | number>; domains: string[] } | undefined {
  const has = (c: Cue) => cues.has(c);
  const d = (x: string) => domains.has(x);
  const only = (x: string) => domains.size > 0 && [...domains].every((y) => y === x);
  const r = (name: string, slots: Record<string, string | number> = {}) => ({
    name,
    slots,
    domains: INTENT_DOMAINS[name] ?? [],
  });
  if (has('on') && has('off')) return undefined;
  if (number) {
    const v = number.value;
    if (v < 0 || v > 100) return undefined;
    if (
      has('temperature') ||
      has('warmer') ||
      has('cooler') ||
      number.unit === 'degrees' ||
      (d('climate') && !has('volume') && !has('brightness'))
    )
      return number.unit === 'percent' ? undefined : r('HassClimateSetTemperature', { temperature: v });
    if (has('volume') || only('media_player')) return r('HassSetVolume', { volume_level: v });
    if (
      has('brightness') ||
      d('light') ||
      (domains.size === 0 && number.unit === 'percent' && (has('darker') || has('brighter')))
    )
      return r('HassLightSet', { brightness: v });
    if (d('cover') || d('valve')) return r('HassSetPosition', { position: v });
    return undefined;
  }
  const step = (up: boolean) => (up ? 'up' : 'down');
  if (has('brighter') || has('darker')) {
    if (has('brighter') && has('darker')) return undefined;
    return r('HassLightSet', { brightness_step: step(has('brighter')) });
  }
  if (has('warmer') || has('cooler')) {
    if (has('warmer') && has('cooler')) return undefined;
    return r('HassClimateSetTemperature', { temperature_step: step(has('warmer')) });
  }
  if (has('louder') || has('quieter')) return r('HassSetVolume', { volume_step: step(has('louder')) });
  if (has('up') || has('down')) {
    const up = has('up');
    if (has('up') && has('down')) return undefined;
    if (has('volume') || only('media_player')) return r('HassSetVolume', { volume_step: step(up) });
    if (has('temperature') || only('climate'))
      return r('HassClimateSetTemperature', { temperature_step: step(up) });
    if (has('brightness') || only('light')) return r('HassLightSet', { brightness_step: step(up) });
    if (d('cover')) return { name: up ? 'HassTurnOn' : 'HassTurnOff', slots: {}, domains: OPENABLE };
    // "turn it up" with nothing else to go by is about the sound
    if (domains.size === 0) return r('HassSetVolume', { volume_step: step(up) });
    return undefined;
  }
  if (has('pause')) return r('HassMediaPause');
  if (has('resume')) return r('HassMediaUnpause');
  if (has('next')) return r('HassMediaNext');
  if (has('previous')) return r('HassMediaPrevious');
  if (has('dock')) return r('HassVacuumReturnToBase');
  if (has('start') && d('vacuum')) return r('HassVacuumStart');
  if (has('off') && only('media_player') && !has('on'))
    return { name: 'HassTurnOff', slots: {}, domains: CUE_DOMAINS.off! };
  const on = (c: Cue) => ({ name: 'HassTurnOn', slots: {}, domains: CUE_DOMAINS[c]! });
  const off = (c: Cue) => ({ name: 'HassTurnOff', slots: {}, domains: CUE_DOMAINS[c]! });
  if (has('lock')) return on('lock');
  if (has('unlock')) return off('unlock');
  if (has('arm')) return on('arm');
  if (has('disarm')) return off('disarm');
  if (has('open')) return on('open');
  if (has('close')) return off('close');
  if (has('on') || has('activate') || has('start'))
    return on(has('on') ? 'on' : has('start') ? 'start' : 'activate');
  if (has('off')) {
    // "blinds off" is not a thing; "music off" is a pause on a player without power
    return off('off');
  }
  return undefined;
}

function askWhich(cands: IntentEntity[], index: RegistryIndex): string {
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
