/**
 * Sentences that tell rather than ask: a device's state told ("the front door is unlocked"),
 * and talk about an action that asks for none ("should I unlock the front door", "I'm going
 * to open the garage", "stop turning the lights off").
 */
import { FEELINGS } from './choose-intent.js';
import { ACTION_VERBS, NEGATIONS, PAST_FORMS } from './guards.js';
import { QUESTION_WORDS, type Cue } from './lexicon.js';

/**
 * "front door locked already or not", "garage door closed already anot", "porch light still on
 * meh", "the fan still on is it": a question said with its tag at the end (Singapore English
 * and others) — asked with "?", unless it asks for something ("can … or not").
 */
export function taggedQuestion(text: string): string {
  // (asked already: "what time is it", "is the door locked or not", "hi, what time is it")
  if (/(^|,)\W*(what|whats|how|hows|which|who|where|when|is|are|was|were|did|does|do|has|have)\b/i.test(text))
    return text;
  // "got any lights still on", "living room got which lights on": "are there …"
  const got = /^\W*got (any|which)\b|\bgot which\b/i.test(text);
  // (Trinidadian "… or what", "… or nah", "ent"; "for meh" is "for me")
  const m =
    /[\s,]+(?:already\s+)?(?:or not|anot|(?<!\b(?:for|to|give|let|help|tell|show)\s+)meh|is it|isit|or what|or nah|or no|ent|ent it)\s*[?.!]*\s*$/i.exec(
      text,
    );
  if ((!m && !got) || /^\W*(can|could|would|will|help|please|pls|kindly)\b/i.test(text)) return text;
  // ("turn on the heating already or what": impatience with a request, no question)
  if (
    ACTION_VERBS.has(
      text
        .trim()
        .split(/[\s,]+/)[0]!
        .toLowerCase(),
    )
  )
    return text;
  // ("the coffee machine, can on or not": "can … or not" asks for it)
  if (m && /\bcan\b/i.test(text.slice(0, m.index))) return text;
  const asked = (m ? text.slice(0, m.index) : text.replace(/[?.!\s]+$/, '')).replace(/\s+already$/i, '');
  return `${asked.replace(/\bgot (any|which)\b/i, 'are there $1')}?`;
}

const BEING = new Set(['is', 'are', 'was', 'were', 'been', 'be']);
const WHILE_BEING = new Set(
  // ("the alarm is going off": ringing, told — not a request to disarm it)
  'still already all now just left also definitely probably wide not completely fully totally way being been going coming'.split(
    ' ',
  ),
);
const TOLD_STATES = new Set(
  'on off open closed shut locked unlocked armed disarmed running out at up down stuck broken jammed'.split(
    ' ',
  ),
);
/** What a state may be said with: "on mute", "on standby", "on pause". */
const STATE_NOUNS = new Set(['mute', 'standby', 'pause', 'charge', 'timer']);
/** Words before a state by which it is asked for, wondered about or made a condition. */
const STATE_WANTED = new Set(
  `sure ensure check whether if know wonder when whenever once until till unless while want wants
   like love need needs prefer hope wish see make have get keep leave let long soon before after
   and then`.split(/\s+/),
);
/**
 * "the front door is unlocked", "the heater shouldn't be on", "the garage light has been on
 * since Tuesday": a device's state told, no request — never done (it would unlock the door of
 * a warning). A state wanted ("make sure the door is locked", "I'd love it if the lamp was
 * on") or a request beside it ("…, turn it off") is none.
 */
