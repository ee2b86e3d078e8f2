/**
 * A request and the words around it, said without a comma: a reason after it ("turn the
 * hallway light on I'm coming in with shopping") or a remark before it ("right I'm up do the
 * good morning thing"). What is set aside names nothing of the home and changes nothing of the
 * request; what is left must read as a command on its own.
 */
import { tokenize } from '../intents/normalize.js';
import {
  doingSomething,
  GREETING,
  leadingSecondThoughts,
  NOT_A_REASON,
  PARTICLES,
  placeThere,
  PURPOSE_OPENERS,
  REASON_OPENERS,
  SECOND_THOUGHT_OPENERS,
  SPANS,
  SUBJECT_OPENERS,
  sunEvent,
} from './clauses.js';
import { ACTION_VERBS, declarative, narrated, negated, NEGATIONS, NOT_POLITE } from './guards.js';
import { aboutAnAction } from './told.js';
import type { SecondStage } from './reader.js';
import { QUESTION_INTENTS, type Referent } from './reading.js';
import { KIN, QUESTION_WORDS } from './lexicon.js';
import { LEXICON_WORDS } from './tagger.js';
import { REQUEST_OPENERS } from './questions.js';
import { specialIntent } from './special-requests.js';
import type { Command, Understood } from './understand.js';

/** What reads a request on its own: the understanding, as the parts here need it. */
export interface RequestReader {
  readonly stage2: SecondStage;
  single(tokens: string[], area: string | null, referent: Referent | undefined): Understood | undefined;
}

/**
 * A request with its reason said after it, without a comma: "turn the hallway light on I'm
 * coming in with shopping", "pop the lamp in the office on so I can read", "porch light on
 * for the delivery driver". The reason starts with a word that opens one, names nothing of
 * the home, holds no number, time or sun, and nothing that takes the request back; what is
 * before it must read as a command on its own.
 */
