/**
 * Understanding one message in its conversation: the requests outside device control (undo,
 * time, date, help, timers), answers to "which one?", rules for automations ("every weekday
 * at 7 …", "when the garage door opens …"), a time to act ("in 10 minutes", "at 7"), compound
 * commands ("… and …", "…, then …"), and single commands through the exact templates first and
 * the second stage after. Pure over a registry snapshot, so the `nlu` command runs it too.
 */
import { IntentEngine, type IntentResult } from '../intents/engine.js';
import { messageInEnglish } from '../intents/message-language.js';
import { tokenize } from '../intents/normalize.js';
import type { IntentEntity, IntentRegistry } from '../intents/registry.js';
import { afterRemark, withoutSecondThoughts, withReason } from './around-request.js';
import { eventInRemark, hasJoin, leadingSecondThoughts, placeThere } from './clauses.js';
import { compound as readCompound } from './compound.js';
import { ownCondition } from './conditional.js';
import type { Conversation } from './conversation.js';
import {
  bothOf,
  moreOfTheSame,
  nowAfterAll,
  pickAnswer,
  PLURAL_PRONOUNS,
  referentOfAll,
} from './follow-up.js';
import {
  ACTION_VERBS,
  awaitsAnEvent,
  declarative,
  EVERY_WORDS,
  excepted,
  NEGATIONS,
  ofASet,
} from './guards.js';
import { onCondition, vaguelyLater } from './unsure.js';
import { saidIs } from './said-is.js';
import { aboutAnAction, adviceOrChallenge, toldState } from './told.js';
import { NOUNS, QUESTION_WORDS } from './lexicon.js';
import { areaWords, markPronounOne, placeWords, withoutPlaceParticles } from './one-as-device.js';
import { askedAsRequest, HOME_WIDE } from './questions.js';
import { questionThenRemark } from './question-remark.js';
import { readRule, type RuleDraft } from './read-rule.js';
import { SecondStage } from './reader.js';
import { QUESTION_INTENTS, referentOf, type Reading, type Referent, type Target } from './reading.js';
import { sentencesMeant, sentencesOf } from './sentences.js';
import { plainMessage } from './plain-message.js';
import { notAskedOfAgent, OTHER_PEOPLE, othersDeed } from './not-asked.js';
import { specialIntent, undoneSaid, UNDO_WORDS, type SpecialIntent } from './special-requests.js';
import { FILLER_WORDS, LEXICON_WORDS } from './tagger.js';
import { askWhich, calledByPlace, windowCovering } from './targets.js';
import { CENTRAL_HEATING } from './reader-words.js';
import {
  alarmClock,
  unanswerable,
  asEntity,
  closedBy,
  namedElsewhere,
  narrowedByNoun,
  notToBeDone,
  toSomeoneElse,
} from './reading-checks.js';
import { timeLost } from './time-lost.js';
import { bareNameBesideUnknown, isScene, nameThenToldOfIt, sceneToldOf, toldNotAsked } from './taken-back.js';
import { understandSentences } from './several-sentences.js';
import { requestBeforeRemarks } from './rambling.js';
import {
  ASKING_AFTER_WHEN,
  DOMAIN_OF,
  LET_GO,
  LIGHT_WORDS,
  SAID_OF_ONESELF,
  SECOND_THOUGHT_WORDS,
  TEMPERATURE_NAMED,
  VALUE_UNITS,
  goingBack,
  leftAsItIs,
  ruleRemark,
  switchIsTheVerb,
} from './understand-words.js';

import { valueMisread } from './values.js';
import { cutAmount, cutWhen, markClockTimes, recurs, type When } from './when.js';

export interface Command {
  reading: Reading;
  when?: When | undefined;
}

export type Understood =
  | { kind: 'command'; command: Command }
  | { kind: 'ask'; reading: Reading }
  | { kind: 'compound'; parts: Command[] }
  | { kind: 'special'; intent: SpecialIntent }
  | { kind: 'rule'; rule: RuleDraft }
  | { kind: 'none' };

/** Intents meant for one device: said without a place they never act on every such device. */
const ONE_DEVICE_INTENTS = new Set([
  'HassClimateSetTemperature',
  'HassSetVolume',
  'HassMediaPause',
  'HassMediaUnpause',
  'HassMediaNext',
  'HassMediaPrevious',
  'HassVacuumStart',
  'HassVacuumReturnToBase',
]);
const PRONOUN_WORDS = new Set(['it', 'them', 'that', 'those', 'one', 'they']);

/** A reading without a name, a place or even a kind of device ("pause the speaker" → {}). */
function vague(r: Reading): boolean {
  return ['name', 'area', 'floor', 'domain', 'device_class'].every((k) => !(k in r.slots));
}

/** Verbs that put a heating at a value, and words that make a number after "at" an hour. */
const PUTTING_AT = new Set(['put', 'set', 'keep', 'leave', 'have', 'hold']);
const CLOCK_AFTER = new Set([
  'am',
  'pm',
  'oclock',
  'o',
  'tonight',
  'tomorrow',
  'in',
  'this',
  'every',
  'each',
]);

/** "… and get …", "… and then turn …": a second request opened by its verb. */
const SECOND_REQUEST =
  /\band\s+(?:then\s+|also\s+|please\s+)?(?:get|turn|switch|put|open|close|shut|lock|unlock|start|stop|pause|set|dim|run|play)\s+(?:the|my|our|it|them|on|off|up|down)\b/i;