export function toldState(tokens: string[], stage2: { cuesOf(text: string): { cue: string }[] }): boolean {
  if (QUESTION_WORDS.has(tokens[0] ?? '')) return false;
  for (let i = 1; i < tokens.length; i++) {
    if (!BEING.has(tokens[i]!)) continue;
    let j = i + 1;
    while (WHILE_BEING.has(tokens[j] ?? '')) j++;
    const state = tokens[j] ?? '';
    if (!TOLD_STATES.has(state) || (state === 'at' && !/^\d/.test(tokens[j + 1] ?? ''))) continue;
    // ("the kitchen light needn't be on": not needed is no state wanted)
    // ("the porch light must have been on all night": "have been" is told, no "have it on")
    if (
      tokens
        .slice(0, i)
        .some(
          (t, k) =>
            STATE_WANTED.has(t) &&
            !NEGATIONS.has(tokens[k + 1] ?? '') &&
            !(t === 'have' && tokens[k + 1] === 'been'),
        )
    )
      return false;
    // ("stuck open")
    let k = j + 1;
    while ((TOLD_STATES.has(tokens[k] ?? '') && tokens[k] !== 'at') || STATE_NOUNS.has(tokens[k] ?? '')) k++;
    // a request beside the state told ("the garage light it's still on turn it off"); "lock"
    // and "alarm" there may be the devices' names ("the front door lock is stuck")
    // (the word before "is" is what is told of: "the front door lock is stuck"; a feeling
    // beside it asks nothing: "the heater is on and I'm still cold")
    const rest = [...tokens.slice(0, i - 1), ...tokens.slice(k)];
    return stage2.cuesOf(rest.join(' ')).every((c) => FEELINGS.has(c.cue as Cue));
  }
  return false;
}

/** Verbs of saying or meaning after which a "not" takes back what follows ("I'm not asking you to …"). */
const SAYING = new Set(
  'asking telling saying supposed meant allowed going gonna trying planning suggesting'.split(' '),
);
/** Verbs of intending, after "I'm", "we were": "I'm going to …", "I was about to …". */
const INTENDING = new Set(['going', 'gonna', 'about', 'thinking', 'planning', 'thought', 'might', 'may']);
/** Verbs of feeling about or doing habitually: "I hate closing the curtains", "stop unlocking …". */
const ABOUT_DOING = new Set([
  'hate',
  'hates',
  'love',
  'loves',
  'enjoy',
  'stop',
  'quit',
  'keep',
  'keeps',
  'avoid',
]);
const PERSONS = new Set(['i', 'we', 'he', 'she', 'they', 'you', 'im', 'were', 'youre']);

/**
 * Words about an action that ask for none: advice asked ("should I unlock the front door"),
 * when it was done ("when did the garage door open"), an intention told ("I'm going to unlock
 * the front door", "I might put the kettle on"), a feeling or habit about doing it ("I hate
 * closing the curtains", "stop unlocking the back door", "you keep turning the porch light
 * on", "turning lights on and off all day is so annoying"), a request taken back ("I'm not
 * asking you to …", "you weren't supposed to …") or something done told to the agent ("you
 * just unlocked the front door").
 */