export function withReason(
  reader: RequestReader,
  tokens: string[],
  area: string | null,
  referent: Referent | undefined,
  /** The tokens are the whole message, not a part of a compound whose verb is carried. */
  whole = false,
): Understood | undefined {
  // "… the lights out there": "there" is a place, read with the place or not at all — but in
  // a reason of its own after a device named ("turn the ceiling fan off its roasting up
  // there") it is where the reason is
  const there = placeThere(tokens);
  if (aboutAnAction(tokens)) return undefined;
  const asked = there >= 0 ? undefined : askedAfterAll(reader, tokens, area, referent);
  if (asked) return asked;
  for (let i = 2; i < tokens.length; i++) {
    const tail = tokens.slice(i);
    if (there >= 0 && (i > there || !THERE_IN_REASON.has(tail[0]!))) continue;
    // ("set the thermostat to twenty | for": a number heard in part, no reason)
    if (tail.length === 1 && ['to', 'too', 'for', 'four'].includes(tail[0]!)) continue;
    // ("… to forty | for percent": a unit is of the value, no reason)
    if (tail.some((t) => ['percent', 'degrees', 'degree', 'celsius', 'fahrenheit'].includes(t))) continue;
    // "… the onions are smoking": a thing said first must be said of ("the sauna" is no reason)
    // (never right after a verb or its particle: "switch on | the geyser …" has no target)
    // "… jess is asleep", "… sam was out": someone by name, then what they are; "… moms
    // pulling in", "… nobody's using it": someone, then what they are doing (the "'s" the
    // words no longer show)
    // ("… someone burnt toast", "… sam spilt his juice": what someone did)
    // (not after words told of or wished done: "mum said turn …", "you should have turned …")
    // ("… mum always forgets", "… grandad never remembers": one of the family, and their habit)
    const anyone =
      (ANYONE.has(tail[0]!) || KIN.has(tail[0]!) || reader.stage2.personNamed(tail[0]!)) &&
      !tokens.slice(0, i).some((t) => TOLD_OF.has(t));
    const does = HABITUALLY.has(tail[1] ?? '') ? (tail[2] ?? '') : (tail[1] ?? '');
    const someone =
      (['is', 'was', 'has', 'isnt'].includes(tail[1] ?? '') ||
        (doingSomething(tail[1] ?? '') && reader.stage2.cuesOf(tail[1]!).length === 0) ||
        (anyone && (DID.test(does) || DOES.test(does)) && reader.stage2.cuesOf(does).length === 0)) &&
      ((!LEXICON_WORDS.has(tail[0]!) && reader.stage2.namesNothing(tail[0]!)) || anyone) &&
      !ACTION_VERBS.has(tokens[i - 1]!) &&
      // (not "… on | saturday was …": a time or the object of a preposition; "nobody" is
      // someone here)
      (!NOT_POLITE.has(tail[0]!) || tail[0] === 'nobody') &&
      // (someone who did something may follow the particle: "… fan on | someone burnt toast")
      (!['on', 'in', 'at', 'for', 'to', 'from', 'of', 'with', 'by', 'the', 'a', 'an'].includes(
        tokens[i - 1]!,
      ) ||
        (anyone && ['on', 'off'].includes(tokens[i - 1]!) && DID.test(tail[1] ?? ''))) &&
      // (after a request with its action: "movie night | kai was rubbish" asks nothing — a scene
      // asked for by its word does: "dinner party mode | guests coming soon")
      (reader.stage2.hasAction(tokens.slice(0, i).join(' ')) ||
        reader.stage2.opensWithScene(tokens.slice(0, i).join(' ')));
    const subject =
      someone ||
      (SUBJECT_OPENERS.has(tokens[i]!) &&
        !ACTION_VERBS.has(tokens[i - 1]!) &&
        // ("… in | the dining room": a place is never cut from its "in")
        !PLACE_BEFORE.has(tokens[i - 1]!) &&
        !(PARTICLES.has(tokens[i - 1]!) && ACTION_VERBS.has(tokens[i - 2] ?? '')) &&
        // ("the carpet by the door is filthy": a subject of up to five words; "the phone's
        // ringing", whose "'s" the words no longer show)
        (declarative(tail.join(' '), 5) ||
          [2, 3].some((k) => doingSomething(tail[k] ?? '')) ||
          (isUnwritten(tail) && reader.stage2.namesNothing(tail[1]!)) ||
          wantsOut(tail)));
    // "… doing my makeup", "… cooking tea": what someone is busy with
    // (not after "the", "a" or "in": "the dining room" is a place; nor right after a device
    // with no action asked of it: "the kettle's needing descaled" tells of the kettle)
    const busy =
      (reader.stage2.hasAction(tokens.slice(0, i).join(' ')) || QUESTION_WORDS.has(tokens[0]!)) &&
      doingSomething(tokens[i]!) &&
      reader.stage2.cuesOf(tokens[i]!).length === 0 &&
      !SUBJECT_OPENERS.has(tokens[i - 1]!) &&
      !['a', 'an'].includes(tokens[i - 1]!) &&
      !PLACE_BEFORE.has(tokens[i - 1]!);
    if (!REASON_OPENERS.has(tokens[i]!) && !subject && !busy) continue;
    // a reason tells, it asks for nothing more: no action of its own ("I keep forgetting" tells),
    // no name of the home
    // (a purpose may speak of a time: "… so it's not blinding at 3am" — what is asked is still now)
    const purpose = tail[0] === 'so' && tail[1] !== 'long';
    // "… while I make a cuppa", "… because we put the heater on earlier": what someone else
    // does in a clause of their own is not asked of the agent (not "… so you can …")
    const othersDo = OWN_CLAUSE.has(tail[0]!) && OWN_SUBJECT.has(tail[1] ?? '');
    if (
      tail.some(
        (t, k) =>
          ((!purpose || !clockTime(tail, k)) && /\d/.test(t)) ||
          // ("… i'm done for today", "… i forgot it on since morning": a span or a past of the
          // speaker's, no time to act)
          (!purpose &&
            NOT_A_REASON.has(t) &&
            !['for', 'since'].includes(tail[k - 1] ?? '') &&
            !stateOfTheTime(tail, k)) ||
          (ACTION_VERBS.has(t) && !othersDo && !(tail[k + 1] ?? '').endsWith('ing')),
      ) ||
      (!purpose && sunEvent(tail))
    )
      continue;
    if (['for', 'till', 'until'].includes(tail[0]!) && tail.some((t) => SPANS.has(t))) continue;
    // "… moms pulling in after work", "… the cleaners are coming friday": someone's coming
    // or going at another time is when, not why
    if (laterInAReason(tail)) continue;
    // a purpose or what I say of myself may be negative ("… so I don't wake the baby", "… I've
    // no idea"), naming nothing of the home
    // ("… my eyes aren't awake yet": what I say of my own, naming nothing of the home, may be
    // negative too; "…, the kids aren't asleep yet" of others may say not to — not read past)
    const negative =
      PURPOSE_OPENERS.has(tail[0]!) ||
      ((SELF.has(tail[0]!) || (subject && ['my', 'our'].includes(tail[0]!))) && declarative(tail.join(' ')));
    const told = negative ? withoutNegations(tail) : tail;
    if (negative && told.length < tail.length && !reader.stage2.namesNothing(told.join(' '))) continue;
    // a statement may use a word of a name as a common word ("the floor is filthy", "the
    // baby next door is asleep"), a bare reason may not
    // ("… my husband's coming in from the garden": a place in a statement after a request on
    // one named device moves nothing)
    // ("… I'm outside", "… we're in for the night": what I say of myself may use a word of a
    // name as a common word, as a statement may — never a place)
    const ofMyself = SELF.has(tail[0]!) && (!['i', 'we'].includes(tail[0]!) || declarative(tail.join(' ')));
    const aside = reader.stage2.isAside(told.join(' '), { names: subject || ofMyself });
    if (!aside && !(subject && reader.stage2.isAside(told.join(' '), { names: true, places: true })))
      continue;
    const head = tokens.slice(0, i);
    // "… turn | it off": a verb is never cut from its object
    if (ACTION_VERBS.has(head[head.length - 1]!)) continue;
    // "unlock the front door as soon as | I'm outside", "… by the time | we're back": what
    // follows is when
    if (TIME_HINGES.has(head[head.length - 1]!)) continue;
    // "what time is it I've lost track"
    const special = specialIntent(head);
    if (special) return { kind: 'special', intent: special };
    // "please clean | the windows they are dirty": a request cut from what it acts on is none
    if (!reader.stage2.saysWhat(head.join(' '))) continue;
    const u = reader.single(head, area, referent);
    if (
      !aside &&
      (u?.kind !== 'command' || !placeMovesNothing(reader, u.command, head, tail.join(' '), referent, area))
    )
      continue;
    if (there >= 0 && (u?.kind !== 'command' || !u.command.reading.slots.name)) continue;
    // ("the kettle we brought from India did not fit …": a device named with nothing asked of
    // it, then a statement, tells of it — only a scene is asked for by its name alone)
    const sceneOnly =
      u?.kind === 'command' &&
      u.command.reading.target?.kind === 'entities' &&
      u.command.reading.target.entities.every((e) => e.domain === 'scene');
    if (
      whole &&
      !referent &&
      u?.kind === 'command' &&
      !QUESTION_INTENTS.has(u.command.reading.intent) &&
      !reader.stage2.hasAction(head.join(' ')) &&
      !sceneOnly
    )
      continue;
    if (u?.kind === 'command' || u?.kind === 'ask') return u;
  }
  return undefined;
}

