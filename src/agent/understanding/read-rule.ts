/**
 * A rule said in words — "every weekday at 7 turn on the kitchen light", "when the garage
 * door opens turn on the hall light", "after sunset" — read as a draft: a time, solar or device
 * state trigger, sun conditions, and the command, for the person to confirm (rules.ts).
 */
import type { SecondStage } from './reader.js';
import { QUESTION_INTENTS, type Reading } from './reading.js';
import { cutWhen } from './when.js';

/** A rule said in words, before the person confirms it. */
export interface RuleDraft {
  trigger:
    | { type: 'time'; at: string; days?: string[] }
    | { type: 'solar'; event: 'sunrise' | 'sunset' }
    | { type: 'device_state'; entity: string; to: string; name: string };
  conditions: (
    | { type: 'sun'; after?: 'sunset' | 'sunrise'; before?: 'sunset' | 'sunrise' }
    | { type: 'time'; after?: string; before?: string }
  )[];
  command: Reading;
}

/** How a rule's parts are read: its command as any command, its trigger as a state question. */
export interface RuleContext {
  /** Reads a command in the conversation (templates first, then the second stage). */
  read(tokens: string[]): Reading | undefined;
  stage2: SecondStage;
  /** The caller's area. */
  area: string | null;
}

/** "every weekday at 7 turn on the kitchen light", "when the garage door opens …". */
export function readRule(tokens: string[], ctx: RuleContext): RuleDraft | undefined {
  let rest = [...tokens];
  // other ways to open a rule: "any time the front door …", "each time …", "as soon as …"
  for (const opener of RULE_OPENERS) {
    if (indexOf(rest, opener) === 0) {
      rest = ['when', ...rest.slice(opener.length)];
      break;
    }
  }
  const first = rest[0];
  if (!first) return undefined;
  const conditions: RuleDraft['conditions'] = [];
  // "when it gets dark switch on the christmas tree": the sun as the trigger
  for (const [phrase, event] of SOLAR_TRIGGERS) {
    if (indexOf(rest, phrase) !== 0) continue;
    const cmd = ruleCommand(rest.slice(phrase.length), ctx);
    return cmd ? { trigger: { type: 'solar', event }, conditions, command: cmd } : undefined;
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
    return { trigger: schedule.trigger, conditions, command: cmd };
  }
  if (first !== 'when' && first !== 'whenever' && first !== 'once' && first !== 'if') return undefined;
  // the trigger clause ends where a command begins
  for (let k = 2; k < rest.length; k++) {
    const cmd = ruleCommand(rest.slice(k), ctx);
    if (!cmd) continue;
    const trigger = stateTrigger(rest.slice(1, k), ctx);
    if (trigger) return { trigger, conditions, command: cmd };
  }
  return undefined;
}

/** The command of a rule: an action, not a question nor a "which one?". */
function ruleCommand(tokens: string[], ctx: RuleContext): Reading | undefined {
  const toks = tokens[0] === 'then' ? tokens.slice(1) : tokens;
  if (toks.length === 0) return undefined;
  const r = ctx.read(toks);
  if (!r || r.ask || QUESTION_INTENTS.has(r.intent)) return undefined;
  return r;
}

