/**
 * Words put the way the second stage reads them, before spelling correction: "were off out
 * now" is "we're off out now", "only halfway" is "halfway", "did somebody forget it on" is
 * "did somebody leave it on", "shut the tree off" switches it off, and "have the heater come
 * on" is an order, not a question.
 */
import { KIN } from './lexicon.js';

/** "have the office heater come on": an order to see to it, not "have the lights been left on?". */
export function causative(tokens: string[]): boolean {
  return (
    tokens[0] === 'have' &&
    ['the', 'my', 'our', 'that', 'this'].includes(tokens[1] ?? '') &&
    !tokens.some((t) => ['been', 'you', 'i', 'we', 'they', 'got', 'gone'].includes(t))
  );
}

/** "shut it off", "shut the tree off": the "off" of this "shut", not of "we're off to bed". */
function shutOff(tokens: string[], i: number): boolean {
  for (let k = i + 1; k <= i + 5 && k < tokens.length; k++) {
    if (tokens[k] === 'off') return true;
    if (['we', 'i', 'you', 'they', 'he', 'she', 'and', 'then'].includes(tokens[k]!)) return false;
  }
  return false;
}

/** Words a request may open with before its verb: "kindly warm this room", "please cool it". */
const REQUEST_OPENERS = new Set(
  'kindly please pls just can could would you u and then now it be possible able to'.split(' '),
);

/** Words of degree that make "small" a complaint: "the volume is so small". */
const COMPLAINT_DEGREE = new Set(['so', 'very', 'too', 'really', 'is', 'still', 'quite', 'pretty']);

/** Words that say how a thing is to be had: "may I have the fan switched off". */
const HAD_AS = new Set(
  `on off switched turned open opened closed shut locked unlocked at to up down running going less more
   quiet some dim bright warm cool loud low high half percent brighter dimmer darker louder quieter
   softer warmer cooler colder hotter lower higher`.split(/\s+/),
);

/** "more high" as "higher": the comparatives of the words of light, sound and warmth. */
const MORE_AS_ER: Record<string, string> = {
  high: 'higher',
  low: 'lower',
  hot: 'warmer',
  warm: 'warmer',
  cold: 'colder',
  cool: 'cooler',
  bright: 'brighter',
  dark: 'darker',
  loud: 'louder',
  quiet: 'quieter',
  // ("make it more small": a learner's comparative of a light's size)
  small: 'smaller',
  big: 'bigger',
};

/** What there is "too much" of, as the feeling: "too much light" is too bright. */
const TOO_MUCH: Record<string, string> = {
  light: 'bright',
  bright: 'bright',
  brightness: 'bright',
  glare: 'bright',
  noise: 'loud',
  sound: 'loud',
  heat: 'hot',
};

/** A feeling as the state wanted after "make": the lexicon reads the word as a complaint. */
const WANTED_FEELING: Record<string, string> = {
  warm: 'warmer',
  hot: 'warmer',
  toasty: 'warmer',
  cosy: 'warmer',
  cozy: 'warmer',
  cool: 'cooler',
  cold: 'cooler',
  bright: 'brighter',
  dark: 'darker',
  loud: 'louder',
  quiet: 'quieter',
  // "make the lamp very low, ten percent only"
  low: 'lower',
  high: 'higher',
};

/** Verbs after which a word of feeling is the state wanted. */
const WANTING = new Set(['make', 'get', 'keep', 'want', 'wanted', 'like', 'need', 'prefer']);

/** Words after which "were" is "we're": "were off out now", "were all heading out". */
const WE_ARE_AFTER = new Set(
  'off all out going heading leaving back home in up done ready here just about'.split(' '),
);

/** Who tells rather than asks: "we're all in for the night" keeps its night. */
const TELLERS = new Set(['we', 'i', 'they', 'he', 'she', 'it', 'its', 'were', 'im', 'weve', 'you']);

/**
 * A spoken restart: "set the thermo- the thermostat" → "set the thermostat", "switch the-
 * switch off the hall light" → "switch off the hall light": a cut word followed by the word
 * it began, or a word and its article said again.
 */