/** Words that open a reason whose "there" is where the reason is: "… its roasting up there". */
const THERE_IN_REASON = new Set(['its', 'it', 'im', 'i', 'were', 'we', 'theres']);

/**
 * "… the suns in my eyes": a thing and what it is, its "'s" not typed — "the" and a word in -s,
 * then where it is or how ("in", "on", "out", "up", "too", "so", "all") — never a device word
 * ("… the curtains in the bedroom" is where).
 */
function isUnwritten(tail: string[]): boolean {
  return (
    tail.length >= 3 &&
    tail.length <= 8 &&
    /^[a-z]{2,}s$/.test(tail[1]!) &&
    ['in', 'on', 'out', 'up', 'down', 'too', 'so', 'all', 'right', 'really', 'very', 'still'].includes(
      tail[2]!,
    )
  );
}

/** "… the dog wants out", "… the cat needs feeding": what someone or something wants, told. */
function wantsOut(tail: string[]): boolean {
  const k = tail.findIndex((t) => ['wants', 'needs', 'keeps', 'likes', 'hates'].includes(t));
  return k >= 2 && k <= 3;
}

/** Words that open a clause of its own after a question: "… my phone's dead", "… is it payday yet". */
const CLAUSE_OPENERS = new Set(
  `i im ive id my me we were our you your he she they it its is are was the this so because cos
   cause and but need got just gotta am after before while since`.split(/\s+/),
);

