/**
 * A rule said in words — "every weekday at 7 turn on the kitchen light", "when the garage
 * door opens turn on the hall light", "after sunset" — read as a draft: a time, solar or device
 * state trigger, sun conditions, and the command, for the person to confirm (rules.ts).
 */
import type { SecondStage } from './reader.js';
import { QUESTION_INTENTS, type Reading } from './reading.js';
import { recurs } from './when.js';
import {
  indexOf,
  readSchedule,
  sameSun,
  shiftedSun,
  SUN_EVENTS,
  timeWindow,
  trimLinks,
  withoutDaily,
} from './rule-times.js';

/** A rule said in words, before the person confirms it. */
export interface RuleDraft {
  trigger:
    | { type: 'time'; at: string; days?: string[] }
    | { type: 'solar'; event: 'sunrise' | 'sunset'; offset?: number }
    | { type: 'device_state'; entity: string; to: string; name: string };
  conditions: (
    | { type: 'sun'; after?: 'sunset' | 'sunrise'; before?: 'sunset' | 'sunrise' }
    | { type: 'time'; after?: string; before?: string }
  )[];
  /** What the rule does: one command, or the parts of a compound one ("… and open the blinds"). */
  commands: Reading[];
}

/** How a rule's parts are read: its command as any command, its trigger as a state question. */
export interface RuleContext {
  /** Reads a command in the conversation (templates first, then the second stage). */
  read(tokens: string[]): Reading | undefined;
  /** Reads a command of several parts ("turn on the kettle and open the blinds"), each an action. */
  readParts(tokens: string[]): Reading[] | undefined;
  stage2: SecondStage;
  /** The caller's area. */
  area: string | null;
  /** Whether the rule was wished for in so many words ("make it so …"), set by `readRule`. */
  wished?: boolean;
}