function withoutRestarts(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1] === 'the' || tokens[i + 1] === 'a' ? 2 : 1;
    const again = tokens[i + next];
    if (next === 2 && again === t) {
      i += 1; // "switch the switch off": the first "switch the" was a false start
      continue;
    }
    if (
      t.length >= 3 &&
      again &&
      again.length > t.length &&
      again.startsWith(t) &&
      next === 2 &&
      out[out.length - 1] === 'the'
    ) {
      i += 1; // "the thermo the thermostat": the cut word and its article go
      continue;
    }
    out.push(t);
  }
  return out;
}

/** Words that open a sentence and say nothing: "right, …", "och, …", "so …". */
const OPENING_WORDS = new Set([
  'right',
  'ok',
  'okay',
  'so',
  'well',
  'och',
  'alright',
  'um',
  'erm',
  'uh',
  'oh',
]);

const SOMEONE = new Set(['anyone', 'anybody', 'someone', 'somebody', 'you', 'i', 'we', 'they', 'he', 'she']);
/** What was done, as the state it leaves: "did anyone lock the back door" → "is it locked". */
const DONE_AS_STATE: Record<string, string> = {
  shut: 'closed',
  close: 'closed',
  open: 'open',
  lock: 'locked',
  unlock: 'unlocked',
};

/** What they do when they ask through someone. */
const PASSING = [
  ['wants', 'to', 'know'],
  ['would', 'like', 'to', 'know'],
  ['is', 'asking'],
  ['asks'],
  ['says'],
  // "Mam say please on the kitchen light" (the "-s" left off, as many Englishes do)
  ['say'],
  ['said'],
  ['wonders'],
  ['wants'],
];

/** Verbs that open a request passed on: "nan says put the heating on". */
const PASSED_ORDERS = new Set(
  'turn switch put set open close lock unlock start stop pause make get dim raise lower play shut'.split(' '),
);

/** Words after which "only" says "just" of the target next: "turn on only the …". */
const ONLY_AFTER = new Set('on off up down open close lock unlock start stop pause dim'.split(' '));

/** How many words at the start pass someone else's words on: "my wife wants to know", "nan says". */
function passedOn(raw: string[]): number {
  const k = ['my', 'our', 'the'].includes(raw[0] ?? '') ? 1 : 0;
  if (!KIN.has(raw[k] ?? '')) return 0;
  const verb = PASSING.find((p) => p.every((w, i) => raw[k + 1 + i] === w));
  // ("my husband wants the porch light on" keeps its "wants": it is the request)
  if (!verb || (verb.length === 1 && verb[0] === 'wants')) return 0;
  const n = k + 1 + verb.length;
  // what is passed on must be a request or a question: "my wife says the garage door is open"
  // tells a state, it asks for nothing
  // ("… say please on the kitchen light": the order said politely)
  const next = raw[n] === 'please' ? (raw[n + 1] ?? '') : (raw[n] ?? '');
  const asking = ['if', 'whether', 'what', 'which', 'how', 'is', 'are'].includes(next);
  const ordering =
    ['says', 'say', 'said', 'asks', 'is'].includes(verb[0]!) &&
    // ("mum says on the tv there's a storm coming": where she heard it — "on" passes an order
    // on only after "please")
    (PASSED_ORDERS.has(next) || (raw[n] === 'please' && (next === 'on' || next === 'off')));
  return asking || ordering ? n : 0;
}

/** Verbs a "did …" question asks about, its doer said before them. */
const DONE = new Set([...Object.keys(DONE_AS_STATE), 'leave', 'forget', 'forgot']);
/** Words that open what was done something to: "the back door", "any lights", "it", "up". */
const OBJECT_OPENERS = new Set(
  'the my our his her their your any all every each that this those these it them everything up'.split(' '),
);
/** Words that open a clause of when, ending what a "did …" question asks. */
const WHEN_OPENERS = new Set(['before', 'after', 'when', 'while', 'last', 'earlier', 'for']);

/**
 * A "did …" question put plainly, in place: "did the kids lock the back door when they got
 * home" → "did someone lock the back door". Whoever did it (one to three words: "the kids",
 * "the young lad", "Alex") is "someone"; a clause of when after the thing asked about ends
 * the question — it asks about the state, which is the same whenever it was done.
 */