/** The time, the date or what the agent can do, asked before words that name nothing of the home. */
const ASKED_ONLY = new Set(['HassGetCurrentTime', 'HassGetCurrentDate', 'HearthHelp']);

/**
 * "what time is it my phone's dead", "what's the date today is it payday yet": a question
 * outside device control, then anything that names nothing of the home and asks for no action
 * — answering it acts on nothing, whatever the rest says.
 */
function askedAfterAll(
  reader: RequestReader,
  tokens: string[],
  area: string | null,
  referent: Referent | undefined,
): Understood | undefined {
  // a question opens with its word or its verb ("how humid is …", "are all the doors …")
  if (!QUESTION_WORDS.has(tokens[0]!) && !QUESTION_VERBS.has(tokens[0]!)) return undefined;
  for (let i = tokens.length - 1; i >= 2; i--) {
    const tail = tokens.slice(i);
    // a new clause, not more of the question ("what time is it in new york", "… the time
    // difference", "the date of Diwali"); never "thank you for your help"
    if (!CLAUSE_OPENERS.has(tail[0]!)) continue;
    // ("are there any lights on up | the stair": a thing said first must be said of)
    if (SUBJECT_OPENERS.has(tail[0]!) && !declarative(tail.join(' '), 5)) continue;
    const intent = specialIntent(tokens.slice(0, i));
    const u = intent ? undefined : reader.single(tokens.slice(0, i), area, referent);
    const device = u?.kind === 'command' && QUESTION_INTENTS.has(u.command.reading.intent) && !u.command.when;
    if (!(intent && ASKED_ONLY.has(intent)) && !device) continue;
    // the rest tells, and asks of nothing at another time: "… after that long shower", not
    // "… after sunset"
    if (
      tail.some((t) => ACTION_VERBS.has(t) || /\d/.test(t) || NOT_A_REASON.has(t)) ||
      !reader.stage2.namesNothing(tail.join(' '))
    )
      return undefined;
    return intent ? { kind: 'special', intent } : u;
  }
  return undefined;
}

/** Verbs that open a yes-or-no question: "are all the doors locked …", "is the bathroom …". */
const QUESTION_VERBS = new Set(['is', 'are', 'was', 'were', 'did', 'does', 'do', 'has', 'have', 'r']);

/**
 * A remark said before the request, without a comma: "right I'm up do the good morning
 * thing", "we're off out now set it to away", "g'day run good morning for us". The remark is
 * a greeting or a statement that names nothing of the home (a word of a name as a common
 * word aside), with no number, time or word that changes the request; the request opens with
 * its verb and reads as a command on its own.
 */