export class Understanding {
  /** The second stage, over the current registry. */
  stage2: SecondStage;
  private byId: Map<string, IntentEntity>;
  /** Whether the message being read ends in "?" ("front door locked?" asks). */
  private questionMark = false;
  /** The message being read, as written (a minus sign the tokens no longer show). */
  private said = '';
  /** Words after which "one" is a device (`placeWords`). */
  private places: Set<string>;
  /** The first words of the home's areas and floors (`areaWords`). */
  private areas: Set<string>;

  constructor(readonly engine: IntentEngine) {
    this.stage2 = new SecondStage(engine.registryIndex);
    this.byId = new Map(engine.registry.entities.map((e) => [e.entity_id, e]));
    this.places = placeWords(engine.registry);
    this.areas = areaWords(engine.registry);
  }

  /** Re-indexes after the registry changed. */
  setRegistry(reg: IntentRegistry): void {
    this.engine.setRegistry(reg);
    this.stage2 = new SecondStage(this.engine.registryIndex);
    this.byId = new Map(reg.entities.map((e) => [e.entity_id, e]));
    this.places = placeWords(reg);
    this.areas = areaWords(reg);
  }

  /**
   * "bathroom humidity", "current temp in office", "garage window": a thing that only measures
   * or tells, named with no verb and no "?" — there is nothing to do with it but tell how it is.
   * Read as asked; kept only as a question of a sensor's state or a room's temperature.
   */
  private readingAsked(said: string, area: string | null, conv: Conversation): Understood | undefined {
    if (/\?\s*$/.test(said) || /[.!,;:]/.test(said.trim().slice(0, -1))) return undefined;
    const words = tokenize(said).filter(
      (w, i) => !(i === 0 && (w === 'the' || w === 'current')) && w !== 'current',
    );
    if (words.length === 0 || words.length > 6 || words.some((w) => SAID_OF_ONESELF.has(w))) return undefined;
    if (!this.stage2.namesOnlyADevice(words.join(' ')) && !TEMPERATURE_NAMED.test(words.join(' ')))
      return undefined;
    const u = this.understandMessage(`${said.trim()}?`, area, { ...conv });
    if (u.kind !== 'command') return undefined;
    const r = u.command.reading;
    const measured =
      r.target?.kind === 'entities' &&
      r.target.entities.length > 0 &&
      r.target.entities.every((e) => e.domain === 'sensor' || e.domain === 'binary_sensor');
    return r.intent === 'HassClimateGetTemperature' || (r.intent === 'HassGetState' && measured)
      ? u
      : undefined;
  }

  /** "downstairs lights", "the kitchen lights": a kind of device in a place, said alone. */
  namedGroup(sentence: string, area: string | null): Referent | undefined {
    const words = tokenize(sentence);
    if (words.length === 0 || words.length > 4 || this.stage2.hasAction(sentence)) return undefined;
    const r = this.stage2.read(`are the ${words.join(' ')} on`, { area });
    if (r?.intent === 'HassGetState' && r.target?.kind === 'group') {
      const { state: _state, ...slots } = r.slots;
      return { intent: 'HassGetState', slots, target: r.target };
    }
    // ("Alarm. Arm.", "Vacuum. Dock.": a kind of device the home has one of names it)
    const one = this.stage2.read(`turn on the ${words.join(' ')}`, { area });
    if (
      one?.target?.kind === 'entities' &&
      one.target.entities.length === 1 &&
      one.target.entities[0]!.domain !== 'scene'
    )
      return { intent: 'HassGetState', slots: {}, target: one.target };
    return undefined;
  }

  understand(message: string, area: string | null, conv: Conversation): Understood {
    const said = messageInEnglish(message);
    // (before the message is read: an answer to "which one?" takes its question away)
    const followsUp = !!conv.referent || !!conv.pending;
    const first = this.understandMessage(said, area, conv);
    const u =
      first.kind === 'none'
        ? (this.readingAsked(said, area, conv) ?? requestBeforeRemarks(this, said, area, conv) ?? first)
        : first;
    if (nameThenToldOfIt(this.stage2, said, u) || sceneToldOf(said, u)) return { kind: 'none' };
    // ("the christmas tree, desliga": a device named bare turns on only alone — a word not
    // understood beside it may be what is asked of it)
    if (
      u.kind === 'command' &&
      !followsUp &&
      u.command.reading.intent === 'HassTurnOn' &&
      'name' in u.command.reading.slots &&
      !isScene(u.command.reading) &&
      bareNameBesideUnknown(this.stage2, said)
    )
      return { kind: 'none' };
    // ("the garage door opened by itself", "the tv turned on on its own": what a device did, told)
    if ((u.kind === 'command' || u.kind === 'compound') && toldNotAsked(said)) return { kind: 'none' };
    // ("tuwing umaga po at 5:30, turn on the kettle": a clock time said, and the command would
    // act now — the time was lost on words not understood; nothing rather than the wrong time)
    return timeLost(said, u) ? { kind: 'none' } : u;
  }