function didAsSomeone(raw: string[]): void {
  const verb = raw.findIndex((t, i) => i >= 2 && i <= 4 && DONE.has(t));
  // ("did the front door lock (properly)": the door is what is asked about, not who; the
  // thing asked about opens with its article or is a pronoun)
  if (verb < 0 || !OBJECT_OPENERS.has(raw[verb + 1] ?? '')) return;
  if (raw.slice(1, verb).some((t) => ['it', 'that', 'this', 'they', 'them'].includes(t))) return;
  if (verb > 2 || !SOMEONE.has(raw[1]!)) raw.splice(1, verb - 1, 'someone');
  // the verb is now the third word
  const cut = raw.findIndex((t, i) => i > 3 && WHEN_OPENERS.has(t));
  if (cut > 0) raw.splice(cut);
}

/** The words as the reader reads them (see the file's head). */
export function saidPlainly(said: string[]): string[] {
  // "right, which of the doors are unlocked": a word that only opens the sentence
  let k = 0;
  while (k < said.length - 1 && OPENING_WORDS.has(said[k]!)) k++;
  const tokens = withoutRestarts(said.slice(k));
  // ("were off out now …" is "we're off out now", said without its apostrophe)
  const raw =
    tokens[0] === 'were' && WE_ARE_AFTER.has(tokens[1] ?? '')
      ? ['we', 'are', ...tokens.slice(1)]
      : [...tokens];
  // "my wife wants to know if …", "nan says put the heating on": someone else's words, passed on
  const passed = passedOn(raw);
  if (passed > 0) raw.splice(0, passed);
  // "would you be a star and …", "be a good lass and …": a kindness asked, then the request
  const be = raw.findIndex(
    (t, i) =>
      t === 'be' &&
      (i === 0 || ['you', 'please', 'u'].includes(raw[i - 1]!)) &&
      ['a', 'an'].includes(raw[i + 1] ?? '') &&
      !['bit', 'little', 'lot', 'tad', 'touch'].includes(raw[i + 2] ?? '') &&
      [3, 4].some((k) => raw[i + k] === 'and'),
  );
  if (be >= 0) raw.splice(be, raw.indexOf('and', be) - be + 1);
  // ("can we have movie night", "might we have the dinner party setting, please?": asking to
  // have it is asking for it, as "let's have movie night")
  if (
    ['can', 'could', 'may', 'might'].includes(raw[0] ?? '') &&
    ['we', 'i'].includes(raw[1] ?? '') &&
    (raw[2] === 'have' || (raw[2] === 'please' && raw[3] === 'have')) &&
    // (a state or value said is read as it is: "may I have the desk lamp on", "… the lights
    // a little dimmer", "… some quiet")
    !raw.some((t) => HAD_AS.has(t) || /^\d/.test(t))
  )
    raw.splice(0, raw[2] === 'please' ? 3 : 2, 'let', 'us');
  // "pause the music a minute": a pause for a while is a pause ("give me a minute" is a wait)
  const minute = raw.findIndex(
    (t, i) =>
      t === 'a' &&
      raw[i + 1] === 'minute' &&
      !['in', 'for', 'me', 'wait', 'within', 'after'].includes(raw[i - 1] ?? ''),
  );
  if (minute > 0 && raw.some((t) => ['pause', 'stop', 'mute'].includes(t))) raw.splice(minute, 2);
  if (raw[0] === 'did') didAsSomeone(raw);
  // "did somebody forget the coffee machine on": left it on
  if (raw[0] === 'did' && /^forg[eo]t$/.test(raw[2] ?? '')) raw[2] = 'leave';
  // "did we lock up": are the doors locked
  if (
    raw[0] === 'did' &&
    SOMEONE.has(raw[1] ?? '') &&
    raw[2] === 'lock' &&
    raw.length <= 4 &&
    (raw[3] === 'up' || !raw[3])
  )
    raw.splice(3, raw.length - 3, 'the', 'doors');
  // "did anyone shut the lounge blinds": are they shut
  const state = raw[0] === 'did' && SOMEONE.has(raw[1] ?? '') ? DONE_AS_STATE[raw[2] ?? ''] : undefined;
  if (state) return ['is', ...raw.slice(3), state];
  // "did anyone leave lights on upstairs": are they on (whoever left them); "anyone left
  // lights on downstairs", its "did" left off
  if (raw[0] === 'did' && SOMEONE.has(raw[1] ?? '') && raw[2] === 'leave' && raw.length > 4)
    return ['are', ...raw.slice(3)];
  if (['anyone', 'anybody'].includes(raw[0] ?? '') && raw[1] === 'left' && raw.length > 3)
    return ['are', ...raw.slice(2)];
  // "boil the kettle", "make the kettle boil": switched on ("how long do I boil eggs" is cooking)
  const boil = raw.findIndex(
    (t, i) =>
      t === 'boil' &&
      (['the', 'my', 'our'].includes(raw[i + 1] ?? '') ||
        (i === raw.length - 1 && raw.slice(0, i).some((w) => ['make', 'get', 'have'].includes(w)))),
  );
  if (boil >= 0) raw.splice(boil, 1, ...(boil === raw.length - 1 ? ['on'] : ['switch', 'on']));
  // "put the heating more high", "the tv more quiet": a comparative said the Romance way
  for (let i = 0; i < raw.length - 1; i++)
    if (raw[i] === 'more' && MORE_AS_ER[raw[i + 1]!]) raw.splice(i, 2, MORE_AS_ER[raw[i + 1]!]!);
    // ("TV LOUD MORE": an AAC board's symbols in their order — the word, then "more")
    else if (
      raw[i + 1] === 'more' &&
      MORE_AS_ER[raw[i]!] &&
      (raw[i + 2] === undefined || raw[i + 2] === 'please')
    )
      raw.splice(i, 2, MORE_AS_ER[raw[i]!]!);
  // ("WARM OFFICE WANT": what is wanted, said before "want")
  if (raw[raw.length - 1] === 'want' && raw.length > 1 && raw.some((t) => WANTED_FEELING[t])) {
    raw.pop();
    raw.unshift('want', 'it');
  }
  // ("… to a quarter of its brightness": so much of all it has, a value)
  for (let i = 0; i < raw.length - 2; i++)
    if (
      (/^\d+$/.test(raw[i]!) || ['quarter', 'half', 'third', 'thirds', 'quarters'].includes(raw[i]!)) &&
      raw[i + 1] === 'of' &&
      ['its', 'their', 'full'].includes(raw[i + 2]!) &&
      raw.slice(i + 2, i + 5).some((t) => ['brightness', 'volume', 'power', 'max', 'maximum'].includes(t))
    )
      raw.splice(i + 1, 1);
  // ("TV, sound little small please": a sound made small is quieter, made big louder)
  const sound = raw.findIndex((t) => t === 'sound' || t === 'volume');
  // ("the telly volume so small" complains: a word of degree before it is no request)
  if (sound >= 0)
    for (let i = sound + 1; i < raw.length && i <= sound + 3; i++) {
      if (COMPLAINT_DEGREE.has(raw[i]!)) break;
      if (raw[i] === 'small' || raw[i] === 'big') raw[i] = raw[i] === 'small' ? 'smaller' : 'bigger';
    }
  // "too much light in here", "too much bright": too bright; "too much noise": too loud
  const much = raw.findIndex((t, i) => t === 'too' && raw[i + 1] === 'much' && TOO_MUCH[raw[i + 2] ?? '']);
  if (much >= 0) raw.splice(much + 1, 2, TOO_MUCH[raw[much + 2]!]!);
  // "make the place warm", "get it nice and cosy", "keep the office warm", "I want the telly
  // loud": after a verb of making, keeping or wanting, a word of feeling is the state wanted,
  // not the one complained of ("it's warm" asks for cooler)
  const making = raw.findIndex((t) => WANTING.has(t));
  // "warm the office", "cool the bedroom down", "kindly warm this room a little": the word of
  // feeling as the verb, opening the request
  const verb = raw.findIndex((t, i) => !REQUEST_OPENERS.has(t) || i === raw.length - 1);
  if (
    ['warm', 'cool'].includes(raw[verb] ?? '') &&
    ['the', 'my', 'our', 'this', 'that', 'it', 'things', 'up', 'down'].includes(raw[verb + 1] ?? '')
  )
    raw[verb] = WANTED_FEELING[raw[verb]!]!;
  else if (making >= 0)
    for (let i = making + 2; i < raw.length && i <= making + 5; i++) {
      const wanted = WANTED_FEELING[raw[i]!];
      if (wanted) {
        raw[i] = wanted;
        break;
      }
    }
  // "crank the mirror light all the way up", "as bright as it goes": the most there is
  // ("turn the desk lamp up all the way": the way first)
  const most =
    /\b(all the way up|up all the way|as (bright|loud|high) as (possible|it goes|it will go)|full blast)\b/.exec(
      raw.join(' '),
    );
  if (most) {
    const at = raw.join(' ').slice(0, most.index).split(' ').filter(Boolean).length;
    raw.splice(at, most[0].split(' ').length, 'to', 'max');
  }
  // "only halfway", "just 50 percent": "only" before a value limits nothing else; nor after
  // it ("forty percent only", "make it twenty two only": Indian English "just")
  for (let i = raw.length - 1; i >= 0; i--)
    if (
      raw[i] === 'only' &&
      (/^(\d|half|halfway|a|quarter|full|max)/.test(raw[i + 1] ?? '') ||
        /^\d/.test(raw[i - 1] ?? '') ||
        ['percent', 'degrees', '%'].includes(raw[i - 1] ?? ''))
    )
      raw.splice(i, 1);
  // "turn on only the kitchen light", "only turn on the porch light", "the kitchen light only":
  // the one target said is the only one — "only" as "just"
  for (let i = raw.length - 1; i >= 0; i--)
    if (
      raw[i] === 'only' &&
      ((i === 0 && PASSED_ORDERS.has(raw[1] ?? '')) ||
        (ONLY_AFTER.has(raw[i - 1] ?? '') && ['the', 'my', 'our'].includes(raw[i + 1] ?? '')) ||
        (i === raw.length - 1 && i > 2 && !['is', 'are', 'it', 'that', 'one'].includes(raw[i - 1]!)))
    )
      raw.splice(i, 1);
  // "send the hoover back", "Vacuum back.": back home, not the Back Door
  for (let i = 1; i < raw.length; i++)
    if (
      raw[i] === 'back' &&
      (raw.slice(Math.max(0, i - 4), i).includes('send') ||
        // "Vacuum back.", "robot vacuum back please": the vacuum named, then sent back
        (['vacuum', 'hoover', 'roomba'].includes(raw[i - 1]!) &&
          raw.slice(i + 1).every((w) => ['please', 'pls', 'now', 'thanks'].includes(w)))) &&
      !(raw[i + 1] === 'to' && raw[i + 2] === 'base') &&
      !['on', 'in'].includes(raw[i + 1] ?? '')
    )
      raw[i] = 'home';
  // "lock the front door for the night": the night adds nothing to a request
  const n = raw.length;
  if (
    n > 4 &&
    raw[n - 3] === 'for' &&
    raw[n - 2] === 'the' &&
    raw[n - 1] === 'night' &&
    !TELLERS.has(raw[0]!)
  )
    raw.splice(n - 3, 3);
  // ("for the night, set the thermostat to 19": said first, the same)
  if (raw.length > 4 && raw[0] === 'for' && raw[1] === 'the' && raw[2] === 'night') raw.splice(0, 3);
  // "swithc the kettle of": a sentence never ends in "of"
  if (raw.length > 1 && raw[raw.length - 1] === 'of') raw[raw.length - 1] = 'off';
  return raw;
}

/** "shut the tree off": "shut … off" switches off, as "turn … off" does (after correction). */
export function shutMeansSwitch(tokens: string[]): string[] {
  return tokens.map((t, i) => (t === 'shut' && shutOff(tokens, i) ? 'switch' : t));
}