export function afterRemark(
  reader: RequestReader,
  tokens: string[],
  area: string | null,
  referent: Referent | undefined,
): Understood | undefined {
  // "I tried to turn on the porch light", "we didn't lock the back door": told, not asked
  if (narrated(tokens) || negated(tokens) || aboutAnAction(tokens) || placeThere(tokens) >= 0)
    return undefined;
  for (let i = 1; i < tokens.length; i++) {
    const head = tokens.slice(0, i);
    const text = head.join(' ');
    const greeting = head.every((t) => GREETING.has(t));
    // after a greeting, anything ("night all good night mode pls"); else a verb opens it
    // ("we're all heading to class away mode": a scene by its whole name opens one too)
    if (
      !greeting &&
      !ACTION_VERBS.has(tokens[i]!) &&
      !REQUEST_VERBS.has(tokens[i]!) &&
      !REQUEST_OPENERS.has(tokens[i]!) &&
      !(
        i >= 3 &&
        !SCENE_OBJECT_BEFORE.has(tokens[i - 1]!) &&
        busyRemark(tokens.slice(0, i)) &&
        reader.stage2.opensWithScene(tokens.slice(i).join(' '))
      )
    )
      continue;
    // ("taking bub to her appointment, set away", "goin for a walk w the pram, away pls": what
    // I am busy with, its "I'm" unsaid — before a scene)
    const busy = doingSomething(head[0]!) && reader.stage2.cuesOf(head[0]!).length === 0;
    const statement = declarative(text) || (SELF.has(head[0]!) && head.length >= 2);
    if (!greeting && !statement && !busy) continue;
    // ("nobody's home so can you …": a reason, then "so" and the request)
    const reason = head.length > 2 && head[head.length - 1] === 'so' ? head.slice(0, -1) : head;
    if (
      !greeting &&
      (head.some((t) => /\d/.test(t) || NOT_A_REASON.has(t)) ||
        LEADS_ON.has(reason[reason.length - 1]!) ||
        !reader.stage2.isAside(reason.join(' ')))
    )
      continue;
    if (!reader.stage2.saysWhat(tokens.slice(i).join(' '))) continue;
    const u = reader.single(tokens.slice(i), area, referent);
    // ("we all leave now, put the away": a verb of what we do, with nothing of the home and
    // nothing it stands for, before a scene — never before a device's command)
    const scene =
      u?.kind === 'command' &&
      u.command.reading.target?.kind === 'entities' &&
      u.command.reading.target.entities.every((e) => e.domain === 'scene');
    if (
      !greeting &&
      head.some((t) => ACTION_VERBS.has(t)) &&
      (!scene || head.some((t) => STANDS_FOR_A_THING.has(t)))
    )
      continue;
    if (busy && !statement && !greeting && !scene) continue;
    if (u?.kind === 'command' || u?.kind === 'ask') return u;
  }
  return undefined;
}

/** Words that stand for a device said before: a verb with one acts on it. */
const STANDS_FOR_A_THING = new Set(['it', 'them', 'that', 'this', 'those', 'these', 'em', 'one']);

/** The words after second thoughts: "actually a bit more" → "a bit more". */
export function withoutSecondThoughts(tokens: string[]): string[] {
  return tokens.slice(leadingSecondThoughts(tokens));
}

/**
 * Whether a place said in a remark after a command leaves the command as it is: the command
 * acts on one device, the same one without the caller's room, the remark asks for nothing
 * (no action or feeling word, no "too"), and no place it names holds another device of that
 * kind ("start the hoover, the hall's mucky again"; not "put the fan on, it's roasting in the
 * bedroom", not "open the blinds, I'm in the bedroom").
 */
export function placeMovesNothing(
  reader: RequestReader,
  c: Command,
  head: string[],
  remark: string,
  referent: Referent | undefined,
  area: string | null,
): boolean {
  const t = c.reading.target;
  if (typeof c.reading.slots.name !== 'string' || t?.kind !== 'entities' || t.entities.length !== 1)
    return false;
  const device = t.entities[0]!;
  // (the caller's room only where the command says "here")
  const alone = reader.single(head, head.includes('here') ? area : null, referent);
  const same =
    alone?.kind === 'command' &&
    alone.command.reading.target?.kind === 'entities' &&
    alone.command.reading.target.entities.length === 1 &&
    alone.command.reading.target.entities[0] === device;
  if (!same || reader.stage2.cuesOf(remark).length > 0) return false;
  const words = tokenize(remark);
  if (
    words.some(
      (w, i) =>
        MORE.has(w) || (['n', 'an', 'as'].includes(w) && ['all', 'well'].includes(words[i + 1] ?? '')),
    )
  )
    return false;
  return reader.stage2
    .areasIn(remark)
    .every((a) =>
      reader.stage2.membersOf({ kind: 'group', domain: device.domain, area: a }).every((e) => e === device),
    );
}
const PLACE_BEFORE = new Set(['in', 'into', 'at', 'from', 'near', 'by', 'inside', 'outside']);
/** Words that ask for more than was said: "…, the garage is dark too". */
const MORE = new Set(['too', 'also', 'either']);