  private understandMessage(said: string, area: string | null, conv: Conversation): Understood {
    const whole = plainMessage(this.stage2, said);
    const split = sentencesOf(whole);
    const sentences = sentencesMeant(this.stage2, split);
    // (a sentence of surprise set aside, the one left is the message)
    const text = split.length > 1 && sentences.length === 1 ? sentences[0]! : whole;
    if (sentences.length > 1) return understandSentences(this, sentences, area, conv);
    this.questionMark = /\?\s*$/.test(text);
    this.said = text;
    // ("turn off the lights in my room" said to the living room's satellite: the room it is
    // in, as Home Assistant reads it; with no room known, the home's one bedroom, if it has one)
    // ("would it be possible to warm the room a little?" said there: "the room" is that room too)
    const mine = area
      ? text
          .replace(/\b(?:my|our) room\b/gi, 'here')
          // (not a room described further: "the room down the hall", "the room the kids are in")
          .replace(
            /\bthe room\b(?!\s+(?:down the|up the|upstairs|downstairs|next|at|on|the|where|that|which|with|by|over|across|opposite|beside|near|behind|of|we|they|he|she|i|you|my|our)\b)/gi,
            'this room',
          )
      : text;
    const marked = markPronounOne(
      markClockTimes(withoutPlaceParticles(saidIs(mine), this.areas)),
      this.places,
    );
    const tokens = tokenize(marked);
    if (tokens.length === 0) return { kind: 'none' };
    // ("you can't undo that, can you": a challenge, before any request outside device control)
    if (adviceOrChallenge(tokens)) return { kind: 'none' };
    // ("all but the floor lamp" after a turn: an exception, whichever way it is read after)
    if (excepted(tokens)) return { kind: 'none' };
    // ("I already turned off the porch light", "tell the kids to turn off the tv", "i wish away
    // mode would lock the back door too": a deed told, someone else's to do, a wish)
    // ("turn off the lights not the porch light": a device left out; "the kettle we have is like
    // so slow": a device told of)
    if (notAskedOfAgent(this.stage2, tokens)) return { kind: 'none' };
    // ("turn off the kitchen light in 20 minutes" … "nah forget that", "cancel am, leave it": what
    // was set for later, let go)
    const special =
      specialIntent(tokens) ??
      (conv.referent?.later && LET_GO.test(tokens.filter((t) => !SECOND_THOUGHT_WORDS.has(t)).join(' '))
        ? 'HearthTimerCancel'
        : undefined);
    // "undo my mistake in the spreadsheet": what is to be undone is nothing this home knows
    // ("undo what sam did": an undo is of the asker's own last command — never someone else's)
    const undone = special === 'HearthUndo' ? undoneSaid(text) : [];
    if (
      special === 'HearthUndo' &&
      (!this.explained(undone.filter((t) => !UNDO_WORDS.has(t) && !FILLER_WORDS.has(t))) ||
        undone.some((t) => this.stage2.personNamed(t) || OTHER_PEOPLE.has(t)) ||
        // ("sam turned the heating up, undo that": someone else's deed told before, undone)
        othersDeed(this.stage2, tokens))
    )
      return { kind: 'none' };
    // ("next song" … "go back": the track before, which is no undo of the skip — not guessed)
    if (
      special === 'HearthUndo' &&
      /^(?:\w+ )?(?:go|step) back\b/.test(tokens.join(' ')) &&
      conv.referent?.intent.startsWith('HassMedia')
    )
      return { kind: 'none' };
    // "close the blinds" … "cancel that": nothing was set for later in this conversation, so
    // no timer is meant (never someone's unrelated timer)
    if (
      special === 'HearthTimerCancel' &&
      conv.referent &&
      !conv.referent.later &&
      !tokens.some((t) => /^(timers?|scheduled|schedule|reminders?|alarms?)$/.test(t))
    )
      return { kind: 'none' };
    // ("stop the timer on the microwave": a timer of a thing this home does not know is that
    // thing's own, no timer Hearth set)
    if (special === 'HearthTimerCancel' || special === 'HearthTimerList') {
      const k = tokens.findIndex((t) => /^timers?$/.test(t));
      const of = k < 0 ? [] : tokens.slice(k + 1);
      if (
        /^(on|of|for|in)$/.test(of[0] ?? '') &&
        !this.explained(of.slice(1).filter((t) => !FILLER_WORDS.has(t)))
      )
        return { kind: 'none' };
    }
    if (special) return { kind: 'special', intent: special };
    // "leave the porch one", "actually leave the bathroom": kept as it is, nothing to do
    if (leftAsItIs(withoutSecondThoughts(tokens))) return { kind: 'none' };
    // "porch light ❌": a sign of no, or of yes, is no word of which
    if (/[\u274C\u274E\u2716\u{1F44E}\u{1F6AB}\u26D4]/u.test(text)) return { kind: 'none' };
    // "how cold is it outside, need to know how many layers to put her in": a question, then a
    // remark that asks for nothing — before "kids …" is read as said to someone else
    if (QUESTION_WORDS.has(tokens[0]!) || text.includes('?')) {
      const asked = questionThenRemark(this, text, area, conv.referent);
      if (asked) return asked;
    }
    // "Tom, turn off the telly", "kids, lock the back door": said to someone else
    if (toSomeoneElse(this.engine.registry, text)) return { kind: 'none' };

    // the answer to "which one?"
    if (conv.pending) {
      const pending = conv.pending;
      conv.pending = undefined;
      const picked = pickAnswer(this.stage2, this.engine.registryIndex, pending, tokens);
      // ("both please": each of them, as parts of one command)
      const each = picked?.target?.kind === 'entities' ? picked.target.entities : [];
      if (picked && each.length > 1)
        return { kind: 'compound', parts: each.map((e) => ({ reading: asEntity(picked, e) })) };
      if (picked) return { kind: 'command', command: { reading: picked } };
      // ("not the desk one" with two others left: still which one — never the one refused)
      if (tokens.some((w) => NEGATIONS.has(w) || w === 'but' || w === 'except')) return { kind: 'none' };
    }

    // "bit more", "a little less": the last step again
    const more = conv.referent ? moreOfTheSame(withoutSecondThoughts(tokens), conv.referent) : undefined;
    if (more) return { kind: 'command', command: { reading: more } };

    // (a rule asked for with "?" — "could you make it so the curtains open at 8?" — is a
    // request; its command is no question)
    const questionMark = this.questionMark;
    this.questionMark = false;
    const ruleCtx = {
      // a rule's command may carry its reason: "… switch the tree off so we stop forgetting"
      read: (toks: string[]) =>
        this.read(toks, area, conv.referent) ??
        this.reasonedReading(toks, area, conv.referent) ??
        this.withoutRulePurpose(toks, area, conv.referent),
      // ("every morning at 8 turn on the kettle and open the blinds": each part an action now)
      readParts: (toks: string[]) => {
        const u = readCompound(this, toks.join(' '), area, conv.referent);
        return u?.kind === 'compound' && u.parts.every((p) => !p.when)
          ? u.parts.map((p) => p.reading)
          : undefined;
      },
      stage2: this.stage2,
      area,
    };
    // ("every weekday at 8:45 turn on the desk lamp, standup is at 9": a remark after a comma)
    const remarkAt = marked.lastIndexOf(',');
    const remark = remarkAt > 0 ? marked.slice(remarkAt + 1) : '';
    const rule =
      readRule(tokens, ruleCtx) ??
      (remark &&
      (((declarative(remark.trim(), 5) || this.stage2.isRemark(remark)) &&
        this.stage2.namesNothing(remark)) ||
        (ruleRemark(tokenize(remark)) && this.stage2.isAside(remark)))
        ? readRule(tokenize(marked.slice(0, remarkAt)), ruleCtx)
        : undefined);
    this.questionMark = questionMark;
    if (rule) return { kind: 'rule', rule };
    if (recurs(tokens)) return { kind: 'none' };
    // "if the back door's unlocked, lock it"
    const conditional = ownCondition(this, tokens, area);
    if (conditional) return conditional;
    // "lock the back door if the alarm is armed": any other condition is not checked now
    // ("turn off the lights in a while"; not "…, Jess is coming round later": a clause of its own)
    if (onCondition(tokens) || (vaguelyLater(tokens) && !/[,;:]/.test(text))) return { kind: 'none' };
    // ("open the garage for Sam when he arrives": an event, in whichever part it is said; a
    // question may say when: "did the kids lock the back door when they got home"; what
    // happened tells: "…, I left it unlocked when I took the bins out")
    if (
      !QUESTION_WORDS.has(tokens[0]!) &&
      /.\b(?<!for )((when|whenever|once|as soon as) (he|she|they|we|i|im|were|someone|somebody|the|it|my|our)(?! (?:took|left|came|went|got|was|were|did|had|made|put|turned|switched|locked|unlocked|opened|closed|said|told|saw|heard|walked|arrived|woke|forgot|brought|[a-z]+ed)\b)|(by the time|the moment|the minute|soon as) (?!(?:possible|poss|ever)\b|(?:you|u|ya) (?:can|could)\b)[a-z]+)\b/.test(
        tokens.join(' '),
      ) &&
      // (an hour said beside "by the time I'm up" is no hour to act at: the event is waited for)
      (!cutWhen(tokens).when ||
        /\b(by the time|the moment|the minute) (i|we|he|she|they|im|were|you|sam|alex)\b/.test(
          tokens.join(' '),
        )) &&
      !eventInRemark(this.stage2, marked)
    )
      return { kind: 'none' };
    // ("whenever sam comes home, switch on the hallway light" not read as a rule: an event to
    // wait for, opening the message — never done now; "when did …", "when is …" ask)
    if (
      ['when', 'whenever', 'once'].includes(tokens[0]!) &&
      !ASKING_AFTER_WHEN.has(tokens[1] ?? '') &&
      // ("when you get a sec, …": the agent's free moment, politeness)
      !/^when (you|u|ya) (get|have|got) (a |the )?(sec|second|minute|moment|chance|mo)\b/.test(
        tokens.join(' '),
      ) &&
      // ("when you can, lock the front door", "when ready, …", "whenever you want, …")
      !/^(when|whenever) ((you|u|ya) (can|could|want|like|are|re|get|have|got)|possible|ready|convenient)\b/.test(
        tokens.join(' '),
      ) &&
      !cutWhen(tokens).when
    )
      return { kind: 'none' };
    // ("hypothetically, could you unlock the front door?": whatever the parts say)
    if (adviceOrChallenge(tokens)) return { kind: 'none' };

    // "no wait, shut it again", "actually send it back": second thoughts about the last turn
    // open the new request
    // "turn them both off" after two turns, each on one device: both of them
    const referent = bothOf(conv, tokens);
    const single = this.single(tokens, area, referent);
    if (single && single.kind !== 'none' && !hasJoin(text)) return single;
    // "would you switch off the television and put the big light on?": the request's "?" is
    // no question for the parts after the first
    const asked = this.questionMark;
    if (asked && askedAsRequest(tokens)) this.questionMark = false;
    const compound = readCompound(this, marked, area, referent);
    this.questionMark = asked;
    if (compound) return nowAfterAll(compound, tokens, referent);
    if ((!single || single.kind === 'none') && placeThere(tokens) >= 0) {
      // ("turn the ceiling fan off its roasting up there": "there" in a reason, `withReason`)
      const reasoned = withReason(this, tokens, area, referent, true);
      if (reasoned) return reasoned;
    } else if (!single || single.kind === 'none') {
      const reasoned =
        withReason(this, tokens, area, referent, true) ?? afterRemark(this, tokens, area, referent);
      if (reasoned) return reasoned;
      // a question among remarks, read last: the other readings of the question come first
      const asking = readCompound(this, marked, area, referent, true);
      if (asking) return asking;
    }
    // ("set the thermostat to 70 and get the coffee going": a second request said after "and"
    // that no part could read is never dropped for doing the first alone)
    // (only after a request of its own: "be a star and turn …", "go on and shut it" are one)
    const second = SECOND_REQUEST.exec(text);
    if (
      single?.kind === 'command' &&
      second &&
      tokenize(text.slice(0, second.index)).some((t) => ACTION_VERBS.has(t) && !['go', 'be'].includes(t))
    )
      return { kind: 'none' };
    return single ?? { kind: 'none' };
  }

