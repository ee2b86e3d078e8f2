/**
 * Phrasing said the plain way, before anything is read: how people say a request, a question or
 * a time in words the reader knows ("make sure the porch light is not on" → "… is off", "may I
 * know the temperature" → "tell me …", "before I leave for work" → now, "is sam back" → "is sam
 * home", "leaving for office" → "… for work"). Each rewrite keeps what was meant; a rewrite that
 * could change it is narrowed by the words around it.
 */
import { ACTION_VERBS } from './guards.js';
import { CUES, KIN } from './lexicon.js';

/**
 * The message said the plain way (the rewrites below, in order); "the heater's on" → "the heater
 * is on" among them: the "'s" the words would drop is a verb before a state.
 */
export function saidIs(text: string): string {
  // "lock the back door before you forget", "… before I forget": now, not after an event;
  // "right away", "straight away": now — not the Away scene
  return (
    stillSo(askedInside(commandLine(particleAfterList(text))))
      .replace(/[,\s]+(?:before|in case) (?:i|you|we|they) forget\b/gi, '')
      // "we got any lights on in the garage", "y'all have any doors unlocked": asked, its "have"
      // or "do" left out ("we got the lights on" tells)
      .replace(/^(\W*)(?:we|you|u|ya|y'?all)\s+(?:got|have)\s+(?=any\b|anything\b)/i, '$1are there ')
      // "arm the alarm before I leave for work", "… before I go to bed", "switch the tree off
      // before it sets the lounge on fire", "… before I throw it out the window", "lock the back
      // door before bed": now — a
      // reason, or a deadline now meets ("before I wake up" is a time later: kept)
      // ("we usually arm the alarm before we leave" tells a habit; "… before we set off
      // tomorrow", "… before it hits 25 degrees" say a time or a condition: kept)
      .replace(
        /(?:^\W*|[,\s]+)before (?:(?:bed|bedtime|sleep|lights out|leaving)\b|(?:i|we) (?:leave|go|head|set off|get going|throw|lose|retire|sleep|turn in)\b|(?:it|that|they) (?!(?:is|are|was|be|gets?|comes?|goes|turns?|hits?|reaches?|starts?|stops?|finish(?:es)?)\b)[a-z]+\b|(?:(?:the|my|our) [a-z]+(?: [a-z]+)?|they|he|she|folks|guests|everyone|people|company) (?:get|gets|come|comes|arrive|arrives|show up|shows up|turn up|turns up)(?: (?:here|home|back|over|round|in))?\b)[^,.!?;]*/gi,
        (clause: string, at: number, whole: string) =>
          /\d|\b(?:tomorrow|tonight|today|morning|evening|afternoon|night|later|next|monday|tuesday|wednesday|thursday|friday|saturday|sunday|am|pm|o'?clock)\b/i.test(
            clause.replace(/\bfor the night\b/i, ''),
          ) ||
          /^\W*(?:i|we|he|she|they|you|my|our|his|her|their)\b|\b(?:usually|normally|always|often|sometimes|never|generally)\b/i.test(
            whole.slice(0, at),
          )
            ? clause
            : '',
      )
      // "With respect, I ask that …", "respectfully, could you …": courtesy opening a request
      .replace(
        /(^\W*|[.!]\s+)(?:with (?:all )?(?:due )?respect|respectfully|if i may|if you please)\s*,\s*/gi,
        '$1',
      )
      // "pause kitchen speaker – on a call", "…, in a meeting": a reason, its "I'm" left out
      .replace(
        /(?:\s*[,;\u2013\u2014]|\s+-)\s*(?:on|in) (?:a|an|the) (?:(?:work |video |conference |zoom |teams )?call|phone|meeting|zoom|teams call)\b/gi,
        (m: string) => `, I'm ${m.replace(/^[\s,;\u2013\u2014-]+/, '')}`,
      )
      .replace(/\b(?:right|straight) away\b/gi, 'now')
      // "start the telly up again": started — no step up ("fire it up" keeps its words)
      .replace(/\b(start) ((?:the|my|our|that|this)\b[a-z ]{0,25}?) up\b(?! (?:to|by)\b)/gi, '$1 $2')
      // Scots "the away yin", "the big yin": one — read as "one" is, a device or a number
      .replace(/\byin\b/gi, 'one')
      // "Lord have mercy, it's hot as blazes in here": an exclamation before what is said
      .replace(
        /^(\W*)(?:lord have mercy|good lord|lordy|lawd|goodness gracious|good heavens|heavens|my goodness|oh my (?:god|gosh|goodness|word)|jeez|geez|jeepers|mercy me)\s*[,!.]+\s*(?=\S)/i,
        '$1',
      )
      // "make the mirror light real soft": a light made soft is dimmed
      .replace(
        /\b(make|get|have) ((?:the|my|our) [a-z ]{0,20}?(?:light|lights|lamp|lamps)) (?:real |really |nice and |very |more |a bit |a little )?soft\b/gi,
        '$1 $2 dim',
      )
      // "schedule porch light on @ 17:45": "@" before a time is "at"
      .replace(/(^|\s)@\s?(?=\d)/g, '$1at ')
      // "any locks in unlocked state?": the state itself
      .replace(
        /\bin (?:an? |the )?(locked|unlocked|open|closed|on|off|armed|disarmed) (?:state|position|mode)\b/gi,
        '$1',
      )
      // "bedroom curtains position 25": set to that position
      .replace(
        /\b(curtains?|blinds?|shutters?|shades?|door|cover|awning) position (\d{1,3})\b(?!\s*(?:am|pm|:))/gi,
        '$1 to $2',
      )
      // "turn the music down a hair", "a skosh": a little
      .replace(/\ba (?:hair|skosh|smidgen|smidgeon|wee bit)\b/gi, 'a tad')
      // "make the bedside lamp really dim", "get it nice and dim": the state wanted, no complaint
      // of it ("it's really dim in here" still asks for light)
      .replace(
        /\b(make|get|have|keep|set|turn) ((?:(?!(?:is|its|getting|was)\b)[a-z]+ ){1,4}?)(?:a bit|a little|too|so|very|rather|quite|pretty|really|awfully|terribly|dead|super|nice and|extra|real) dim\b/gi,
        '$1 $2dim',
      )
      // "I'm frozen" (the speaker, not a screen that has hung), "freezing sat here": how one is
      // where one sits
      .replace(
        /\b(i'?m|i am|we'?re|we are) ((?:absolutely |totally |so |proper |bloody |just )?)frozen\b/gi,
        '$1 $2freezing',
      )
      .replace(/\b(?:sat|sitting) (?:in |over |right )?here\b/gi, 'in here')
      // "any doors unlocked at home?", "is the heat on at home": after a device's state, "at home"
      // is the whole house, not someone being in ("is sam at home" keeps it)
      .replace(
        /\b(on|off|open|opened|closed|shut|locked|unlocked|running|left on|left open) (?:(?:back )?at home|at the house)\b/gi,
        '$1 in the house',
      )
      // "we're fixin to leave", "I'm about to head out": leaving now, as "we're leaving" says it
      // ("we're going to leave the lights on" leaves something: kept)
      .replace(
        /\b(?:(?:fixin'?|fixing|about|going|finna) to|gonna) (leave|go|head out|head off|turn in)\b(?!\s+(?:the|it|them|em|my|our|a|an|this|that|these|those|on|off|all|up|down|to|into|in|out)\b)/gi,
        (_m: string, verb: string) => GOING_NOW[verb.toLowerCase()] ?? _m,
      )
      // "can't hardly see in here" (Southern: can't), "I can barely see": can't see ("I can
      // hardly hear the wireless" stays a remark)
      .replace(/\b(?:can'?t|cannot) hardly\b|\bcan (?:hardly|barely|scarcely) (?=see\b)/gi, "can't ")
      // "nah leave em halfway", "leave the heating at 20": kept at a value is set to it
      // ("leave it on", "leave the lights alone", "leave the porch light at 9" — an hour — keep
      // their words)
      .replace(
        /\bleave ((?:it|them|em|'em)|(?:the|my|our) [a-z]+(?: [a-z]+)?) (?:at )?(?=(?:about |around )?(?:\d+ ?(?:percent|degrees|%)|\d\d(?:\.5)?(?![\d:.]| ?(?:am|pm|o'?clock)))|halfway\b|half way\b)/gi,
        'set $1 to ',
      )
      // "the porch light out front": where the thing is, no place of the home's
      .replace(/\s+out (?:the )?(?:front|back)\b(?!\s+(?:door|light|garden|yard))/gi, '')
      // "…, that oughta do it", "…, that should do the trick": a closing remark
      .replace(
        /[,.;]\s*(?:that|this|it)(?:'?ll| will| should| oughta| ought to| would| might)? do(?: it| the trick| nicely| for now)?\W*$/i,
        '',
      )
      // "grandma locked herself out": shut out of the house, no lock asked of
      .replace(
        /\blocked (?:herself|himself|themselves|myself|ourselves|yourself|me|us|him|her|them) out\b/gi,
        'is stuck outside',
      )
      // "lights on, all of downstairs": where, said after the request — no second part
      .replace(/,\s*(all (?:of )?(?:downstairs|upstairs|the [a-z]+(?: [a-z]+)?))(\W*)$/i, ' $1$2')
      // "oops, I meant the garage light": a second thought naming what was meant, as "no, …"
      .replace(/^(\W*)(?:(?:oops|whoops|sorry|ah|oh)[\s,!.]+)*i meant?[\s,]+(?=(?:the|my|our)\b)/i, '$1no, ')
      // "it's a little dim in here": dim said of how it is, as "a bit dim" (more light wanted)
      .replace(/\b(?:a little|kinda|somewhat|a tad) dim\b/gi, 'a bit dim')
      // "office heater to nineteen and a half degrees, not twenty": the value said is not the one
      // denied after it
      .replace(NOT_THAT_VALUE, (denied: string, at: number, whole: string) =>
        VALUE_SAID.test(whole.slice(0, at)) ? '' : denied,
      )
      // "schedule the thermostat to 21 at 06:45", "schedule the porch light on at 7pm": a
      // command for a time said — "set" it so, then
      .replace(
        /^(\W*(?:(?:please|pls|can you|could you|would you)\s+)?)schedule (?=(?:(?:the|my|our) )?[a-z][^,]*\b(?:at|in) \d)(?!(?:a|an|it|me|us|them|for|to)\b)/i,
        '$1set ',
      )
      // "set a timer to turn off the kettle in 10 minutes": the command itself, for later
      .replace(
        /(?<!\b(?:i|we|you|he|she|they|just|already)\s)\bset (?:a|the|up a) timer (?:to|for|that will|that'll) (?=(?:turn|switch|open|close|shut|lock|unlock|start|stop|pause|dim|put)\b)/gi,
        '',
      )
      // "switch off the office heater by 6pm", "on the porch light by seven in the evening": done
      // at that hour (a time said with its hour's words; "by 5 percent" is no time)
      .replace(
        /\bby (?=(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock)|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+(?:thirty|fifteen|forty[- ]five))?\s+(?:am|pm|o'?clock|in the (?:morning|evening|afternoon)|tonight|this (?:evening|afternoon|morning)))\b)/gi,
        'at ',
      )
      // "Please, are there any lights still on upstairs?": politeness before a question asks
      // nothing of its own
      .replace(
        /^(\W*)(?:please|pls|plz|kindly)[,\s]+(?=(?:is|are|was|were|has|did|does|what|whats|how|which|who|where)\b)/i,
        '$1',
      )
      // "please lock it at once": now — no "once" of an event ("all at once" is together)
      .replace(/(?<!\ball )\bat once\b(?! (?:when|once|as soon|after|if)\b)/gi, 'now')
      // "turn on the lights where sam is": a place the home does not know — never every light
      .replace(
        /\bwhere (?!i am\b|i'm\b|im\b|we are\b|we're\b)(?:the )?[a-z]+ (?:is|are)(?=\W*$)/i,
        'in the elsewhere',
      )
      // "turn on the lights where I am": the caller's room, said last
      .replace(
        /\bwhere (?:i am|i'm|im|we are|we're)(?: (?:sitting|standing|now|right now))?(?=\W*$)/i,
        'in here',
      )
      // "rise and shine, run good morning": a morning greeting, no "raise" nor "shine" of a light
      .replace(/(?:^|[,\s]+)rise and shine\b[\s,!.]*/gi, ' ')
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
      // "what does the office temperature sensor say", "what do the sensors read": its state asked
      .replace(/^(\W*)what (?:does|do) ((?:the |my |our )?[a-z' ]+?) (?:say|read|show)\b/i, '$1what is $2')
      // "which lights did the kids leave on", "what doors has someone left open": which are
      .replace(
        /^(\W*)(which|what) ([a-z]+) (?:did|have|has) (?:[a-z']+ ){1,2}(?:leave|left) (on|open|unlocked|running)\b/i,
        '$1$2 $3 were left $4',
      )
      // "it's pitch black in here", "the office is a sauna": very dark, very hot — said so, the
      // words of feeling read them with what is around them ("it's not pitch black")
      .replace(/\bpitch (?:black|dark)\b/gi, 'very dark')
      .replace(/\b(is|'s|s) (?:like )?a (?:sauna|furnace)\b/gi, '$1 very hot')
      // "engage with the tv": to deal with, no switch
      .replace(/\bengage with\b/gi, 'deal with')
      // "i cant hear", "cant see": the apostrophe left out
      .replace(/\bcant (see|hear)\b/gi, 'cannot $1')
      // "it's dark in here, can't see a thing": the "I" left out of what one can't see or hear
      .replace(
        /(^|[,.!?;]\s*|\s)(?<!\b(?:i|we|you|u|they|he|she|who|nobody) )(?:can'?t|cannot|can not) (see|hear)\b/gi,
        '$1I cannot $2',
      )
      // "and are the lights on?", "also is the garage door open", "and the back one is the back
      // door locked": a question said after a joining word or a restart is still a question
      // (it opened the garage door)
      .replace(
        /^(\W*)(?:(?:and|also|but|oh|ok|okay|plus|then)[,\s]+)+(?:the [a-z]+ one,?\s+)?(?=(?:is|are|was|were|has|have|did|does|do|what|whats|which|how|where|who|whos)\b)/i,
        '$1',
      )
      .replace(/^(\W*)the [a-z]+ one,?\s+(?=(?:is|are) the\b)/i, '$1')
      // "get it back on its charger": sent back to its dock, not switched on
      .replace(
        /\b(?:get|put|take|send) (it|the (?:[a-z]+ ){0,2}(?:vacuum|hoover|roomba|cleaner)) back (?:on|onto|to|in) (?:its|the) (?:charger|dock|base|station|charging station|home)\b/gi,
        'send $1 back to its dock',
      )
      // "stop the telly a minute", "stop the programme for a sec": paused, not switched off
      .replace(
        /\bstop ((?:the |my |our |this |that )?(?:[a-z]+ ){0,2}(?:tv|telly|television|music|programme|program|show|song|radio|speaker|film)) (?:for )?a (?:minute|min|sec|second|moment|mo|bit)\b/gi,
        'pause $1',
      )
      // "put the music back on": played again
      .replace(
        /\b(?:put|turn|switch) (the music|the song|the radio|the programme|the show) back on\b/gi,
        'resume $1',
      )
      // "we need a bigger telly": a thing wished for, not the volume
      .replace(/\b(a|an) (?:bigger|smaller|larger|new|better) (?=[a-z])/gi, '$1 other ')
      // "send the robot vacuum off to do the floors": started; the floors are what it cleans,
      // no floor of the home
      .replace(
        /\bsend ((?:the |my |our )?(?:[a-z]+ ){0,2}(?:vacuum|hoover|roomba|cleaner)) off\b/gi,
        'start $1',
      )
      .replace(
        /\b(vacuum|hoover|roomba|cleaner)\b((?: [a-z]+){0,3}?)\s+to (?:do|clean|hoover|vacuum|sweep) (?:the |all the )?floors?\b/gi,
        '$1$2',
      )
      // "I don't suppose you could …": asked, as British politeness says it
      .replace(/\bi (?:don'?t|do not) suppose (?:you|u) (could|can|would|might)\b/gi, '$1 you')
      // "at half past two in afternoon", "would be nice if …": the article or "it" a
      // second-language speaker leaves out
      .replace(/\b(in|on) (morning|afternoon|evening)\b/gi, '$1 the $2')
      .replace(/^(\W*)would be (nice|great|good|lovely) if\b/i, '$1it would be $2 if')
      // "is it possible to close the blinds?", "is possible to …" (as Polish and Spanish
      // speakers say it): asked as a request, not whether the blinds are closed
      // ("is it possible to have left the kettle on" asks what happened)
      .replace(/^(\W*)is (?:it )?possible (?:for (?:you|u) )?to\b(?! (?:have|be|been)\b)/i, '$1could you')
      // "do you think you could get the coffee machine going": asked as a request
      // ("do you think you could have left the lights on?" asks what happened)
      .replace(
        /^(\W*)(?:do (?:you|ya|u) (?:think|reckon|suppose|figure)|d'?you (?:think|reckon)|think|reckon) (?:you|u|ya) (could|can|would|might)\b(?! (?:have|be|been)\b)/i,
        '$1$2 you',
      )
      // "may I know the temperature in the office", "I want to know if …": asked, as "tell me"
      .replace(
        /^(\W*)(?:(?:may|can|could|might) (?:i|we)|i (?:want|wanna|need|would like|wish) to|i'?d like to|let me) know\b(?! (?:when|once|whenever|if (?:anyone|someone|somebody)|as soon)\b)/i,
        '$1tell me',
      )
      // "may I enquire as to the temperature in the office": asked, as "tell me"
      .replace(
        /^(\W*)(?:(?:may|can|could|might) (?:i|we)|i'?d like to|i would like to) (?:please )?(?:enquire|inquire|ask) (?:as to|about|after|regarding)\b/i,
        '$1tell me',
      )
      // "I ask that the bedside lamp be switched on", "may I ask that you start the vacuum": a
      // request, as "I request that" says it
      .replace(
        /(^\W*|\b)(?:(?:may|can|could|might) (?:i|we) (?:please )?|(?:i|we) (?:would )?)(?:ask|beg) that\b/gi,
        '$1I request that',
      )
      // "what is the current reading on the outside temperature sensor": the sensor's reading
      .replace(
        /^(\W*(?:what(?:'?s| is| does)|tell me|show me|give me)) (?:the )?(?:current |latest |present )?(?:reading|value|level|number) (?:on|of|from) (?=(?:the|my|our) )/i,
        '$1 ',
      )
      // "whats it like temperature wise outside", "how is it humidity-wise in the bathroom": the
      // measure asked of ("what's it like in the office temperature wise": the place first)
      .replace(
        /^(\W*(?:what'?s|what is|how'?s|how is) it (?:like )?)((?:in|out|up|down) (?:the |my |our )?[a-z ]{2,25}?) ((?:temperature|humidity|heat|warmth)[ -]?wise)\b/i,
        '$1$3 $2',
      )
      .replace(
        /^(\W*)(what'?s|what is|how'?s|how is) it (?:like )?(temperature|humidity|heat|warmth)[ -]?wise\b/i,
        (_m: string, lead: string, ask: string, what: string) =>
          `${lead}${/^how/i.test(ask) ? 'how is' : 'what is'} the ${what.toLowerCase()}`,
      )
      // "did I forget to lock the back door?", "did somebody forget to close the light in the
      // garage?": whether it was left the other way — "No, it's locked" answers it
      .replace(
        /^(\W*)did (?:i|we|you|u|someone|somebody|anyone|anybody|they|he|she|[a-z]+) (?:forget|forgot) to (lock|close|shut|turn off|switch off|shut off|arm|turn on|switch on|open|unlock) ((?:the|my|our) [a-z ]+?)(\W*)$/i,
        (_m: string, lead: string, verb: string, what: string, end: string) =>
          `${lead}is ${what} ${FORGOTTEN[verb.toLowerCase()]}${end}`,
      )
      // "has the robot vacuum returned to its dock?", "is the vacuum back on its dock": docked
      .replace(
        /^(\W*(?:has|is|did) (?:the |my |our )?(?:[a-z ]{0,20}(?:vacuum|hoover|robot|roomba)|it)) (?:returned|gone back|go back|back|gone home|go home|got back|get back)(?: (?:to|on|onto|in) (?:its|the|his|her) (?:dock|base|charger|station))?(?=\W*$)/i,
        '$1 docked',
      )
      // "… just in off a 12hr shift", "curtains shut im on nights": one's work shift told
      .replace(
        // ("set the thermostat to 18 on nights": a schedule — "on nights" only with who is on them)
        /(?:^\W*|[,;\s]+)(?:(?:i'?m |im |i am |we'?re |just )*(?:in |back |home )?(?:off|from) (?:a|my|the|our) [a-z0-9 ]{0,16}?shift|(?:i'?m |im |i am |just )*(?:in |back |home )from (?:nights|lates|earlies)|(?:(?:i'?m |im |i am |just )+(?:in |back |home )?|(?:in |back |home ))off (?:nights|lates|earlies|the night shift|night shift|nightshift)|(?:i'?m|im|i am|we'?re|were|he'?s|she'?s|i'?ve been) (?:just )?on (?:nights|lates|earlies|days|night shift|the night shift|shift))\b[^,.!?;]*/gi,
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
      // "we're going to leave, lock up": one's own leaving, no action on a device
      .replace(
        /\b(?:going to|gonna|about to) (leave|go out|head out|head off|set off|go)(?=\s*(?:[,.!?;]|$|for\b|now\b|soon\b|in\b))/gi,
        (_m, verb: string) => LEAVING[verb.toLowerCase()] ?? verb,
      )
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
      .replace(/\bit gets dark (?:outside|out)\b/gi, 'it gets dark')
      // "when the sun go down", "when the sun set": the sun's own verbs, however said
      .replace(/\b(?:the )?sun (?:go|goes|gone|going) down\b/gi, 'the sun goes down')
      // ("every day sun go down, porch light on": its "when" left out)
      .replace(/\b(every (?:day|night|evening)),? the sun goes down\b/gi, '$1 when the sun goes down')
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
      // "the light is too strong (for my eyes)": too bright — of a light only
      .replace(
        /\b(lights?|lamps?|bulbs?) (is|are) (?:too|way too|far too) (?:strong|harsh|glaring)\b/gi,
        '$1 $2 too bright',
      )
      // Chinese word order ("the kitchen light help me close", "trouble you ah kettle help me
      // open"): "help me" before the verb, the thing first
      .replace(
        /^(\W*)(?:trouble you\W+(?:ah\W+)?)?(.+?)\s+help me (open|close|start|stop|lock|unlock|turn on|turn off|switch on|switch off|on|off|pause)\b/i,
        '$1$3 $2',
      )
      // "kettle open coffee machine also open", "tv close light also close": "also" before a
      // state said again
      .replace(/\s+(?:also|too)\s+(open|close|closed|on|off)(?=\W*$)/i, ' $1')
      // "half hour later kettle close", "ten minute later porch light close": in that time
      .replace(
        /^(\W*)((?:half an? hour|half hour|an? hour|an? minute|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|sixty) (?:minutes?|mins?|hours?|hrs?|seconds?|secs?))) later\b,?/i,
        '$1in $2,',
      )
      // "every night ten o'clock front door lock": the "at" left out of a rule's time
      .replace(
        /\b((?:every|each) (?:day|night|morning|evening|weekday|weeknight|afternoon)) (?=(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?: o'?clock| am| pm|[.:h]\d\d)\b)/gi,
        '$1 at ',
      )
      // "outside how many degree", "how much degrees it is": the temperature asked
      .replace(/\bhow (?:many|much) degrees?\b/gi, 'what temperature')
      // "living room now how hot", "outside what temperature", "bathroom humidity how much ah":
      // the question word said last, as Chinese puts it (never "turn it up how much")
      .replace(
        /^(\W*)((?:the |my |our )?[a-z][a-z ]{1,40}?)\s+(how (?:hot|warm|cold|cool|chilly|humid|bright|dark|loud|much|many)|what temperature)(?:\s+(?:ah|la|lah|now|then))*\W*$/i,
        (m, pre: string, what: string, asked: string) =>
          /\b(?:turn|switch|set|put|make|dim|raise|lower|open|close|lock|unlock|start|stop)\b/i.test(what)
            ? m
            : `${pre}${asked} is it ${what}`,
      )
      // "tv sound to thirty", "speaker sound too small": the volume
      .replace(/\bsound (?=(?:to|up|down|louder|quieter|too|higher|lower|level|at)\b)/gi, 'volume ')
      .replace(/\b(volume|sound) (?:is )?too (?:small|little|low)\b/gi, 'too quiet')
      .replace(/\b(volume|sound) (?:is )?too (?:big|high)\b/gi, 'too loud')
      // "sam come back already or not": is sam home
      .replace(
        /^(\W*)(?!(?:it|they|he|she|we|i|you)\b)([a-z]+) (?:come|came|got|get|reach|reached) (?:back|home)(?: already| yet)?(?=\W*$)/i,
        '$1is $2 home',
      )
      // "porch light open by itself": of itself, no one said
      .replace(/\s+by itself(?=\W*$)/i, '')
      // "hoover go": started
      .replace(/\b(hoover|vacuum|roomba)\s+go(?=\W*$)/i, 'start the $1')
      // "set up movie night nah", "well put it on nah": a Trinidadian softener after a request,
      // run on to it ("turn it off, nah" — after a pause — is "no")
      .replace(
        /^(\W*(?:\w+\s+){0,3}(?:put|turn|switch|set|cut|open|close|lock|unlock|start|stop|pause|light|play|make)\b.*?[a-z])\s+nah\s*[.!]*\s*$/i,
        '$1',
      )
      // "who leave d porch light on?": whether it is on
      .replace(
        /^(\W*)who (?:left|leave|leaves|has left) ((?:the|my|our|d|da) [a-z ]{2,30}?) (on|open|unlocked)(?=\W*$)/i,
        '$1is $2 $3',
      )
      // ("who left lights on upstairs?": with a place after it, or no article — asked as whether
      // someone did)
      .replace(
        /^(\W*)who (?:left|leave|leaves|has left) ([a-z ]{2,30}?) (on|open|unlocked)((?: (?:upstairs|downstairs|outside|in (?:the )?[a-z]+(?: room)?))?)(?=\W*$)/i,
        '$1did someone leave $2 $3$4',
      )
      // "it hot too bad", "cold too bad": Trinidadian "very", said after
      .replace(/\b(hot|cold|warm|dark|bright|loud|chilly) too bad\b/gi, 'too $1')
      // "skip cleaning the kitchen": a deed left undone, no track skipped
      .replace(/\bskip (?=[a-z]+ing\b)/gi, 'never mind ')
      // "mash the button on the coffee machine", "press the power button of the tv": on
      .replace(/\b(?:mash|press|push|hit) the (?:power |on )?button (?:on|of) /gi, 'turn on ')
      // "make the robot vacuum go": started, as "get it going"
      .replace(/\bmake ((?:the |my |our |that |it)[a-z ]{0,30}?) go(?=\W*$)/i, 'get $1 going')
      // "have the kids left any lights on upstairs?": asked as "did … leave"
      .replace(
        /^(\W*)(?:have|has) ((?:the |my |our |you|we|i |someone|somebody|anyone|anybody)[a-z ]{0,25}?) left\b/i,
        '$1did $2 leave',
      )
      // "would you let me know whether anyone has left a light on": asked inside, the same
      .replace(
        /^(\W*)((?:(?:would|could|can|will|you|u|be|able|to|let|me|us|know|tell|please|kindly|i|wonder|like|see|check|find|out)\s+)+)(?:whether|if) ((?:the |my |our |you|we|i |someone|somebody|anyone|anybody)[a-z ]{0,25}?) (?:have|has) left\b/i,
        (all: string, lead: string, asking: string, who: string) =>
          /\b(know|tell|wonder|see|check|find)\b/i.test(asking) ? `${lead}did ${who} leave` : all,
      )
      // "did sam get home from uni", "did alex make it back": whether they are home
      .replace(/^(\W*)did ([a-z]+) (?:get|come|make it) (?:home|back)\b/i, '$1is $2 home')
      // "is sam back?", "has alex got back": home
      .replace(/^(\W*)(?:is|has) ([a-z]+) (?:back|got back|come back|come home)(?=\W*$)/i, '$1is $2 home')
      // "what is the temperature there in the living room": "there" before the place it is
      .replace(/\bthere (?=(?:in|at|inside) (?:the|my|our)\b)/gi, '')
      // "so the front door locks itself every night", "the lights switch themselves off": the
      // thing does it, as said plainly
      .replace(/\b(?<=[a-z]{3,}s? )(?:itself|themselves)\b/gi, '')
      // "lights out, good night mode", "lights out, bedtime": the night said the old way, before
      // the night's own scene — no second command ("lights out" alone turns them off)
      .replace(
        /^(\W*)lights out\s*[,.!;-]+\s*(?=(?:good ?night|night night|nighty night|bed ?time|time for bed)\b)/i,
        '$1',
      )
      // Korean English "kitchen fire please turn on", "bathroom fire off" (불, "fire", is the
      // light): a room's fire, as a device said — never "a kitchen fire"
      .replace(
        /(?<!\b(?:a|an|is|was|there|big|small)\s)\b(kitchen|bathroom|bedroom|porch|hallway|garage|office|living room|lounge|hall) fire\b/gi,
        '$1 light',
      )
      // "please open the window curtain in bedroom": the curtains over the window
      .replace(/\bwindow (curtains?|blinds?|shades?)\b/gi, '$1')
      // "plug in the christmas tree", "unplug the kettle": switched on and off at the wall
      .replace(/\bplug in (?=(?:the|my|our) )/gi, 'switch on ')
      .replace(/\bplug ((?:the|my|our) [a-z ]{2,30}?) in\b/gi, 'switch on $1')
      // "get the kettle heating", "get the heater warming up": switched on
      .replace(
        /\bget ((?:the|my|our) [a-z ]{2,30}?) (?:heating|warming up|boiling|brewing)\b/gi,
        'switch on $1',
      )
      // "10 minutes from now, kettle off": in ten minutes
      .replace(
        /^(\W*)((?:[a-z0-9]+ ){1,3}?(?:minutes?|mins?|hours?|hrs?|seconds?|secs?)) from now\b/i,
        '$1in $2',
      )
      // "send the vacuum out", "send the robot out to clean": started ("send it back" docks it)
      .replace(
        /\bsend ((?:the|my|our) (?:[a-z]+ ){0,2}(?:vacuum|hoover|robot|roomba|cleaner)) out\b(?: to (?:clean|hoover|vacuum)(?: up)?)?/gi,
        'start $1',
      )
      // "could you maybe turn on the hallway light", "would you maybe be able to …": a hedge
      // of politeness, no doubt about the request
      .replace(/\b(you|u|ya) maybe\b/gi, '$1')
      // Québécois "le salon" said "the living": the living room
      .replace(/\bthe living\b(?! room\b)/gi, 'the living room')
      // Québécois "barrer": "bar the front door" locks it, "unbar" unlocks, "is it barred?"
      .replace(/\bunbar(?:red)?\b/gi, (w) => (/red$/i.test(w) ? 'unlocked' : 'unlock'))
      .replace(/\bbar (?=(?:the|it|them|my|our)\b)/gi, 'lock ')
      .replace(/\bbarred\b/gi, 'locked')
      // "the christmas tree, light it up", "light up the tree": switched on
      // (after what it is of: "light it up" alone is Home Assistant's lights of the room)
      .replace(/(?<=[,;]\s*)light (it|them) up\b/gi, 'turn $1 on')
      // "oh don't bother with that timer after all": cancel it
      .replace(/\b(?:don'?t|do not) bother with (that|the|this) timer(?: after all)?\b/gi, 'cancel $1 timer')
      // Northern "that's me off up the stairs", "that's us away to bed": I am going (told)
      .replace(/\bthat(?:'s| is|s) (me|us) (off|away|done|out)\b/gi, (_a, who: string) =>
        who.toLowerCase() === 'me' ? 'i am going' : 'we are going',
      )
      // "skip on to the next song": on to it ("skip on" plays nothing again)
      .replace(/\b(skip|move|go|jump) on to\b/gi, '$1 to')
      // "have the curtains in the bedroom opened yet": whether they are open now
      .replace(
        /^(\W*)(?:have|has) ((?:the|my|our|any|all the) [a-z ]{2,40}?) (opened|closed|shut|locked|unlocked|(?:turned|switched) (?:on|off))(?: (?:yet|already))?(?=\W*$)/i,
        (_a, lead: string, what: string, done: string) =>
          `${lead}${/s\b/.test(what.split(' ').pop() ?? '') ? 'are' : 'is'} ${what} ${done.replace(/^(?:turned|switched) /i, '').replace(/^opened$/i, 'open')}`,
      )
      // "is there anybody at home apart from me": the asker is no one asked about
      .replace(
        /\s*,?\s*\b(?:apart from|except for|except|besides|other than) (?:me|us|myself|ourselves)\b/gi,
        '',
      )
      // "is the office warm enough to study in": what it is enough for asks nothing more
      .replace(
        /\b(warm|cold|cool|hot|bright|dark|quiet) enough (?:to|for) [a-z ]{2,30}?(?=\s*[?.!]*\s*$)/gi,
        '$1 enough',
      )
      // Irish "give the floors a lash with the robot hoover", "give the carpets a quick go":
      // the vacuum started (the one named, else the home's one)
      .replace(
        /\bgive (?:the |my |our )?(?:floors?|carpets?|rugs?|hallway floor|kitchen floor) a (?:good |quick |proper )?(?:lash|go|clean|hoover|vacuum|once[- ]over)(?: with (the [a-z ]{3,30}?))?(?=\W*$|[,.!?]| please| pls| thanks)/gi,
        (_all: string, machine?: string) => `start ${machine ?? 'the vacuum'}`,
      )
      // "hey siri - mind disarming the home alarm?", "ok google, …": another assistant's wake
      // word, said from habit
      .replace(
        /^(\W*)(?:(?:hey|ok|okay|yo)[\s,]+)?(?:siri|alexa|google|cortana|bixby)\b\s*[,:;.!-]*\s*/i,
        '$1',
      )
      // "could you make the christmas tree out" (German "mach … aus"): off
      .replace(/\bmake ((?:the|my|our|that|this) [a-z ]{2,40}?) out\b(?! of\b)/gi, 'turn $1 off')
      // "pull the curtains in the bedroom": drawn closed ("pull the curtains open", "pull up
      // the blinds" say their way)
      .replace(
        /\bpull ((?:the|my|our|those|these) (?:[a-z]+ ){0,2}curtains)\b(?! (?:open|back|apart|up)\b)/gi,
        'close $1',
      )
      // "grab the lights", "grab da kitchen light while you're at it": Chicago for turning the
      // lights off (only lights: "grab the mail" is no request of the home)
      .replace(
        /\bgrab(?:bing|bin|s)?(?=\s+(?:(?:the|my|our|all the|all|those|these)\s+)?(?:[a-z]+\s+){0,3}?(?:lights?|lamps?)\b)/gi,
        'turn off',
      )
      // ("any lights on downstairs" … "ok grab 'em all")
      .replace(/\bgrab '?(em|them|those|it)( all)?(?=\W*$)/gi, 'turn $1 off')
      // "mind flippin on the garage light": switching ("the flipping lights" stays a curse)
      .replace(/\bflipp(?:ing|in)(?= (?:on|off)\b)/gi, 'switching')
      // "would you mind terribly starting the coffee machine": how much, said to be polite
      .replace(
        /\bmind (?:terribly|awfully|ever so much|very much|so much|much|at all) (?=[a-z]+ing\b)/gi,
        'mind ',
      )
      // "mind arming the home alarm for me?": "would you mind", its start left out
      .replace(/^(\W*)mind ([a-z]+ing)\b/i, '$1would you mind $2')
      // "… whenever you can", "… when you get a chance": politeness, no time
      .replace(/[,\s]+(?:whenever|when) (?:you|u) (?:can|get (?:a|the) chance)\s*[.!?]*\s*$/i, '')
      // "be so good and pause the music" (German "sei so gut und"), "be so kind as to …"
      .replace(/\bbe so (?:good|kind)(?: (?:and|as to)|,) /gi, '')
      // "I'd appreciate it if the office heater went on": wished on, as "… was on"
      .replace(/\b(if (?:the|my|our) [a-z ]{2,40}?) (?:went|came|goes|comes) (on|off)\b/gi, '$1 was $2')
      // "could you help to on the kitchen fan": asked of the agent, as "help me close …" is
      .replace(/\bhelp (?:me |us )?to (?=\w)/gi, '')
      .replace(
        /\b([a-z]+)['\u2019]s\s+(?=(?:(?:still|already|all|now|just|been|left|also|definitely|probably|stuck|wide|not)\s+)*(?:on|off|open|closed|shut|locked|unlocked|armed|disarmed|running|out|at\s+\d+|up|down|in|coming|asleep|sleeping)\b)/gi,
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
/** What a thing is when someone forgot to do it: "forgot to lock" — unlocked. */
const FORGOTTEN: Record<string, string> = {
  lock: 'unlocked',
  close: 'open',
  shut: 'open',
  'turn off': 'on',
  'switch off': 'on',
  'shut off': 'on',
  arm: 'disarmed',
  'turn on': 'off',
  'switch on': 'off',
  open: 'closed',
  unlock: 'locked',
};

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

/** One's own going, said as what one is doing. */
const LEAVING: Record<string, string> = {
  leave: 'leaving',
  'go out': 'going out',
  'head out': 'heading out',
  'head off': 'heading off',
  'set off': 'setting off',
  go: 'going',
};

/** Words of asking to be told, before "if" or "whether": "could you check", "do you know", "lmk". */
const TELL_ME = new Set(
  `let lemme me us know lmk tell do you u i wonder was wondering can could would will please pls kindly
   just check checking see find out any idea confirm may might ask be able to intimate inform update advise
   apprise`.split(/\s+/),
);
// ("Kindly intimate me whether …": Indian English "inform")
const TELLING = new Set(
  'know lmk tell wonder wondering check checking see find idea confirm ask intimate inform update advise apprise'.split(
    ' ',
  ),
);
/** Deeds asked about, as "did … <base>": "if you turned off …" → "did you turn off …". */
const DONE: Record<string, string> = {
  left: 'leave',
  turned: 'turn',
  switched: 'switch',
  locked: 'lock',
  unlocked: 'unlock',
  closed: 'close',
  shut: 'shut',
  opened: 'open',
  put: 'put',
  armed: 'arm',
  disarmed: 'disarm',
  started: 'start',
  stopped: 'stop',
  paused: 'pause',
  dimmed: 'dim',
};
const BEING = new Set(['is', 'are', 'was', 'were', 'has', 'have']);
const SAID_STATES = new Set([
  'home',
  'back',
  'in',
  'out',
  'on',
  'off',
  'open',
  'locked',
  'unlocked',
  'closed',
  'shut',
  'still',
]);
const MODALS = new Set([
  'could',
  'would',
  'can',
  'will',
  'might',
  'may',
  'should',
  'please',
  'pls',
  'kindly',
]);

/**
 * "do you know if anyone left the back door unlocked", "could you check if the garage door got
 * shut", "let me know if you turned off the kitchen light": a yes/no question put inside a
 * request to be told, said the way it is asked ("did anyone leave …", "is the garage door shut",
 * "did you turn off …") — never the deed it asks about. One clause only: "check if the door is
 * locked and lock it" asks for more, and is read as said.
 */
function askedInside(text: string): string {
  const m = /^(\W*)([a-z ]+?)\s+(?:if|whether)\s+([a-z' ]+?)(\W*)$/i.exec(text);
  if (!m) return text;
  const wrapper = m[2]!.toLowerCase().split(/\s+/);
  if (!wrapper.every((w) => TELL_ME.has(w)) || !wrapper.some((w) => TELLING.has(w))) return text;
  // ("I wonder if sam's home yet": the "'s" an "is" before a state)
  const inner = m[3]!
    .toLowerCase()
    .split(/\s+/)
    .flatMap((w, i, a) =>
      /^[a-z]+'s$/.test(w) && SAID_STATES.has(a[i + 1] ?? '') ? [w.slice(0, -2), 'is'] : [w],
    );
  if (inner.some((w) => ['and', 'then', 'or'].includes(w))) return text;
  const v = inner.findIndex((w) => BEING.has(w) || w === 'got' || w in DONE);
  if (v < 1 || v > 6) return text;
  // ("I wonder if someone could put the big light on": a request, asked politely)
  if (inner.slice(0, v).some((w) => MODALS.has(w))) return text;
  const subject = inner.slice(0, v).join(' ');
  const rest = inner.slice(v + 1).join(' ');
  const verb = inner[v]!;
  const asked =
    verb === 'got'
      ? `is ${subject} ${rest}`
      : BEING.has(verb)
        ? `${verb} ${subject} ${rest}`
        : `did ${subject} ${DONE[verb]} ${rest}`;
  return `${m[1]}${asked.trim()}?`;
}

/** The "-ing" of going off now: "we're fixin to leave" is "we're leaving". */
const GOING_NOW: Record<string, string> = {
  leave: 'leaving',
  go: 'going',
  'head out': 'heading out',
  'head off': 'heading off',
  'turn in': 'turning in',
};

/** States a device is still or already in: "porch light still on", "the back door already locked". */
const STILL_STATES = 'on|off|open|opened|closed|shut|locked|unlocked|running|playing|armed|disarmed|home|out';
const STILL_SO = new RegExp(
  `^(\\W*)((?:the |my |our )?[a-z]+(?: [a-z]+){0,3}?) (still|already) (${STILL_STATES})\\b([^,;.!?]*)(\\W*)$`,
  'i',
);
const NUMBER_WORD =
  '(?:\\d+(?:\\.\\d+)?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine|and a half))?';
/** ", not twenty", "not 80 percent" closing the message. */
const NOT_THAT_VALUE = new RegExp(
  `[,;\\s]+(?:and )?not ${NUMBER_WORD}(?: (?:percent|degrees|%))?(?=\\W*$)`,
  'i',
);
/** A value said before the one denied: "… to nineteen and a half degrees". */
const VALUE_SAID = new RegExp(`\\b(?:to|at) ${NUMBER_WORD}\\b`, 'i');

/**
 * "status of front door", "query garage window state", "kitchen fan running y/n", "exec movie
 * night", "apply movie night preset", "spin up the vacuum", "kitchen fan, toggle on", "to 65,
 * thermostat": a request typed the way a command line is, said the way the reader reads it.
 */
function commandLine(text: string): string {
  return (
    text
      .replace(/^(\W*)(?:status|state) (?:of )?(.+?)\W*$/i, '$1what is the state of $2')
      .replace(/^(\W*)(?:query|get|show) (.+?) (?:state|status)\W*$/i, '$1what is the state of $2')
      .replace(/^(\W*)(.+?)\s+(?:y\/n|yes\/no|y or n)\s*\??\s*$/i, '$1is $2?')
      .replace(/^(\W*)(?:exec|execute|apply)\s+(.+?)(?:\s+(?:preset|profile))?(\W*)$/i, '$1activate $2$3')
      // ("Back door. Locked?", "still on?": a state asked alone is asked of what was named)
      .replace(
        /^(\W*)(?:still\s+|now\s+)?(on|off|open|closed|shut|locked|unlocked|armed|disarmed|running|docked)(?:\s+(?:still|now|yet))?\s*\?\s*$/i,
        '$1is it $2?',
      )
      // ("Good morning sequence, execute.": the order after what it is of)
      // (after a command of its own it only says "do it": "lights off, execute")
      .replace(
        /^(\W*)(.+?),?\s+(?:execute|engage)(\W*)$/i,
        (_all, lead: string, what: string, end: string) =>
          /\b(?:on|off|open|close|lock|unlock|arm|disarm|start|stop|up|down|set|dim|pause|to)\b/i.test(what)
            ? `${lead}${what}${end}`
            : `${lead}activate ${what}${end}`,
      )
      .replace(/\bspin up\b/gi, 'start')
      .replace(/\btoggle (on|off)\b/gi, 'turn $1')
      // ("to 65, thermostat": the value first, then what it is of)
      .replace(/^(\W*)(to \d+(?:\.\d+)?(?: ?(?:percent|%|degrees))?),\s*([a-z ]+?)(\W*)$/i, '$1$3 $2$4')
  );
}

/**
 * "turn the office heater and desk lamp off", "office heater and desk lamp off": a list of
 * devices before the "on" or "off" said once for all of them.
 */
const LIST_THEN_PARTICLE =
  /^(\W*(?:(?:please|pls|can you|could you|would you|will you|can u|could u) )?)(?:(turn|switch|shut|flip|flick|put|swap) )?((?:the |my |our )?[a-z]+(?: [a-z]+){0,3}?(?:,? (?:and|&|n) (?:the |my |our )?[a-z]+(?: [a-z]+){0,3}?)+) (on|off)(\s*(?:please|pls|now|thanks|for me)?\W*)$/i;
/** Words that make a list more than devices: a person, a deed, a way, a state. */
const NOT_IN_A_LIST = new Set(
  'me us them off on to bed not all everything back down up out in over cut knock send bring take get flip flick'.split(
    ' ',
  ),
);
function particleAfterList(text: string): string {
  const m = LIST_THEN_PARTICLE.exec(text);
  if (
    !m ||
    m[3]!
      .toLowerCase()
      .split(/[\s,&]+/)
      .some(
        (w) =>
          NOT_IN_A_LIST.has(w) ||
          NOT_A_DEVICE.has(w) ||
          KIN.has(w) ||
          ACTION_VERBS.has(w) ||
          CUES[w] !== undefined,
      )
  )
    return text;
  return `${m[1]}${m[2] ?? 'turn'} ${m[4]} ${m[3]}${m[5]}`;
}

/** "it is on?", "its still on?", "that's locked?": a state said of "it" and asked. */
const IT_SO_ASKED = new RegExp(
  `^(\\W*)(it is|it's|its|it|that is|that's|thats|this is|this's) ((?:still|already) )?(${STILL_STATES})\\s*\\?+\\W*$`,
  'i',
);
/**
 * The states "must be" asks for: only the safe way (locked, closed, off, armed) — "the back
 * door must be unlocked" is as often a guess of how it is as a request, and a guess must not open
 * a door.
 */
const MUST_STATES = 'locked|closed|shut|off|armed';
/** "the front door must be locked": a state wanted, with nothing after it but a softener. */
const MUST_BE = new RegExp(
  `^(\\W*)((?:the |my |our )[a-z]+(?: [a-z]+){0,3}?) (?:must|has to|have to) be (${MUST_STATES})((?:[,\\s]+(?:now|please|pls|hey|asseblief))*)\\W*$`,
  'i',
);
/**
 * "the heating must be off, it's freezing", "the door must be locked, i can't open it": "must
 * be" with a clause after it — a guess of how it is, told with its ground, not a request.
 */
const MUST_BE_GUESSED = new RegExp(
  `^(\\W*)((?:the |my |our )[a-z]+(?: [a-z]+){0,3}?) (?:must|has to) be ((?:still )?(?:${STILL_STATES}))(?=\\s*[,;]\\s*[a-z])`,
  'i',
);
/**
 * "lock the front door, the back door still unlocked": a device still in a state, told as a
 * later clause after a comma or "and" — how it is, never a part to carry out.
 */
const STILL_AFTER = new RegExp(
  `([,;]\\s*|\\band\\s+)((?:the |my |our )?[a-z]+(?: [a-z]+){0,3}?) (still|already) (${STILL_STATES})(?=\\s*(?:[,;.!?]|$|too\\b|as well\\b))`,
  'gi',
);
/** The same, a clause before a comma or a semicolon. */
const STILL_THEN = new RegExp(
  `^(\\W*)((?:the |my |our )?[a-z]+(?: [a-z]+){0,3}?) (still|already) (${STILL_STATES})(?=\\s*(?:[,;]|and\\b))`,
  'i',
);
/** Words that make the words before "still" more than a device: a deed or someone doing it. */
const NOT_A_DEVICE = new Set(
  'i we you he she they it is are was were turn switch put set make keep leave get lock unlock open close shut please can could'.split(
    ' ',
  ),
);

/**
 * "porch light still on", "the back door already locked lah": a device said still or already
 * in a state, with no verb — how it is, asked or told; never a request to make it so.
 */
function stillSo(text: string): string {
  // ("back door lock or not", "garage close or not": Singaporean, the state said as the verb)
  const said = text.replace(/\b(lock|unlock|close|arm|disarm)(?= or not\b)/gi, (w) =>
    `${w}ed`.replace(/eed$/, 'ed'),
  );
  const device = (words: string) =>
    !words
      .toLowerCase()
      .split(' ')
      .some((w) => NOT_A_DEVICE.has(w));
  // ("back door still unlocked, lock it pls", "porch light still on, sam's coming home late": a
  // clause of its own, told before what follows — how it is, the next clause's "it")
  // ("the front door must be locked", "the porch light must be off hey": South African and
  // Afrikaans English for a request — the state wanted, said of a device alone)
  const must = MUST_BE.exec(said);
  // ("the alarm must be off": an alarm off is disarmed — not the safe way)
  if (
    must &&
    device(must[2]!) &&
    !(must[3]!.toLowerCase() === 'off' && /\b(alarm|security)\b/i.test(must[2]!))
  )
    return `${must[1]}make sure ${must[2]} is ${must[3]}${(must[4] ?? '').replace(/,/g, '')}`;
  // ("it is on?", "its still on?", "that's locked?": the thing asked of by its mark alone)
  const asked = IT_SO_ASKED.exec(said);
  if (asked)
    return `${asked[1]}is ${asked[2]!
      .toLowerCase()
      .replace(/^(that|this).*/, '$1')
      .replace(/^it.*/, 'it')} ${asked[3] ?? ''}${asked[4]}?`;
  const guessed = MUST_BE_GUESSED.exec(said);
  if (guessed && device(guessed[2]!))
    return `${guessed[1]}${guessed[2]} is ${guessed[3]}${said.slice(guessed[0].length)}`;
  const told = STILL_THEN.exec(said);
  if (told && device(told[2]!))
    return `${told[1]}${told[2]} is ${told[3]} ${told[4]}${stillAfter(said.slice(told[0].length))}`;
  const after = stillAfter(said);
  if (after !== said) return after;
  const m = STILL_SO.exec(said) ?? DONE_ALREADY.exec(said);
  if (!m || !device(m[2]!)) return said;
  return m.length === 7 ? `${m[1]}is ${m[2]} ${m[3]} ${m[4]}${m[5]}?` : `${m[1]}is ${m[2]} ${m[3]}?`;
}
/** Each later clause that tells a device still in a state, said with "is": a state told. */
function stillAfter(said: string): string {
  return said.replace(STILL_AFTER, (whole, before: string, words: string, still: string, state: string) =>
    words
      .toLowerCase()
      .split(' ')
      .some((w) => NOT_A_DEVICE.has(w))
      ? whole
      : `${before}${words} is ${still} ${state}`,
  );
}
/** "back door locked already lah": a state a deed leaves, then "already" — told, or asked. */
const DONE_ALREADY =
  /^(\W*)((?:the |my |our )?[a-z]+(?: [a-z]+){0,3}?) (locked|unlocked|closed|opened|shut|armed|disarmed) already(?: (?:lah|leh|lor|ah|hor|la))?(\W*)$/i;

/** "back door lock hai ki nahi", "fan on hai ya nahi": Hindi "or not", closing a question. */
export function orNotInHindi(text: string): string {
  return text.replace(/\s+(?:hai\s+)?(?:ki|ya)\s+nahi?n?(?=\W*$)/i, ' or not');
}