/** "every weekday at 7 turn on the kitchen light", "when the garage door opens …". */
export function readRule(tokens: string[], ctx: RuleContext): RuleDraft | undefined {
  // ("stop closing the blinds at sunset", "I hate it when …", "next time sam comes home …"):
  // a rule not wished for, or one time only
  // (a reason may say it: "… so we stop forgetting", "… so I don't forget")
  const why = tokens.findIndex((t) => ['so', 'because', 'cos', 'coz', 'cause', 'as'].includes(t));
  const asked = why > 0 ? tokens.slice(0, why) : tokens;
  if (asked.some((t, i) => NOT_WISHED.has(t) || (t === 'next' && asked[i + 1] === 'time'))) return undefined;
  const said = sameSun(tokens);
  let rest = withoutWrapper(said);
  // ("set it up so the vacuum runs …": what a device does is the wish only after such words —
  // "the heating comes on at 5 every day" tells a habit)
  ctx = { ...ctx, wished: rest !== said };
  // other ways to open a rule: "any time the front door …", "each time …", "as soon as …"
  for (const opener of RULE_OPENERS) {
    if (indexOf(rest, opener) === 0) {
      rest = ['when', ...rest.slice(opener.length)];
      break;
    }
  }
  // ("every time sunset, on the porch light": the sun's time, as "at sunset")
  if (['when', 'whenever'].includes(rest[0] ?? '') && ['sunset', 'sunrise'].includes(rest[1] ?? ''))
    rest = ['at', ...rest.slice(1)];
  const first = rest[0];
  if (!first) return undefined;
  const conditions: RuleDraft['conditions'] = [];
  // "half an hour after sunset every day, close the blinds": the sun, shifted, as the trigger
  const shifted = shiftedSun(rest);
  if (shifted) {
    // (a shifted sun as a condition of an event is no condition the engine keeps)
    if (['when', 'whenever', 'if', 'once'].includes(first)) return undefined;
    const left = trimLinks(withoutDaily(shifted.rest));
    // ("the blinds close an hour after sunset" tells; a rule asks, or repeats)
    if (!recurs(tokens) && !ctx.wished && !ORDER_OPENERS.has(left[0] ?? '')) return undefined;
    const cmd = ruleCommand(left, ctx);
    return cmd
      ? {
          trigger: { type: 'solar', event: shifted.event, offset: shifted.offset },
          conditions,
          commands: cmd,
        }
      : undefined;
  }
  // "when it gets dark switch on the christmas tree", "put the porch light on every evening
  // once it gets dark": the sun as the trigger, said anywhere — after "once", "as" or "at"
  // only with a word of repeating ("close the blinds as the sun sets" is once, not a rule)
  const openers = recurs(rest) ? SUN_OPENERS : ['when', 'whenever'];
  for (const [phrase, event] of SUN_EVENTS) {
    const at = openers.map((o) => indexOf(rest, [o, ...phrase])).find((k) => k >= 0);
    if (at === undefined) continue;
    const left = withoutDaily([...rest.slice(0, at), ...rest.slice(at + 1 + phrase.length)]);
    const cmd = ruleCommand(trimLinks(left), ctx);
    return cmd ? { trigger: { type: 'solar', event }, conditions, commands: cmd } : undefined;
  }
  // conditions anywhere: "after sunset", "before sunrise", "at night"
  for (const [phrase, cond] of [
    [['after', 'sunset'], { type: 'sun', after: 'sunset' }],
    [['after', 'dark'], { type: 'sun', after: 'sunset' }],
    [['at', 'night'], { type: 'sun', after: 'sunset' }],
    [['before', 'sunrise'], { type: 'sun', before: 'sunrise' }],
  ] as const) {
    const at = indexOf(rest, phrase);
    if (at >= 0 && first !== 'at') {
      conditions.push({ ...cond });
      rest = [...rest.slice(0, at), ...rest.slice(at + phrase.length)];
    }
  }
  const schedule = readSchedule(rest);
  if (schedule) {
    const cmd = ruleCommand(schedule.rest, ctx);
    if (!cmd) return undefined;
    return { trigger: schedule.trigger, conditions, commands: cmd };
  }
  if (first !== 'when' && first !== 'whenever' && first !== 'once' && first !== 'if') return undefined;
  // the trigger clause ends where a command begins
  for (let k = 2; k < rest.length; k++) {
    // ("whenever there is motion | in the kitchen, …": a place said after the trigger is its own)
    if (PLACE_OPENERS.has(rest[k]!) || (rest[k - 1] === 'in' && ARTICLE.has(rest[k]!))) continue;
    const cmd = ruleCommand(thereAsTriggerPlace(rest.slice(k), rest.slice(1, k)), ctx);
    if (!cmd) continue;
    // "if the back door gets unlocked after 11pm …", "… between 10pm and 6am": hours of the
    // day, said in the trigger's clause (an "after 10" in the command is the command's)
    const hours = timeWindow(['when', ...rest.slice(1, k)]);
    const trigger = stateTrigger((hours?.rest ?? rest.slice(0, k)).slice(1), ctx);
    if (trigger)
      return { trigger, conditions: hours ? [...conditions, hours.condition] : conditions, commands: cmd };
  }
  return undefined;
}

/** Words a command of a shifted-sun rule may open with: its verb, or asking for it. */
const ORDER_OPENERS = new Set(
  `turn switch put open close shut lock unlock start run dim set raise lower pull draw activate arm disarm
   please pls can could would will`.split(/\s+/),
);

/** Words that take a rule back or say it is not wanted. */
const NOT_WISHED = new Set([
  'stop',
  'stopped',
  'hate',
  'hates',
  'not',
  'never',
  'dont',
  'no',
  'without',
  'instead',
]);

/**
 * "whenever someone moves in the hallway, the light there should go on": "there" in the
 * command is the place the trigger names.
 */