  /**
   * "put the thermostat at 20", "keep the heater at 19.5": "at" and a bare number after a verb of
   * putting, read as "to" — only where that sets a heating to exactly that temperature and the
   * number is no hour of the clock's face ("set the thermostat at 7" and "set the thermostat to
   * 21 at 7" keep their hour; "turn the heater on at 20" is 20:00).
   */
  private temperatureAt(
    tokens: string[],
    area: string | null,
    referent: Referent | undefined,
  ): Reading | undefined {
    const k = tokens.findIndex(
      (t, i) =>
        t === 'at' && /^\d{1,2}(\.\d)?$/.test(tokens[i + 1] ?? '') && !CLOCK_AFTER.has(tokens[i + 2] ?? ''),
    );
    if (k < 0 || !tokens.slice(0, k).some((t) => PUTTING_AT.has(t)) || tokens.includes('to'))
      return undefined;
    const r = this.read([...tokens.slice(0, k), 'to', ...tokens.slice(k + 1)], area, referent);
    // (an hour of the clock's face stays an hour: "set the thermostat at 7" is 07:00)
    const n = Number(tokens[k + 1]);
    return n >= 13 && r?.intent === 'HassClimateSetTemperature' && r.slots.temperature === n ? r : undefined;
  }

  /**
   * "… turn on the office heater so it's warm when I start work": the purpose of a rule's command,
   * naming nothing of the home, may say when — the rule says when to act, and is confirmed
   * before it is made.
   */
  private withoutRulePurpose(
    tokens: string[],
    area: string | null,
    referent: Referent | undefined,
  ): Reading | undefined {
    const k = tokens.findIndex((t, i) => i >= 2 && ['so', 'because', 'cos', 'as'].includes(t));
    if (k < 0 || tokens.slice(k).some((t) => /\d/.test(t))) return undefined;
    if (!this.stage2.namesNothing(tokens.slice(k).join(' '))) return undefined;
    return this.read(tokens.slice(0, k), area, referent);
  }

