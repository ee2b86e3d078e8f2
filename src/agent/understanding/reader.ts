/**
 * The second understanding stage: for what the exact templates declined. It finds the home's
 * own names in the sentence (exact, partial, misspelt, plural, sound-alike), the action or
 * question words from the lexicon, numbers with units, pronouns, and fills the intent's slots
 * under the registry's constraints: the entity must support the action, numbers must be in
 * range, a place must contain such a device. It returns one consistent reading, a question
 * back when several devices fit, or nothing — and nothing whenever a word in the sentence is
 * unexplained, so an unknown device is never replaced by the nearest known one.
 */
import type { RegistryIndex } from '../intents/index-phrases.js';
import { tokenize } from '../intents/normalize.js';
import type { IntentArea, IntentEntity, IntentFloor } from '../intents/registry.js';
import {
  chooseIntent,
  CUE_IMPLIES,
  domainsNamed,
  FEELINGS,
  INTENT_DOMAINS,
  NO_DOMAIN_SLOT,
} from './choose-intent.js';
import { readFollowUp } from './follow-up.js';
import {
  FOLLOW_UP,
  NOUNS,
  PARTICLES,
  QUESTION_WORDS,
  STATE_QUESTION,
  TEMPERATURE_QUESTION,
  type Cue,
} from './lexicon.js';
import { askedAsRequest, plainQuestion, readQuestion, withoutNow, wrappedQuestion } from './questions.js';
import { QUESTION_INTENTS, type ReadContext, type Reading, type Target } from './reading.js';
import {
  BEFORE_A_THING,
  embeddedQuestion,
  excepted,
  howTo,
  narrated,
  negated,
  NEGATIONS,
  NOT_POLITE,
  politeOnly,
  politeWrapper,
  asideInQuestion,
  REMARK_BLOCKERS,
  SECOND_THOUGHTS,
  withoutIntensifiers,
  withoutOwnForgetting,
} from './guards.js';
import { compared, feelingDenied, prefixHeardApart } from './unsure.js';
import { placeThere } from './clauses.js';
import { describedDevice } from './described.js';
import {
  CENTRAL_HEATING,
  ERRAND_OPENERS,
  ERRANDS,
  heatingAsDevice,
  referentArea,
  SOMEONE_TELLING,
} from './reader-words.js';
import { causative, saidPlainly, shutMeansSwitch } from './said-plainly.js';
import { SCENE_FRAME, sceneAmongWords, withoutEchoes } from './scenes.js';
import { Corrector } from './corrector.js';
import { tag, withoutSpansOfTime, type Item } from './tagger.js';
import { askWhich, byNoun, compatible, finish, findArea, floorOf, membersOf } from './targets.js';

/** Words that open a message before a question and leave it one ("yo is the tv still on"). */
const OPENING_CALLS = new Set([
  ...'hey ok okay so yo oi well um uh oh ah hmm right alright listen look'.split(' '),
  // ("bruv are there bare lights on upstairs": whom it is said to)
  ...'mate pal buddy hun darling dude boss chief guv bruv bro fam'.split(' '),
  // (Shona "iwe", you: "iwe is the garage door open")
  'iwe',
  ...PARTICLES.split(/\s+/),
]);

/** Someone doing what a verb right after them says: the verb is theirs, not asked of the agent. */
const DOER = new Set(['i', 'we', 'they', 'he', 'she', 'ill', 'well', 'im', 'were']);
/** Words of going somewhere: "we are going to the kitchen", "I'm heading into the office". */
const MOVING = new Set([
  'going',
  'heading',
  'headed',
  'off',
  'moving',
  'walking',
  'popping',
  'nipping',
  'coming',
]);

/** The second stage over one registry snapshot (rebuilt when the registry changes). */
/** Words after a scene's name that say it is asked for: "… scene", "… mode", "… pls". */
const SCENE_ASKED = new Set([
  'scene',
  'mode',
  'setting',
  'lighting',
  'please',
  'pls',
  'plz',
  'now',
  'rn',
  'asap',
]);

/** Cues that name what they set ("the heating up to 21", "the volume down"): the room's own. */
const ATTRIBUTES = new Set<Cue>(['temperature', 'volume', 'brightness']);

/** Parts of one's body, cried out: "my eyes", "my head", "my back". */
const BODY = new Set('eyes eye head ears back feet toes hands nose neck knees'.split(' '));

export class SecondStage {
  private readonly corrector: Corrector;

  constructor(readonly index: RegistryIndex) {
    this.corrector = new Corrector(index);
  }

  /** Spelling-corrected tokens (`corrector.ts`). */
  correct(tokens: string[]): { tokens: string[]; corrected: number } {
    return this.corrector.correct(tokens);
  }