function thereAsTriggerPlace(command: string[], trigger: string[]): string[] {
  const at = command.indexOf('there');
  const from = Math.max(
    trigger.lastIndexOf('in'),
    trigger.lastIndexOf('into'),
    trigger.lastIndexOf('through'),
  );
  if (at < 0 || from < 0 || from === trigger.length - 1) return command;
  return [...command.slice(0, at), 'in', ...trigger.slice(from + 1), ...command.slice(at + 1)];
}

/**
 * The command of a rule: an action, not a question nor a "which one?" — or several actions
 * ("turn on the kettle and open the blinds"), or what a device is to do ("so the vacuum runs
 * …", "the curtains open …").
 */
function ruleCommand(tokens: string[], ctx: RuleContext): Reading[] | undefined {
  const toks = tokens[0] === 'then' ? tokens.slice(1) : tokens;
  if (toks.length === 0) return undefined;
  const action = (r: Reading | undefined) => !!r && !r.ask && !QUESTION_INTENTS.has(r.intent);
  const r = ctx.read(toks);
  if (r) return action(r) ? [r] : undefined;
  const doing = ctx.wished ? asOrder(toks) : undefined;
  if (doing) {
    const d = ctx.read(doing);
    if (d) return action(d) ? [d] : undefined;
  }
  const parts = ctx.readParts(toks);
  return parts && parts.length > 1 && parts.every(action) ? parts : undefined;
}

/** What a device does, as the order to do it: "the vacuum runs" → "run the vacuum". */
const DOES: [string[], string[]][] = [
  [['runs'], ['start']],
  [['run'], ['start']],
  [['starts'], ['start']],
  [['opens'], ['open']],
  [['open'], ['open']],
  [['closes'], ['close']],
  [['close'], ['close']],
  [['shuts'], ['close']],
  [['locks'], ['lock']],
  [['unlocks'], ['unlock']],
  [
    ['turns', 'on'],
    ['turn', 'on'],
  ],
  [
    ['goes', 'on'],
    ['turn', 'on'],
  ],
  [
    ['comes', 'on'],
    ['turn', 'on'],
  ],
  [
    ['switches', 'on'],
    ['turn', 'on'],
  ],
  [
    ['turns', 'off'],
    ['turn', 'off'],
  ],
  // (not "goes off": an alarm that goes off rings, it is not disarmed)
  [
    ['switches', 'off'],
    ['turn', 'off'],
  ],
];

function asOrder(tokens: string[]): string[] | undefined {
  if (!['the', 'my', 'our'].includes(tokens[0] ?? '')) return undefined;
  for (let i = 2; i < tokens.length; i++) {
    const does = DOES.find(([w]) => w.every((x, k) => tokens[i + k] === x));
    if (!does) continue;
    const end = i + does[0].length;
    return [...does[1], ...tokens.slice(0, i), ...tokens.slice(end)];
  }
  return undefined;
}

