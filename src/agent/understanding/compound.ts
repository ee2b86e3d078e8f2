/**
 * Compound commands: "turn off the kitchen light and the kettle", "lock the doors, then arm the
 * alarm". Each part is read on its own; a remark, a reason, a greeting, a wait or the same
 * command said twice is no part of its own.
 */
import { tokenize } from '../intents/normalize.js';
import {
  afterRemark,
  ownGoing,
  placeMovesNothing,
  withReason,
  type RequestReader,
} from './around-request.js';
import { FEELINGS } from './choose-intent.js';
import { doingSomething, GREETING, leadingSecondThoughts, tellsAState, waitOnly } from './clauses.js';
import { ACTION_VERBS, declarative } from './guards.js';
import { askedForm, toldState } from './told.js';
import { asideSentence } from './sentences.js';
import { specialIntent } from './special-requests.js';
import { QUESTION_INTENTS, referentOf, type Referent } from './reading.js';
import type { Command, Understood } from './understand.js';
import {
  onThenValue,
  sameCommand,
  sameDevices,
  sameTarget,
  shareDevices,
  stepThenValue,
} from './same-commands.js';
import type { When } from './when.js';
import { FILLER_WORDS } from './tagger.js';

export function readsAsCommand(
  reader: RequestReader,
  seg: string,
  area: string | null,
  referent: Referent | undefined,
): boolean {
  const u = reader.single(tokenize(seg), area, referent);
  return !!u && u.kind !== 'none';
}

/**
 * "and" and "then" as chat and other Englishes write them, before a second request's verb or
 * thing: "pause tv n on the tv backlight", Swahili "zima tv na washa floor lamp", "turn off da
 * tv an' da backlight", Hawaiʻi "open da garage door den turn on da light", Tagalog "…
 * tapos i-lock ang back door".
 */
const AND_BEFORE_A_VERB = String.raw`\b(?:(?:n|an)\b'?(?=\s+(?:d|da|di|the|my|our)\s)|(?:n|na|an)\b'?(?=\s+(?:washa|zima|fungua|funga|weka|turn|tun|switch|open|close|shut|lock|unlock|arm|disarm|start|stop|pause|play|put|pit|set|dim|raise|lower|on|off)\b)|(?:den|tapos)\b(?=\s+(?:turn|switch|open|close|shut|lock|unlock|start|stop|pause|put|set|dim|i-)))`;

/** Where one part of a message ends and the next begins ("an hour and a half" is one time). */
const PARTS_SPLIT = new RegExp(
  String.raw`\s*(?:,\s*(?:and\s+)?then\b|\b(?:and\s+)?(?:afterwards|afterward|after that|thereafter|subsequently)\b|\band after\s*,|(?<!\d),|,(?!\d)|\s[-\u2013\u2014]+\s|\band then\b|\bthen\b|(?<!\bhundred\s+)\band\b(?!\s+an?\s+(?:half|quarter)\b)|&|\balso\b|${AND_BEFORE_A_VERB}|(?<=\bplease)\s+(?:(?:baby|babe|love|hun|honey|mate|dear|bruh|bro)\s+)?(?=(?:we|i|im|he|she|they)\s))\s*`,
  'i',
);

/**
 * "kettle on coffee machine off": two requests said each as a device and its state, with
 * nothing between — split where both halves are requests of their own.
 */
function tersePairs(
  reader: RequestReader,
  text: string,
  area: string | null,
  referent: Referent | undefined,
): string[] {
  const m =
    /^(.+?\b(?:on|off|open|shut|close|closed|locked|unlocked))\s+(\S.*\b(?:on|off|open|shut|close|closed|locked|unlocked))\W*$/i.exec(
      text.trim(),
    );
  // (each half a device and its state, no verb and a few words: "switch on | the mirror light
  // off" and "lights off | downstairs but put the hallway one on" are no pairs)
  const terse = (half: string) => {
    const words = tokenize(half);
    return words.length <= 5 && !words.slice(0, -1).some((w) => ACTION_VERBS.has(w) || w === 'but');
  };
  // ("lights on | the porch off", "lights on | in the kitchen off": the "on" is where)
  const second = tokenize(m?.[2] ?? '')[0] ?? '';
  if (
    !m ||
    !terse(m[1]!) ||
    !terse(m[2]!) ||
    ['the', 'a', 'an', 'my', 'our', 'in', 'at', 'on', 'by', 'of', 'to', 'for', 'from', 'with'].includes(
      second,
    ) ||
    !readsAsCommand(reader, m[1]!, area, referent) ||
    !readsAsCommand(reader, m[2]!, area, undefined)
  )
    return [text];
  return [m[1]!, m[2]!];
}

