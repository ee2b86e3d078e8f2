/**
 * Checks of a reading against the words said and the home, after it is read: the devices a
 * narrower plural names ("the bedroom lamps"), an alarm clock that is not the home's alarm, a
 * named device said in a place it is not in, someone of the house addressed, how far closed a
 * cover is said, and part of the way. Each either sharpens the reading or tells the caller to
 * leave it undone.
 */
import { tokenize } from '../intents/normalize.js';
import { asEnglish } from '../intents/dialect-words.js';
import { spanishAsEnglish } from '../intents/spanish-words.js';
import type { IntentEntity, IntentRegistry } from '../intents/registry.js';
import type { SecondStage } from './reader.js';
import { EVERY_WORDS, NOT_POLITE } from './guards.js';
import { FILLERS, KIN, NOUNS } from './lexicon.js';
import { FILLER_WORDS, LEXICON_WORDS } from './tagger.js';
import { QUESTION_INTENTS, type Reading, type Referent } from './reading.js';

/** Nouns narrower than their domain: a lamp is a light, not every light a lamp. */
// (plurals only: Home Assistant reads "the lamp on the first floor" as its lights)
const NARROWER_NOUNS: Record<string, string> = {
  lamps: 'light',
  speakers: 'media_player',
  heaters: 'climate',
};

/**
 * Words before a kind of device that pick some of it out by what they are like or are for
 * ("the small lights", "the reading lights") — words the reader otherwise sets aside.
 */
const PICKING_WORDS = new Set(['small', 'little', 'tiny', 'reading', 'side', 'accent', 'mood', 'spot']);

/** A group reading as the one device meant. */
export function asEntity(r: Reading, e: IntentEntity): Reading {
  const { area: _area, floor: _floor, domain: _domain, device_class: _class, ...kept } = r.slots;
  const slots: Record<string, string | number> = { ...kept, name: e.name };
  return {
    intent: r.intent,
    slots,
    entity_ids: [e.entity_id],
    target: { kind: 'entities', entities: [e] },
  };
}

/**
 * A kind of device said by a narrower noun than its domain's ("lamps" of lights, "speakers"
 * of media players), or picked out by a word before it ("the reading lights"): the devices of
 * the group whose names say it. One such device is that
 * device; several, which the slots cannot name, are not acted on (never every light); none
 * (a home that calls no light a lamp), the group as read. `undefined` when nothing narrows.
 */
export function narrowedByNoun(
  stage2: SecondStage,
  r: Reading,
  tokens: string[],
): Reading | null | undefined {
  const t = r.target;
  if (t?.kind !== 'group' || QUESTION_INTENTS.has(r.intent)) return undefined;
  // "the reading lights", "the small lights": a word that picks some of the kind out
  const k = tokens.findIndex((w) => NOUNS[w]?.domain === t.domain);
  const picked = k > 0 && PICKING_WORDS.has(tokens[k - 1]!) ? tokens[k - 1] : undefined;
  const noun = picked ?? tokens.find((w) => NARROWER_NOUNS[w] === t.domain);
  if (!noun) return undefined;
  const word = picked ?? noun.replace(/s$/, '');
  const members = stage2.membersOf(t);
  // (none of them called so: which are meant is not known — never all of them)
  if (picked && !members.some((e) => tokenize(e.name).includes(word))) return null;
  const said = members.filter((e) => tokenize(e.name).includes(word));
  if (said.length === 0 || said.length === members.length) return undefined;
  return said.length === 1 ? asEntity(r, said[0]!) : null;
}

/**
 * "turn off my alarm", "set an alarm for 7": a person's alarm clock, not the home's alarm
 * panel — "my alarm", "an alarm", or the alarm set for a time.
 */
export function alarmClock(stage2: SecondStage, r: Reading, tokens: string[], timed: boolean): boolean {
  const t = r.target;
  const devices = !t ? [] : t.kind === 'entities' ? t.entities : stage2.membersOf(t);
  if (!devices.some((e) => e.domain === 'alarm_control_panel')) return false;
  const k = tokens.indexOf('alarm');
  if (k < 0) return false;
  const owned = ['my', 'an', 'his', 'her', 'their'].includes(tokens[k - 1] ?? '');
  return owned || (timed && tokens.includes('set'));
}

/** A reading that names one device and a place, an area or floor the device is not in. */
export function namedElsewhere(stage2: SecondStage, reg: IntentRegistry, r: Reading): boolean {
  const t = r.target;
  if (t?.kind !== 'entities' || t.entities.length !== 1 || typeof r.slots.name !== 'string') return false;
  const e = t.entities[0]!;
  if (!e.area) return false;
  const area = typeof r.slots.area === 'string' ? stage2.findArea(r.slots.area) : undefined;
  if (area && area.id !== e.area) return true;
  if (typeof r.slots.floor !== 'string') return false;
  const floor = reg.floors.find((f) => f.name === r.slots.floor);
  const own = stage2.findArea(e.area);
  return !!floor && !!own?.floor && own.floor !== floor.id;
}