export function aboutAnAction(tokens: string[]): boolean {
  const [a, b] = tokens;
  // "I'll lock the back door now in a minute", "we will close the blinds": what one will do
  if (
    // ("we'll" is written "well" as often: not told apart from "well, close it then")
    (a === 'ill' || ((a === 'i' || a === 'we') && (b === 'will' || b === 'shall'))) &&
    ACTION_VERBS.has(tokens[a === 'ill' ? 1 : 2] ?? '')
  )
    return true;
  // "should I unlock …", "must I turn the heater on", "ought I to close …", "need we lock …"
  if (['should', 'shall', 'must', 'ought', 'need'].includes(a ?? '') && (b === 'i' || b === 'we'))
    return true;
  // "would it be bad to turn off the heater", "would it hurt to open the blinds", "is it ok to
  // …": advice asked; "hypothetically, …", "I dare you to …", "I bet you can't …", "you can't
  // turn off the telly", "yeah right, like I want the blinds open", "… just kidding": a test,
  // a challenge or a joke, not a request; "cheers for putting the kettle on": thanks for what
  // is done; "wake me at 7 with the lights": an alarm clock's; "… for when Sam arrives": later
  if (adviceOrChallenge(tokens)) return true;
  if (changePrevented(tokens) || changeDropped(tokens)) return true;
  // "wah great, vacuum starting at 3am, very smart la": what a device does, told — no request
  // word, the doing word without its "is"
  if (
    tokens.some(
      (t, i) =>
        ['starting', 'started'].includes(t) &&
        i > 0 &&
        !['is', 'are', 'be', 'get', 'keep'].includes(tokens[i - 1]!) &&
        ['at', 'every'].includes(tokens[i + 1] ?? ''),
    ) &&
    !tokens.some(
      (t) => ['please', 'pls', 'can', 'could', 'would', 'will', 'do'].includes(t) || ACTION_VERBS.has(t),
    )
  )
    return true;
  if (a === 'when' && ['did', 'was', 'were', 'has', 'have'].includes(b ?? '')) return true;
  // "would you turn the heater on if you were me"
  if (/\bif (you were me|i were you|i was you)\b/.test(tokens.join(' '))) return true;
  if (a === 'what' && b === 'time' && ['did', 'was', 'were'].includes(tokens[2] ?? '')) return true;
  if (/^[a-z]+ing$/.test(a ?? '') && ACTION_VERBS.has(doing(a!)) && !tokens.includes('you')) return true;
  return tokens.some((t, i) => {
    const before = tokens.slice(Math.max(0, i - 3), i);
    const person = before.some((w) => PERSONS.has(w));
    // "not asking you to", "weren't supposed to"
    if (NEGATIONS.has(t) && SAYING.has(tokens[i + 1] ?? '')) return true;
    // "I'm going to unlock …", "I was about to …", "I thought about opening …" — not "I was
    // going to ask if you could …", "I wonder if you might …"
    // ("I'm going to bed, turn off the lights" intends no action)
    if (person && INTENDING.has(t) && !tokens.includes('you')) {
      const k = ['to', 'of', 'about', 'on'].includes(tokens[i + 1] ?? '') ? i + 2 : i + 1;
      const verb = tokens[k] ?? '';
      return ACTION_VERBS.has(verb) || (verb.endsWith('ing') && ACTION_VERBS.has(doing(verb)));
    }
    // "I hate closing the curtains", "stop unlocking the back door", "you keep turning …"
    const next = tokens[i + 1] ?? '';
    if (ABOUT_DOING.has(t) && next.endsWith('ing') && ACTION_VERBS.has(doing(next))) return true;
    // "the lights keep going on and off": a habit of the device's, told
    if (
      ABOUT_DOING.has(t) &&
      ['going', 'coming'].includes(next) &&
      ['on', 'off'].includes(tokens[i + 2] ?? '')
    )
      return true;
    // "you just unlocked the front door"
    return (
      t === 'you' && ['just', 'already'].includes(tokens[i + 1] ?? '') && PAST_FORMS.has(tokens[i + 2] ?? '')
    );
  });
}
// ("no need to turn it off" advises; "cancel the timer, no need already" says why; "thanks for
// turning it off" says it is done, "thank you for helping" only thanks)
const ADVICE_OR_CHALLENGE =
  /^(would|will|is|does|did) it (be )?(bad|wrong|weird|ok|okay|alright|fine|safe|hurt|matter|help|a good idea|better|cheaper|save|cost|worth)\b|\b(just|only) asking\b|^can (the|my|our) [a-z ]+ (go|get|be set|be turned|turn) |^(can|could|may) (i|we) (dim|turn|switch|set|open|close|lock|unlock|raise|lower)\b|\bhypothetically\b|\b(i )?dare you\b|\bbet you (can ?not|cant|could not|couldnt|wont|will not)\b|^you (can ?not|cant|could not|couldnt|will not|wont|must not|mustnt)\b|\byeah right\b|\blike (i|id|i would|we) (ever|would ever|want|need)\b|\b(just |only )?(kidding|joking)$|\b(its|it is) not like\b|\bno need\b(?!(?: already| anymore| any more| now)?$)|\b(no point|no use|no reason to|refrain from|not to be|never to be|dont bother|do not bother)\b|\b(thanks|thank you|cheers|ta|thx|ty|bless you|good job|great job|nice job|well done|nice one) (so much |very much )?(for )?(?!(?:helping|listening|waiting|being|everything)\b)[a-z]+ing\b|\b(appreciate (you|it)|a star for|a legend for) [a-z]+ing\b|\bwake (me|us)\b|\b(tell|let|notify|alert|ping|warn|text|message|buzz) (me|us)( know)? (when|once|as soon as|whenever)\b|\bfor (after|once)\b|\bfor when (i|you|he|she|they)\b|\btake it away\b/;