/**
 * "open the garage door turn the hallway light on": two requests run together in one breath,
 * a verb opening the second right after the first's device or its particle — split only where
 * each half is a request of its own.
 */
function runTogether(
  reader: RequestReader,
  seg: string,
  area: string | null,
  referent: Referent | undefined,
): string[] {
  const m = RUN_TOGETHER.exec(seg.trim());
  // (the second a verb and what it acts on: "put the speaker on pause" is one request)
  if (
    !m ||
    tokenize(m[2]!).length < 3 ||
    !readsAsCommand(reader, m[1]!, area, referent) ||
    !readsAsCommand(reader, m[2]!, area, undefined)
  )
    return [seg];
  return [m[1]!, ...runTogether(reader, m[2]!, area, undefined)];
}
const RUN_TOGETHER =
  /^((?:[a-z']+\s+){2,8}?(?:door|light|lights|lamp|lamps|fan|tv|telly|speaker|blinds|curtains|heater|thermostat|heating|kettle|machine|tree|vacuum|hoover|alarm|on|off|up|down))\s+((?:turn|switch|put|open|close|shut|lock|unlock|start|stop|pause|dim)\b.*)$/i;

/** "turn off the kitchen light and the kettle", "lock the doors, then arm the alarm". */
export function compound(
  reader: RequestReader,
  text: string,
  area: string | null,
  referent: Referent | undefined,
  questions = false,
): Understood | undefined {
  // ("switch off the kettle the coffee machine and the kitchen speaker": a list, its commas unsaid)
  const said =
    !text.includes(',') && /\band\b/i.test(text) ? (reader.stage2.listedWithoutCommas(text) ?? text) : text;
  // ("turn on the lights, in the kitchen": where, said after a request that named no place —
  // one command there, never every light and then the kitchen's)
  const placed = placeAfterComma(reader, said);
  if (placed) {
    const u = reader.single(tokenize(placed), area, referent);
    if (u?.kind === 'command') return u;
  }
  let segments = said
    .split(PARTS_SPLIT)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  segments = segments.flatMap((seg, i) => runTogether(reader, seg, area, i === 0 ? referent : undefined));
  if (segments.length < 2) segments = tersePairs(reader, text, area, referent);
  if (segments.length < 2) return undefined;
  const parts: Command[] = [];
  // the words each part was said in
  const heads: string[] = [];
  // "it's stuffy in here, fan on": a feeling told is the reason for what else is asked; alone, it is the request
  const told: Command[] = [];
  // whether each feeling told named its place ("the garage is dark"), not the tablet's ("in here")
  const toldPlace: boolean[] = [];
  let ref = referent;
  let carry = '';
  let wait: When | undefined;
  // "cancel that, she's asleep already": a request outside device control, beside remarks
  let special: Understood | undefined;
  let listed = false as boolean;
  let correcting = false as boolean;
  segments.forEach((seg, i) => {
    // "the kids are 5 and 7, dim the lights": a number listed after a remark's number is the
    // remark's, never a value of what follows
    if (
      i > 0 &&
      !carry &&
      tokenize(seg).every((t) => /^\d/.test(t)) &&
      tokenize(segments[i - 1]!).some((t) => /^\d/.test(t)) &&
      !readsAsCommand(reader, segments[i - 1]!, area, ref)
    )
      return;
    // "give it twenty minutes, then turn the kitchen fan off": a wait for what follows
    const pause = waitOnly(tokenize(seg));
    if (pause && !carry) {
      wait = pause;
      return;
    }
    // "set the thermostat to twenty, no no, twenty one", "turn on the desk lamp, no wait, the
    // bedside one", "on the kitchen light, sorry, kitchen fan I mean": second thoughts after a
    // part take it back — what follows replaces it
    const thoughts = tokenize(seg);
    // "just halfway, sorry": an apology or thanks after the request
    if (i > 0 && i === segments.length - 1 && thoughts.every((t) => SIGN_OFF.has(t))) return;
    const meant = /\bi mean\b/i.test(seg);
    // ("… and actually also the kettle" adds)
    // ("kettle on, coffee machine on, and, hang on, open the blinds": a pause after "and" adds)
    // ("turn the coffee machine on and — uh, sorry — and open the blinds": a stumble, then "and")
    const adding =
      /\b(also|too|as well)\b/i.test(text) ||
      /\b(?:sorry|uh+|um+|erm)\W+and\s+(?:open|close|turn|switch|lock|unlock|start|stop|pause|put|set|dim)\b/i.test(
        text,
      ) ||
      /\band\s*,?\s*(?:hang on|hold on)\b\s*,?\s*(?!no\b|actually\b|i mean\b|sorry\b|wait\b|not\b)/i.test(
        text,
      );
    // ("pause the tv and um turn on the hallway light": a hesitation before a request of its
    // own takes nothing back; "…, erm, the kitchen fan" still corrects)
    const lead = leadingSecondThoughts(thoughts);
    // ("turn on the hallway light and um the porch light": after "and" a hesitation adds)
    const takesBack =
      thoughts.slice(0, lead).some((t) => !HESITATIONS.has(t)) ||
      (lead > 0 && !reader.stage2.hasAction(thoughts.slice(lead).join(' ')) && afterComma(text, seg));
    if (parts.length > 0 && !carry && !adding && (takesBack || meant)) {
      correcting = true;
      if (leadingSecondThoughts(thoughts) === thoughts.length && i < segments.length - 1) return;
      seg = seg.replace(/\bi mean\b/gi, ' ').trim();
      if (!seg) return;
    }
    // "turn on all the lights, well, not the porch": an exception the parts cannot honour —
    // nothing is done rather than too much
    // "forty percent only, not more": the value said again as a limit
    if (
      i > 0 &&
      tokenize(segments[i - 1]!).some((t) => /^\d/.test(t) || t === 'halfway' || t === 'half') &&
      /^(not|no|nothing) (more|less|higher|lower|brighter|louder|warmer|than that)( than that)?$/.test(
        thoughts.join(' '),
      )
    )
      return;
    if (i > 0 && EXCEPTION_OPENERS.has(thoughts.find((t) => !FILLERS.has(t)) ?? '')) {
      listed = true;
      return;
    }
    // "could you put the kettle on, I'm absolutely shattered": the remark is no part
    if (reader.stage2.isRemark(seg)) return;
    // ("make here the light out, I go upstairs": where one goes is why, never a part of its own)
    // ("make here the light out, I go upstairs": where one goes is why — after parts on named
    // devices; after "the lights" it says not which lights: nothing is done)
    if (
      i > 0 &&
      parts.length > 0 &&
      /^\W*(?:i|we|im|i am|we are|were|ill|well|i will|we will)\s+(?:go|going|head|heading|am going|are going)\b/i.test(
        seg,
      )
    ) {
      // (only a place gone to matters: "…, I am going to sleep" is why, whatever was switched)
      const placeGone = /\b(?:upstairs|downstairs|to the|into the|in the)\b/i.test(seg);
      const placed = parts.every(
        (p) =>
          p.reading.target?.kind === 'entities' || 'area' in p.reading.slots || 'floor' in p.reading.slots,
      );
      if (placeGone && !placed) listed = true;
      if (placeGone || placed) return;
    }
    // "the garage light is still on, turn it off": a state told is no part; what it tells of
    // is what "it" then means
    if (!carry && toldState(tokenize(seg), reader.stage2)) {
      const told = reader.single(askedForm(tokenize(seg)), area, ref);
      if (told?.kind === 'command') ref = referentOf(told.command.reading) ?? ref;
      return;
    }
    // "close the garage door, I think it is still open": telling a state is no second command
    if (parts.length > 0 && declarative(seg) && tellsAState(tokenize(seg)) && reader.stage2.isAside(seg))
      return;
    // "no wait, open them again": second thoughts before the request, about the last turn
    const segTokens = tokenize(seg);
    if (parts.length === 0 && !carry && leadingSecondThoughts(segTokens) === segTokens.length) return;
    // ("what time is it, my phone's dead": the time asked reads like a statement's words)
    const own = !carry ? specialIntent(segTokens) : undefined;
    if (own) {
      if (special) carry = seg;
      special = { kind: 'special', intent: own };
      return;
    }
    // "good morning, could you put the kettle on": a greeting before the request, even where
    // a scene has its words
    if (
      parts.length === 0 &&
      !carry &&
      i < segments.length - 1 &&
      segTokens.every((t) => GREETING.has(t)) &&
      readsAsCommand(reader, segments[i + 1]!, area, ref)
    )
      return;
    // "…, the baby's asleep", "friends are coming over, …": a statement that reads as no
    // command and names nothing of the home gives a reason
    // (not one that asks for an action in its own way: "…, I reckon you can turn that off now")
    // ("taking bub to her appointment, set away": what one is busy with, the "I'm" left out)
    const busy = doingSomething(segTokens[0] ?? '') && reader.stage2.cuesOf(segTokens[0]!).length === 0;
    // ("bedside lamp to five percent, just enough to see the nappy": a purpose after the request)
    const purpose = parts.length > 0 && PURPOSE.test(segTokens.join(' '));
    // ("…, the cooking smell very strong", "…, very glaring": told without its "is")
    const toldBare =
      parts.length > 0 && /\b(very|so|too|damn|quite|really|super)\s+\w+$/.test(segTokens.join(' '));
    // (a purpose naming nothing asks nothing, though "going to bed" may read as "going" on
    // what was just named)
    if (
      (declarative(seg) || busy || purpose || toldBare) &&
      reader.stage2.isAside(ownSpanAside(seg)) &&
      (purpose || !readsAsCommand(reader, seg, area, ref)) &&
      !asksForAction(segTokens) &&
      // ("we're headed to church start the vacuum and …": a remark run into the first request)
      !(parts.length === 0 && !carry && afterRemark(reader, segTokens, area, ref)?.kind === 'command')
    )
      return;
    // "start the hoover please, the hall's mucky again": a place said in a statement after a
    // request on one named device moves nothing (unless it asks for more: "… too")
    const prev = parts[parts.length - 1];
    if (
      prev &&
      declarative(seg) &&
      reader.stage2.isAside(seg, { names: true, places: true }) &&
      placeMovesNothing(reader, prev, tokenize(heads[heads.length - 1] ?? ''), seg, referent, area) &&
      !readsAsCommand(reader, seg, area, ref)
    )
      return;
    // "…, I don't want to walk all the way back to the kitchen": where the speaker goes
    // (after a device named as such: "put the light on, I'm heading into the garage" says which)
    const lastName = parts[parts.length - 1]?.reading.slots.name;
    const named =
      typeof lastName === 'string' &&
      tokenize(lastName).every((w) => tokenize(heads[heads.length - 1] ?? '').includes(w));
    if (named && !carry && ownGoing(reader.stage2, segTokens)) return;
    // ("put the lights off upstairs please, everyone is downstairs now": where the people are,
    // after a request whose devices have their own place or name, moves nothing)
    const placed = prev && ['name', 'area', 'floor'].some((k) => k in prev.reading.slots);
    if (placed && !carry && whereSomeoneIs(reader, segTokens)) return;
    // "…, I don't want to wake anybody": after the request, a statement of one's own as a separate sentence would be
    // ("thanks so much in advance - would you …": before it, one that asks for no action)
    if (
      (parts.length > 0 || !reader.stage2.hasAction(seg)) &&
      !readsAsCommand(reader, seg, area, ref) &&
      asideSentence(reader.stage2, seg)
    )
      return;
    // "turn the tv and lights off", "switch the telly and the lamp off": targets listed around
    // one verb are not one target joined up ("tv lights")
    if (
      carry &&
      !reader.stage2.hasAction(carry) &&
      reader.stage2.namesDevice(carry) &&
      reader.stage2.namesDevice(seg)
    )
      listed = true;
    const txt = carry ? `${carry} ${seg}` : seg;
    // "the lights in the garage, switch them off": a target alone waits for its action
    if (i < segments.length - 1 && !reader.stage2.hasAction(txt) && parts.length === 0) {
      carry = txt;
      return;
    }
    const described = prev && afterComma(text, seg) ? describedOne(reader, prev, txt, area) : undefined;
    if (described) {
      // "turn on the bedroom light, the big one": the one of them the home calls so
      parts[parts.length - 1] = described;
      heads[heads.length - 1] = txt;
      return;
    }
    // ("…, the little one": one of them, said by what the home does not call any — not all)
    if (described === null) {
      listed = true;
      return;
    }
    let u = reader.single(tokenize(txt), area, ref);
    // "… and turn off the ceiling fan its freezing up here", "im off to uni lock the front
    // door and …": a reason after the last part, a remark before the first
    if ((!u || u.kind === 'none') && i === segments.length - 1)
      u = withReason(reader, tokenize(txt), area, ref) ?? u;
    if ((!u || u.kind === 'none') && parts.length === 0)
      u = afterRemark(reader, tokenize(txt), area, ref) ?? u;
    // "pop the office heater on, it's perishing up here": a feeling told of what was just
    // asked for is its reason, not a second command
    // ("it's making an awful racket": a thing making a noise is no "make" asked for)
    const feels = reader.stage2
      .cuesOf(seg)
      .filter((c) => !(c.cue === 'set' && c.word === 'make' && declarative(seg)));
    const feeling = feels.length > 0 && feels.every((c) => FEELINGS.has(c.cue));
    if (prev && u?.kind === 'command' && (declarative(seg) || feeling) && sameTarget(reader, prev, u.command))
      return;
    // ("set the thermostat to 21, my wife feels cold": the feeling of what was just set)
    if (prev && feeling && feels.every((c) => FEELING_INTENT[c.cue] === prev.reading.intent)) return;
    if (u?.kind === 'command' && !QUESTION_INTENTS.has(u.command.reading.intent)) {
      const prev = parts[parts.length - 1];
      const cmd = wait && !u.command.when ? { ...u.command, when: wait } : u.command;
      // "it's too loud, turn it down": the same command said twice is one command
      // ("bit nippy, bump the heater up a notch": the office's heater and the heater are one)
      // "make the floor lamp more dark, to twenty": the value said after a step is the step
      // ("mi cyaan see nutten, put on di light dem": told in words read as English first)
      if ((declarative(seg) || declarative(tokenize(seg).join(' '))) && feeling) {
        told.push(cmd);
        toldPlace.push(reader.stage2.namesPlace(seg));
      } else if (
        prev &&
        (correcting ||
          stepThenValue(reader, prev, cmd) ||
          (afterComma(text, seg) && onThenValue(reader, prev, cmd)) ||
          (afterComma(text, seg) && narrows(reader, prev, cmd, txt)))
      ) {
        parts[parts.length - 1] = cmd;
        heads[heads.length - 1] = txt;
        correcting = false;
      } else if (
        prev &&
        afterComma(text, seg) &&
        tokenize(txt).includes('ones') &&
        !reader.stage2.hasAction(txt)
      ) {
        // "switch on the lounge lamp, the tall one": said again as one not told apart — which
        // is meant is not known
        listed = true;
      } else if (!prev || (!sameCommand(prev, cmd) && !sameDevices(reader, prev, cmd))) {
        parts.push(cmd);
        heads.push(txt);
      }
      ref = referentOf(u.command.reading);
      carry = '';
    } else carry = txt;
  });
  // "get the ceiling fan going in the bedroom, it's sweltering": what waited for an action
  // was the command, the rest only remarks
  if (carry && parts.length === 0) {
    const u = reader.single(tokenize(carry), area, ref);
    if (u?.kind === 'command' && !QUESTION_INTENTS.has(u.command.reading.intent)) {
      parts.push(wait && !u.command.when ? { ...u.command, when: wait } : u.command);
      carry = '';
    }
    // "how cold is it outside, I'm going for my walk": a question among remarks is the
    // question (a remark's time or number asks nothing of it)
    else if (questions && u?.kind === 'command' && told.length === 0 && !wait && !special && !listed)
      return u;
  }
  // "turn on the heater, no wait, it's fine": taken back, and nothing said instead
  if (listed || correcting) return { kind: 'none' };
  if (special) return parts.length === 0 && told.length === 0 && !carry && !wait ? special : undefined;
  // "turn on the light please, the garage is dark" at the kitchen tablet: a feeling told of
  // another place, whose devices none of the parts acts on, says the request is meant
  // elsewhere — which is not known
  if (parts.length > 0 && told.some((c, k) => toldPlace[k] && !parts.some((p) => shareDevices(reader, p, c))))
    return undefined;
  // ("it's too dark in here, I can't see nowt": one wish, told twice)
  if (parts.length === 0)
    for (const c of told)
      if (
        !parts.some(
          (p) => sameCommand(p, c) || (p.reading.intent === c.reading.intent && sameDevices(reader, p, c)),
        )
      )
        parts.push(c);
  // "turn down, it's very loud": a step that says not of what, beside a feeling that does
  // and goes the same way — the feeling says what the step is of
  if (
    parts.length === 1 &&
    told.length === 1 &&
    heads[0] !== undefined &&
    !reader.stage2.saysWhat(heads[0])
  ) {
    const way = (c: Command) =>
      c.reading.slots.brightness_step ?? c.reading.slots.volume_step ?? c.reading.slots.temperature_step;
    if (
      parts[0]!.reading.intent !== told[0]!.reading.intent &&
      way(parts[0]!) === way(told[0]!) &&
      way(told[0]!)
    )
      parts[0] = told[0]!;
  }
  // "music too loud, turn down": a step that says not of what, beside a part that steps a
  // named thing the same way, is that part said again — never a second thing stepped
  {
    const way = (c: Command) =>
      c.reading.slots.brightness_step ?? c.reading.slots.volume_step ?? c.reading.slots.temperature_step;
    for (let k = parts.length - 1; k >= 0 && parts.length > 1; k--) {
      const head = heads[k];
      if (head === undefined || reader.stage2.saysWhat(head) || !way(parts[k]!)) continue;
      const same = parts.some(
        (p, j) =>
          j !== k && way(p) === way(parts[k]!) && heads[j] !== undefined && reader.stage2.saysWhat(heads[j]),
      );
      if (same) {
        parts.splice(k, 1);
        heads.splice(k, 1);
      }
    }
  }
  // "at nineteen the thermostat, please put it" (Italian "mettilo a diciannove"): a verb and
  // "it" alone, of the thing another part already does something to, is that part's verb
  for (let k = parts.length - 1; k >= 0 && parts.length > 1; k--) {
    const words = tokenize(heads[k] ?? '').filter((t) => !SIGN_OFF.has(t));
    if (
      words.length === 2 &&
      ['put', 'set', 'do', 'make', 'leave'].includes(words[0]!) &&
      ['it', 'them', 'that'].includes(words[1]!) &&
      parts.some((p, j) => j !== k && sameTarget(reader, p, parts[k]!))
    ) {
      parts.splice(k, 1);
      heads.splice(k, 1);
    }
  }
  // "the vacuum's going, stop it", "we had the blinds open, close them": a state told of a
  // device, then a request on it — the statement asks nothing
  for (let k = parts.length - 2; k >= 0; k--)
    if (
      declarative(heads[k] ?? '') &&
      !reader.stage2.hasAction(withoutStateWords(heads[k] ?? '')) &&
      tokenize(heads[k + 1] ?? '').some((t) => ACTION_VERBS.has(t)) &&
      sameTarget(reader, parts[k]!, parts[k + 1]!)
    ) {
      parts.splice(k, 1);
      heads.splice(k, 1);
    }
  // "stop the robot vacuum and get it back on its charger": going back to the dock stops it
  for (let k = parts.length - 2; k >= 0; k--)
    if (
      parts[k]!.reading.intent === 'HassTurnOff' &&
      parts[k + 1]!.reading.intent === 'HassVacuumReturnToBase' &&
      sameTarget(reader, parts[k]!, parts[k + 1]!)
    )
      parts.splice(k, 1);
  if (carry || parts.length === 0) return undefined;
  // a wait with nothing after it to do
  if (wait && parts.every((p) => !p.when)) return undefined;
  if (parts.length === 1) return { kind: 'command', command: parts[0]! };
  sharedKind(parts);
  sharedValue(parts, heads);
  // ("turn the kitchen speaker down, 20 percent": the value said after its part is that part,
  // once)
  const key = (p: Command) =>
    `${p.reading.intent} ${JSON.stringify(Object.entries(p.reading.slots).sort())} ${JSON.stringify(p.when ?? null)}`;
  const once = parts.filter((p, i) => parts.findIndex((q) => key(q) === key(p)) === i);
  if (once.length === 1) return { kind: 'command', command: once[0]! };
  return { kind: 'compound', parts: once };
}
/**
 * "…, we're all out till sunday": in a statement of someone's own after a request, how long
 * they are away is theirs — no span of the request (which "till" alone would be).
 */
function ownSpanAside(seg: string): string {
  if (!/^\s*(we|i|they|he|she)\s*('re|'m|'s| are| am| is| will be|'ll be|re|m)?\b/i.test(seg)) return seg;
  return seg.replace(/\b(till|until|til)\s+\w+/gi, ' ');
}

/** Whether a part was said after a comma (said again, as a narrowing or a correction), not after "and". */
function afterComma(text: string, seg: string): boolean {
  const at = text.toLowerCase().indexOf(seg.toLowerCase());
  return at > 0 && /,\s*$/.test(text.slice(0, at));
}

/**
 * "turn on the bedroom lights, just the bedside one", "the lounge light, the floor one": a part
 * with no action of its own, on some of the devices the part before acts on, says which of them.
 */
function narrows(reader: RequestReader, prev: Command, cmd: Command, said: string): boolean {
  // (said as a narrowing: "just …", "only …", "the … one" — not "and the porch light")
  const words = tokenize(said);
  if (!['just', 'only'].includes(words[0] ?? '') && !words.includes('ones')) return false;
  if (
    prev.reading.intent !== cmd.reading.intent ||
    reader.stage2.hasAction(said.replace(/\b(just|only)\b/g, ''))
  )
    return false;
  const devices = (c: Command) => {
    const t = c.reading.target;
    return !t ? [] : t.kind === 'entities' ? t.entities : reader.stage2.membersOf(t);
  };
  const before = devices(prev);
  const now = devices(cmd);
  if (now.length > 0 && now.length < before.length && now.every((e) => before.includes(e))) return true;
  // "lock the back door, the front one", "the kettle, the coffee one": a device named again
  // is the one meant
  return words.includes('ones') && cmd.reading.target?.kind === 'entities';
}

/**
 * "turn on the bedroom light, the big one": "the big one" read as the big light of that place
 * ("the big light" being the ceiling light) — the one device of those the part before acts on;
 * `null` when it names none of several (nothing is done), `undefined` when not said so.
 */
function describedOne(
  reader: RequestReader,
  prev: Command,
  said: string,
  area: string | null,
): Command | null | undefined {
  const m = /^(?:the\s+)?([a-z]+)\s+ones?$/.exec(tokenize(said).join(' '));
  const kind = kindOf(prev);
  if (!m || !kind || !KIND_WORDS[kind.domain]) return undefined;
  // ("the little ones", "the first one": a word that picks out none by name — not guessed)
  if (FILLER_WORDS.has(m[1]!) || /^\d/.test(m[1]!))
    return actedOn(reader, prev).length > 1 ? null : undefined;
  const t = prev.reading.target!;
  const before = actedOn(reader, prev);
  const place = t.kind === 'group' ? t.area?.name : undefined;
  // (read as a request, only for the device it names)
  const words = `turn on the ${m[1]} ${KIND_WORDS[kind.domain]}${place ? ` in the ${place}` : ''}`;
  const u = reader.single(tokenize(words), area, undefined);
  const one = u?.kind === 'command' ? u.command.reading.target : undefined;
  if (one?.kind !== 'entities' || one.entities.length !== 1 || !before.includes(one.entities[0]!))
    return before.length > 1 && !reader.stage2.namesDevice(m[1]!) ? null : undefined;
  return {
    ...prev,
    reading: {
      ...prev.reading,
      slots: { ...withoutTarget(prev.reading.slots), name: one.entities[0]!.name },
      entity_ids: [one.entities[0]!.entity_id],
      target: one,
    },
  };
}
/** The devices a part acts on. */
function actedOn(reader: RequestReader, c: Command) {
  const t = c.reading.target;
  return !t ? [] : t.kind === 'entities' ? t.entities : reader.stage2.membersOf(t);
}

/** The word a kind of device is said by. */
const KIND_WORDS: Record<string, string> = {
  light: 'light',
  fan: 'fan',
  media_player: 'speaker',
  cover: 'blind',
};

function withoutTarget(slots: Record<string, string | number>): Record<string, string | number> {
  const { name: _n, area: _a, floor: _f, domain: _d, device_class: _c, ...rest } = slots;
  return rest;
}

/** The kind of device a part acts on, if one: its domain and device class. */
function kindOf(c: Command): { domain: string; device_class?: string } | undefined {
  const t = c.reading.target;
  if (!t) return undefined;
  if (t.kind === 'group')
    return t.domain === '*'
      ? undefined
      : { domain: t.domain, ...(t.device_class ? { device_class: t.device_class } : {}) };
  const domains = new Set(t.entities.map((e) => e.domain));
  return domains.size === 1 ? { domain: [...domains][0]! } : undefined;
}

/**
 * "lights off in the kitchen and on in the hallway", "turn on the office and bedroom lights":
 * a part said of a place alone takes the kind of device the other parts name (one kind only).
 */
function sharedKind(parts: Command[]): void {
  const kinds = new Map(
    parts.flatMap((p) => {
      const k = kindOf(p);
      return k ? [[JSON.stringify(k), k] as const] : [];
    }),
  );
  if (kinds.size !== 1) return;
  const kind = [...kinds.values()][0]!;
  parts.forEach((p, i) => {
    const t = p.reading.target;
    if (t?.kind !== 'group' || t.domain !== '*' || (!t.area && !t.floor)) return;
    parts[i] = {
      ...p,
      reading: { ...p.reading, slots: { ...p.reading.slots, ...kind }, target: { ...t, ...kind } },
    };
  });
}

/** The value slots and the steps they replace. */
const VALUE_OF_STEP: Record<string, string> = {
  brightness_step: 'brightness',
  volume_step: 'volume_level',
  temperature_step: 'temperature',
};

/**
 * "dim the floor lamp and the desk lamp to 10": a value said once, last, without a verb of
 * its own, is the value of the parts before it of the same intent that said only a step.
 */
function sharedValue(parts: Command[], heads: string[]): void {
  const last = parts[parts.length - 1]!;
  const head = tokenize(heads[heads.length - 1] ?? '');
  if (ACTION_VERBS.has(head[0] ?? '')) return;
  for (const [step, value] of Object.entries(VALUE_OF_STEP)) {
    const v = last.reading.slots[value];
    if (typeof v !== 'number') continue;
    parts.forEach((p, i) => {
      if (i === parts.length - 1 || p.reading.intent !== last.reading.intent || !(step in p.reading.slots))
        return;
      if (/\d/.test(heads[i] ?? '')) return;
      const { [step]: _step, ...slots } = p.reading.slots;
      parts[i] = { ...p, reading: { ...p.reading, slots: { ...slots, [value]: v } } };
    });
  }
}

/** What a feeling asks of: "cold" of the heating, "dark" of the lights, "loud" of the sound. */
const FEELING_INTENT: Partial<Record<string, string>> = {
  warmer: 'HassClimateSetTemperature',
  cooler: 'HassClimateSetTemperature',
  brighter: 'HassLightSet',
  darker: 'HassLightSet',
  louder: 'HassSetVolume',
  quieter: 'HassSetVolume',
};

/** A verb of acting on a thing said by a pronoun or with its particle: "turn that off", "switch it on". */
function asksForAction(tokens: string[]): boolean {
  return tokens.some(
    (t, i) =>
      ACTION_VERBS.has(t) &&
      (['on', 'off', 'up', 'down'].includes(tokens[i + 1] ?? '') ||
        tokens.slice(i + 1, i + 3).some((w) => ['it', 'that', 'them', 'those', 'em'].includes(w))),
  );
}

const EXCEPTION_OPENERS = new Set(['not', 'except', 'apart', 'besides', 'excluding', 'bar', 'leave', 'keep']);
const FILLERS = new Set(['well', 'oh', 'um', 'erm', 'but', 'and', 'just', 'ok', 'okay']);

/** Words that open a purpose said after a request: "… just enough to see", "… so I can read". */
const PURPOSE =
  /^(just )?(enough to|so (that|i|we|he|she|they|you|the|my|our)|in order to|about to|going to|gonna|off to)\b/;

/** Who may be somewhere: "everyone is downstairs", "we're all in the kitchen". */
// (not "I" or "we": where the speaker is says where the request is — "open the blinds, I'm in the
// bedroom")
const PEOPLE = new Set('everyone everybody the kids they he she mum dad nobody'.split(' '));
/** Words of being somewhere. */
const BEING_THERE = new Set(['is', 'are', 'am', 'im', 'were', 'all', 'still', 'now', 'already', 'just']);

/** "everyone is downstairs now", "we're all in the kitchen": where someone is, and nothing more. */
function whereSomeoneIs(reader: RequestReader, tokens: string[]): boolean {
  let i = 0;
  if (tokens[0] === 'the' && tokens[1] === 'kids') i = 2;
  else if (PEOPLE.has(tokens[0] ?? '') || reader.stage2.personNamed(tokens[0] ?? '')) i = 1;
  else return false;
  const start = i;
  while (BEING_THERE.has(tokens[i] ?? '')) i++;
  if (i === start) return false;
  const rest = tokens.slice(i).join(' ');
  return (
    /^(?:downstairs|upstairs|outside|out|home|in|at|up|down|over)\b/.test(rest) &&
    reader.stage2.cuesOf(rest).length === 0 &&
    !reader.stage2.namesDevice(rest) &&
    !/\d/.test(rest)
  );
}

/** The words without the states a statement tells ("the vacuum's going" → "the vacuum's"). */
function withoutStateWords(text: string): string {
  return text.replace(
    /\b(?:on|off|open|closed|shut|locked|unlocked|going|gaun|running|armed|disarmed)\b/gi,
    ' ',
  );
}

/** An apology or thanks said after a request: "…, sorry", "…, thanks mate". */
const SIGN_OFF = new Set('sorry thanks thank you cheers ta please mate love dear pal'.split(' '));

/** Sounds of thinking that open a part without taking anything back: "um", "erm". */
const HESITATIONS = new Set(['um', 'umm', 'erm', 'uh', 'uhh', 'hmm', 'ah', 'oh']);

/**
 * "turn on the lights, in the kitchen", "lights off, upstairs please": a place alone after the
 * last comma, when the words before it name no place and no "all", is where the request is —
 * the request said again with it. Undefined when it is anything else.
 */
function placeAfterComma(reader: RequestReader, text: string): string | undefined {
  const m =
    /^(.*\S)\s*,\s*((?:(?:in|on|at|for|of) )?(?:the |my |our )?[a-z ]{2,30}?)(?:\s+(?:please|pls|thanks))?(\W*)$/i.exec(
      text,
    );
  if (!m) return undefined;
  // (the request may be said in parts of its own: "the night light please beta, on you put, in
  // the bedroom")
  const [head, where] = [m[1]!.replace(/,/g, ''), m[2]!];
  if (!reader.stage2.namesPlace(where) || reader.stage2.namesPlace(head)) return undefined;
  // (only a place: "…, we are going to the kitchen" says where we go, not where the lights are)
  if (/\b(?:we|i|im|they|he|she|you|is|are|am|was|going|heading|off)\b/i.test(where)) return undefined;
  if (reader.stage2.namesDevice(where)) return undefined;
  if (
    reader.stage2.hasAction(where) ||
    tokenize(head).some((t) => ['all', 'every', 'everywhere', 'each', 'whole'].includes(t))
  )
    return undefined;
  return `${head} ${where}${m[3]!}`;
}