/** Whether a reading acts on covers alone (blinds, curtains, a garage door). */
export function coversOnly(stage2: SecondStage, r: Reading): boolean {
  const t = r.target;
  const devices = !t ? [] : t.kind === 'entities' ? t.entities : stage2.membersOf(t);
  return devices.length > 0 && devices.every((e) => e.domain === 'cover');
}

/** Cries that open a request and name no one: "brr, can you warm it up", "ugh, could you …". */
const INTERJECTIONS = new Set(
  `brr brrr hmm hmmm argh ugh ooh ahh eek phew oof whoa yikes jeez geez gosh blimey crikey cor ach och
   aye hiya howdy mornin evenin morning evening afternoon night arre accha eish lekker oya chalo nah
   naw nay yeah yep yup okay alright right listen look sorry excuse pardon hello hullo heya hey
   darling sweetheart honey love babe baby seriously wait nope perfect erm uhh uh um ummm assistant
   help emergency quick hurry anyway anyways also still now then again guys everyone everybody
   somebody someone anyone anybody team computer system bot robot please oops whoops great cool
   nice brilliant lovely super awesome fine good thanks cheers ok yes yeah no so well agent err erm
   ahem shit damn dammit crap ouch ow wow goodness gosh besides otherwise meanwhile righto alrighty
   okie okey greetings sorted excellent superb done lol omg oh ah eh huh phew whew yay hooray bless
   sir madam maam boss chief friend buddy pal mate dude bro sis kiddo roger wilco affirmative`.split(/\s+/),
);

/** Whether a word is a room's or a floor's name or alias, or a word of where ("Downstairs can you …"). */
function placeWord(reg: IntentRegistry, w: string): boolean {
  if (['upstairs', 'downstairs', 'inside', 'outside', 'here', 'there'].includes(w)) return true;
  return [...reg.areas, ...reg.floors].some((p) =>
    [p.name, ...(p.aliases ?? [])].some((n) => tokenize(n).includes(w)),
  );
}

/**
 * A message that opens by calling someone of the house ("mum, …", "kids, …", "Sam, lock the
 * back door"): a family word or a person of this home; or a name the home does not know, asked
 * what they did ("Nadine, did you lock …"), or asked "would you …" ("ciara would you turn that
 * telly down"). (A name with a comma before a bare request — "Jarvis, lights off" — is not told
 * apart from a wake word this home may use, so it is read as before.)
 */
export function toSomeoneElse(reg: IntentRegistry, text: string): boolean {
  const named = (w: string) => [...reg.entities, ...reg.areas].some((x) => tokenize(x.name).includes(w));
  // "ciara would you turn that telly down": a name no word of this home's nor of the lexicon,
  // asking "you" for something — said to that person (the agent answers to its own names)
  const asked = /^\s*([A-Za-z]{3,})\s*,?\s+(?:would|could|can|will|wud|cud) (?:you|u|ya|yer)\b/i.exec(text);
  const who = asked?.[1]!.toLowerCase();
  if (
    who &&
    /[aeiou]/.test(who) &&
    !LEXICON_WORDS.has(who) &&
    !FILLER_WORDS.has(who) &&
    !INTERJECTIONS.has(who) &&
    // ("mijo, could you …", "brah can you …": a word of address or a softener of another
    // English, read as no word at all — the agent called fondly, no one else)
    spanishAsEnglish([who]).flatMap(asEnglish).length > 0 &&
    // ("Seriously, can you …", "Downstairs can you …", "Otherwise can you …": a word of
    // manner, time or place)
    !/(ly|ness|wise|while|ings|ed)$/.test(who) &&
    !NOT_POLITE.has(who) &&
    !named(who) &&
    !placeWord(reg, who)
  )
    return true;
  // ("mijo can you turn the porch light on when you get home": someone who comes home)
  if (/\bwhen you (?:get|come|are|re) (?:home|back|in|here)\b/i.test(text)) return true;
  const m = /^\s*([A-Za-z]+)\s*,/.exec(text);
  if (!m) return false;
  const w = m[1]!.toLowerCase();
  if (KIN.has(w)) return true;
  // "Nadine, did you lock the back door when you went out?": a name the home does not know,
  // asked what they did — a question for them, not for the agent
  if (
    /^[A-Z]/.test(m[1]!) &&
    !FILLERS.has(w) &&
    !named(w) &&
    // (and a second "you" of theirs: "… when you went out" — "Jarvis, have you …" asks the agent)
    /^\s*[A-Za-z]+\s*,\s*did you\b.*\b(you|your)\b/i.test(text)
  )
    return true;
  return reg.entities.some((e) => e.domain === 'person' && e.name.toLowerCase() === w);
}