  read(text: string, ctx: ReadContext): Reading | undefined {
    const there = this.thereResolved(withoutSpansOfTime(withoutIntensifiers(tokenize(text))), ctx);
    if (!there) return undefined;
    // ("the door that isn't the front door": a description by what a thing is not — none)
    if (negated(there)) return undefined;
    // "the light over the mirror" → "the mirror light"
    const all = describedDevice(this.index, there);
    // "I wonder how warm it is up in the office": the question inside
    const wrapped = wrappedQuestion(all);
    const raw = saidPlainly(plainQuestion(wrapped > 0 ? all.slice(wrapped) : all));
    // before spelling correction, which would make "not" a "hot"
    if (
      negated(raw) ||
      narrated(raw) ||
      excepted(raw) ||
      howTo(raw) ||
      feelingDenied(raw) ||
      compared(raw) ||
      prefixHeardApart(raw) ||
      // "start a timer for the heater": a kitchen timer is no command on the heater
      raw.some((t) => t === 'timer' || t === 'timers')
    )
      return undefined;
    // "drop in on the kitchen", "call mum", "announce dinner": errands of another assistant
    // (as the request's own verb: "the phone's ringing", "I need to take this call" are reasons)
    const verb = raw.find((t) => !ERRAND_OPENERS.has(t)) ?? '';
    if (
      (ERRANDS.has(verb) && !this.index.vocabulary.has(verb)) ||
      raw.some((t, i) => t === 'drop' && raw[i + 1] === 'in')
    )
      return undefined;
    // "front door locked?", "back door, has it been locked?": asked, unless it is a polite
    // request ("could you turn the light on?")
    // ("please mate, is the kettle on?": "please" and whom it is said to before a question)
    const pleaseThenAsked =
      ['please', 'pls', 'plz'].includes(raw[0] ?? '') &&
      raw.some(
        (t, i) =>
          i > 0 &&
          i <= 3 &&
          ['is', 'are', 'was', 'were', 'did', 'does', 'has'].includes(t) &&
          ['the', 'my', 'our', 'it', 'any', 'there', 'anything'].includes(raw[i + 1] ?? ''),
      );
    const asked =
      wrapped > 0 ||
      pleaseThenAsked ||
      (QUESTION_WORDS.has(raw[0] ?? '') && !causative(raw)) ||
      (/\?\s*$/.test(text) && !askedAsRequest(raw));
    // what is left is a question's "isn't the door locked": asked the same way without it;
    // "right now", "at the minute", "this morning" add nothing to a question
    // ("which doors aren't locked", "is Sam not home": a state said with "not" is its opposite)
    const uncorrected = asked
      ? withoutNow(notAsOpposite(this.withoutWhereabouts(raw)).filter((t) => t !== 'not'))
      : raw.filter((t) => t !== 'not');
    const { tokens: fixed } = this.correct(uncorrected);
    const tokens = shutMeansSwitch(fixed);
    if (tokens.length === 0) return undefined;
    const items = withoutEchoes(tag(this.index, tokens));
    // "turn off the lights in the dining room": a place the home does not have is never the
    // whole home
    if (items.some((i) => i.t === 'unknown' && unknownPlace(tokens, i.start))) return undefined;
    // ("turn off the lights we are going to the kitchen": where we go is no place of the lights,
    // and which lights are meant is not said)
    if (goingTo(raw, (words) => this.namesPlace(words.join(' ')))) return undefined;
    // after a turn, words of ours are no follow-up on it: "lock the front door, as we are all
    // leaving" locks no other lock of its room, and "…, we are going to the kitchen" names where
    // we go, not where the last turn's devices are
    const weGo = DOER.has(raw[0] ?? '') && raw.some((t) => MOVING.has(t));
    if (
      ctx.referent &&
      raw.some((t) => DOER.has(t)) &&
      items.every(
        (i) =>
          !['cue', 'name', 'number', 'state'].includes(i.t) && ((i.t !== 'area' && i.t !== 'floor') || weGo),
      )
    )
      return undefined;
    // ("the front door lock is acting weird", "the porch light on is annoying", "the garage door
    // open keeps beeping": a way said after the device, then a verb of the sentence's own — the
    // device is what the sentence tells of, nothing is asked)
    if (
      !asked &&
      items.some(
        (it, j) =>
          it.t === 'cue' &&
          (items[j - 1]?.t === 'name' || items[j - 1]?.t === 'noun') &&
          // (as said: the speller makes "keeps" a "keep")
          TOLD_AFTER_WAY.has((uncorrected.length === tokens.length ? uncorrected : tokens)[it.end] ?? ''),
      )
    )
      return undefined;
    // ("turn on the kitchen thing", Philadelphia's "the living room jawn off": one thing of a
    // room, unnamed — never every device there)
    if (
      items.some((it) => it.t === 'area' && ['thing', 'things'].includes(tokens[it.end] ?? '')) &&
      !items.some((it) => it.t === 'name' || it.t === 'noun')
    )
      return undefined;
    const sceneSaid = sceneAmongWords(items, tokens, raw, text);
    if (
      items.some((i) => i.t === 'unknown') &&
      !politeOnly(items, tokens) &&
      !politeWrapper(items, tokens) &&
      !sceneSaid &&
      !(asked && asideInQuestion(items, tokens))
    )
      return undefined;
    const reading = this.interpret(
      items.map((i) => (i.t === 'unknown' ? { t: 'filler' as const, start: i.start, end: i.end } : i)),
      tokens,
      ctx,
      sceneSaid,
      asked,
      // ("put the lamp by the bed", "put the tv where I can see it": moved, as said before the
      // bed's lamp is read out of it)
      tokenize(text).some((t) => PUT_WHERE.has(t)),
    );
    // ("mum wants the floors clean": cleaning is a vacuum's — no other device is started by it)
    const cleaning = items.some((i) => i.t === 'cue' && i.cue === 'start' && tokens[i.start] === 'clean');
    const devices = !reading?.target
      ? []
      : reading.target.kind === 'entities'
        ? reading.target.entities
        : this.membersOf(reading.target);
    if (cleaning && devices.some((e) => e.domain !== 'vacuum')) return undefined;
    return reading;
  }