  /** A command with a reason after it, as its reading alone (no time to act). */
  private reasonedReading(
    tokens: string[],
    area: string | null,
    referent: Referent | undefined,
  ): Reading | undefined {
    const u = withReason(this, tokens, area, referent);
    return u?.kind === 'command' && !u.command.when ? u.command.reading : undefined;
  }

  /** Remembers what a turn acted on, for the next one. */
  remember(conv: Conversation, u: Understood): void {
    if (conv.referent && (u.kind === 'command' || u.kind === 'compound')) conv.earlier = conv.referent;
    if (u.kind === 'command') {
      const ref = referentOf(u.command.reading);
      conv.referent = ref && u.command.when ? { ...ref, later: u.command.when } : ref;
    } else if (u.kind === 'compound') conv.referent = referentOfAll(u.parts);
    else if (u.kind === 'ask') {
      conv.pending = u.reading;
    }
  }

  /**
   * A plural pronoun ("them", "both", "those") for devices of several names, as the last turn
   * left them: the same command on each, as parts of one. Anything else is read as before.
   */
  private eachOf(
    tokens: string[],
    area: string | null,
    referent: Referent | undefined,
  ): Understood | undefined {
    const t = referent?.target;
    if (t?.kind !== 'entities' || new Set(t.entities.map((e) => e.name)).size < 2) return undefined;
    // ("turn it off": the last of them, as it was before)
    if (tokens.some((w) => w === 'it' || w === 'that') && !tokens.some((w) => PLURAL_PRONOUNS.has(w)))
      return this.single(tokens, area, {
        ...referent!,
        target: { kind: 'entities', entities: t.entities.slice(-1) },
      });
    if (!tokens.some((w) => PLURAL_PRONOUNS.has(w))) return undefined;
    const parts: Command[] = [];
    for (const e of t.entities) {
      const u = this.single(tokens, area, { ...referent!, target: { kind: 'entities', entities: [e] } });
      if (u?.kind !== 'command' || QUESTION_INTENTS.has(u.command.reading.intent)) return undefined;
      parts.push(u.command);
    }
    return { kind: 'compound', parts };
  }