/**
 * "close the blinds 30 percent", "blinds to 70 percent closed", "close the curtains three
 * quarters": how far closed, as a position (how far open) — "lower the blinds to 40" stays 40.
 */
export function closedBy(r: Reading, tokens: string[]): Reading {
  const p = r.slots.position;
  if (r.intent !== 'HassSetPosition' || typeof p !== 'number') return r;
  const n = tokens.findIndex((t) => /^\d/.test(t));
  if (n < 0) return r;
  const after = tokens.slice(n + 1, n + 3);
  const closedSaid = after.some((t) => t === 'closed' || t === 'shut');
  const closing =
    tokens.slice(0, n).some((t) => ['close', 'shut', 'lower', 'draw'].includes(t)) &&
    !tokens.slice(Math.max(0, n - 2), n).some((t) => t === 'to' || t === 'at');
  return closedSaid || closing ? { ...r, slots: { ...r.slots, position: 100 - p } } : r;
}

/**
 * "raise the blinds a quarter", "lower the curtains a third": moved by a part of the way from
 * where they are, which no position said as a number is.
 */
export function movedByPart(r: Reading, tokens: string[]): boolean {
  if (r.intent !== 'HassSetPosition') return false;
  const moving = tokens.some((t) => ['raise', 'lower', 'drop', 'lift', 'close', 'shut', 'pull'].includes(t));
  return (
    moving &&
    tokens.some((t, i) => t === 'a' && ['quarter', 'third', 'fifth', 'tenth'].includes(tokens[i + 1] ?? ''))
  );
}

/** "a bit", "a crack", "slightly": part of the way (not "a bit of light"). */
export function partWay(tokens: string[]): boolean {
  return tokens.some(
    (t, i) =>
      ['slightly', 'partly', 'partially', 'partway'].includes(t) ||
      (t === 'a' &&
        ['bit', 'crack', 'little', 'touch', 'smidge', 'fraction'].includes(tokens[i + 1] ?? '') &&
        !['of', 'more', 'less'].includes(tokens[i + 2] ?? '')),
  );
}

/**
 * "turn the heater down to 25" with it at 19: a temperature said against the way the value
 * goes from where it is now — which was meant is not known. A cover's position said as a number
 * is where it goes ("raise the blinds to 80" with them open, "open the curtains to 30"): people
 * rarely know where a blind stands, and moving it harms nothing.
 */
export function againstTheWay(r: Reading, tokens: string[]): boolean {
  const t = r.target;
  if (t?.kind !== 'entities' || t.entities.length !== 1) return false;
  const e = t.entities[0]!;
  const up = tokens.some((w) => ['up', 'raise', 'increase', 'higher', 'warmer', 'warm'].includes(w));
  const down = tokens.some((w) => ['down', 'lower', 'decrease', 'reduce', 'cooler', 'colder'].includes(w));
  if (up === down) return false;
  const now =
    r.intent === 'HassClimateSetTemperature' && typeof r.slots.temperature === 'number'
      ? e.attributes?.temperature
      : undefined;
  const want = r.slots.temperature as number;
  if (typeof now !== 'number') return false;
  // ("up to sixty eight" on a Celsius heating: said in the other scale, not compared)
  if (r.intent === 'HassClimateSetTemperature' && want >= 45 && now < 45) return false;
  return up ? want < now : want > now;
}

/** A scene named by part of its name only ("dinner time", "morning!"): no scene is started so. */
export function partOfASceneName(r: Reading, words: string[]): boolean {
  const t = r.target;
  if (t?.kind !== 'entities' || !t.entities.every((e) => e.domain === 'scene')) return false;
  // ("the morning routine", "do the morning setting": said as a scene, part of its name will do)
  if (words.some((w) => ['scene', 'scenes', 'routine', 'setting', 'settings', 'mode', 'preset'].includes(w)))
    return false;
  const said = new Set(words);
  return t.entities.every(
    (e) => ![e.name, ...(e.aliases ?? [])].some((n) => tokenize(n).every((w) => said.has(w))),
  );
}

/** "lights up", "lights down": a step on every light of the home, with no place said or meant. */
function placelessStep(r: Reading, tokens: string[]): boolean {
  const t = r.target;
  return (
    r.intent === 'HassLightSet' &&
    'brightness_step' in r.slots &&
    t?.kind === 'group' &&
    !t.area &&
    !t.floor &&
    !tokens.some((w) => EVERY_WORDS.has(w))
  );
}