/** A number said as a time of day: "at 3am", "by 7", "before 6". */
function clockTime(tokens: string[], k: number): boolean {
  return (
    /^\d+(am|pm)$/.test(tokens[k]!) ||
    ['at', 'by', 'before', 'after', 'until', 'till'].includes(tokens[k - 1] ?? '')
  );
}

/** Who speaks of themselves: "I've no idea", "we don't want to be late", "that's me off". */
/**
 * A time said in what would be a reason: it tells when someone comes or goes ("… after work",
 * "… on saturday", "… at lunchtime", "… first thing") — not "… after tripping" (Irish: just
 * did), "… for the weekend" (how long), "… by then".
 */
function laterInAReason(tail: string[]): boolean {
  const text = tail.join(' ');
  return (
    /\b(?:after|before|until|till) (?!\w+ing\b)\w+/.test(text) ||
    /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/.test(text) ||
    /\b(?:on|at|this|next|by) (?:the )?weekends?\b/.test(text) ||
    /\b(?:at|after|before|by|for|around) (?:lunch|lunchtime|breakfast|dinner|dinnertime|supper|teatime)\b/.test(
      text,
    ) ||
    /\b(?:tonite|first thing|next (?:week|time|month|year))\b/.test(text)
  );
}
/** The last word before a clause that says when: "as soon as", "once", "when", "until". */
const TIME_HINGES = new Set([
  'as',
  'once',
  'when',
  'whenever',
  'after',
  'before',
  'until',
  'till',
  'if',
  'unless',
]);

/** Words that open a clause with a subject of its own: "while I …", "because we …". */
const OWN_CLAUSE = new Set(['while', 'because', 'cos', 'coz', 'cause', 'since', 'whilst']);
/** Who does what such a clause says, when it is not the agent. */
const OWN_SUBJECT = new Set(
  'i im ive id ill we were weve wed he hes she shes they theyre my our his her their mum mom dad'.split(' '),
);
const SELF = new Set(['i', 'im', 'ive', 'id', 'ill', 'we', 'were', 'weve', 'wed', 'thats']);
/** Words after which the next words continue the remark: "I tried to | turn …", "we will | lock …". */
const LEADS_ON = new Set(
  `to and or but not dont didnt never will would should could can might must shall i we you he she
   they it then if when so that who which`.split(/\s+/),
);
/**
 * A remark of what someone is doing or about to do, before a scene asked for with no comma:
 * "we're all heading to class", "ppl r coming over" — a form of "be" and a word of doing or
 * going; not what someone said, asked, had or should do ("I told sam", "we should rename").
 */
function busyRemark(head: string[]): boolean {
  if (head.some((t) => REPORTED.has(t))) return false;
  return head.some(
    (t, k) => BE.has(t) && head.slice(k + 1, k + 4).some((w) => /^[a-z]{3,}ing$/.test(w) || GONE.has(w)),
  );
}
const BE = new Set([
  're',
  'are',
  'r',
  'is',
  's',
  'am',
  'im',
  'were',
  'was',
  'youre',
  'theyre',
  'hes',
  'shes',
]);
const GONE = new Set(['off', 'out', 'home', 'back', 'asleep', 'ready', 'here', 'over', 'leaving', 'up']);
/** Words of what was said, asked, had or might be done: the scene is what they speak of. */
const REPORTED = new Set(
  `told tell telling said say says asked ask asking wondering whether if should could would might need
   needs want wants had have has did does rename renamed fix fixed try trying dislike dislikes think
   thought know knew remember works work worked broken`.split(/\s+/),
);

/** Words before a request that make it told of, not asked: "mum said …", "you should have …". */
const TOLD_OF = new Set(['said', 'says', 'told', 'tells', 'should', 'shouldve', 'have', 'had']);