  /** One command, with or without a time to act. */
  single(said: string[], area: string | null, referent: Referent | undefined): Understood | undefined {
    // "turn them off" after several devices by name: each of them
    const each = this.eachOf(said, area, referent);
    if (each) return each;
    // "no wait, shut it again", "actually send it back": second thoughts about the last turn
    // open the new request
    const lead = leadingSecondThoughts(said);
    const tokens = lead < said.length ? said.slice(lead) : said;
    // "the front door is unlocked": a state told asks for nothing (a question may tell one)
    const told = toldState(tokens, this.stage2);
    if (aboutAnAction(tokens)) return undefined;
    // "turn the thermostat up by 2": a step of that size, or nothing (never set to 2)
    const amount = cutAmount(tokens);
    if (amount) {
      const r = this.read(amount.tokens, area, referent);
      const step = r && !r.ask && Object.keys(r.slots).find((k) => k.endsWith('_step'));
      // ("cool the living room down by 2 degrees": degrees are the heating's)
      const degrees = amount.unit === 'degrees' || amount.unit === 'degree';
      // ("turn the heater up 5 percent": a heating is stepped in degrees)
      const percent = amount.unit === 'percent' || amount.unit === '%';
      if (!r || !step || told || (degrees && step !== 'temperature_step')) return undefined;
      if (percent && step === 'temperature_step') return undefined;
      return {
        kind: 'command',
        command: { reading: { ...r, slots: { ...r.slots, step_size: amount.amount } } },
      };
    }
    // "put the thermostat at 20": a heating put at a number is a temperature, not an hour
    const heat = this.temperatureAt(tokens, area, referent);
    if (heat) return { kind: 'command', command: { reading: heat } };
    const cut = cutWhen(tokens);
    // "turn off the lights when I leave", "lock up once we're in bed": a condition that is no
    // time this agent can keep — never done now
    if (!cut.when && (awaitsAnEvent(tokens) || vaguelyLater(tokens))) return undefined;
    if (cut.when) {
      const r = this.read(cut.tokens, area, referent);
      if (r && valueMisread(cut.tokens, this.said, r)) return undefined;
      // "set the alarm for 7", "set an alarm at 11": an alarm clock's, not the home alarm armed then
      if (r && alarmClock(this.stage2, r, tokens, true)) return undefined;
      if (r && !r.ask && !QUESTION_INTENTS.has(r.intent) && !told)
        return { kind: 'command', command: { reading: r, when: cut.when } };
    }
    const r = this.read(tokens, area, referent);
    if (!r) return undefined;
    if (!QUESTION_INTENTS.has(r.intent) && told) return undefined;
    // after "turn off the lights in 10 minutes": "make it 20" may be the wait or a level —
    // not done; "and the coffee machine" is for then too
    if (referent?.later && !r.ask && !QUESTION_INTENTS.has(r.intent)) {
      if (tokens.some((t) => /^\d/.test(t)) && !tokens.some((t) => VALUE_UNITS.has(t))) return undefined;
      // ("… and the kettle too, but right now": now, as said)
      const now = tokens.some((t) => ['now', 'immediately', 'straightaway'].includes(t));
      // ("same for the bedroom fan", "same upstairs": the same, then too)
      if (
        !now &&
        (tokens[0] === 'and' || tokens[0] === 'also' || tokens.includes('same') || tokens.includes('too'))
      )
        return { kind: 'command', command: { reading: r, when: referent.later } };
    }
    // "heater 6am", "radio 4", "the 2 lamps": a number that is no value
    if (valueMisread(tokens, this.said, r)) return undefined;
    if (alarmClock(this.stage2, r, tokens, false)) return undefined;
    if (unanswerable(r, tokens)) return undefined;
    // "turn off the kitchen light in the office": a named device said in a place it is not in
    if (namedElsewhere(this.stage2, this.engine.registry, r)) return undefined;
    // "turn off the bedroom lamps": the lamps, not every light
    const narrowed = narrowedByNoun(this.stage2, r, tokens);
    if (narrowed === null) return undefined;
    if (narrowed) return { kind: 'command', command: { reading: narrowed } };
    if (notToBeDone(this.stage2, r, tokens, referent)) return undefined;
    if (r.ask) return { kind: 'ask', reading: r };
    // ("close the shutters in the lounge", read by the templates as shutters there: its blinds)
    const covering =
      r.target?.kind === 'group' ? windowCovering(this.engine.registryIndex, r.target) : undefined;
    if (covering) {
      const { domain: _d, device_class: _c, area: _a, ...rest } = r.slots;
      return {
        kind: 'command',
        command: {
          reading: {
            ...r,
            slots: { ...rest, name: covering.name },
            entity_ids: [covering.entity_id],
            target: { kind: 'entities', entities: [covering] },
          },
        },
      };
    }
    // "about to hop on a call": switching on nothing named is no command
    const t = r.target;
    const nothing = !t || (t.kind === 'group' && t.domain === '*' && !t.area && !t.floor);
    if (['HassTurnOn', 'HassTurnOff'].includes(r.intent) && vague(r) && r.entity_ids.length === 0 && nothing)
      return undefined;
    return { kind: 'command', command: { reading: closedBy(r, tokens) } };
  }

  /**
   * The exact templates first; the second stage when they decline, ask back, or leave the
   * target vague (no name or place) while the second stage finds a specific one.
   */
  read(tokens: string[], area: string | null, referent: Referent | undefined): Reading | undefined {
    const text = tokens.join(' ');
    const pronoun = tokens.some((t) => PRONOUN_WORDS.has(t));
    let first: Reading | undefined;
    // with something to refer to, a pronoun or a target without an action continues the last
    // turn ("turn it off", "and the kettle") before any template's reading of the bare name
    const continues = referent && (pronoun || !this.stage2.hasAction(text));
    // "the lights out there": the second stage finds the place meant, or none
    if (!continues && placeThere(tokens) < 0) {
      const r = this.engine.recognize(text, { area }, { exactOnly: true });
      if (r.intent) first = this.fromStageOne(r, tokens, area);
      // "lights off?": asked, unless as a request ("could you turn the lights off?")
      if (first && this.questionMark && !QUESTION_INTENTS.has(first.intent) && !askedAsRequest(tokens))
        first = undefined;
      // ("is the light on?", "are the lights on?" at the kitchen's tablet: the kitchen's, not
      // every light — "are any lights on?", "which lights are on?" ask of the home)
      const placeless =
        !!first &&
        !!area &&
        QUESTION_INTENTS.has(first.intent) &&
        !['name', 'area', 'floor'].some((k) => k in first!.slots) &&
        !tokens.some((t) => EVERY_WORDS.has(t) || ['which', 'many', 'anywhere', 'else'].includes(t)) &&
        // ("are the doors locked?": the home's doors, wherever it is asked)
        !(ofASet(tokens) && HOME_WIDE.has(String(first.slots.domain)));
      if (first && !first.ask && !vague(first) && !placeless) return first;
    }
    const asked = this.stage2.read(this.questionMark ? `${text}?` : text, { area, referent });
    const second = asked ? this.centralHeating(asked, tokens) : asked;
    if (second && !second.ask && (!first || !vague(second))) return second;
    // "set the lamp to 30 percent": which lamp beats every light in the house
    if (second?.ask && first && vague(first)) return second;
    return first ?? second;
  }