  /**
   * "close the garage and turn off the lights out there": "there" is the place of what was
   * just acted on; with no such place the sentence is not understood (never every light).
   * "there is …", "is there …" and "hi there" are no place.
   */
  private thereResolved(tokens: string[], ctx: ReadContext): string[] | undefined {
    const k = placeThere(tokens);
    if (k < 0) return tokens;
    // "telly off there", "lock the front door there": after a particle or a device's own
    // name, a bare "there" only softens the request (Irish English)
    const bare = !['out', 'in', 'up', 'down', 'over', 'from', 'at'].includes(tokens[k - 1] ?? '');
    if (
      bare &&
      (['off', 'on', 'it', 'them'].includes(tokens[k - 1] ?? '') ||
        tag(this.index, this.correct(tokens.slice(0, k)).tokens).some((i) => i.t === 'name' && !i.v.partial))
    )
      return [...tokens.slice(0, k), ...tokens.slice(k + 1)];
    const t = ctx.referent?.target;
    // ("close the garage": the garage door, a group of one, is where its members are)
    const members = t?.kind === 'entities' ? t.entities : t ? this.membersOf(t) : [];
    const areas = new Set(members.map((e) => e.area));
    const areaId = t?.kind === 'group' && t.area ? t.area.id : areas.size === 1 ? [...areas][0] : undefined;
    const area = areaId ? this.index.areaById.get(areaId) : undefined;
    // "turn off the lamp there, would you": with no place just spoken of, a bare "there" after
    // one device only softens the request too (never after "lights": that is a place pointed at)
    const one = NOUNS[tokens[k - 1] ?? ''];
    if (!area && !t && bare && one && !one.group) return [...tokens.slice(0, k), ...tokens.slice(k + 1)];
    // "how cold is it out there": with no place spoken of, "out there" is outdoors
    if (!area && !t && tokens[k - 1] === 'out')
      return [...tokens.slice(0, k - 1), 'outside', ...tokens.slice(k + 1)];
    if (!area) return undefined;
    const before = ['out', 'in', 'up', 'down'].includes(tokens[k - 1] ?? '') ? k - 1 : k;
    return [...tokens.slice(0, before), 'in', ...tokenize(area.name), ...tokens.slice(k + 1)];
  }

  /**
   * A remark beside the request, with nothing of the home in it: "I'm absolutely shattered",
   * "popcorn's ready", "I've burnt the toast". Not one that starts like a thing ("the sauna",
   * "my electric blanket") or changes whether or when to act ("no wait", "tomorrow").
   */
  isRemark(text: string): boolean {
    const raw = withoutOwnForgetting(withoutIntensifiers(tokenize(text)));
    // ("too bright, my eyes": a cry of one's own body is no thing of the home)
    if (raw.length === 2 && raw[0] === 'my' && BODY.has(raw[1]!)) return true;
    if (raw.length === 0 || BEFORE_A_THING.has(raw[0]!)) return false;
    if (raw.some((t) => NOT_POLITE.has(t) || NEGATIONS.has(t) || SECOND_THOUGHTS.has(t))) return false;
    const { tokens } = this.correct(raw);
    const items = tag(this.index, tokens);
    return items.every((i, k) => i.t === 'filler' || i.t === 'unknown' || nounsWord(items, k, tokens));
  }

  /**
   * A statement beside a request that gives its reason ("the baby's asleep", "someone's at the
   * door"): nothing of the home's names or places in it, nothing that changes whether or what
   * to do. The caller checks that it is a statement (`declarative`) and reads as no command.
   */
  isAside(text: string, opts: { names: boolean; places?: boolean } = { names: true }): boolean {
    const raw = withoutOwnForgetting(withoutIntensifiers(tokenize(text)));
    if (raw.length === 0 || raw.some((t) => REMARK_BLOCKERS.has(t))) return false;
    const { tokens } = this.correct(raw);
    // a single word of a name is a common word here ("in for the night", "here for dinner");
    // a word only spelled into one is no name ("bringing the bike in" is no "back")
    // (a person is no device: "Sam's outside with the groceries")
    const person = (i: Item) => i.t === 'name' && i.v.entities.every((e) => e.domain === 'person');
    // ("… for Bible study": a place's one word after another noun is part of that noun — no
    // room of the home)
    const nounsPlace = (items: Item[], k: number) =>
      items[k]!.t === 'area' && items[k].end - items[k].start === 1 && items[k - 1]?.t === 'unknown';
    const clean = (items: Item[], oneWord: boolean) =>
      items.every(
        (i, k) =>
          (i.t !== 'name' || person(i) || (oneWord && i.end - i.start === 1)) &&
          (opts.places === true || (i.t !== 'area' && i.t !== 'floor') || nounsPlace(items, k)),
      );
    return clean(tag(this.index, raw), opts.names) && clean(tag(this.index, tokens), true);
  }

  /**
   * Whether the words say what they act on: a name, device word, place, floor, pronoun or
   * "here" — or a step of light, sound or warmth, which is the caller's room's ("bit dimmer").
   */
  saysWhat(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    return tag(this.index, tokens).some(
      (i) =>
        ['name', 'noun', 'area', 'floor', 'pronoun', 'here'].includes(i.t) ||
        (i.t === 'cue' && (FEELINGS.has(i.cue) || ATTRIBUTES.has(i.cue))),
    );
  }

  /** Whether the words name a place of the home: an area or a floor. */
  namesPlace(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    return tag(this.index, tokens).some((i) => i.t === 'area' || i.t === 'floor');
  }

  /** Nothing of the home in the words: no name, device word, place or floor. */
  namesNothing(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    const items = tag(this.index, tokens);
    return items.every(
      (it, k) => !['name', 'noun', 'area', 'floor'].includes(it.t) || nounsWord(items, k, tokens),
    );
  }

  /** The action words of the text (after correction), each with its cue. */
  cuesOf(text: string): { cue: Cue; word: string }[] {
    const { tokens } = this.correct(tokenize(text));
    return tag(this.index, tokens).flatMap((i) => (i.t === 'cue' ? [{ cue: i.cue, word: i.word }] : []));
  }

  /** Whether a word of the message is none the reader knows ("florp", "desliga"). */
  hasUnknownWord(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    return tag(this.index, tokens).some((i) => i.t === 'unknown');
  }

  /** Whether the words are a device's whole name and nothing more ("the christmas tree", "kettle please"). */
  namesOnlyADevice(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    const items = tag(this.index, tokens);
    return (
      items.some((i) => i.t === 'name' && !i.v.partial) &&
      items.every((i) => (i.t === 'name' && !i.v.partial) || i.t === 'filler')
    );
  }

