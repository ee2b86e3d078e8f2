/**
 * Questions about the home: "is the front door locked", "are the lights on upstairs", "how
 * warm is it in the office" — a state or a temperature of a device, a kind or a place.
 */
import type { RegistryIndex } from '../intents/index-phrases.js';
import type { IntentArea, IntentEntity, IntentFloor } from '../intents/registry.js';
import { tokenize } from '../intents/normalize.js';
import { stateFor } from '../intents/states.js';
import { TEMPERATURE_QUESTION, type Cue } from './lexicon.js';
import type { ReadContext, Reading, Target } from './reading.js';
import type { Item } from './tagger.js';
import { EVERY_WORDS } from './guards.js';
import { calledByPlace, membersOf } from './targets.js';

/** A question about a device or a place: its state ("is the door locked") or temperature. */
export function readQuestion(
  index: RegistryIndex,
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
    // "is the garage door still up": only a cover has such a state (\`stateOf\` keeps those)
    up: 'open',
    down: 'closed',
  };
  let word: string | undefined = q.states[0]?.word;
  for (const it of items) if (!word && it.t === 'cue' && CUE_STATE[it.cue]) word = CUE_STATE[it.cue];
  const tempWord = tokens.some((t) => TEMPERATURE_QUESTION.has(t));
  let noun = q.nouns[0];
  // "is anybody in the hallway", "is someone moving about upstairs": a person has no room, the
  // motion or presence sensors of that place tell
  if (noun?.noun.domain === 'person' && q.explicitPlace && !q.names[0]) {
    const sensing = membersOf(index, { kind: 'group', domain: 'binary_sensor', ...q.place }).find((e) =>
      ['motion', 'occupancy', 'presence'].includes(e.device_class ?? ''),
    );
    if (!sensing) return undefined;
    noun = { ...noun, noun: { domain: 'binary_sensor', device_class: sensing.device_class!, group: true } };
    word ??= 'on';
  }
  // "is something moving in the hallway", "any movement in the hallway": motion, there or not
  const name = q.names[0];
  const motion = (e: IntentEntity) => e.domain === 'binary_sensor' && e.device_class === 'motion';
  if (
    !word &&
    ((noun?.noun.domain === 'binary_sensor' && noun.noun.device_class === 'motion') ||
      (name && name.v.entities.length > 0 && name.v.entities.every(motion)))
  )
    word = 'on';
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
      q.place.area ?? (sensor[0] ? index.areaById.get(sensor[0].area ?? '') : undefined) ?? q.ctxArea;
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
    // "is everything locked up for the night": what can be so is the kind the state belongs to
    const kind = noun.noun.domain === '*' && word ? ONE_KIND_STATES[word] : undefined;
    if (kind) noun = { ...noun, noun: { domain: kind, group: true } };
    // ("are the lights on?" at the kitchen's tablet: the kitchen's, as "turn the lights off"
    // there is; "are any lights on", "which lights are on": the home's)
    const roomOnly =
      !!q.ctxArea &&
      !HOME_WIDE.has(noun.noun.domain) &&
      !tokens.some((t) => EVERY_WORDS.has(t) || ['which', 'many', 'anywhere', 'else'].includes(t)) &&
      membersOf(index, { kind: 'group', domain: noun.noun.domain, area: q.ctxArea }).length > 0;
    // ("is the tv on" at the kitchen's tablet: the home's one device called "TV", not the
    // kitchen's speaker — a word some device is named by, and none in this room)
    const lastWord = noun.word.split(' ').pop()!;
    const calledSo = index.registry.entities.filter((e) => tokenize(e.name).includes(lastWord));
    const elsewhere = calledSo.length > 0 && !calledSo.some((e) => e.area === q.ctxArea?.id);
    const where = q.explicitPlace
      ? q.place
      : q.ctxArea && (!noun.noun.group || roomOnly) && !elsewhere
        ? { area: q.ctxArea }
        : {};
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
  let members = target.kind === 'entities' ? target.entities : membersOf(index, target);
  if (members.length === 0) return undefined;
  // "are the curtains in the bedroom closed": the one device the home calls so
  // ("is the exhaust fan in the kitchen on": the one fan there, by its kind's last word)
  const own =
    noun && q.place.area
      ? (calledByPlace(index, q.place.area, noun.word) ??
        calledByPlace(index, q.place.area, noun.word.split(' ').pop()!))
      : undefined;
  if (own && members.length === 1 && members[0] === own) {
    target = { kind: 'entities', entities: [own] };
    members = [own];
  }
  if (noun && !noun.noun.group && !q.explicitPlace && !name) {
    // "is the tv on": the one device of that kind, or the one whose name has the word
    const named = members.filter((e) => (index.byWord.get(noun.word) ?? []).includes(e));
    const one = named.length > 0 ? named : members;
    if (one.length === 1) target = { kind: 'entities', entities: one };
  }
  // "how humid is it in the bathroom": a measurement asks for the one sensor of that place
  if (!word && !name && noun?.noun.domain === 'sensor' && members.length === 1)
    target = { kind: 'entities', entities: members };
  const slots: Record<string, string | number> = {};
  if (word) {
    // (a word said of the place's devices fits what can be so before what is only switched)
    const native = members.filter((e) => stateOf(e, word, false) !== undefined);
    const fit = native.length > 0 ? native : members.filter((e) => stateOf(e, word) !== undefined);
    if (fit.length === 0) return undefined;
    slots.state = stateOf(fit[0]!, word)!;
  } else if (target.kind !== 'entities') return undefined;
  if (target.kind === 'entities') {
    slots.name = target.entities[0]!.name;
    // the place said with a device only finds it ("is the mirror light on in the bathroom");
    // a measurement stays the place's ("the humidity in the bathroom")
    const found = !!name || (!!own && own.domain !== 'sensor');
    if (q.explicitPlace && q.place.area && !found) slots.area = q.place.area.name;
    return { intent: 'HassGetState', slots, entity_ids: target.entities.map((e) => e.entity_id), target };
  }
  if (target.area) slots.area = target.area.name;
  if (target.floor) slots.floor = target.floor.name;
  if (target.domain !== '*') slots.domain = target.domain;
  if (target.device_class) slots.device_class = target.device_class;
  return { intent: 'HassGetState', slots, entity_ids: [], target };
}