/** "the garage door opens", "there is motion in the hallway", "the front door is unlocked". */
function stateTrigger(clause: string[], ctx: RuleContext): RuleDraft['trigger'] | undefined {
  const EVENTS: [string[], string][] = [
    [['opens'], 'open'],
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
    [['is', 'home'], 'home'],
  ];
  // the same event in other kinds' words: a lock "opens" when it is unlocked
  const ALSO: Record<string, string[]> = { open: ['open', 'unlocked'], closed: ['closed', 'locked'] };
  const questions: string[][] = [];
  for (const [words, state] of EVENTS) {
    const at = indexOf(clause, words);
    if (at < 0 || at + words.length !== clause.length) continue;
    for (const st of ALSO[state] ?? [state]) questions.push(['is', ...clause.slice(0, at), st]);
    break;
  }
  if (clause[0] === 'there' && clause[1] === 'is' && clause.includes('motion'))
    questions.push(['is', 'there', ...clause.slice(2)]);
  if (clause.includes('motion') && clause.includes('detected')) questions.push(['is', ...clause]);
  let r: Reading | undefined;
  for (const q of questions) {
    r = ctx.stage2.read(q.join(' '), { area: ctx.area });
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

const RULE_OPENERS = [
  ['any', 'time'],
  ['anytime'],
  ['every', 'time'],
  ['each', 'time'],
  ['as', 'soon', 'as'],
];

const SOLAR_TRIGGERS: [string[], 'sunset' | 'sunrise'][] = [
  [['when', 'it', 'gets', 'dark'], 'sunset'],
  [['when', 'it', 'is', 'dark'], 'sunset'],
  [['when', 'the', 'sun', 'sets'], 'sunset'],
  [['when', 'the', 'sun', 'goes', 'down'], 'sunset'],
  [['when', 'it', 'gets', 'light'], 'sunrise'],
  [['when', 'the', 'sun', 'rises'], 'sunrise'],
  [['when', 'the', 'sun', 'comes', 'up'], 'sunrise'],
];

const DAYS: Record<string, string[]> = {
  day: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  morning: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  evening: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  night: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  weekday: ['mon', 'tue', 'wed', 'thu', 'fri'],
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  weekend: ['sat', 'sun'],
  weekends: ['sat', 'sun'],
  monday: ['mon'],
  tuesday: ['tue'],
  wednesday: ['wed'],
  thursday: ['thu'],
  friday: ['fri'],
  saturday: ['sat'],
  sunday: ['sun'],
};

/** "every weekday at 7", "at 6h30 every day", "every day at sunset", "at sunrise". */
function readSchedule(tokens: string[]): { trigger: RuleDraft['trigger']; rest: string[] } | undefined {
  let days: string[] | undefined;
  let rest = [...tokens];
  let every = false;
  let evening = false;
  const e = rest.findIndex((t) => t === 'every' || t === 'each' || t === 'on');
  if (e >= 0 && DAYS[rest[e + 1] ?? '']) {
    const word = rest[e + 1]!;
    if (rest[e] === 'on' && !word.endsWith('s') && !DAYS[word]?.length) return undefined;
    days = DAYS[word]!.length === 7 ? undefined : DAYS[word];
    evening = word === 'night' || word === 'evening';
    every = true;
    rest = [...rest.slice(0, e), ...rest.slice(e + 2)];
  } else if (rest[0] === 'daily') {
    every = true;
    rest = rest.slice(1);
  }
  const sun = rest.findIndex((t, i) => t === 'at' && (rest[i + 1] === 'sunset' || rest[i + 1] === 'sunrise'));
  if (sun >= 0) {
    const event = rest[sun + 1] as 'sunset' | 'sunrise';
    rest = [...rest.slice(0, sun), ...rest.slice(sun + 2)];
    return { trigger: { type: 'solar', event }, rest: trimLinks(rest) };
  }
  if (!every) return undefined;
  const cut = cutWhen(rest);
  if (!cut.when?.at) return undefined;
  let at = cut.when.at;
  const h = Number(at.slice(0, 2));
  if (evening && h < 12) at = `${String(h + 12).padStart(2, '0')}${at.slice(2)}`;
  return { trigger: { type: 'time', at, ...(days ? { days } : {}) }, rest: trimLinks(cut.tokens) };
}

function trimLinks(tokens: string[]): string[] {
  let t = tokens;
  while (t.length > 0 && ['then', 'and', 'please'].includes(t[0]!)) t = t.slice(1);
  return t;
}

function indexOf(tokens: readonly string[], phrase: readonly string[]): number {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let k = 0; k < phrase.length; k++) if (tokens[i + k] !== phrase[k]) continue outer;
    return i;
  }
  return -1;
}