/**
 * "brighten up": every light of the home switched by a word that only implies lights, no light
 * or place said.
 */
function lightsUnsaid(r: Reading, tokens: string[]): boolean {
  const t = r.target;
  return (
    ['HassTurnOn', 'HassTurnOff'].includes(r.intent) &&
    t?.kind === 'group' &&
    t.domain === 'light' &&
    !t.area &&
    !t.floor &&
    // (a pronoun stands for lights said before: "are the lights on?" … "turn them off")
    !tokens.some(
      (w) =>
        NOUNS[w]?.domain === 'light' || EVERY_WORDS.has(w) || ['them', 'they', 'those', 'it'].includes(w),
    )
  );
}

/** A reading on a kind of device only implied by its words, in no place: every one of them. */
function placelessKind(r: Reading): boolean {
  const t = r.target;
  return t?.kind === 'group' && !!t.implied && !t.area && !t.floor && !QUESTION_INTENTS.has(r.intent);
}

/** Devices that are no light: a light said of one is a device the home may not have. */
const NO_LIGHT = new Set(['media_player', 'fan', 'climate', 'cover', 'lock', 'vacuum']);

/** Words that end rather than start: a scene is only ever started. */
const SCENE_ENDING = new Set(['end', 'ending', 'exit', 'quit', 'finish', 'leave', 'cancel', 'deactivate']);

/**
 * What a reading, once read, must not do — each a way the words say something other than the
 * action: part of the way on covers ("close the blinds a bit"), moved by a part ("raise the
 * blinds a quarter"), a kind of device with no place ("brighter", "lights up"), a value against
 * the way said ("turn the heater down to 25" with it at 19), part of a scene's name ("dinner
 * time"), a bare number after a question ("twenty one" after "what's the thermostat set to?"),
 * a scene ended ("end the dinner party").
 */
export function notToBeDone(
  stage2: SecondStage,
  r: Reading,
  tokens: string[],
  referent: Referent | undefined,
): boolean {
  if (['HassTurnOn', 'HassTurnOff'].includes(r.intent) && coversOnly(stage2, r) && partWay(tokens))
    return true;
  if (movedByPart(r, tokens) || placelessKind(r) || placelessStep(r, tokens) || againstTheWay(r, tokens))
    return true;
  if (lightsUnsaid(r, tokens)) return true;
  if (partOfASceneName(r, stage2.correct(tokens).tokens)) return true;
  // "turn on the telly light", "the ceiling fan light": a light said, a device that is none
  const devices = r.target?.kind === 'entities' ? r.target.entities : [];
  if (
    devices.length > 0 &&
    devices.every((e) => NO_LIGHT.has(e.domain)) &&
    tokens.some((w) => w === 'light' || w === 'lights' || w === 'lamp')
  )
    return true;
  if (
    referent &&
    QUESTION_INTENTS.has(referent.intent) &&
    tokens.every((w) => /^\d/.test(w) || w === 'degrees')
  )
    return true;
  const t = r.target;
  return (
    t?.kind === 'entities' &&
    t.entities.every((e) => e.domain === 'scene') &&
    tokens.some((w, i) => SCENE_ENDING.has(w) || (w === 'out' && tokens[i + 1] === 'of'))
  );
}

/**
 * A question this home cannot answer though it names a device or a person: "is sam mad at
 * me" (a person asked of anything but where they are), "how much electricity did the kettle
 * use this month" (use and cost, which no state of the device tells).
 */
export function unanswerable(r: Reading, tokens: string[]): boolean {
  if (r.intent !== 'HassGetState') return false;
  const t = r.target;
  const people =
    t?.kind === 'entities' && t.entities.length > 0 && t.entities.every((e) => e.domain === 'person');
  // ("is sam home", "is sam around": asked with a state; "where is sam" asks where)
  if (
    people &&
    r.slots.state === undefined &&
    ['is', 'are', 'was', 'were'].includes(tokens[0] ?? '') &&
    !tokens.some((w) => ['around', 'about', 'here', 'there', 'anywhere', 'somewhere', 'where'].includes(w))
  )
    return true;
  const usage = tokens.some((w) => USAGE.has(w));
  const sensor = t?.kind === 'entities' && t.entities.every((e) => e.domain === 'sensor');
  // ("how many kWh has the heater used": a unit of energy is asked of)
  const energy = tokens.some((w) => ENERGY_UNITS.has(w));
  return ((usage && tokens.includes('much')) || energy) && !sensor;
}
const USAGE = new Set(
  'electricity energy power use used uses using consume consumed consumes cost costs costing bill'.split(' '),
);
const ENERGY_UNITS = new Set(['kwh', 'kilowatt', 'kilowatts', 'watts', 'wh', 'joules']);
