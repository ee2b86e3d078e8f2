/**
 * The message as every later check reads it: its words spelled plainly, and the parts around the
 * request that only colour it — a heading, a clause aside, a remark after "please", a closing
 * particle — set aside. Each step keeps the text when it is unsure.
 */
import { DRAWN_OUT_PLEASE } from '../intents/dialect-words.js';
import { tokenize } from '../intents/normalize.js';
import { saysBengali } from '../intents/bengali-words.js';
import { pidginPast } from '../intents/pidgin.js';
import { criedApart } from './clauses.js';
import { declarative } from './guards.js';
import { KIN, QUESTION_WORDS } from './lexicon.js';
import { QUESTION_INTENTS } from './reading.js';
import type { SecondStage } from './reader.js';
import { orNotInHindi } from './said-is.js';
import { withoutHeading } from './sentences.js';
import { taggedQuestion } from './told.js';

/** The whole message, plainly: what `Understanding.understand` reads. */
export function plainMessage(stage2: SecondStage, said: string): string {
  return criedApart(
    taggedQuestion(
      orNotInHindi(
        withoutClosingParticles(
          stage2,
          withoutRemarkAfterPlease(
            stage2,
            withoutClauseAside(
              stage2,
              withRunOnStatement(
                stage2,
                withoutHeading(
                  stage2,
                  kinBeforeName(stage2, withoutHindiRemark(stage2, spelledPlainly(said))),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** Hindi and Urdu verbs closing a request: "band karo", "on kar do", "kholiye", "chala do". */
const HINDI_REQUEST =
  /\b(?:karo|kardo|krdo|kro|kar do|kr do|kar dein|kar dena|kr dena|kijiye|kariye|karein|do na|dijiye|chala do|bujha do|khol do|band karo)\b/i;
/** A Hindi or Urdu clause that tells: it ends on its verb of being or happening. */
const HINDI_TELLS =
  /\b(?:hai|hain|tha|thi|the|raha|rahi|rahe|gaya|gayi|gaye|hua|hui|lagti|lagta|lagtay)\s*[.!]*\s*$/i;
/** Words of when: a clause with one may say when to act, never set aside. */
const HINDI_WHEN =
  /\d|\b(?:baje|baad|minute|minat|ghante|ghanta|subah|shaam|kal|tak|pehle|abhi|jab|raat ko)\b/i;

/**
 * "kitchen ki light band karo please, bijli ka bill bohat aaya hai", "front door lock kar do,
 * raat ho gayi hai": beside a Hindi or Urdu request, a clause that tells — ending on "hai",
 * "tha", "raha", "gayi" — and names nothing of the home, no action and no time, is why.
 */
function withoutHindiRemark(stage2: SecondStage, text: string): string {
  if (!HINDI_REQUEST.test(text)) return text;
  const parts = text.split(/([,;])/);
  if (parts.length < 3) return text;
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const clause = parts[i]!;
    const aside =
      HINDI_TELLS.test(clause) &&
      !HINDI_REQUEST.test(clause) &&
      !HINDI_WHEN.test(clause) &&
      !stage2.namesDevice(clause) &&
      !stage2.hasAction(clause) &&
      !stage2.namesPlace(clause);
    if (!aside) kept.push(clause, parts[i + 1] ?? '');
  }
  const out = kept
    .join('')
    .replace(/[,;]\s*$/, '')
    .trim();
  return out.length > 0 ? out : text;
}

/** The verb of a state said after "shall be": "the lamp shall be on" is "turn on the lamp". */
const SHALL_BE: Record<string, string> = {
  on: 'turn on',
  off: 'turn off',
  open: 'open',
  closed: 'close',
  shut: 'close',
  locked: 'lock',
  unlocked: 'unlock',
};

const DRAWN_OUT_IN_TEXT = new RegExp(String.raw`\b(?:${DRAWN_OUT_PLEASE})\b`, 'gi');

/**
 * Words as every check of the message reads them: "pleeease", "plsss" are please, drawn out;
 * Irish "is the kettle after being left on" is whether it is on.
 */
function spelledPlainly(text: string): string {
  return (
    pidginPast(text)
      // ("next song on the speaker", "skip to the next track on the tv": the player first — its
      // "on" is no switching)
      .replace(
        /^(\W*(?:(?:please|can you|could you|pls)\s+)?)(?:play\s+|skip to\s+|go to\s+)?(?:the\s+)?(next|previous)\s+(?:track|song|tune|episode)\s+on\s+((?:the|my)\s+[a-z]+)(\s*(?:please|pls)?\s*[.!?]*\s*)$/i,
        '$1$3 $2 track$4',
      )
      // ("would you open the blinds, let a bit of daylight in": why)
      .replace(
        /,\s*(?:to\s+)?let\s+(?:some|a bit of|a little|the|more)?\s*(?:fresh\s+)?(?:light|daylight|air|sun|sunlight|sunshine)\s+in\b/gi,
        '',
      )
      // ("ten minutes after, kettle off please", "thirty minutes later, …": a wait said first
      // the Japanese way, "juppun-go" — in that long)
      .replace(
        /^(\W*)((?:(?:a|an|half an|[a-z0-9]+)[\s-]+){1,2}?)(minutes?|mins?|hours?|hrs?|seconds?|secs?)\s+(?:after|later)\s*[,.:;]\s*/i,
        '$1in $2$3, ',
      )
      // ("bedroom curtain open, morning six o'clock": the part of the day said before the hour;
      // "…, six o'clock in the morning": the hour said as a clause of its own)
      .replace(
        /,\s*(morning|evening|afternoon|night)\s+((?:[a-z0-9:]+[\s-]+)?[a-z0-9:]+\s*o'?\s?clock)\s*([.!?]*)\s*$/i,
        (_m, part: string, hour: string, end: string) =>
          ` at ${hour} ${part.toLowerCase() === 'night' ? 'at night' : `in the ${part}`}${end}`,
      )
      .replace(
        /,\s*((?:[a-z0-9:]+[\s-]+)?[a-z0-9:]+\s*o'?\s?clock\s+(?:in the (?:morning|evening|afternoon)|at night|tonight|tomorrow))\s*([.!?]*)\s*$/i,
        ' at $1$2',
      )
      // ("it is warm up here", "its cold down there": a feeling told of where one is — no "warm up")
      .replace(
        /\b(it'?s|it is|its|getting|so|too|very|really|bit|quite|rather|pretty)\s+(warm|cool|hot|cold|chilly)\s+(?:up|down|out)\s+(here|there)\b/gi,
        '$1 $2 $3',
      )
      // ("At seven and a half in the morning open the curtains": an hour and a half, Spanish
      // "a las siete y media" — half past)
      .replace(
        /\bat\s+(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})\s+and\s+a\s+(half|quarter)\b/gi,
        'at $2 past $1',
      )
      // ("The door of the back, close it with key.": the back door, locked)
      .replace(/\b(the\s+)?door\s+of\s+the\s+(back|front)\b/gi, '$1$2 door')
      .replace(/\bclose\s+(it|the\s+[a-z]+\s+door)\s+with\s+(?:the\s+|a\s+)?key\b/gi, 'lock $1')
      // ("Close the curtains … and after switch off the light": "y después", and then)
      .replace(
        /\band\s+after(?=\s+(?:turn|switch|close|open|lock|unlock|put|set|start|stop|dim)\b)/gi,
        'and then',
      )
      // ("Is little bit cold here, can you make warmer?", "…, is nice sun today": "it is" with
      // its "it" left out, said of how it is — a question only with its "?")
      .replace(
        /(^|[,;.!]\s*)is\s+((?:a\s+)?(?:little\s+)?(?:bit\s+)?(?:very\s+|so\s+|too\s+|quite\s+|really\s+)?(?:cold|hot|warm|chilly|dark|bright|loud|noisy|quiet|nice|sunny|good|late|early)\b[^,;?]*)(?=[,;]|$)/gi,
        '$1it is $2',
      )
      // ("can u pls close the garage door before dad yells at me again": someone about to see
      // or mind — a deadline that now meets; never an arrival, "… before Sam arrives", which
      // may be hours away and is better waited for)
      .replace(
        /\s+before\s+(?:my\s+|our\s+|the\s+)?(?:he|she|they|dad|mum|mom|mam|nan|gran|grandma|grandpa|wife|husband|the kids|kids|boss|[a-z]+)\s+(?:yells|shouts|sees|notices|finds out|complains|moans|nags|freaks out|gets (?:mad|angry|annoyed)|trips|falls)\b[^,.;!?]*([.!?]*)\s*$/i,
        '$1',
      )
      // ("garage door open or closed": asked, its "is" and its "?" left out)
      .replace(
        /^(\W*)(?!(?:is|are|was|were)\b)([a-z][a-z ]{2,40}?\s+(?:open|on|locked|off|closed|unlocked)\s+or\s+(?:closed|off|unlocked|open|on|locked|not))\s*$/i,
        '$1$2?',
      )
      // ("how cold is it out": outside)
      .replace(/\b(is it|it is|its) out\s*(\??)\s*$/i, '$1 outside$2')
      // ("TV OFF 30 MINUTE": an AAC board's wait, its "in" left out)
      .replace(/\b(on|off)\s+(\d+)\s+(minutes?|mins?|hours?)\s*[.!]?\s*$/i, '$1 in $2 $3')
      // ("MORNING GOOD": the greeting's symbols in their order)
      .replace(/^(\W*)(morning|night|evening|afternoon)\s+good(\W*)$/i, '$1good $2$3')
      // ("iwe is the garage door open": whom it is said to, before the question)
      .replace(
        /^(\W*)(?:iwe|chale|habibi|beta|putt)[,\s]+(?=(?:is|are|was|were|did|does|do|has|have|what|whats|how|which|where|who)\b)/i,
        '$1',
      )
      // ("front door lock already mah", "light off already ah?": Cantonese "mah", "ah" close a
      // question — its "is" left out, the state said last)
      .replace(
        /^(\W*)(?:the\s+|my\s+|our\s+)?((?![a-z ]*\b(?:is|are|was|turn|switch|put|set)\b)[a-z][a-z ]{1,30}?)\s+(lock|locked|unlock|unlocked|close|closed|shut|open|opened|off|on)\s+(already|yet)\s+(?:mah|ma|meh|ah|a)\s*\??\s*$/i,
        (_m, lead: string, thing: string, way: string, when: string) =>
          `${lead}is the ${thing} ${({ lock: 'locked', unlock: 'unlocked', close: 'closed', opened: 'open' } as Record<string, string>)[way.toLowerCase()] ?? way} ${when}?`,
      )
      // ("di back door lock yet", "the coffee machine still running": a state asked with its
      // "is" left out — a question, never the deed)
      .replace(
        /^(\W*)((?:the|my|our|di)\s+(?![a-z ]*\b(?:is|are|was)\b)[a-z][a-z ]{1,30}?)\s+(lock|locked|unlock|unlocked|close|closed|shut|open|opened|off|on)\s+yet\s*\??\s*$/i,
        (_m, lead: string, thing: string, way: string) =>
          `${lead}is ${thing} ${({ lock: 'locked', unlock: 'unlocked', close: 'closed', opened: 'open' } as Record<string, string>)[way.toLowerCase()] ?? way} yet?`,
      )
      .replace(
        /^(\W*)((?:the|my|our|di)\s+(?![a-z ]*\b(?:is|are|was)\b)[a-z][a-z ]{1,30}?)\s+still\s+(?:a\s+(?=run\b|play\b))?(run|running|going|on|open|unlocked|playing|play|burning)\s*\??\s*$/i,
        (_m, lead: string, thing: string, state: string) =>
          `${lead}is ${thing} still ${state === 'run' ? 'running' : state === 'play' ? 'playing' : state}?`,
      )
      // ("Before I settle in, could you …": a moment of one's own that now is before — the
      // request is for now)
      // (not "before we go on holiday next week, …": a going, which may be days away)
      .replace(/^(\W*)before (?:i|we) (?:settle|sit) (?:in|down)\b[^,;]{0,20},\s*/i, '$1')
      // ("I hope I'm not being a bother, but would you …", "I'm sorry to ask again, but how
      // cold is it outside?": a courtesy before the request, closed by its "but")
      .replace(
        /(^|[,.]\s*)(?:i hope i'?m not (?:being )?(?:a bother|a pain|a nuisance|disturbing you|interrupting)|(?:i'?m |i am )?(?:so |terribly |awfully |really )?sorry to (?:ask|bother you|trouble you|be a pain|be a bother)(?: again)?|i hate to (?:ask|bother you|be a pain))\s*,?\s*but\s+(?!can\b|could\b)/gi,
        '$1',
      )
      // ("Could you tell me, dear, how warm …": the one spoken to, between commas)
      .replace(
        /,\s*(?:dear|love|darling|pet|sweetheart|hun|honey|sweetie|my dear)\s*,\s*(?=how|what|is|are|which|where|can|could|would|will|please)/gi,
        ', ',
      )
      // ("all night long the porch light is on": "long" closes the span, as "all night" says it)
      .replace(
        /\ball (night|day|morning|evening|afternoon|week|weekend|year|summer|winter) long\b/gi,
        'all $1',
      )
      // ("garage door open 5:45am": a clock time closing a request, its "at" left out)
      .replace(
        /(?<=\b(?:on|off|open|close|closed|shut|up|down|lock|locked|unlock|unlocked|start|stop|pause|light|lights|door|lamp|fan|heater|tv|blinds|curtains|kettle|please|pls)\s+)(\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2})\s*([.!?]*)\s*$/i,
        'at $1$2',
      )
      // ("would you ever put on the kettle for me there's a good girl": praise of the one asked)
      .replace(
        /(?:,\s*|\s+)(?:there'?s|theres|that'?s|thats)\s+(?:a|my)\s+good\s+(?:girl|boy|lad|lass|woman|man|one)\s*([.!]*)\s*$/i,
        '$1',
      )
      // ("has somebody gone and left the telly on": British "gone and", said of a deed)
      .replace(/\bgone and (left|turned|switched|put)\b/gi, '$1')
      // English shaped by ASL, topic first: "hallway light on finish?" (already), "light
      // downstairs which on?", "timer cancel", "mirror light full 100%", "tonight 10 porch light
      // off", "every day sunset porch light on"
      .replace(/\b(on|off|open|closed|locked|unlocked|done)\s+finish(?:ed)?\b/gi, '$1 already')
      .replace(/\block\s+finish(?:ed)?\b/gi, 'locked already')
      .replace(
        /^(\W*)([a-z][a-z ]{2,40}?)\s+which\s+(on|off|open|closed|locked|unlocked)\s*\?\s*$/i,
        '$1are any $2 $3?',
      )
      .replace(/^(\W*)timers?\s+cancel\b/i, '$1cancel the timer')
      .replace(/\bfull\s+(?=\d+\s*(?:%|percent\b))/gi, '')
      .replace(
        /\b(tonight|tomorrow(?: morning| night| evening)?|this (?:morning|evening|afternoon))\s+(\d{1,2})(?=\s+[a-z])/gi,
        '$1 at $2',
      )
      .replace(
        /\b(every (?:day|evening|night|morning)|daily|each (?:day|evening|morning))\s*,?\s+(sunset|sunrise|dusk|dawn)\b/gi,
        '$1 at $2',
      )
      // ("Ma'am, I will on the kitchen light ya?": a helper asking leave to do it asks it done)
      .replace(
        /^(\W*(?:(?:ma'?am|sir|madam|boss|auntie|uncle)\W+)?)i(?: will|'ll) (?=(?:on|off|close|open|lock|turn|switch|put|start|pause)\b[^?]*\?\W*$)/i,
        '$1please ',
      )
      // ("open the blinds, very gloomy today", "ah ma say cold leh": a feeling after a comma,
      // its "it is" left out, is why)
      .replace(
        /,\s*(very|really|quite|super|so|damn|bit|a bit|rather|pretty|kinda)\s+(gloomy|dark|dim|cold|chilly|freezing|hot|warm|stuffy|humid|bright|loud|noisy|quiet)\b/gi,
        ', it is $1 $2',
      )
      // Yorkshire "ey up" (hello), "put t' big light on in t' lounge", "in 'ere", "'alf way",
      // "off wi' t' lamp"
      .replace(/^(\W*)(?:ey|eh|ay) up\b[\s,!.]*(?=\S)/i, '$1hello, ')
      // radio procedure, as a former controller says it: "Request hallway light on", "Confirm
      // garage door closed, over.", "Back door. Locked, affirm?", "Say outside temperature."
      .replace(/^(\W*)request(?:ing)?\s+(?!no\b|not\b|none\b|nothing\b)(?=\S)/i, '$1')
      .replace(/^(\W*)say (?:that |it )?again\b\W*$/i, '$1pardon?')
      // ("Roger, turning in.": going to bed, no turn of anything)
      .replace(
        /\b(?:i'?m |we'?re )?turning in\b(?=\s*(?:for the night|now|early)?\s*(?:[.,;!]|$))/gi,
        'going to bed',
      )
      // ("Going to bed. Turn off the tv.": one's own going, its "I'm" left out — no device going)
      .replace(/(^\W*|[.!?;,]\s+)going to (bed|sleep)\b/gi, "$1I'm going to $2")
      .replace(
        /^(\W*)confirm(?: that)?\s+(?:the\s+)?([a-z][a-z ]{2,40}?)\s+(?:is\s+|are\s+)?(closed|open|locked|unlocked|on|off|armed|disarmed|shut|docked)\b/i,
        '$1is the $2 $3?',
      )
      .replace(/,\s*over(?: and out)?\W*$/i, '')
      .replace(/[,\s]+(?:affirm|affirmative)(?: or negative)?\s*\?\s*$/i, '?')
      .replace(
        /^(\W*)say\s+(?!again\b|hi\b|hello\b|good\b|goodnight\b|sorry\b|something\b|that\b|it\b|yes\b|no\b|please\b|thanks?\b|bye\b|cheese\b)(?=[a-z])/i,
        '$1what is ',
      )
      // Doric "fit's the humidity like" (what is), "the day" (today), "the nicht" (tonight)
      .replace(/^(\W*)fit(?:['\u2019]s| is)\b/i, '$1what is')
      .replace(
        /(?<!\b(?:for|all|of|during|by|through|in|that|what|which|a|one)\s)\bthe day(?=\W*$)/i,
        'today',
      )
      .replace(/\bthe nicht\b/gi, 'tonight')
      // Irish: "…, good man" (whom it is said to), "ah go on, make it twenty-one" (do), "what
      // time is it at all" (only stressed)
      .replace(/,\s*(?:good|grand) (?:man|woman|lad|girl|boy)\W*$/i, '')
      .replace(/^(\W*)(?:(?:ah|oh|sure|och)\s+)?go on\s*[,!.]+\s*(?=\S)/i, '$1')
      .replace(/\s+at all(?=\s*(?:[,?.!]|$))/gi, '')
      // German and French turns: "the desk lamp shall be on" (is to be), "when I become home"
      // and "can I become the humidity" (get), "the store" of a room (the blinds, French store)
      .replace(
        /^(\W*)(?:please,?\s+)?((?:the|my|our)\s+[a-z][a-z ]{1,40}?)\s+shall\s+(?:be|go|come)\s+(on|off|open|closed|shut|locked|unlocked)\b(?![^?]*\?)(?![^.!]*\b(?:check|isn'?t|right|correct|think|guess|believe|suppose|before|after|when|until|till|by)\b)/i,
        (_all, lead: string, thing: string, state: string) =>
          `${lead}${SHALL_BE[state.toLowerCase()] ?? 'turn on'} ${thing}`,
      )
      .replace(/\bbecome (home|back)\b/gi, 'get $1')
      // "cut the heating in one hour", "cut the lights" (not "cut the lamp … on"; a word of its
      // own, so "the cat" is never spelled into it)
      .replace(
        /(^\W*|[,.;!?]\s*|\bplease\s+|\band\s+)cut (the (?:heating|heat|heater|lights?|power|tv|telly|fan|music))\b(?!\s+(?:volume|bill|down|back|to|up)\b)(?![^,.;]*\bon\b)/gi,
        '$1turn off $2',
      )
      .replace(/^(\W*)(can|could|may) (i|we) become\b/i, '$1$2 $3 get')
      .replace(
        /\bstores?\b(?=\s+(?:in|of)\s+the\s+(?:living|bed|office|kitchen|lounge))|(?<=\b(?:lower|raise|close|open|shut|pull)\s+the\s+)stores?\b(?!\s+(?:bought|room|at|closes|opens))|^stores?\b(?=\s+(?:up|down)\W*$)/gi,
        'blinds',
      )
      // an oath, not a place by something: "by 'eck it's reet cold", "ee by gum"
      .replace(/^(\W*)(?:ee,?\s+)?by\s+(?:['\u2019]?h?eck|gum|god|golly|jove)\b/i, '$1heck')
      // (written on to its word too: "t'lounge", "t'big light")
      .replace(/(^|[\s("])t['\u2019](?=\s)/gi, '$1the')
      .replace(/(^|[\s("])t['\u2019](?=[a-z])/gi, '$1the ')
      .replace(
        /(^|\s)['\u2019](ere|alf|ow|ouse|eating|eater|ot)\b/gi,
        (_all, sp: string, w: string) => `${sp}${w.toLowerCase() === 'ot' ? 'hot' : `h${w}`}`,
      )
      .replace(/\bwi['\u2019](?=\s)/gi, 'with')
      // "the front door, locked it is?": the state before "it is", asked
      .replace(
        /\b(locked|unlocked|open|closed|shut|on|off|running)\s+it\s+is\b(?=[\s,]*(?:\w+\s*)?\?)/gi,
        'is it $1',
      )
      // Creole and Pidgin "di", "da": "when di sun go down, …" — the article, for every check of
      // the text (a name, "Di", is written with its capital)
      .replace(/\b(?:di|da)\b(?= (?!the\b|a\b|an\b)[a-z])/g, 'the')
      // "the living room tee vee"; Swahili "saa ngapi?" (what time is it), and its "na" (and)
      // beside its verbs of switching ("zima kettle na coffee machine")
      .replace(/\btee ?vee\b/gi, 'tv')
      .replace(/\bsaa ngapi\b/gi, 'what time is it')
      .replace(/\bna\b/gi, (na, at: number, all: string) =>
        /\b(?:zima|washa|fungua|funga|weka)\b/i.test(all) && at > 0 ? 'and' : na,
      )
      // punctuation dictated to a phone: "… garage door comma I'm pulling in", "… robot vacuum
      // period" ("nineteen comma five" is a number; "a period of" is time)
      .replace(/\s+comma\b(?!\s+(?:\d|one|two|three|four|five|six|seven|eight|nine)\b)/gi, ',')
      .replace(/(?<!\b(?:a|the|this|that|trial|grace))\s+(?:period|full stop)\b(?!\s+of\b)/gi, '.')
      .replace(/\s+question mark\b/gi, '?')
      .replace(/\s+exclamation (?:point|mark)\b/gi, '!')
      // "in your own time", "when you get a chance", "no rush": now, unhurried
      .replace(
        /,?\s*\b(?:in your own time|when(?:ever)? you get (?:a|the) chance|no rush|no hurry)\b,?/gi,
        ' ',
      )
      // "living room blinds: position 0", "porch light: off": a device, then what it is to be
      .replace(
        /^(\W*[a-z][a-z ]{2,40}):\s*(?=(?:position|brightness|volume|temperature|level|on|off|open|closed|shut|locked|unlocked|\d)\b)/i,
        '$1 ',
      )
      // Irish "someone's after leaving it on": has left it on
      .replace(/\b([a-z]+)(?:'s|s| is| has) after leaving\b/gi, '$1 left')
      // "help me turn on kettle": the request
      .replace(/^(\W*)help me (?=(?:turn|switch|open|close|shut|lock|unlock|put|start|stop|pause)\b)/i, '$1')
      // "call that timer off": cancel it
      .replace(/\bcall ((?:that|the|my|this) )?(timers?|alarms?|reminders?) off\b/gi, 'cancel $1$2')
      .replace(/\bcall off ((?:that|the|my|this) )?(timers?|alarms?|reminders?)\b/gi, 'cancel $1$2')
      // "if it ain't no trouble": isn't any
      .replace(/\bain['\u2019]?t no\b/gi, "isn't any")
      // Appalachian: "a-nosing", "a-going" (the "a-" of a doing), "out yonder" (outside), "that
      // porch light yonder" (there), "you'uns" (you all), "right smart chilly" (very)
      .replace(/\ba-(?=[a-z]+ing\b)/gi, '')
      .replace(/\bout yonder\b/gi, 'outside')
      .replace(/\byonder\b/gi, 'there')
      .replace(/\byou['\u2019]?uns\b/gi, 'you all')
      .replace(/\bright smart\b(?=\s+[a-z])/gi, 'very')
      // Bengali "ar" (and) between requests, "ager moto koro" (as before: undo)
      .replace(/\bar\b/gi, (ar, _at: number, all: string) =>
        saysBengali(all.toLowerCase().split(/[^a-z]+/)) ? 'and' : ar,
      )
      .replace(/\bager moto\b/gi, 'put it back')
      // Tagalog "i-lock ang back door", "i-on": the verb's "i-", no "I"
      .replace(/\bi-(?=(?:lock|unlock|on|off|open|close|set|start|pause|play)\b)/gi, '')
      // "The little one is sleeping": the child, no device "one"
      .replace(/\blittle ones?\b(?=\s+(?:is|are)\s+(?:sleeping|asleep|napping|resting|in bed)\b)/gi, 'baby')
      // Tagalog "may ilaw pa bang bukas …?": a light still on
      .replace(/\b(?:pa\s+)?bang?\s+bukas\b/gi, 'still on')
      // "excuse me is the coffee machine still on": a courtesy opening the message
      .replace(/^(\W*)(?:excuse me|pardon me)\b[\s,!.]*(?=\S)/i, '$1')
      // "heyy", "heeey": hey, drawn out
      .replace(/\bhe+y+\b/gi, (w) => (w.length > 3 ? 'hey' : w))
      .replace(DRAWN_OUT_IN_TEXT, (w) => (w.toLowerCase() === 'please' ? w : 'please'))
      .replace(/\bafter being (?:left|put|turned|switched) (?=(?:on|off|open|unlocked|running)\b)/gi, '')
  );
}

/**
 * "is uncle alex home?", "is tito alex home?": a family word before a person of the home is that
 * person; "alex home yet": asked, its "is" left off.
 */
function kinBeforeName(stage2: SecondStage, text: string): string {
  const bare = /^\W*([a-z]+)\s+(home|back|in|out)(?:\s+yet)?\W*$/i.exec(text);
  if (bare && stage2.personNamed(bare[1]!.toLowerCase())) return `is ${bare[1]} ${bare[2]}?`;
  return text.replace(/\b([a-z]+)\s+(?=([a-z]+)\b)/gi, (all, kin: string, who: string) =>
    KIN.has(kin.toLowerCase()) && stage2.personNamed(who.toLowerCase()) ? '' : all,
  );
}

/**
 * "run good morning, even though it's nowt of the sort", "pause it while I make a brew": a
 * clause of "even though" or of what the speaker does meanwhile, naming nothing of the home,
 * takes nothing from the request before it (a time or a number keeps it: "while 11" is Yorkshire
 * "until").
 */
function withoutClauseAside(stage2: SecondStage, text: string): string {
  const m =
    /^(.*\S)\s*,?\s+((?:even though|although|though|even if|while|whilst) (?:i|we|im|it|its|you|he|she|they|the)\b[^.!?]*?)(\W*)$/i.exec(
      text,
    );
  if (!m || /\d/.test(m[2]!) || !stage2.namesNothing(m[2]!)) return text;
  // (what I do meanwhile may have a verb of its own: "while I make a brew")
  const mine = /^(?:while|whilst) (?:i|we|im)\b/i.test(m[2]!);
  if (!mine && stage2.hasAction(m[2]!)) return text;
  return m[1]! + m[3]!;
}

/** Who a statement run on after a request is about: "… I think …", "… we're watching …". */
const RUN_ON_SUBJECTS = new Set(
  'i we it its they he she somebody someone nobody everyone everybody'.split(' '),
);
/** Words that join a clause to the request, so it is no statement of its own: "… so I can read". */
const LINKS = new Set(
  'so because cause cos coz as if when whenever where who which what that and or but until till while since before after then once unless than'.split(
    ' ',
  ),
);
/** "I think", "somebody left", "we don't": a statement's opening that `declarative` does not see. */
const RUN_ON_OPENING =
  /^(?:i|we|they|he|she|somebody|someone|nobody|everyone|everybody)\s+(?:think|guess|reckon|got|left|forgot|heard|hear|just|dont|don't|didnt|didn't|cant|can't)\b/i;

/** Words of when, which make run-on words a time of the request, no statement of their own. */
const RUN_ON_TIMES = new Set(
  'at by after before until till til tonight tomorrow later when whenever once soon every morning evening'.split(
    ' ',
  ),
);

/** Verbs of a request; "open", "shut", "locked" after "it", "is", "left" only tell a state. */
const REQUEST_VERBS = new Set(
  'turn switch set put start stop pause dim activate run raise lower make lock unlock open close shut'.split(
    ' ',
  ),
);
const STATE_AFTER = new Set('it its is are was were be been left leave got still'.split(' '));

/** Whether run-on words ask for something more ("… its roasting up there turn the heater on"). */
function asksMore(words: string): boolean {
  const t = tokenize(words);
  return t.some((w, k) => REQUEST_VERBS.has(w) && !STATE_AFTER.has(t[k - 1] ?? ''));
}

/**
 * "please close the garage door I think somebody left it open", "activate movie night we're
 * watching a scary one": a statement run on after a whole request without its comma, as a
 * voice transcript or a quick thumb writes it, gets the comma — so the reasons' checks read it
 * as they read it written with one. Only after words that are a request on their own, never a
 * clause of theirs ("make sure it is off", "… when we go to bed"), never with a number.
 */
function withRunOnStatement(stage2: SecondStage, text: string): string {
  if (/[,;:!?]|\.\s/.test(text.replace(/[.!?\s]+$/, ''))) return text;
  const words = text.split(/\s+/);
  for (let k = 2; k <= words.length - 2; k++) {
    const first = tokenize(words[k]!)[0] ?? '';
    // ("… please grandpas on the phone", "… mums asleep": one of the family and "is", its
    // apostrophe unwritten)
    const kinIs = first.endsWith('s') && !KIN.has(first) && KIN.has(first.slice(0, -1));
    if (!(RUN_ON_SUBJECTS.has(first) || kinIs) || LINKS.has(tokenize(words[k - 1]!)[0] ?? '')) continue;
    if (!kinIs && k > words.length - 3) continue;
    const rest = words.slice(k).join(' ');
    if (
      /\d/.test(rest) ||
      !(kinIs || declarative(rest) || RUN_ON_OPENING.test(rest)) ||
      asksMore(rest) ||
      // ("open the garage door moms home at six": a time in someone's clause is when)
      tokenize(rest).some((t) => RUN_ON_TIMES.has(t))
    )
      continue;
    const head = words.slice(0, k).join(' ');
    const r = stage2.read(head, {});
    if (!r?.target || r.ask || QUESTION_INTENTS.has(r.intent)) return text;
    return kinIs ? `${head}, ${first.slice(0, -1)} is ${words.slice(k + 1).join(' ')}` : `${head}, ${rest}`;
  }
  return text;
}

/** Words of when or whether, which a remark after "please" never holds. */
const TIME_OR_CONDITION = new Set(
  `when whenever if once after until till til before by at in on tomorrow tonight later unless
   every each daily soon morning evening night afternoon while as`.split(/\s+/),
);

/**
 * "turn on the desk lamp and the office heater pls exam szn 😭": words after the closing
 * "please" that name nothing and ask nothing are a remark of their own, no comma written —
 * never a time, a condition or a number ("… please when I'm home" keeps its "when").
 */
function withoutRemarkAfterPlease(stage2: SecondStage, text: string): string {
  const m = /^(.*\b(?:please|pls|plz|thanks|thx|ta|cheers))\s+([a-z' ]{2,60}?)(\W*)$/i.exec(text);
  if (!m || /\d/.test(m[2]!)) return text;
  const tail = tokenize(m[2]!);
  // ("turn the telly off please the kids have had heaps today": a statement of its own after
  // "please", as a voice transcript runs on — the comma it lacks, for the reasons' checks)
  if (
    tail.length > 5 &&
    tail.length <= 10 &&
    STATEMENT_SUBJECTS.has(tail[0]!) &&
    declarative(m[2]!) &&
    stage2.namesNothing(m[2]!) &&
    !stage2.hasAction(m[2]!)
  )
    return `${m[1]!}, ${m[2]!}${m[3]!}`;
  if (tail.length === 0 || tail.length > 5 || tail.some((t) => TIME_OR_CONDITION.has(t))) return text;
  if (!stage2.isRemark(m[2]!) || !stage2.namesNothing(m[2]!) || stage2.hasAction(m[2]!)) return text;
  return m[1]! + m[3]!;
}

/** Words that open a statement of its own after "please": "the kids …", "we …", "it's …". */
const STATEMENT_SUBJECTS = new Set('the my our i we he she they it its kids everyone everybody'.split(' '));

/**
 * The particles that close a Singaporean, Malaysian or Cantonese English sentence only to soften
 * it ("meh" doubts, so it stays; "quick", "na" and the like belong to the words before them).
 */
const CLOSING_PARTICLES = new Set([
  'lah',
  'leh',
  'lor',
  'hor',
  'ah',
  'sia',
  'la',
  'ar',
  'wor',
  'lei',
  'ga',
  'mah',
  // ("is the office warm enough or", "… on or": Irish and British "or what", its "what" left off)
  'or',
]);

/**
 * "kitchen light on or not leh", "alex at home or not ah": a particle that closes a message
 * only softens it — the words before it are read as said ("… or not" asks), its mark kept.
 */
function withoutClosingParticles(stage2: SecondStage, text: string): string {
  const m = /^(.*\S)[\s,]+([a-z]+)(\W*)$/i.exec(text);
  if (!m || !CLOSING_PARTICLES.has(m[2]!.toLowerCase()) || !stage2.namesNothing(m[2]!)) return text;
  // ("turn on the lights or": a request cut off before its other thing — only a question
  // closes on "or")
  if (m[2]!.toLowerCase() === 'or' && !QUESTION_WORDS.has(tokenize(m[1]!)[0] ?? '')) return text;
  return withoutClosingParticles(stage2, m[1]! + m[3]!);
}