  /**
   * "turn the heating up to 21" with a thermostat and a space heater: "the heating" is the
   * central heating's one thermostat, not a question back.
   */
  private centralHeating(r: Reading, tokens: string[]): Reading {
    if (!tokens.some((t) => CENTRAL_HEATING.has(t))) return r;
    // ("pause the heating": no media player's pause on the thermostat)
    if (r.intent.startsWith('HassMedia')) return r;
    // ("is the heating on": asked of the heating, not of every heater)
    const t = r.target;
    // ("is any heating on", "is the heating on anywhere": asked of every heater)
    if (ofASet(tokens) || tokens.includes('anywhere')) return r;
    const pool =
      r.ask || t?.kind !== 'group' || t.domain !== 'climate' || t.area || t.floor
        ? (r.candidates ?? [])
        : this.stage2.membersOf(t);
    const central = pool.filter((e) => e.domain === 'climate' && /thermostat/i.test(e.name));
    return central.length === 1 ? asEntity({ ...r, ask: undefined, candidates: undefined }, central[0]!) : r;
  }

  /** A stage-one result as a reading, if its target exists and every word is explained. */
  private fromStageOne(r: IntentResult, tokens: string[], callerArea: string | null): Reading | undefined {
    // an action needs every word explained; a question may carry a wildcard ("how much … {name} …")
    if (!QUESTION_INTENTS.has(r.intent!) && !this.explained(tokens)) return undefined;
    // a bare "play" resumes; the templates' "play [previous]" goes back only when it says so
    // ("kitchen speaker play again" after a pause resumes; "play that song again" goes back)
    if (r.intent === 'HassMediaPrevious' && !goingBack(tokens)) return undefined;
    // ("ok switch off", "switch on please": the verb, no switch of the home — only a switch named
    // as a thing is the kind: "turn the switch off", "the switches off")
    if (r.slots.domain === 'switch' && switchIsTheVerb(tokens)) return undefined;
    // ("batidza the lamp" at the kitchen's tablet: the home has lamps, none in the kitchen — which
    // lamp is asked (the second stage), never the kitchen's ceiling light)
    if (
      r.slots.domain === 'light' &&
      typeof r.slots.area === 'string' &&
      tokens.some((t) => t === 'lamp' || t === 'lamps')
    ) {
      const lamps = this.engine.registry.entities.filter((e) => /\blamps?\b/i.test(e.name));
      const area = r.slots.area.toLowerCase();
      if (
        lamps.length > 0 &&
        !lamps.some((e) => this.stage2.findArea(e.area ?? '')?.name.toLowerCase() === area)
      )
        return undefined;
    }
    const reg = this.engine.registry;
    const byId = this.byId;
    if (r.ask && r.ambiguous) {
      const candidates = r.ambiguous.candidates
        .map((c) => byId.get(c.entity_id))
        .filter((e): e is IntentEntity => !!e);
      return { intent: r.intent!, slots: r.slots, entity_ids: [], ask: r.ask, candidates };
    }
    let target: Target | undefined;
    if (r.entity_ids.length > 0) {
      target = {
        kind: 'entities',
        entities: r.entity_ids.map((id) => byId.get(id)).filter((e): e is IntentEntity => !!e),
      };
    } else if (
      !QUESTION_INTENTS.has(r.intent!) ||
      ['domain', 'area', 'floor'].some((k) => typeof r.slots[k] === 'string')
    ) {
      const s = r.slots;
      const area = typeof s.area === 'string' ? this.stage2.findArea(s.area) : undefined;
      const floor = typeof s.floor === 'string' ? reg.floors.find((f) => f.name === s.floor) : undefined;
      const domain = typeof s.domain === 'string' ? s.domain : (DOMAIN_OF[r.intent!] ?? '*');
      target = {
        kind: 'group',
        domain,
        ...(typeof s.device_class === 'string' ? { device_class: s.device_class } : {}),
        ...(area ? { area } : {}),
        ...(floor ? { floor } : {}),
        ...(typeof s.domain === 'string' ? {} : { implied: true }),
      };
      // Nothing of that kind in the whole home ("open the window"): not understood.
      if (!area && !floor && !QUESTION_INTENTS.has(r.intent!) && this.stage2.membersOf(target).length === 0)
        return undefined;
      // "set the heating to 19" in a home with two heaters: the one of the caller's room, else
      // which one? — never every one of them
      if (!area && !floor && ONE_DEVICE_INTENTS.has(r.intent!) && typeof s.domain !== 'string') {
        const all = this.stage2.membersOf(target);
        const room = callerArea ? this.stage2.findArea(callerArea) : undefined;
        const here = room ? all.filter((e) => e.area === room.id) : [];
        // "the heating", "the heat": the home's central heating, its one thermostat — not a
        // space heater
        const central = tokens.some((t) => CENTRAL_HEATING.has(t))
          ? all.filter((e) => /thermostat/i.test(e.name))
          : [];
        if (here.length === 1) target = { kind: 'entities', entities: here };
        else if (central.length === 1)
          return asEntity({ intent: r.intent!, slots: r.slots, entity_ids: [] }, central[0]!);
        else if (all.length > 1)
          return {
            intent: r.intent!,
            slots: r.slots,
            entity_ids: [],
            candidates: all,
            ask: askWhich(this.engine.registryIndex, all),
          };
      }
      // A place without such a device ("close the kitchen blinds") stays a recognised command,
      // as Home Assistant reports it; the agent then answers that there is none and acts on nothing.
    }
    const reading = {
      intent: r.intent!,
      slots: r.slots,
      entity_ids: r.entity_ids,
      ...(target ? { target } : {}),
    };
    // "set the lounge to 22": a room with heating and no word of light is set to a temperature
    if (r.intent === 'HassLightSet' && target?.kind === 'group' && target.area && target.implied) {
      const value = r.slots.brightness;
      const heating = this.stage2.membersOf({ kind: 'group', domain: 'climate', area: target.area });
      if (typeof value === 'number' && heating.length > 0 && !tokens.some((t) => LIGHT_WORDS.has(t)))
        return value >= 5 && value <= 35
          ? {
              intent: 'HassClimateSetTemperature',
              slots: { area: target.area.name, temperature: value },
              entity_ids: [],
              target: { kind: 'group', domain: 'climate', area: target.area },
            }
          : undefined;
    }
    return this.sharpen(reading, tokens, callerArea);
  }