/** "the garage door opens", "there is motion in the hallway", "the front door is unlocked". */
function stateTrigger(said: string[], ctx: RuleContext): RuleDraft['trigger'] | undefined {
  // "movement in the hall" is motion there; "there's someone moving in the hall" is someone moving
  const words = said.map((t) => (t === 'movement' ? 'motion' : t));
  const clause =
    words[0] === 'there' && words[1] === 'is' && SOMEONE.has(words[2] ?? '') ? words.slice(2) : words;
  // ("whenever there is motion in the | kitchen, turn on …": a clause cut off before its place
  // is no trigger — the place went to the command)
  if (CUT_OFF_AT.has(clause[clause.length - 1] ?? '')) return undefined;
  const EVENTS: [string[], string][] = [
    [['opens'], 'open'],
    // (said without its verb's ending or its "is": "whenever the garage door open")
    [['open'], 'open'],
    [['opened'], 'open'],
    [['closed'], 'closed'],
    [['unlocked'], 'unlocked'],
    [['is', 'opened'], 'open'],
    [['is', 'open'], 'open'],
    [['closes'], 'closed'],
    [['is', 'closed'], 'closed'],
    [['turns', 'on'], 'on'],
    [['goes', 'on'], 'on'],
    [['is', 'on'], 'on'],
    [['turns', 'off'], 'off'],
    [['goes', 'off'], 'off'],
    [['is', 'off'], 'off'],
    [['is', 'locked'], 'locked'],
    [['gets', 'locked'], 'locked'],
    [['is', 'unlocked'], 'unlocked'],
    [['gets', 'unlocked'], 'unlocked'],
    [['unlocks'], 'unlocked'],
    [['locks'], 'locked'],
    [['detects', 'motion'], 'on'],
    [['gets', 'home'], 'home'],
    [['comes', 'home'], 'home'],
    [['arrives', 'home'], 'home'],
    [['reaches', 'home'], 'home'],
    [['arrives'], 'home'],
    [['gets', 'back'], 'home'],
    [['comes', 'back'], 'home'],
    [['returns', 'home'], 'home'],
    [['returns'], 'home'],
    [['is', 'home'], 'home'],
    // (asked as "is Sam out": the second stage's word for away)
    [['leaves'], 'out'],
    [['leaves', 'home'], 'out'],
    [['leaves', 'the', 'house'], 'out'],
    [['goes', 'out'], 'out'],
    [['is', 'away'], 'out'],
    [['is', 'out'], 'out'],
  ];
  // ("when sam come home", "whenever the garage door close": the verb without its ending)
  for (const [words, state] of [...EVENTS]) {
    const verb = words[0]!;
    if (verb === 'is' || !verb.endsWith('s')) continue;
    const base = verb === 'goes' ? 'go' : verb.replace(/(ch|sh|ss)es$/, '$1').replace(/s$/, '');
    EVENTS.push([[base, ...words.slice(1)], state]);
  }
  // the same event in other kinds' words: a lock "opens" when it is unlocked
  const ALSO: Record<string, string[]> = { open: ['open', 'unlocked'], closed: ['closed', 'locked'] };
  const questions: string[][] = [];
  for (const [words, state] of EVENTS) {
    const at = indexOf(clause, words);
    if (at < 0 || at + words.length !== clause.length) continue;
    for (const st of ALSO[state] ?? [state]) questions.push(['is', ...clause.slice(0, at), st]);
    break;
  }
  // "somebody unlocks the front door": the door is unlocked
  const done = SOMEONE.has(clause[0] ?? '') ? DONE_TO[clause[1] ?? ''] : undefined;
  if (done) questions.push(['is', ...clause.slice(2), done]);
  // "somebody is moving about in the hall", "anyone walks through the hallway": motion there
  const moving = movingIn(clause);
  if (moving) questions.push(['is', 'there', 'motion', ...moving]);
  if (clause[0] === 'there' && clause[1] === 'is' && clause.includes('motion'))
    questions.push(['is', 'there', ...clause.slice(2)]);
  if (clause.includes('motion') && clause.includes('detected')) questions.push(['is', ...clause]);
  // "motion in the hallway", "motion is in the hallway" (Naija "motion dey for hallway")
  if (clause[0] === 'motion' && ['in', 'is'].includes(clause[1] ?? ''))
    questions.push(['is', 'there', 'motion', ...clause.slice(clause[1] === 'is' ? 2 : 1)]);
  let r: Reading | undefined;
  // "is there motion in the hall" asks whether it is on, said or not
  const motion = clause.includes('motion') || !!moving;
  for (const q of questions) {
    r = ctx.stage2.read(q.join(' '), { area: ctx.area });
    if (r?.intent === 'HassGetState' && motion && r.slots.state === undefined)
      r = { ...r, slots: { ...r.slots, state: 'on' } };
    if (r?.intent === 'HassGetState' && typeof r.slots.state === 'string') break;
    r = undefined;
  }
  if (!r || typeof r.slots.state !== 'string') return undefined;
  const t = r.target;
  const members = !t ? [] : t.kind === 'entities' ? t.entities : ctx.stage2.membersOf(t);
  if (members.length !== 1) return undefined;
  return {
    type: 'device_state',
    entity: members[0]!.entity_id,
    to: r.slots.state,
    name: members[0]!.name,
  };
}