  /** Whether the words carry an action or a value of their own (not just a target). */
  hasAction(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    // "get the robot vacuum going": the state asked for is the action
    const told = tokens.some((t) => ['is', 'are', 'was', 'were'].includes(t));
    // "send the hoover back": where a thing is sent is the action
    if (tokens[0] === 'send' && tokens.some((t) => t === 'back' || t === 'home')) return true;
    return tag(this.index, tokens).some(
      (i) =>
        i.t === 'cue' ||
        i.t === 'number' ||
        (i.t === 'state' && (i.word === 'on' || i.word === 'cleaning') && !told),
    );
  }

  /**
   * Whether the words open with the whole name of a scene said as a request: with a word of
   * scenes or of asking after it ("dinner party scene pls", "away mode") — not "movie night"
   * alone, which may be what a remark speaks of ("I read a book about movie night").
   */
  opensWithScene(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    const first = tag(this.index, tokens)[0];
    if (first?.t !== 'name' || first.v.partial || !first.v.entities.every((e) => e.domain === 'scene'))
      return false;
    return SCENE_ASKED.has(tokens[first.end - 1]!) || SCENE_ASKED.has(tokens[first.end] ?? '');
  }

  /**
   * "is alex home from practice", "is Alex home or still down at the dairy": after a person and
   * being home or back, where they were or else might be is no part of the question — when it
   * names nothing of the home.
   */
  private withoutWhereabouts(tokens: string[]): string[] {
    const p = tokens.findIndex((t) => this.personNamed(t));
    if (p < 0) return tokens;
    let k = p + 1;
    // (a place of the home said here is where they might be: "… or still at the office")
    const nowhere = (words: string[]) => this.isAside(words.join(' '), { names: true, places: true });
    // "is sam still at work", "is alex at uni": somewhere else is out
    const at = tokens[k] === 'still' ? k + 1 : k;
    if (
      tokens[at] === 'at' &&
      tokens[at + 1] !== 'home' &&
      at + 1 < tokens.length &&
      nowhere(tokens.slice(at))
    )
      return [...tokens.slice(0, k), 'out'];
    if (tokens[k] === 'at' && tokens[k + 1] === 'home') k++;
    if (!PRESENCE.has(tokens[k] ?? '')) return tokens;
    const cut = k + 1;
    if (!['from', 'or'].includes(tokens[cut] ?? '') || !nowhere(tokens.slice(cut))) return tokens;
    return tokens.slice(0, cut);
  }

  /**
   * Whether the word is the name of a person of the home ("sam", "alex"), or that name with the
   * "'s" typed without its apostrophe ("sams coming") when the word is nothing else.
   */
  personNamed(word: string): boolean {
    const of = (w: string) => {
      const ents = this.index.byWord.get(w);
      return !!ents && ents.length > 0 && ents.every((e) => e.domain === 'person');
    };
    return (
      of(word) ||
      (word.length > 3 && word.endsWith('s') && !this.index.byWord.has(word) && of(word.slice(0, -1)))
    );
  }

  /** Whether the words name a device: a device's name or a kind of device (not a scene or person). */
  namesDevice(text: string): boolean {
    const { tokens } = this.correct(tokenize(text));
    const items = tag(this.index, tokens);
    return items.some(
      (i, k) =>
        (i.t === 'noun' && i.noun.domain !== '*' && !i.noun.content) ||
        (i.t === 'name' &&
          !nounsWord(items, k, tokens) &&
          i.v.entities.some((e) => e.domain !== 'scene' && e.domain !== 'person')),
    );
  }

  /**
   * "switch off the kettle the coffee machine and the kitchen speaker": devices listed by their
   * whole names with only "the" between them, the commas unsaid — the words with the commas put
   * back; undefined when no two names stand so.
   */
  listedWithoutCommas(text: string): string | undefined {
    const tokens = tokenize(text);
    const items = tag(this.index, tokens);
    const device = (i: Item | undefined): i is Extract<Item, { t: 'name' }> =>
      i?.t === 'name' &&
      !i.v.partial &&
      i.v.entities.every((e) => e.domain !== 'scene' && e.domain !== 'person');
    const cuts: number[] = [];
    for (let k = 0; k + 2 < items.length; k++) {
      const a = items[k];
      const between = items[k + 1]!;
      const b = items[k + 2];
      if (
        device(a) &&
        between.t === 'filler' &&
        ['the', 'my', 'our'].includes(tokens[between.start]!) &&
        device(b)
      )
        cuts.push(between.start);
    }
    if (cuts.length === 0) return undefined;
    return tokens.map((t, i) => (cuts.includes(i) ? `, ${t}` : i === 0 ? t : ` ${t}`)).join('');
  }

  /**
   * The one device the words name and nothing else ("front door", "the telly"): a name of one
   * device (not a scene or person) among words that say nothing more.
   */
  /**
   * Whether everything of the home the words name is one of these devices, their room, or their
   * kind ("I'm doing lesson plans in the office and the light is going" of the desk lamp), and
   * they ask for no action of their own — a feeling aside.
   */
  onlyOf(text: string, devices: IntentEntity[]): boolean {
    if (devices.length === 0) return false;
    const { tokens } = this.correct(tokenize(text));
    const items = tag(this.index, tokens);
    const ids = new Set(devices.map((e) => e.entity_id));
    const areas = new Set(devices.map((e) => e.area).filter((a): a is string => !!a));
    const kinds = new Set(devices.map((e) => e.domain));
    // ("Start the robot vacuum? The floor in the hallway is very dirty.": every room is a
    // vacuum's to clean — a room told of is where, no other request)
    const cleaner = devices.every((e) => e.domain === 'vacuum');
    let named = false;
    for (const it of items) {
      if (it.t === 'cue' && !FEELINGS.has(it.cue)) return false;
      if (it.t === 'number') return false;
      if (it.t === 'name') {
        if (!it.v.entities.some((e) => ids.has(e.entity_id))) return false;
        named = true;
      } else if (it.t === 'area') {
        if (!areas.has(it.area.id) && !cleaner) return false;
        named = true;
      } else if (it.t === 'noun') {
        if (it.noun.domain === '*' || !kinds.has(it.noun.domain)) return false;
        named = true;
      } else if (it.t === 'floor') return false;
    }
    return named;
  }