/** Kinds of device asked of the whole home even at a room's tablet: locks, doors and windows, the alarm. */
export const HOME_WIDE: ReadonlySet<string> = new Set(['lock', 'binary_sensor', 'alarm_control_panel']);

/** States only one kind of device has. */
const ONE_KIND_STATES: Record<string, string> = {
  locked: 'lock',
  unlocked: 'lock',
  armed: 'alarm_control_panel',
  disarmed: 'alarm_control_panel',
};

/** Kinds of device that are only switched, never opened. */
const SWITCHED_ONLY = new Set(['light', 'switch', 'fan', 'media_player']);

/** The state a word means for an entity; a lock "open" is unlocked, "closed" locked. */
function stateOf(e: IntentEntity, word: string, switchedAsOpen = true): string | undefined {
  const kind = { domain: e.domain, device_class: e.device_class ?? null };
  const st = stateFor(kind, word);
  // "is the heater on": on in whichever mode (replies.ts \`inState\`)
  if (st === undefined && e.domain === 'climate' && word === 'on') return 'on';
  // "is the light still open", "lights closed already": on and off, as several Englishes say it
  if (st === undefined && switchedAsOpen && SWITCHED_ONLY.has(e.domain))
    return word === 'open' ? 'on' : word === 'closed' ? 'off' : undefined;
  if (st !== undefined || e.domain !== 'lock') return st;
  return word === 'open' ? 'unlocked' : word === 'closed' ? 'locked' : undefined;
}

/** Openers of a request asked as a question: "could you turn the light on?" acts. */
export const REQUEST_OPENERS = new Set(['can', 'could', 'would', 'will', 'might', 'may', 'please', 'pls']);

/** Words that wrap a question asked of someone: "I wonder", "do you know", "could you tell me". */
const QUESTION_WRAPPER = new Set(
  'i wonder wondering was were do you know happen to can could would will may tell me us please pls plz kindly just mind telling let ask be able to id like love want might u ya'.split(
    ' ',
  ),
);
const WH_OPENERS = new Set([
  'how',
  'what',
  'whats',
  'which',
  'who',
  'whos',
  'where',
  // "would you tell me, are all the doors locked", "I wonder, is the garage door shut"
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'did',
]);

const YES_NO = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'did', 'does', 'do']);

/** Question words said after what they ask of: "… how much", "… what is", "… what time". */
const ASKED_LAST = [['what', 'is'], ['how', 'much'], ['how', 'many'], ['what', 'is', 'it'], ['what']].sort(
  (a, b) => b.length - a.length,
);
const withoutTrailingNow = (t: string[]) =>
  t[t.length - 1] === 'now' || t[t.length - 1] === 'today' ? t.slice(0, -1) : t;

/**
 * A question said the plain way: "back door is it locked" → "is back door locked"; "is Alex
 * in or has she gone to work" → "is Alex in" (the other half asks the same).
 */