const SOMEONE = new Set(['somebody', 'someone', 'anybody', 'anyone', 'one']);
/** Words that open a place: no command of a rule starts with one. */
const PLACE_OPENERS = new Set(['in', 'into', 'at', 'through', 'by', 'inside', 'of', 'from']);
const ARTICLE = new Set(['the', 'a', 'an', 'my', 'our']);
/** Words no clause ends on: it goes on into the next. */
const CUT_OFF_AT = new Set('the a an into at of my our by to for from through'.split(' '));
/** How a person moves through a place, as said of anyone: motion there. */
const MOVES = new Set(
  `moves moving walks walking comes coming goes going passes passing enters entering gets getting
   is about around through into in by past up down`.split(/\s+/),
);
/** Where "someone" moves: the words from the place on ("in the hallway"), if all else is moving. */
function movingIn(clause: string[]): string[] | undefined {
  if (!SOMEONE.has(clause[0] ?? '') || clause[0] === 'one') return undefined;
  let k = 1;
  while (
    k < clause.length &&
    MOVES.has(clause[k]!) &&
    !['in', 'into', 'through', 'by', 'past'].includes(clause[k]!)
  )
    k++;
  // a verb of moving is said ("someone is in the hallway" is presence, read the same)
  const place = clause.slice(k);
  if (k === 1 && clause[1] !== 'in') return undefined;
  if (!['in', 'into', 'through', 'by', 'past'].includes(place[0] ?? '')) return undefined;
  return ['in', ...place.slice(1)];
}
/** What someone does to a device, as the state it is then in. */
const DONE_TO: Record<string, string> = {
  unlocks: 'unlocked',
  locks: 'locked',
  opens: 'open',
  closes: 'closed',
  shuts: 'closed',
};

const RULE_OPENERS = [
  ['any', 'time'],
  ['anytime'],
  ['every', 'time'],
  ['each', 'time'],
  ['as', 'soon', 'as'],
];

/** Words that open the sun as a trigger: "when it gets dark", "once the sun goes down", "at dusk". */
const SUN_OPENERS = ['when', 'once', 'as', 'whenever', 'at'];

/** Words that name a rule being made: "create an automation: …". */
const RULE_NOUNS = new Set(['automation', 'rule', 'routine']);
const CREATING = new Set([
  'create',
  'make',
  'add',
  'new',
  'set',
  'up',
  'a',
  'an',
  'please',
  'pls',
  'can',
  'you',
]);

/**
 * "could you set it up so …", "can you make it so that …", "I'd like it if …": a wish for a
 * rule, around the rule.
 */
function withoutWrapper(tokens: string[]): string[] {
  // "automation: weekdays 07:15 …", "create an automation: every weekday …", "new rule: …"
  const named = tokens.findIndex((t) => RULE_NOUNS.has(t));
  if (named >= 0 && named <= 3 && tokens.slice(0, named).every((t) => CREATING.has(t))) {
    const after = ['that', 'to', 'for'].includes(tokens[named + 1] ?? '') ? named + 2 : named + 1;
    if (after < tokens.length) return tokens.slice(after);
  }
  const so = tokens.findIndex((t, i) => (t === 'so' || t === 'if') && i <= 7);
  if (so > 0 && tokens.slice(0, so).some((t) => ['set', 'make', 'arrange', 'like', 'love'].includes(t))) {
    const head = tokens.slice(0, so);
    if (head.includes('it') || head.includes('things'))
      return tokens.slice(so + (tokens[so + 1] === 'that' ? 2 : 1));
  }
  return tokens;
}