  namedDevice(text: string): IntentEntity | undefined {
    const { tokens } = this.correct(tokenize(text));
    const items = tag(this.index, tokens);
    const names = items.filter((i): i is Extract<Item, { t: 'name' }> => i.t === 'name');
    if (names.length !== 1 || items.some((i) => i.t !== 'name' && i.t !== 'filler')) return undefined;
    const ents = names[0]!.v.entities.filter((e) => e.domain !== 'scene' && e.domain !== 'person');
    return ents.length === 1 ? ents[0] : undefined;
  }

  /**
   * The one device a statement names among other words ("I think I left the garage light on"):
   * one name of one device, no other name, place or kind of device.
   */
  deviceToldOf(text: string): IntentEntity | undefined {
    const { tokens } = this.correct(tokenize(text));
    const items = tag(this.index, tokens);
    const names = items.filter((i): i is Extract<Item, { t: 'name' }> => i.t === 'name');
    if (new Set(names.map((n) => n.v.phrase)).size !== 1) return undefined;
    if (items.some((i) => i.t === 'area' || i.t === 'floor' || i.t === 'noun')) return undefined;
    const ents = names[0]!.v.entities.filter((e) => e.domain !== 'scene' && e.domain !== 'person');
    return ents.length === 1 ? ents[0] : undefined;
  }

  /** The areas the words name (a floor names its areas). */
  areasIn(text: string): IntentArea[] {
    const { tokens } = this.correct(tokenize(text));
    return tag(this.index, tokens).flatMap((i) =>
      i.t === 'area'
        ? [i.area]
        : i.t === 'floor'
          ? this.index.registry.areas.filter((a) => a.floor === i.floor.id)
          : [],
    );
  }

  membersOf(t: Extract<Target, { kind: 'group' }>): IntentEntity[] {
    return membersOf(this.index, t);
  }

  /** An area by id, name or alias (the caller's room comes either way). */
  findArea(nameOrId: string): IntentArea | undefined {
    return findArea(this.index, nameOrId);
  }