  /**
   * A device named by a singular or mass noun ("the lamp", "the curtains") in the home or the
   * caller's room, when exactly one fits: the templates report the kind and place, the agent
   * and the person mean that one device.
   */
  private sharpen(r: Reading, tokens: string[], area: string | null): Reading {
    const t = r.target;
    if (t?.kind !== 'group' || (r.intent === 'HassGetState' && !('domain' in r.slots))) return r;
    const said = t.area && tokens.join(' ').includes(tokenize(t.area.name).join(' '));
    // "open the lounge blinds": the one device the home calls by the place's name and that
    // word, said as its name (place, then word); "the curtain in the bedroom" stays the
    // place's curtains, as Home Assistant reads it
    if (t.area) {
      const placeWords = [t.area.name, ...(t.area.aliases ?? [])].map((n) => tokenize(n));
      const word = tokens.find(
        (w, i) =>
          NOUNS[w]?.domain === t.domain &&
          placeWords.some((p) => p.every((pw, k) => tokens[i - p.length + k] === pw)),
      );
      const own = word ? calledByPlace(this.engine.registryIndex, t.area, word) : undefined;
      const members = this.stage2.membersOf(t);
      if (own && members.length === 1 && members[0] === own) return asEntity(r, own);
      // "switch the lamp in the lounge off": a singular word narrower than the kind names the
      // one device there so called, not every light of the place ("the fan in the living
      // room" and "the curtain in the bedroom" stay the place's, as Home Assistant reads them)
      const noun = tokens.find(
        (w) => NOUNS[w]?.domain === t.domain && !NOUNS[w].group && w !== t.domain && !NOUNS[w].device_class,
      );
      const called = noun
        ? members.filter((e) => (this.engine.registryIndex.byWord.get(noun) ?? []).includes(e))
        : [];
      if (called.length === 1 && !tokens.some((w) => EVERY_WORDS.has(w))) return asEntity(r, called[0]!);
      // "switch on the light in the hallway", "the fan in the bedroom": a singular word of the
      // kind, in a place with exactly one such device, is that device — the reply names it
      // (Home Assistant reports the place's kind; both act on the same device). Not a sensor
      // asked about ("is there motion in the hallway") nor a question after a set ("which …",
      // "how many …").
      const one = tokens.find((w) => NOUNS[w]?.domain === t.domain && !NOUNS[w].group && !NOUNS[w].content);
      if (one && members.length === 1 && !ofASet(tokens) && t.domain !== 'binary_sensor')
        return asEntity(r, members[0]!);
    }
    if (said || t.floor || (t.area && area === null)) return r;
    if (ofASet(tokens) || t.domain === 'binary_sensor') return r;
    // ("lock the door": the verb "lock" is no second noun)
    const words = tokens.filter((w) => NOUNS[w]?.domain === t.domain && !ACTION_VERBS.has(w));
    const noun = words.length === 1 ? NOUNS[words[0]!]! : undefined;
    if (!noun || noun.group || noun.content) return r;
    // the one device of that kind, or the one whose name has the word ("the tv" of two players)
    let members = this.stage2.membersOf(t);
    const named = members.filter((e) => (this.engine.registryIndex.byWord.get(words[0]!) ?? []).includes(e));
    if (named.length > 0) members = named;
    // "lock the door" with two doors in the home: which one? — never both
    if (members.length > 1 && !t.area && !QUESTION_INTENTS.has(r.intent))
      return {
        intent: r.intent,
        slots: r.slots,
        entity_ids: [],
        candidates: members,
        ask: askWhich(this.engine.registryIndex, members),
      };
    if (members.length !== 1) return r;
    return asEntity(r, members[0]!);
  }

  /** Every word is one the home, the templates or the lexicon knows (after correction). */
  private explained(tokens: string[]): boolean {
    const { tokens: fixed } = this.stage2.correct(tokens);
    const known = (t: string) =>
      /^\d/.test(t) ||
      LEXICON_WORDS.has(t) ||
      this.engine.registryIndex.vocabulary.has(t) ||
      this.engine.knowsWord(t);
    return fixed.every(known);
  }
}