/**
 * Someone else's words or intention: "she told me to turn off the porch light", "dad will
 * lock up", "Tom's going to close the blinds" — told, not asked of the agent.
 */
const OTHERS_ACTION =
  /\b(told|asked|reminded) (me|us|him|her|them) to ([a-z]+)|\bsaid to ([a-z]+)|^(he|she|they|dad|mum|mom|mam|grandma|grandad|granny|nan|my (wife|husband|partner|son|daughter|mum|mom|dad|brother|sister)) (will|shall|is going to|is gonna|is about to) ([a-z]+)/;

/** Advice asked, a test or a challenge, anywhere in the message ("hypothetically, …"). */
export function adviceOrChallenge(tokens: string[]): boolean {
  const said = tokens.join(' ');
  if (ADVICE_OR_CHALLENGE.test(said)) return true;
  // (of an action: "she told me to turn off …", not "mum asked me to remind you")
  const m = OTHERS_ACTION.exec(said);
  const verb = m ? (m[3] ?? m[4] ?? m[8] ?? '') : '';
  return ACTION_VERBS.has(verb);
}

/** "turning" → "turn", "locking" → "lock", "shutting" → "shut". */
function doing(word: string): string {
  const stem = word.replace(/ing$/, '');
  return [stem, `${stem}e`, stem.replace(/(.)\1$/, '$1')].find((v) => ACTION_VERBS.has(v)) ?? stem;
}

/** Doing words of a change (not of a state kept): "turning", "going", "skipping", "docking". */
const CHANGING = new Set(
  `turning switching going coming shutting closing opening locking unlocking skipping pausing docking
   muting changing dimming lowering raising arming disarming`.split(/\s+/),
);

/**
 * "stop the porch light turning off", "keep the tv from pausing", "stop skipping": a change to
 * be prevented is not one to make ("stop the music", "stop heating the office" still stop).
 */
function changePrevented(tokens: string[]): boolean {
  const k = tokens.findIndex((t) => ['stop', 'prevent', 'keep', 'quit'].includes(t));
  if (k < 0) return false;
  const rest = tokens.slice(k + 1, k + 8);
  const from = rest.indexOf('from');
  // ("keep the fan running": a state kept is asked for; "keep X from …" prevents)
  if (tokens[k] === 'keep' && from < 0) return false;
  // ("stop the music, we're going to bed": someone else's doing, not the device's)
  const someone = rest.findIndex((t) =>
    ['we', 'i', 'you', 'they', 'he', 'she', 'are', 'am', 'were'].includes(t),
  );
  return rest.some((t, i) => CHANGING.has(t) && (from < 0 || i > from) && (someone < 0 || i < someone));
}

/** "never mind locking the back door", "scrap turning the kettle on": the request dropped. */
function changeDropped(tokens: string[]): boolean {
  const text = tokens.join(' ');
  const m =
    /\b(?:never ?mind|scrap|forget|skip|cancel|dont bother|do not bother)(?: about)? ([a-z]+ing)\b/.exec(
      text,
    );
  if (!m || !(CHANGING.has(m[1]!) || ACTION_VERBS.has(doing(m[1]!)))) return false;
  // ("never mind locking the back door, just turn off the porch light": the rest still asks)
  const after = tokens.slice(tokens.indexOf(m[1]!) + 1);
  return !after.some((t) => ACTION_VERBS.has(t));
}

/** "the back door is unlocked" as asked: "is the back door unlocked" (unchanged without "is"/"are"). */
export function askedForm(tokens: string[]): string[] {
  const be = tokens.findIndex((t) => t === 'is' || t === 'are');
  return be < 1 ? tokens : [tokens[be]!, ...tokens.slice(0, be), ...tokens.slice(be + 1)];
}