/** Someone, by a word that names no one of the home. */
const ANYONE = new Set(['someone', 'somebody', 'everyone', 'everybody', 'nobody', 'noone']);
/** A verb of what someone does: "forgets", "hates", "leaves" (never "is", "was", "has"). */
const DOES = /^[a-z]{3,}(?<!ss|us|is|as)s$/;
/** Words of how often, between someone and what they do: "mum always forgets". */
const HABITUALLY = new Set(['always', 'never', 'usually', 'often', 'sometimes', 'normally', 'just', 'still']);
/** A verb of what was done: "burnt", "spilt", "cooked", "dropped". */
const DID =
  /^(?:[a-z]{3,}ed|burnt|spilt|made|left|broke|forgot|took|brought|came|went|got|did|had|ate|threw|knocked)$/;

/**
 * Words after which a scene's name is what a remark speaks of, not a request: "I hate away
 * mode", "a book about movie night", "my favourite is movie night".
 */
const SCENE_OBJECT_BEFORE = new Set(
  `about of for with like likes love loves hate hates enjoy enjoys prefer prefers miss misses called
   named than the a an to on in at from into is was are were be been my our your their his her`.split(/\s+/),
);
/** Verbs that open a request, besides the action verbs: "do the away setting", "pop the kettle on". */
const REQUEST_VERBS = new Set(['do', 'send', 'pop', 'bring', 'get', 'give', 'stick', 'flick', 'chuck']);

/**
 * The words without "not", "never", "don't", a "no" before a noun ("no idea", not "no wait"),
 * and staying told of oneself ("I'm staying up late").
 */
function withoutNegations(tokens: string[]): string[] {
  return tokens.filter(
    (t, i) =>
      !['stay', 'staying', 'stays'].includes(t) &&
      !NEGATIONS.has(t) &&
      !(
        t === 'no' &&
        !SECOND_THOUGHT_OPENERS.has(tokens[i + 1] ?? '') &&
        !['need', 'more'].includes(tokens[i + 1] ?? '')
      ),
  );
}

/** Verbs of the speaker going somewhere: "walk", "head", "traipse". */
const GOING = new Set(
  'walk walking go going get getting come coming run running head heading trek trudge climb climbing drive driving traipse wander'.split(
    ' ',
  ),
);
/** Words of the way there: "all the way back to", "up into". */
const THE_WAY = new Set([
  'all',
  'the',
  'way',
  'back',
  'to',
  'into',
  'through',
  'up',
  'down',
  'across',
  'over',
  'out',
]);

/**
 * "…, I don't want to walk all the way back to the kitchen": a statement of the speaker
 * going somewhere. The place is where they go, the way there ("back") no name; it asks for
 * nothing if nothing else in it is an action or a device.
 */
export function ownGoing(stage2: SecondStage, tokens: string[]): boolean {
  if (!SELF.has(tokens[0] ?? '') || tokens[0] === 'thats') return false;
  const v = tokens.findIndex((t) => GOING.has(t));
  if (v < 0) return false;
  const rest = tokens.filter((t, i) => !(i > v && THE_WAY.has(t)) && !NEGATIONS.has(t)).join(' ');
  return stage2.cuesOf(rest).length === 0 && !stage2.namesDevice(rest) && !/\d/.test(rest);
}

/** Words that open a reason as a cause ("because it is chilly tonight"). */
const CAUSES = new Set(['because', 'cos', 'coz', 'cause', 'since', 'as']);
const COPULAS = new Set(['is', 'are', 'was', 'were', 'its', 'feels', 'looks', 'seems']);
/** Words before a time word that make it a time to act, not the time a state is told of. */
const TIME_TO_ACT = new Set([
  'by',
  'until',
  'till',
  'at',
  'before',
  'after',
  'when',
  'gets',
  'get',
  'getting',
  'goes',
]);

/**
 * "… because it is chilly tonight", "… as it's dark this evening": in a reason opened by its
 * cause, a time or "dark" after "is" is the time the state is told of — no time to act ("… as
 * soon as it's dark", "… because it gets dark at 5" keep theirs).
 */
function stateOfTheTime(tail: string[], k: number): boolean {
  if (!CAUSES.has(tail[0]!) || tail[1] === 'soon') return false;
  const copula = tail.findIndex((w) => COPULAS.has(w));
  return copula > 0 && copula < k && !tail.slice(0, k).some((w) => TIME_TO_ACT.has(w));
}