export function plainQuestion(tokens: string[]): string[] {
  let t = tokens;
  // "X, is it locked": the thing first, then the question about "it"
  const k = t.findIndex(
    (w, i) => i > 0 && YES_NO.has(w) && ['it', 'they', 'she', 'he'].includes(t[i + 1] ?? ''),
  );
  if (k > 0 && !YES_NO.has(t[0]!) && !WH_OPENERS.has(t[0]!) && !REQUEST_OPENERS.has(t[0]!))
    t = [t[k]!, ...t.slice(0, k), ...t.slice(k + 2)];
  // "bathroom humidity how much now", "today's date what is": the question word said last
  const last = withoutTrailingNow(t);
  const tail = ASKED_LAST.find(
    (q) => q.length < last.length && q.every((w, i) => last[last.length - q.length + i] === w),
  );
  // ("turn on the heating already or what": impatience, no question)
  if (
    tail &&
    !WH_OPENERS.has(t[0]!) &&
    !REQUEST_OPENERS.has(t[0]!) &&
    last[last.length - tail.length - 1] !== 'or'
  )
    t = [...tail, ...last.slice(0, last.length - tail.length)];
  // "how hot is it outside today": today is now
  if ((WH_OPENERS.has(t[0]!) || YES_NO.has(t[0]!)) && t.length > 3 && t[t.length - 1] === 'today')
    t = t.slice(0, -1);
  // "kitchen light is on or off", "front door is locked or not": the "is" said in its place
  const be = t.findIndex((w) => w === 'is' || w === 'are');
  if (
    be > 0 &&
    !YES_NO.has(t[0]!) &&
    !WH_OPENERS.has(t[0]!) &&
    / or (not|off|on|closed|open|shut|locked|unlocked)$/.test(t.join(' '))
  )
    t = [t[be]!, ...t.slice(0, be), ...t.slice(be + 1)];
  if (YES_NO.has(t[0] ?? '')) {
    const or = t.findIndex(
      (w, i) =>
        w === 'or' &&
        (YES_NO.has(t[i + 1] ?? '') ||
          ['somebody', 'someone', 'has', 'did'].includes(t[i + 1] ?? '') ||
          ['he', 'she', 'they', 'it'].includes(t[i + 1] ?? '')),
    );
    if (or > 1) t = t.slice(0, or);
  }
  return t;
}

/**
 * Where a question asked inside a wrapper starts: "I wonder how warm it is up in the office",
 * "do you know what the temperature is outside" → at "how", "what"; -1 when there is none.
 */
export function wrappedQuestion(tokens: string[]): number {
  const k = tokens.findIndex((t) => !QUESTION_WRAPPER.has(t) || (YES_NO.has(t) && tokens[0] !== t));
  return k > 0 &&
    WH_OPENERS.has(tokens[k]!) &&
    // ("may I ask what the temperature is …": asked leave to ask)
    tokens.slice(0, k).some((t) => t === 'wonder' || t === 'tell' || t === 'know' || t === 'ask')
    ? k
    : -1;
}

/** "could you tell me …", "can you check …": asking to be told, not to act. */
const ASKING_VERBS = new Set([
  'tell',
  'check',
  'see',
  'let',
  'find',
  'confirm',
  'say',
  'know',
  'remind',
  'show',
]);

const MODALS = new Set(['can', 'could', 'would', 'will', 'might', 'mind']);

/**
 * A request said with a question mark: it opens like one ("could you …?", "might I trouble you
 * to …?"), asks "you" to do it ("I wonder if you could …?", "do you think you might …?", "is
 * it possible for you to …?") or ends asking ("send it back, would you?") — not "did you turn
 * off the lights?".
 */
export function askedAsRequest(tokens: string[]): boolean {
  if (REQUEST_OPENERS.has(tokens[0] ?? '')) return true;
  // "I hate to be a bother, but could the porch light go on?": the request after the apology
  if (tokens.some((t, i) => i > 1 && tokens[i - 1] === 'but' && MODALS.has(t) && t !== 'mind')) return true;
  // "send it back, would you?", "those lights, would you put them on?"
  const n = tokens.length;
  if (tokens[n - 1] === 'you' && MODALS.has(tokens[n - 2] ?? '')) return true;
  // "open the blinds can?", "help me close the blinds can": Singaporean "can you …?", said last
  // after a verb of action that opens the request
  if (tokens[n - 1] === 'can' && n > 2 && !YES_NO.has(tokens[0]!) && !WH_OPENERS.has(tokens[0]!)) return true;
  if (
    tokens.some(
      (t, i) =>
        i > 0 &&
        MODALS.has(t) &&
        tokens[i + 1] === 'you' &&
        !ASKING_VERBS.has(tokens[i + 2] ?? '') &&
        !YES_NO.has(tokens[i + 2] ?? ''),
    )
  )
    return true;
  return tokens.some(
    (t, i) =>
      (t === 'you' || t === 'u') &&
      (MODALS.has(tokens[i + 1] ?? '') || (tokens[i - 1] === 'for' && tokens[i + 1] === 'to')),
  );
}

/** Phrases of "now" that a question does not need: "is the kettle on right now". */
const NOW_PHRASES = [
  ['right', 'now'],
  ['at', 'the', 'minute'],
  ['at', 'the', 'moment'],
  ['at', 'present'],
  ['presently'],
  ['currently'],
  ['this', 'morning'],
  ['this', 'afternoon'],
  ['this', 'arvo'],
  ['yet'],
  ['still'],
  ['at', 'all'],
  ['for', 'the', 'night'],
];

export function withoutNow(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length;) {
    const p = NOW_PHRASES.find((ph) => ph.every((w, k) => tokens[i + k] === w));
    if (p) i += p.length;
    else out.push(tokens[i++]!);
  }
  return out;
}