  private interpret(
    said: Item[],
    tokens: string[],
    ctx: ReadContext,
    sceneSaid = false,
    asked = false,
    putSomewhere = false,
  ): Reading | undefined {
    // "turn the heating up to 21": a word of action that is also a kind of device ("heating",
    // "heat") is the device when nothing else is named and another word gives the action
    const items = heatingAsDevice(said);
    const allCues = items.filter((i): i is Extract<Item, { t: 'cue' }> => i.t === 'cue');
    // ("hit play on the tv", "hit the lights off": with another word of action, "hit" only presses)
    const cues =
      allCues.length > 1 ? allCues.filter((c) => tokens[c.start] !== 'hit' || c.end > c.start + 1) : allCues;
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
    // ("turn off the lights up here" with no room known: never every light of the home)
    else if (here && !names[0]) return undefined;
    const explicitPlace = place.area !== undefined || place.floor !== undefined;
    // a noun right after a name decorates it ("christmas tree lights", "movie night scene")
    let ownNouns = nouns.filter((n) => !names.some((m) => m.end === n.start));
    // … but not a part of a name with a device word of another kind: "the desk fan" is no
    // "Desk Lamp", it is a device this home does not have
    const fits = (n: (typeof nouns)[number], e: IntentEntity): boolean =>
      n.noun.domain === '*' ||
      e.domain === n.noun.domain ||
      !!n.noun.also?.includes(e.domain) ||
      e.domain === 'switch';
    if (
      names.some(
        (m) => m.v.partial && nouns.some((n) => n.start === m.end && !m.v.entities.some((e) => fits(n, e))),
      )
    )
      return undefined;
    // "are the doors all locked": "all" adds nothing next to a kind of device
    if (ownNouns.some((n) => n.noun.domain !== '*')) ownNouns = ownNouns.filter((n) => n.noun.domain !== '*');
    const noun = ownNouns[0];
    if (ownNouns.length > 1 && new Set(ownNouns.map((n) => n.noun.domain)).size > 1) return undefined;
    // a kind of device that is not the named one ("get the hoover doing the floor(lamp)s")
    const named = names[0]?.v.entities;
    if (
      named &&
      ownNouns.some(
        (n) =>
          n.noun.domain !== '*' &&
          n.noun.domain !== 'person' && // "did somebody leave the garage light on"
          !named.some((e) => e.domain === n.noun.domain || n.noun.also?.includes(e.domain)),
      )
    )
      return undefined;
    // ("turn on the kettle the lamp", "open the garage door the blinds": a kind of device said
    // apart from the named one, and no word of its name — a second device, not the one named)
    if (
      named &&
      ownNouns.some(
        (n) =>
          n.noun.domain !== '*' &&
          n.noun.domain !== 'person' &&
          n.start > (names[0]?.end ?? 0) &&
          named.every(
            (e) => ![e.name, ...(e.aliases ?? [])].some((w) => tokenize(w).includes(tokens[n.start] ?? '')),
          ),
      )
    )
      return undefined;

    // a polite wrapper ("do me a favour and", "would you mind") does not open a question
    const first = items.find(
      (i) => i.t !== 'filler' || (!OPENING_CALLS.has(tokens[i.start]!) && i.end - i.start === 1),
    );
    const firstWord = first ? tokens[first.start]! : '';
    const followPhrase = FOLLOW_UP.some((w) => startsWith(tokens, w));
    // "do the good morning setup" orders; "do you …" asks; "have the heater come on" orders,
    // "have the lights been left on" asks
    // ("do away", "do movie night": a scene said right after "do")
    const doesSomething =
      (firstWord === 'do' &&
        (['the', 'a', 'my', 'our', 'some'].includes(tokens[first!.end] ?? '') ||
          names.some((n) => n.start === first!.end && n.v.entities.every((e) => e.domain === 'scene')))) ||
      causative(tokens);
    const question =
      !followPhrase &&
      ((QUESTION_WORDS.has(firstWord) &&
        !(firstWord === 'tell' && states.length === 0 && !tokens.some((t) => TEMPERATURE_QUESTION.has(t))) &&
        !doesSomething) ||
        (asked && !QUESTION_WORDS.has(tokens[0] ?? '')) ||
        embeddedQuestion(items, tokens));

    const cueSet = new Set(cues.map((c) => c.cue));
    // "get the coffee machine going", "keep the fan running": the state asked for is the action
    // ("the coffee machine is running" only says so)
    // ("set the robot vacuum going": "set" says no more than "get")
    if (
      !question &&
      cues.every((c) => c.cue === 'set') &&
      states.some((st) => st.word === 'on' || st.word === 'cleaning') &&
      // (a state told of the thing comes after it: "if it is no trouble, get the vacuum going";
      // of people, after them: "we are all going out")
      !tokens.some(
        (t, i) =>
          ['is', 'are', 'was', 'were', 'am'].includes(t) &&
          (items.some((n) => (n.t === 'name' || n.t === 'noun') && n.start < i) ||
            SOMEONE_TELLING.has(tokens[i - 1] ?? '')),
      )
    ) {
      cueSet.delete('set');
      cueSet.add('start');
    }
    // "draw the bedroom curtains open", "draw them back": the curtains drawn open
    if (cues.some((c) => c.word === 'draw') && cueSet.has('open')) cueSet.delete('close');
    // "can you put the coffee machine?", "put the fan", "at 6:45 put the coffee machine": "put"
    // with nothing after it is "put on", as Spanish and Portuguese speakers say it
    if (
      !question &&
      cues.length > 0 &&
      cues.every((c) => c.word === 'put') &&
      states.length === 0 &&
      numbers.length === 0 &&
      // ("put the fan in the bedroom", "we should put the tree somewhere": moved, not switched)
      !putSomewhere &&
      !tokens
        .slice(0, tokens.indexOf('put'))
        .some((t) => ['we', 'i', 'they', 'should', 'need', 'to'].includes(t))
    ) {
      cueSet.delete('set');
      cueSet.add('on');
    }
    // "send the hoover home", "the hoover, back on its dock", "send it back": where a vacuum
    // is sent is the action
    if (
      !question &&
      cueSet.size === 0 &&
      tokens.some((t) => t === 'home' || t === 'back') &&
      domainsNamed(names[0]?.v, noun, ctx.referent).has('vacuum')
    )
      cueSet.add('dock');
    const number = numbers[0];
    // a bare scene name ("movie night", "it's movie night") with no other meaning
    const scene = names[0]?.v.entities.filter((e) => e.domain === 'scene') ?? [];
    // "hit movie night" presses a scene's button; "hit the lights" may mean on or off
    if (scene.length === 0 && cues.some((c) => tokens[c.start] === 'hit')) return undefined;
    const around = items.filter((i) => i.t === 'filler').map((i) => tokens.slice(i.start, i.end).join(' '));
    if (
      !question &&
      scene.length > 0 &&
      // ("it is morning" tells the time of day: a word of a scene's name framed alone is no scene)
      (cues.length > 0 ||
        sceneSaid ||
        (around.every((w) => SCENE_FRAME.has(w)) &&
          !(names[0]!.v.partial && around.some((w) => /^(it|its|it is)$/.test(w))))) &&
      // "the good morning show is on" tells, it does not ask
      !cues.some((c) => ['is', 'are', 'was', 'were'].includes(tokens[c.start - 1] ?? '')) &&
      // ("set the house up for the dinner party": the "up" of "set up")
      [...cueSet].every(
        // ("away mode open": Chinese "open", on)
        (c) => ['activate', 'on', 'start', 'set', 'open'].includes(c) || (c === 'up' && cueSet.has('set')),
      ) &&
      !number &&
      !explicitPlace &&
      // ("put it away", "take them away": a one-word name after a verb's object is its particle)
      !(
        names[0]!.end - names[0]!.start === 1 &&
        names[0]!.start >= 2 &&
        ['it', 'them', 'that', 'those', 'these', 'em'].includes(tokens[names[0]!.start - 1]!)
      )
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
    // ("we are all going out" tells of people: no follow-up on the last device)
    const told =
      SOMEONE_TELLING.has(tokens[0] ?? '') &&
      ['are', 'am', 'is', 'was', 'were', 'will', 'would', 'have', 'had', 'can', 'cannot', 'should'].includes(
        tokens[1] ?? '',
      );
    // ("office?", "living room leh?" after a question: the same question of the place said)
    const placeAsked =
      question &&
      !!ctx.referent &&
      QUESTION_INTENTS.has(ctx.referent.intent) &&
      (areas.length > 0 || floors.length > 0) &&
      items.every((i) => i.t === 'area' || i.t === 'floor' || i.t === 'filler');
    // (a state asked for is an action of its own: "… and get the vacuum going")
    if (
      ctx.referent &&
      !told &&
      cues.length === 0 &&
      // ("… and send the hoover back": where a vacuum is sent is an action of its own)
      !cueSet.has('dock') &&
      !(cueSet.has('start') && ['get', 'set', 'keep'].includes(tokens[0] ?? '')) &&
      numbers.length === 0 &&
      (followPhrase || !question || placeAsked)
    ) {
      if (names.length > 0 || explicitPlace || noun)
        // "turn off the kitchen light" … "the fan too": the fan of the place just acted on
        return readFollowUp(
          this.index,
          ctx.referent,
          names[0]?.v,
          place,
          noun,
          referentArea(this.index, ctx.referent) ?? ctxArea,
          tokens.includes('ones'),
        );
    }
    if (question) {
      // "who is home" asks after people; "who is at the front door" after a visitor
      if (tokens[0] === 'who' && names.some((n) => n.v.entities.some((e) => e.domain !== 'person')))
        return undefined;
      // "is the heating on": an action word that is also a kind of device is the device here
      const asNouns = cues
        .filter((c) => NOUNS[c.word] && !names.some((m) => m.end === c.start))
        .map((c) => ({ t: 'noun' as const, noun: NOUNS[c.word]!, word: c.word, start: c.start, end: c.end }));
      // "is the robot vacuum back on its dock": an action's words that also say a state are the state
      const asStates = cues
        .filter((c) => STATE_QUESTION[c.word] && !states.some((x) => x.start === c.start))
        .map((c) => ({ t: 'state' as const, word: STATE_QUESTION[c.word]!, start: c.start, end: c.end }));
      return readQuestion(this.index, items, tokens, {
        names,
        nouns: [...ownNouns, ...asNouns],
        states: [...states, ...asStates],
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
    // "pause the telly" … "close them" at the living room's tablet, where the blinds are:
    // "open" and "close" of a pronoun may mean what opens there — not guessed to be the telly
    // off ("open the light" … "close it na" with nothing there to open switches it)
    if (
      (cueSet.has('open') || cueSet.has('close')) &&
      !names[0] &&
      !noun &&
      ctx.referent &&
      ![...domainsNamed(undefined, undefined, ctx.referent)].some((d) =>
        ['cover', 'valve', 'lock'].includes(d),
      ) &&
      ctxArea &&
      membersOf(this.index, { kind: 'group', domain: 'cover', area: ctxArea }).length > 0
    )
      return undefined;
    // ("stop the telly", "please you stop the television": a player stopped is paused, as
    // people mean it — "turn off the tv" still switches it off)
    const kinds = domainsNamed(names[0]?.v, noun, ctx.referent);
    if (
      cues.some((c) => c.word === 'stop') &&
      cueSet.has('off') &&
      kinds.size > 0 &&
      [...kinds].every((d) => d === 'media_player')
    ) {
      cueSet.delete('off');
      cueSet.add('pause');
    }
    const intent = chooseIntent(cueSet, number, kinds);
    if (!intent) return undefined;
    const { name: intentName, slots } = intent;

    // the target: a name, a kind of device in a place, a pronoun, or the place alone
    const allowed = intent.domains;
    let target: Target | undefined;
    let candidates: IntentEntity[] | undefined;
    if (names[0]) {
      let ents = names[0].v.entities.filter((e) => allowed.includes(e.domain));
      if (place.area) ents = ents.filter((e) => e.area === place.area!.id);
      else if (place.floor) ents = ents.filter((e) => floorOf(this.index, e) === place.floor!.id);
      if (ents.length === 0) return undefined;
      if (ents.length > 1 && ctxArea) {
        const inCtx = ents.filter((e) => e.area === ctxArea.id);
        if (inCtx.length > 0) ents = inCtx;
      }
      if (ents.length > 1 && new Set(ents.map((e) => e.name)).size > 1) candidates = ents;
      else if (ents.length > 1) candidates = ents;
      else target = { kind: 'entities', entities: ents };
    } else if (noun && !noun.noun.content) {
      const r = byNoun(this.index, noun, place, explicitPlace, ctxArea, allowed, tokens, true);
      if (!r) return undefined;
      if ('ask' in r) candidates = r.ask;
      else target = r;
    } else if (
      !pronoun &&
      !explicitPlace &&
      cues.length > 0 &&
      // (a feeling is said of oneself: "im cold", "we can't hear")
      cues.every((c) => DOER.has(tokens[c.start - 1] ?? '') && !FEELINGS.has(c.cue))
    ) {
      // "turn off the floor lamp, I go to bed", "…, we leave now": what the speaker does,
      // naming nothing — never the last device's action
      return undefined;
    } else if ((pronoun || !explicitPlace) && ctx.referent && compatible(ctx.referent.target, allowed)) {
      target = ctx.referent.target;
      // "did I leave the garage open?" … "close it": a place asked of, the one device there the
      // action fits — never everything in it
      if (target.kind === 'group' && target.domain === '*') {
        const fit = membersOf(this.index, target).filter((e) => allowed.includes(e.domain));
        if (fit.length !== 1) return undefined;
        target = { kind: 'entities', entities: fit };
      }
      // "… and turn on the hallway one": the same kind of device, in the place now said
      const kind = explicitPlace ? kindOf(ctx.referent.target) : undefined;
      const devices = target.kind === 'entities' ? target.entities : membersOf(this.index, target);
      if (kind && !devices.every((e) => inPlace(this.index, e, place))) {
        const there: Target = { kind: 'group', ...kind, ...place };
        const one = membersOf(this.index, there);
        target = one.length === 1 ? { kind: 'entities', entities: one } : there;
      }
    } else {
      const implied =
        [...cueSet].map((c) => CUE_IMPLIES[c]).find((d) => d !== undefined) ??
        INTENT_DOMAINS[intentName]?.[0];
      const where = explicitPlace ? place : ctxArea ? { area: ctxArea } : undefined;
      if (where && implied) {
        target = { kind: 'group', domain: implied, ...where, implied: NO_DOMAIN_SLOT.has(intentName) };
      } else if (where && explicitPlace && (cueSet.has('on') || cueSet.has('off'))) {
        target = { kind: 'group', domain: '*', ...where };
      } else if (implied === 'lock' && !where && !pronoun && cues.some((c) => c.word === 'lock up')) {
        // "lock up": every lock of the home
        target = { kind: 'group', domain: 'lock' };
      } else if (implied && !where) {
        // the only device of that kind in the home ("heating to 20")
        const all = this.index.registry.entities.filter((e) => e.domain === implied);
        // ("heating to 20" with a space heater too: the central heating's one thermostat)
        const central =
          implied === 'climate' &&
          tokens.some((t) => CENTRAL_HEATING.has(t)) &&
          !tokens.some((t) => ['all', 'every', 'each', 'any', 'anywhere', 'everywhere'].includes(t))
            ? all.filter((e) => /thermostat/i.test(e.name))
            : [];
        if (all.length === 1) target = { kind: 'entities', entities: all };
        else if (central.length === 1) target = { kind: 'entities', entities: central };
      }
      if (!target) return undefined;
    }
    // "close the door" with two locks: a lock is locked or unlocked, never opened or closed —
    // which one is not asked (the answer would carry an unlock)
    if ((cueSet.has('open') || cueSet.has('close')) && (candidates ?? []).some((e) => e.domain === 'lock'))
      return undefined;
    if (candidates) {
      return {
        intent: intentName,
        slots,
        entity_ids: [],
        candidates,
        ask: askWhich(this.index, candidates),
      };
    }
    return finish(this.index, intentName, slots, target!, allowed);
  }
}

/** Words of where a thing is put: "put the lamp by the bed", "put the tv where I can see it". */
const PUT_WHERE = new Set(
  'in into by next near beside behind under over where somewhere there here away back up down onto against'.split(
    ' ',
  ),
);

/** Verbs of a sentence's own that make a way said after a device a noun: "… lock is acting weird". */
const TOLD_AFTER_WAY = new Set(
  `is was has had keeps kept started starts makes made seems seemed sounds looks does did doesnt didnt
   isnt wasnt wont cant gets got goes went needs broke stopped lets costs wastes annoys worries`.split(/\s+/),
);

function startsWith(tokens: string[], phrase: string): boolean {
  const p = phrase.split(' ');
  return p.every((w, i) => tokens[i] === w);
}

/** Words of being home or away, said right after a person. */
const PRESENCE = new Set(['home', 'back', 'in', 'out', 'away', 'here']);

/** Whether the word at `k` is said as a place: "in the dining room", "out in my shed". */
function unknownPlace(tokens: string[], k: number): boolean {
  return ['the', 'my', 'our'].includes(tokens[k - 1] ?? '') && tokens[k - 2] === 'in';
}

/** States and their opposites, as a question says them. */
const OPPOSITE_STATES: Record<string, string> = {
  locked: 'unlocked',
  unlocked: 'locked',
  on: 'off',
  off: 'on',
  open: 'closed',
  opened: 'closed',
  closed: 'open',
  shut: 'open',
  home: 'out',
};

/** "not locked" → "unlocked": a state asked with "not" right before it. */
function notAsOpposite(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const opposite = tokens[i] === 'not' ? OPPOSITE_STATES[tokens[i + 1] ?? ''] : undefined;
    if (opposite) {
      out.push(opposite);
      i++;
    } else out.push(tokens[i]!);
  }
  return out;
}

/** The kind of device a target is of, if one: its domain and device class. */
function kindOf(t: Target): { domain: string; device_class?: string } | undefined {
  if (t.kind === 'group')
    return { domain: t.domain, ...(t.device_class ? { device_class: t.device_class } : {}) };
  const domains = new Set(t.entities.map((e) => e.domain));
  const classes = new Set(t.entities.map((e) => e.device_class ?? ''));
  if (domains.size !== 1) return undefined;
  const cls = classes.size === 1 ? [...classes][0] : '';
  return { domain: [...domains][0]!, ...(cls ? { device_class: cls } : {}) };
}

/** Whether a device is in the area or on the floor said. */
function inPlace(
  index: RegistryIndex,
  e: IntentEntity,
  place: { area?: IntentArea; floor?: IntentFloor },
): boolean {
  if (place.area) return e.area === place.area.id;
  if (place.floor) return floorOf(index, e) === place.floor.id;
  return true;
}

/**
 * "night shift eyes", "doing my night check", "the desk chair": a word of a name that another
 * noun, no word of the home, follows is that noun's — no name said.
 */
function nounsWord(items: Item[], k: number, tokens: string[]): boolean {
  const it = items[k]!;
  const next = items[k + 1];
  if (it.t !== 'name' || !it.v.partial || !next) return false;
  if (next.t === 'unknown') return /^[a-z]{3,}$/.test(next.word);
  // (a noun the lexicon only skips: "my night check")
  const word = tokens[next.start] ?? '';
  return (
    next.t === 'filler' && next.end - next.start === 1 && word.length >= 4 && !FUNCTION_FILLERS.has(word)
  );
}

/** Skipped words that are no noun: a name's word before them is still the name's. */
const FUNCTION_FILLERS = new Set(
  'please thanks thank there here again just still that this with from into onto over when then also really very quite some what they them their your mine yours kindly maybe mate'.split(
    ' ',
  ),
);

/**
 * "turn off the lights we are going to the kitchen": something switched off, and someone going
 * to a place of the home — off where they leave, not where they go ("put the light on, I'm
 * heading into the garage" is the garage's light; "I'm off to bed" goes nowhere of the home).
 */
function goingTo(tokens: string[], isPlace: (words: string[]) => boolean): boolean {
  const movedAt = tokens.findIndex(
    (t, i) =>
      DOER.has(t) &&
      tokens
        .slice(i + 1, i + 4)
        // ("turn off the light, I'm going upstairs", "… I go upstairs": the floor gone to)
        .some(
          (w, k) =>
            (MOVING.has(w) || w === 'go') &&
            ['to', 'into', 'in', 'over', 'upstairs', 'downstairs'].includes(tokens[i + 2 + k] ?? ''),
        ),
  );
  if (movedAt < 0) return false;
  const switchedOff = tokens.slice(0, movedAt).some((t) => t === 'off' || t === 'out');
  const where = tokens.slice(movedAt + 1);
  return switchedOff && (isPlace(where) || where.some((t) => t === 'upstairs' || t === 'downstairs'));
}
