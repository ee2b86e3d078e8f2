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
  const m = /[\s,]+(?:already\s+)?(?:or not|anot|meh|is it|isit)\s*[?.!]*\s*$/i.exec(text);
  if ((!m && !got) || /^\W*(can|could|would|will|help|please|pls|kindly)\b/i.test(text)) return text;
  // ("the coffee machine, can on or not": "can … or not" asks for it)
  if (m && /\bcan\b/i.test(text.slice(0, m.index))) return text;
  const asked = (m ? text.slice(0, m.index) : text.replace(/[?.!\s]+$/, '')).replace(/\s+already$/i, '');
  return `${asked.replace(/\bgot (any|which)\b/i, 'are there $1')}?`;
}

/** "the heater's on" → "the heater is on": the "'s" the words would drop is a verb before a state. */
export function saidIs(text: string): string {
  // "lock the back door before you forget", "… before I forget": now, not after an event;
  // "right away", "straight away": now — not the Away scene
  return (
    text
      .replace(/[,\s]+(?:before|in case) (?:i|you|we|they) forget\b/gi, '')
      // "arm the alarm before I leave for work", "… before I go to bed", "switch the tree off
      // before it sets the lounge on fire", "… before I throw it out the window": now — a
      // reason, or a deadline now meets ("before I wake up" is a time later: kept)
      .replace(
        /(?:^\W*|[,\s]+)before (?:(?:i|we) (?:leave|go|head|set off|get going|throw|lose)\b|(?:it|that|they) (?!(?:is|are|gets?|comes?|goes|turns?)\b)[a-z]+s\b)[^,.!?;]*/gi,
        '',
      )
      .replace(/\b(?:right|straight) away\b/gi, 'now')
      // "when sunset, on the porch light", "when it's sunset …": a time of the sun, as "at sunset"
      .replace(/\b(?:when|whenever|once)(?: it is| it's| its)? (sunset|sunrise|dusk|dawn)\b/gi, 'at $1')
      // "first start the vacuum, after turn off the hallway light": "after" as "then"
      .replace(/^(\W*first\b[^,]*),\s*after(?: that)?\s+/i, '$1, then ')
      // "every weekday by 9am", "every night a ten o'clock": a rule's time said with "by" or "a"
      .replace(
        /\b((?:every|each) [a-z]+) (?:by|a) (?=\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)/gi,
        '$1 at ',
      )
      // "open the curtains until the half", "no, only the half": half way
      .replace(/\b(?:until|till|up to) the half\b/gi, 'to half')
      .replace(/\bonly the half\b/gi, 'only half')
      // "do you think you could get the coffee machine going": asked as a request
      // ("do you think you could have left the lights on?" asks what happened)
      .replace(
        /^(\W*)(?:do you think|d'?you think|think) (?:you|u) (could|can|would|might)\b(?! (?:have|be|been)\b)/i,
        '$1$2 you',
      )
      // "may I know the temperature in the office", "I want to know if …": asked, as "tell me"
      .replace(
        /^(\W*)(?:(?:may|can|could|might) (?:i|we)|i (?:want|wanna|need|would like|wish) to|i'?d like to|let me) know\b(?! (?:when|once|whenever|if (?:anyone|someone|somebody)|as soon)\b)/i,
        '$1tell me',
      )
      // "has the robot vacuum returned to its dock?", "is the vacuum back on its dock": docked
      .replace(
        /^(\W*(?:has|is|did) (?:the |my |our )?(?:[a-z ]{0,20}(?:vacuum|hoover|robot|roomba)|it)) (?:returned|gone back|go back|back|gone home|go home|got back|get back)(?: (?:to|on|onto|in) (?:its|the|his|her) (?:dock|base|charger|station))?(?=\W*$)/i,
        '$1 docked',
      )
      // "… just in off a 12hr shift", "curtains shut im on nights": one's work shift told
      .replace(
        /[,;\s]+(?:i'?m |im |i am |we'?re |just )*(?:(?:in |back |home )?(?:off|from) (?:a|my|the|our) [a-z0-9 ]{0,16}?shift|on (?:nights|lates|earlies|days|night shift|the night shift|shift))\b[^,.!?;]*/gi,
        '',
      )
      // "it's doing nowt but wasting electric": the thing's idleness told; "for once"
      .replace(
        /[,;\s]+(?:it'?s|its|it is|that'?s|thats) doing (?:nothing|nowt|naff all|sod all)\b[^,.!?;]*/gi,
        '',
      )
      .replace(/[,\s]+for once\b/gi, '')
      // "… so i can see outside": what it is for
      .replace(
        /[,\s]+so (?:that )?(?:i|we|he|she|they|you) (?:can|could|will|dont|don't|do not|won't|wont)\b[^.!?;]*/gi,
        '',
      )
      // "we fixing to leave": about to; "grandma finna come down": is going to
      .replace(/\bfixing to\b/gi, 'about to')
      .replace(
        /\b(i|we|you|they|he|she)(?:'?m|'?re)? finna\b/gi,
        (_m, who: string) =>
          `${who} ${who.toLowerCase() === 'i' ? 'am' : ['he', 'she'].includes(who.toLowerCase()) ? 'is' : 'are'} going to`,
      )
      .replace(/^(\W*)finna\b/i, '$1going to')
      .replace(/\b(?<!going to )finna\b/gi, 'is going to')
      // "everyone is leaving for office and school": an office without its article is a
      // workplace, not this home's room
      .replace(
        /\b(leaving|leave|left|going|go|gone|heading|head|off|went|reach|reached) (for|to) office\b/gi,
        '$1 $2 work',
      )
      // "burns the porch light still?": Dutch "brandt", asked as "is it still on"
      .replace(
        /^(\W*)(?:burns|burn|is burning) ((?:the|my|our) [a-z ]{2,30}?)(?: still)?(?=\W*$)/i,
        '$1is $2 still on',
      )
      // "when it becomes dark": when it gets dark
      .replace(/\bit becomes dark\b/gi, 'it gets dark')
      // "when the sun go down", "when the sun set": the sun's own verbs, however said
      .replace(/\bthe sun (?:go|goes|gone|going) down\b/gi, 'the sun goes down')
      // "how high is the humidity": what it is
      .replace(/\bhow (?:high|low) is the (humidity|temperature)\b/gi, 'what is the $1')
      // "it is warm like a sauna here", "cold as ice": a likeness adds nothing to the feeling
      .replace(
        /\b(warm|hot|cold|freezing|chilly|dark|bright|loud|stuffy|humid) (?:like|as) (?:a|an|the) [a-z]+\b/gi,
        '$1',
      )
      // "is the heat even on in this house": the whole home, said
      .replace(
        /\b(on|off|open|closed|locked|unlocked|running) in (?:this|the|our|my) (?:house|home|place)\b/gi,
        '$1',
      )
      // "is sam at the house yet": home
      .replace(/\bat the house\b/gi, 'home')
      // "what all can you do": what
      .replace(/\bwhat all\b/gi, 'what')
      // "lock front + back doors"
      .replace(/\s\+\s/g, ' and ')
      // "mash the button on the coffee machine", "press the power button of the tv": on
      .replace(/\b(?:mash|press|push|hit) the (?:power |on )?button (?:on|of) /gi, 'turn on ')
      // "make the robot vacuum go": started, as "get it going"
      .replace(/\bmake ((?:the |my |our |that |it)[a-z ]{0,30}?) go(?=\W*$)/i, 'get $1 going')
      // "have the kids left any lights on upstairs?": asked as "did … leave"
      .replace(
        /^(\W*)(?:have|has) ((?:the |my |our |you|we|i |someone|somebody|anyone|anybody)[a-z ]{0,25}?) left\b/i,
        '$1did $2 leave',
      )
      // "is sam back?", "has alex got back": home
      .replace(/^(\W*)(?:is|has) ([a-z]+) (?:back|got back|come back|come home)(?=\W*$)/i, '$1is $2 home')
      // "what is the temperature there in the living room": "there" before the place it is
      .replace(/\bthere (?=(?:in|at|inside) (?:the|my|our)\b)/gi, '')
      // "mind arming the home alarm for me?": "would you mind", its start left out
      .replace(/^(\W*)mind ([a-z]+ing)\b/i, '$1would you mind $2')
      // "… whenever you can", "… when you get a chance": politeness, no time
      .replace(/[,\s]+(?:whenever|when) (?:you|u) (?:can|get (?:a|the) chance)\s*[.!?]*\s*$/i, '')
      // "be so good and pause the music" (German "sei so gut und"), "be so kind as to …"
      .replace(/\bbe so (?:good|kind) (?:and|as to) /gi, '')
      // "I'd appreciate it if the office heater went on": wished on, as "… was on"
      .replace(/\b(if (?:the|my|our) [a-z ]{2,40}?) (?:went|came|goes|comes) (on|off)\b/gi, '$1 was $2')
      // "could you help to on the kitchen fan": asked of the agent, as "help me close …" is
      .replace(/\bhelp (?:me |us )?to (?=\w)/gi, '')
      .replace(
        /\b([a-z]+)['\u2019]s\s+(?=(?:(?:still|already|all|now|just|been|left|also|definitely|probably|stuck|wide|not)\s+)*(?:on|off|open|closed|shut|locked|unlocked|armed|disarmed|running|out|at\s+\d+|up|down)\b)/gi,
        '$1 is ',
      )
      // "make sure the porch light is not on", "the front door not unlocked", "if the kitchen
      // light were no longer on": a state denied is its opposite — never the state said
      .replace(
        NOT_LEFT,
        (_m, thing: string, state: string) => `make sure ${thing} is ${OPPOSITE_STATE[state.toLowerCase()]}`,
      )
      .replace(NOT_THE_OTHER, '$1')
      // "stop being so loud", "stop being this cold": a complaint, as "too loud" — not "stop it"
      .replace(/\bstop being (?:so |this |that )?(?=[a-z]+\b)/gi, 'too ')
      .replace(MEASURED_ON, '$1 for ')
      .replace(
        NOT_A_STATE,
        (_m, be: string | undefined, state: string | undefined, adjective: string | undefined) =>
          `${be ? `${be} ` : ''}${OPPOSITE_STATE[(state ?? adjective!).toLowerCase()]}`,
      )
  );
}

/** Words that compare a level: "quieter", "brighter", "up". */
const COMPARED = [
  'louder',
  'quieter',
  'softer',
  'brighter',
  'dimmer',
  'darker',
  'lighter',
  'warmer',
  'cooler',
  'hotter',
  'colder',
  'higher',
  'lower',
  'up',
  'down',
];
/** Words of how much light, heat or sound there is: "less light", "too loud", "more volume". */
const MEASURED_NOUNS = ['light', 'heat', 'volume', 'sound', 'brightness'];
const MEASURES = [
  'loud',
  'quiet',
  'bright',
  'dim',
  'dark',
  'warm',
  'hot',
  'cold',
  'cool',
  'less',
  ...COMPARED.filter((w) => w !== 'up' && w !== 'down'),
];

/** The other state of a device's two: on and off, open and closed, locked and unlocked. */
const OPPOSITE_STATE: Record<string, string> = {
  on: 'off',
  off: 'on',
  open: 'closed',
  closed: 'open',
  shut: 'open',
  locked: 'unlocked',
  unlocked: 'locked',
  armed: 'disarmed',
  disarmed: 'armed',
  running: 'off',
};
// (a bare "not" only before a word that is never a verb: "do not open the blinds" is no state)
// ("make sure the kettle isn't left on", "… is not kept open": the state left is the state)
const NOT_A_STATE = new RegExp(
  `\\b(?:(?:(is|are|be|was|were|stays?|remains?)(?:n['\u2019]?t|\\s+not|\\s+no\\s+longer)|no\\s+longer)(?:\\s+(?:left|kept))?\\s+(${Object.keys(OPPOSITE_STATE).join('|')})|(?<!\\b(?:have|has|had)\\s+)not\\s+(?:left\\s+|kept\\s+)?(locked|unlocked|closed|armed|disarmed))\\b`,
  'gi',
);
/** "we can't leave the back door unlocked", "don't leave the porch light on": the other state wanted. */
const NOT_LEFT = new RegExp(
  `\\b(?:can\\s*not|can['\u2019]?t|must\\s+not|mustn['\u2019]?t|should\\s+not|shouldn['\u2019]?t|don['\u2019]?t|do\\s+not|never)\\s+leave\\s+((?:the|my|our|that)\\s+[a-z ]{2,40}?)\\s+(${Object.keys(OPPOSITE_STATE).join('|')})\\b`,
  'gi',
);
/**
 * "quieter not louder", "make it softer instead of louder": the word taken back after the one
 * meant is dropped — the last said is not the one wanted.
 */
const NOT_THE_OTHER = new RegExp(
  `\\b(${COMPARED.join('|')})\\s*,?\\s+(?:not|instead\\s+of|rather\\s+than)\\s+(?:${COMPARED.join('|')})\\b`,
  'gi',
);
/**
 * "less light on the porch", "too loud on the telly": "on" after a measure of light, heat or
 * sound is where, not "switch on".
 */
// (a noun of light, heat or sound only after a quantity: "less light on the porch" — "turn the
// light on the bedroom", "light on the porch please" switch it on)
const MEASURED_ON = new RegExp(
  `\\b((?:less|more|no|much|enough)\\s+(?:${MEASURED_NOUNS.join('|')})|${MEASURES.join('|')})\\s*,?\\s+on\\s+(?=(?:the|my|our|this|that)\\b)`,
  'gi',
);

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
    if (tokens.slice(0, i).some((t, k) => STATE_WANTED.has(t) && !NEGATIONS.has(tokens[k + 1] ?? '')))
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
const ADVICE_OR_CHALLENGE =
  /^(would|will|is|does|did) it (be )?(bad|wrong|weird|ok|okay|alright|fine|safe|hurt|matter|help|a good idea|better|cheaper|save|cost|worth)\b|\b(just|only) asking\b|^can (the|my|our) [a-z ]+ (go|get|be set|be turned|turn) |^(can|could|may) (i|we) (dim|turn|switch|set|open|close|lock|unlock|raise|lower)\b|\bhypothetically\b|\b(i )?dare you\b|\bbet you (can ?not|cant|could not|couldnt|wont|will not)\b|^you (can ?not|cant|could not|couldnt|will not|wont|must not|mustnt)\b|\byeah right\b|\blike (i|id|i would|we) (ever|would ever|want|need)\b|\b(just |only )?(kidding|joking)$|\b(its|it is) not like\b|\b(no point|no need|no use|refrain from|not to be|never to be|dont bother|do not bother)\b|\b(thanks|thank you|cheers|ta|thx|ty|bless you|good job|great job|nice job|well done|nice one) (so much |very much )?(for )?[a-z]+ing\b|\b(appreciate (you|it)|a star for|a legend for) [a-z]+ing\b|\bwake (me|us)\b|\bfor (after|once)\b|\bfor when (i|you|he|she|they)\b|\btake it away\b/;

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
