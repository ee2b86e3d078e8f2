/**
 * Phrases of other Englishes and of chat that need the words around them — Creole "mi" and
 * "am", Swahili "na", Hinglish "kar do", Dutch "X out" and "op slot", Southern "cut X on",
 * Geordie "an" and "canny", Scouse "me" and "our kid" — as the standard English words the
 * lexicon knows. Used by `tokenize` (normalize.ts) after each word is read alone
 * (`asEnglish`, dialect-words.ts).
 */
/** Steps "thora" (a bit) may come before in Hinglish: "thora dim kar do". */
const HINDI_STEPS = new Set([
  'dim',
  'bright',
  'brighter',
  'dimmer',
  'down',
  'up',
  'loud',
  'louder',
  'quieter',
]);

/** Whether a request closes on an Indian language's verb of doing: "… bandh karo", "… chalu kar do". */
function saysIndianVerb(tokens: string[]): boolean {
  return tokens.some((t) => KARO.has(t) || t === 'chalu' || t === 'bandh');
}

/** Hindi "do" closing a request ("karo", "kardo", "kar do", "kar dijiye"). */
const KARO = new Set([
  'karo',
  'kardo',
  'krdo',
  'kro',
  'kijiye',
  'kariye',
  'karna',
  'karde',
  'kardijiye',
  'karke',
]);
const KARO_AFTER_KAR = new Set(['do', 'de', 'dijiye', 'dena', 'dijie']);

/** What "over" counts in: "over half an hour", "over 10 minutes", "over a quarter". */
const OVER_UNITS = /^(half an? hour|an? (hour|quarter)|\d+ (minutes?|mins?|hours?|hrs?|seconds?))/;

/** Words after which "on slot" / "op slot" is "locked" (Dutch "op slot"). */
const SLOT_AFTER = new Set(['on', 'op']);

/** Words that keep "out" out: someone going or being out, something put or taken out. */
const OUT_KEPT_BY = new Set(
  `i we he she they you is are am was were be been go goes going went gone get gets getting got let
   lets take takes took put puts find check look come comes came leave leaving left head heading
   pass passed walk walked run ran step stepped sort figure work freak chill hang hanging zone
   blow blown blew print find found pull pulled throw thrown threw kick kicked lock locked
   shut wipe wiped clean cleaned cut cuts burn burns burned burnt conk conked died dies sold
   time timed zonk zonked crap crapped wear worn wore`.split(/\s+/),
);

/** Words after which "out" ends a request ("tv out please", "… out and the blinds down"). */
const OUT_ENDS_BEFORE = new Set([
  'please',
  'pls',
  'thanks',
  'thank',
  'and',
  'now',
  'then',
  'over',
  'in',
  'too',
  'also',
]);

/** Words after which Swahili "na" is "and": a request's verbs ("zima tv na washa floor lamp"). */
const NA_AS_AND_BEFORE = new Set(['turn', 'open', 'close', 'set', 'start', 'lock', 'unlock']);

const ARTICLES = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'that', 'this', 'di', 'd']);

/** Words after which Creole "mi" is "my": "by mi bed", "in mi room". */
const MI_AS_MY_AFTER = new Set(['by', 'in', 'on', 'at', 'near', 'from', 'under', 'over', 'a']);

/** Words of feeling after which Scouse "dead" is "very": "dead cold", "dead dark in here". */
const DEAD_AS_VERY_BEFORE = new Set(
  'cold hot warm dark bright loud quiet noisy stuffy chilly freezing boiling dim late early'.split(' '),
);
/** Words after which "me" is always "me": "tell me", "give me", "for me". */
const ME_AFTER = new Set('tell give let for to help show with ask remind call text send get make'.split(' '));
/** Words before which "yer" is "you": "could yer unlock …", "thank yer". */
const YER_AS_YOU_AFTER = new Set('can could would will do did thank thanks are were if'.split(' '));

/** Verbs after which Pidgin "am" is "it": "off am", "on am", "lock am", "pause am". */
const AM_AS_IT_AFTER = new Set(
  'off on lock unlock open close pause start stop switch turn put play dim shut reduce increase lower raise undo arm disarm reverse'.split(
    ' ',
  ),
);

/** Verbs before which a lone "w" is Arabic "and", not chat's "with". */
const W_AS_AND_BEFORE = new Set([
  'turn',
  'close',
  'open',
  'lock',
  'unlock',
  'start',
  'pause',
  'set',
  'switch',
]);

/** Verbs after which Patois "nuh" is "don't". */
const NUH_BEFORE = new Set(
  'want waan unlock lock open close turn tun switch start stop put do go touch leave make set'.split(' '),
);

/** Sounds of hesitation in speech. */
const HESITATIONS = new Set(['er', 'erm', 'um', 'umm', 'uh', 'uhh', 'uhm', 'ehm']);
/** Words after which "like" is a filler of talk: "so like", "it's like", "to like twelve". */
const LIKE_SAYS_NOTHING_AFTER = new Set(
  'so um uh er erm its is are was were to at about just and but or oh yeah okay ok'.split(' '),
);
/** Words after which "er" is "it": the particle of its verb. */
const ER_BEFORE = new Set([
  'up',
  'down',
  'on',
  'off',
  'out',
  'back',
  'shut',
  'open',
  'then',
  'please',
  'now',
]);

/**
 * "the now" (now), "the morra" (tomorrow), "at half ten the night" (tonight), "the date the
 * day"; "away and …" opening a request.
 */
/** What the West Country and the Midlands call whoever they speak to, after "me" or "my". */
const ENDEARMENTS = new Set(['lover', 'ansum', 'handsome', 'duck', 'babber', 'luvver', 'maid']);
/** Words that may follow the one spoken to: the rest of the request, not who they are. */
const AFTER_ENDEARMENT = new Set(
  'it its tis i im id ill can could would will you ee please pls thanks cheers and but so if put turn switch lock shut open close do is are'.split(
    ' ',
  ),
);
/** Verbs after which West Country "they" is "the" or "them": "shut they curtains". */
const VERBS_BEFORE_THEY = new Set(
  'shut open close draw turn switch put lock unlock dim start stop pull leave get'.split(' '),
);
const PARTICLES = new Set(['on', 'off', 'up', 'down', 'out', 'back', 'in', 'please', 'now', 'for']);

/** Words after which a first "e" is Pidgin "it": "e too bright", "e don do", "e dey hot". */
const E_AS_IT_BEFORE = new Set(['too', 'have', 'are', 'is', 'very', 'hot', 'cold', 'dark', 'bright', 'loud']);

/** Who a Scots "gonnae" is said of: "I'm gonnae …" is going to; elsewhere it asks ("will you"). */
const GOING_SUBJECTS = new Set([
  'i',
  'im',
  'we',
  'were',
  'he',
  'she',
  'they',
  'theyre',
  'hes',
  'shes',
  'am',
  'is',
  'are',
]);
const BE_WORDS = new Set(['is', 'are', 'was', 'were', 'isnt', 'its']);
/** States after which a Scots "no" is "not": "the back door's no locked". */
const NO_AS_NOT_BEFORE = new Set(
  'locked unlocked on off open opened shut closed running working playing home in out armed'.split(' '),
);

const WANTERS = new Set(['i', 'we', 'you', 'u', 'they', 'dem', 'he', 'she', 'una', 'me']);

/**
 * "i wan bring the car in": Pidgin and Caribbean "want" after who wants, before the words are
 * read one by one (Scots "the wan by the bed" is "one").
 */
export function wantSaidShort(words: string[]): string[] {
  return words.map((w, i) => (w === 'wan' && i > 0 && WANTERS.has(words[i - 1]!) ? 'want' : w));
}

/** Words of a second thought said inside a sentence, with no pause written: "fifty no thirty five". */
const RESTARTS = new Set([
  'no',
  'sorry',
  'wait',
  'actually',
  'um',
  'uh',
  'er',
  'erm',
  'i',
  'mean',
  'meant',
  'rather',
]);
/** Words that join two things named rather than replace one by the other. */
const JOINING = new Set(
  'and or to of in on at by for with from into onto than as is are was were be not but then also too plus'.split(
    ' ',
  ),
);

/**
 * "set the floor lamp to 50 no 35 percent", "is the back um the front door locked", "put the
 * kitchen um no the ceiling fan on": a value or a thing said again after a second thought, as
 * speech runs on — the last said is meant.
 */
export function restartsDropped(tokens: string[]): string[] {
  const out = tokens.slice();
  for (let i = 0; i < out.length; i++) {
    // a number, a second thought, a number
    if (/^\d/.test(out[i]!)) {
      let k = i + 1;
      while (k < out.length && RESTARTS.has(out[k]!)) k++;
      if (k > i + 1 && k < out.length && /^\d/.test(out[k]!)) {
        out.splice(i, k - i);
        i--;
        continue;
      }
    }
    // "the A [B] <second thought> the C …": the first thing named is taken back
    if (out[i] === 'the') {
      let k = i + 1;
      while (
        k < out.length &&
        k <= i + 3 &&
        out[k] !== 'the' &&
        !RESTARTS.has(out[k]!) &&
        !JOINING.has(out[k]!)
      )
        k++;
      const named = k - i - 1;
      let j = k;
      while (j < out.length && RESTARTS.has(out[j]!)) j++;
      // (only with a word of second thought between: "the tv the lights" lists two)
      if (named >= 1 && named <= 2 && j > k && out[j] === 'the' && j + 1 < out.length) {
        out.splice(i, j - i);
        i--;
      }
    }
  }
  return out;
}

/**
 * "how cold is it out out there", "lock the back door in ten minutes ten minutes", "office heater
 * sixty eight degrees sixty eight": words said twice, as someone who is not sure they were heard
 * says them (and a transcript writes them) — said once. Runs of one to three words said again at
 * once, and a last number that repeats the value said just before it; words that are doubled on
 * purpose ("no no", "bye bye", "very very") are kept.
 */
export function repeatsDropped(tokens: string[]): string[] {
  const out = tokens.slice();
  for (let i = 0; i < out.length; i++)
    for (let n = 3; n >= 1; n--) {
      if (i + 2 * n > out.length) continue;
      const run = out.slice(i, i + n);
      if (n === 1 && DOUBLED.has(run[0]!)) continue;
      if (run.every((w, k) => out[i + n + k] === w)) {
        out.splice(i + n, n);
        i = Math.max(-1, i - 2);
        break;
      }
    }
  // ("… sixty eight degrees sixty eight", "make it seventy instead seventy")
  const last = out.length - 1;
  if (last >= 2 && /^\d/.test(out[last]!)) {
    const k = out.lastIndexOf(out[last]!, last - 1);
    if (k >= 0 && last - k <= 3 && out.slice(k + 1, last).every((w) => ECHOED_AFTER.has(w))) out.pop();
  }
  return out;
}

/** Words people double on purpose. */
const DOUBLED = new Set(
  `no nah nope bye very really so too ha la well now go yeah yes oh come night sharp quick chop bit
   little more please pls on off in up down ok okay hey hi thanks`.split(/\s+/),
);
/** Words between a value and its echo: "68 degrees 68", "70 instead 70". */
const ECHOED_AFTER = new Set(['degrees', 'degree', 'percent', 'instead', 'please', 'minutes', 'i', 'said']);

export function dialectPhrases(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [t, next] = [tokens[i], tokens[i + 1]];
    // Hinglish "thora dim kar do" (a bit, before the step): said after it — "a bit dim" is a
    // complaint; "kitni garmi hai" (how much heat): how hot
    if (
      t === 'a' &&
      next === 'bit' &&
      HINDI_STEPS.has(tokens[i + 2] ?? '') &&
      (KARO.has(tokens[i + 3] ?? '') || ['kar', 'kr'].includes(tokens[i + 3] ?? ''))
    ) {
      out.push(tokens[i + 2]!, 'a', 'bit');
      i += 2;
      continue;
    }
    if (
      t === 'how' &&
      next === 'much' &&
      ['hot', 'cold', 'warm'].includes(tokens[i + 2] ?? '') &&
      !['it', 'is', 'in', 'outside', 'here'].includes(tokens[i + 3] ?? '')
    ) {
      // ("office mein kitni garmi hai": how hot is it in the office — the place said first)
      const place = out.splice(0);
      out.push('how', tokens[i + 2]!, 'is', 'it', ...(place.length > 0 ? ['in', ...place] : []));
      i += 2;
      continue;
    }
    // "the porch light four me", "turn the TV down two ten": "for" and "to" as a transcript
    // wrote them, number words ("four us" is no brightness; "down 2 10" is down to 10)
    if (t === '4' && ['me', 'us', 'you', 'them', 'him', 'her'].includes(next ?? '') && i > 0) {
      out.push('for');
      continue;
    }
    if (
      t === '2' &&
      /^\d/.test(next ?? '') &&
      // ("up two three percent": two or three, a reckoning)
      next !== '3' &&
      i > 0 &&
      !/^\d/.test(tokens[i - 1]!) &&
      // ("a call at 2:15": a clock time's hour)
      !['and', 'or', 'between', 'from', 'at', 'by', 'until', 'till', 'around', 'before', 'after'].includes(
        tokens[i - 1]!,
      )
    ) {
      out.push('to');
      continue;
    }
    // "away and put the kettle on": "go and", said to get someone moving
    if (i === 0 && t === 'away' && next === 'and') out.push();
    // "could you go 'head and start the coffee machine": "go ahead and"
    else if (t === 'go' && next === 'head' && tokens[i + 2] === 'and') {
      out.push('go', 'ahead');
      i++;
      continue;
    }
    // "we out, away mode", "we leaving": said without its "are" (African American and Southern
    // English)
    else if (
      i === 0 &&
      t === 'we' &&
      ['out', 'leaving', 'heading', 'headed', 'off', 'gone'].includes(next ?? '')
    ) {
      out.push('we', 'are');
      continue;
    }
    // "set it to 80" … "never mind, 40" (or "nvm 40"): a second thought on the value
    else if (t === 'never' && next === 'mind' && /^\d/.test(tokens[i + 2] ?? '')) {
      out.push('actually');
      i++;
      continue;
    }
    // Scots "gonnae pause it", "the telly, gonnae turn it doon": "will you" — after who is
    // going to do a thing it is only "going to" ("I'm gonnae head up")
    else if (t === 'gonnae') {
      out.push(...(GOING_SUBJECTS.has(tokens[i - 1] ?? '') ? ['going', 'to'] : ['please']));
      continue;
    }
    // Scots "which doors are no locked", "is the heating no on": "not" before a state
    else if (t === 'no' && BE_WORDS.has(tokens[i - 1] ?? '') && NO_AS_NOT_BEFORE.has(next ?? '')) {
      out.push('not');
      continue;
    }
    // Scots "… an aw", "and aw": as well, closing what is asked
    else if ((t === 'an' || t === 'and') && next === 'aw' && i + 2 === tokens.length) {
      out.push('as', 'well');
      i++;
      continue;
    }
    // Scots "the lights, aw aff": "all" before what they are to be ("aw, that's a shame" stays)
    else if (t === 'aw' && ['off', 'on', 'out', 'shut', 'locked'].includes(next ?? '')) {
      out.push('all');
      continue;
    }
    // "…, me lover", "my 'ansum", "me duck": the one spoken to, as the West Country and the
    // Midlands call anyone — no device of theirs
    // ("my 'ansum son wants …": only where no one of the house is named after it)
    else if (
      (t === 'me' || t === 'my') &&
      next !== undefined &&
      ENDEARMENTS.has(next) &&
      (i + 2 === tokens.length || AFTER_ENDEARMENT.has(tokens[i + 2]!))
    ) {
      i++;
      continue;
    }
    // te reo Māori in New Zealand English: "e hoa, …" (friend, the one spoken to), "kia ora"
    // (hello), "ka pai" (good), "aroha mai" (sorry)
    else if (
      (t === 'e' && next === 'hoa') ||
      (t === 'kia' && next === 'ora') ||
      (t === 'ka' && next === 'pai')
    ) {
      i++;
      continue;
    } else if (t === 'aroha' && next === 'mai') {
      out.push('sorry');
      i++;
      continue;
    }
    // "shut they curtains", "turn they off": West Country "those" and "them" after a verb
    else if (t === 'they' && VERBS_BEFORE_THEY.has(tokens[i - 1] ?? '')) {
      out.push(PARTICLES.has(next ?? '') || next === undefined ? 'them' : 'the');
      continue;
    }
    // "open 'er up", "lock 'er up", "turn 'er down": Western and Midwestern "her" for a thing,
    // after a verb and before its particle (elsewhere "er" is a hesitation)
    else if (
      t === 'er' &&
      AM_AS_IT_AFTER.has(tokens[i - 1] ?? '') &&
      (next === undefined || ER_BEFORE.has(next))
    ) {
      out.push('it');
      continue;
    }
    // "turn er the kitchen light on", "set the um thermostat": a hesitation inside a request,
    // before what it names
    else if (
      i > 0 &&
      HESITATIONS.has(t!) &&
      next !== undefined &&
      (ARTICLES.has(next) || ARTICLES.has(tokens[i - 1]!))
    )
      continue;
    // "turn the tv down to like twelve", "it's like freezing", "so like dinner party mode": the
    // "like" of American talk, which says nothing — not the verb ("I'd like", "would like it",
    // "what is it like") nor "like this"
    else if (
      t === 'like' &&
      i > 0 &&
      LIKE_SAYS_NOTHING_AFTER.has(tokens[i - 1]!) &&
      next !== undefined &&
      !['it', 'this', 'that', 'them', 'to', 'a', 'an'].includes(next)
    )
      continue;
    // "sakker the garage door w tfi the garage light": Arabic "w" (and) before a request's verb
    else if (t === 'w' && i > 0 && W_AS_AND_BEFORE.has(next ?? '')) out.push('and');
    // Pidgin "no off the kitchen light", "no on am": "no" run on to a verb of switching is
    // "don't" (English writes "no, turn it off")
    else if (
      t === 'no' &&
      (next === 'off' || next === 'on') &&
      /^(?:the|am|it|di|d|my|dat|that)$/.test(tokens[i + 2] ?? '')
    ) {
      out.push('dont');
      out.push(next === 'off' ? 'turn' : 'turn');
      out.push(next);
      i++;
      continue;
    }
    // "abeg off am", "lock am": Pidgin "it" after a verb ("I am" stays)
    else if (next === 'am' && AM_AS_IT_AFTER.has(t!)) out.push(t!, 'it');
    // Nigerian Pidgin: "e too bright" (it, first), "i no fit see", "i no dey hear" (cannot),
    // "the light for here" (here), "… make i make tea" (so I), "reduce am small" (a bit),
    // "sharp sharp" (now) — a branch without "continue" reads two words
    else if (i === 0 && t === 'e' && next !== undefined && E_AS_IT_BEFORE.has(next)) {
      out.push('it');
      continue;
    } else if (t === 'no' && (next === 'fit' || next === 'are') && tokens[i - 1] === 'i') out.push('cannot');
    else if (t === 'for' && next === 'here') out.push('here');
    else if (t === 'make' && next === 'i' && i > 1) {
      out.push('so');
      continue;
    } else if (
      t === 'small' &&
      next === undefined &&
      i > 1 &&
      !['a', 'the', 'too', 'so', 'very'].includes(tokens[i - 1]!)
    ) {
      out.push('a', 'bit');
      continue;
    } else if (t === 'sharp' && next === 'sharp') out.push('now');

    // "di light dem": a plural said after the noun
    else if (next === 'dem' && i > 0 && !['and', 'to', 'for', 'tell', 'give'].includes(t!)) out.push(t!);
    // "zima tv na washa floor lamp", "na hallway light pia": Swahili "and" (elsewhere "na" is a
    // Tagalog particle) and a last "pia", "too"
    // ("na the alarm is armed": "nah" — a leading "na" is "and" only with "pia" after it)
    else if (
      t === 'na' &&
      next !== undefined &&
      (NA_AS_AND_BEFORE.has(next) || (i === 0 && tokens[tokens.length - 1] === 'pia'))
    ) {
      out.push('and');
      continue;
    } else if (t === 'pia' && next === undefined && i > 0) {
      out.push('too');
      continue;
    }
    // "is the telly still on our kid": a sibling called, as Scousers and Mancunians do
    // (first, "our kid" is who is told of or asked: "our kid switched on the heater")
    else if (t === 'our' && next === 'kid' && i > 0 && i + 2 === tokens.length) out.push();
    // Geordie, Scots and Irish "an": "shut the garage door an lock the front door", "twenty
    // three an a half" ("an hour" keeps its article)
    else if (
      t === 'an' &&
      i > 0 &&
      next !== undefined &&
      (next === 'a' || !/^[aeiou]|^h(our|onest|eir)/.test(next)) &&
      next !== 'all'
    ) {
      out.push('and');
      continue;
    }
    // "… an all", "… and all": too
    else if ((t === 'an' || t === 'and') && next === 'all' && i + 2 === tokens.length) out.push('too');
    // "n the bedroom?": "and", first
    else if (t === 'n' && i === 0 && next !== undefined) {
      out.push('and');
      continue;
    }
    // Cantonese "hoi the kitchen light", "garage door saan la": open (switch on) and close
    // (switch off) — the verb before its thing, the way alone after it
    else if (t === 'hoi' || t === 'saan') {
      const last = next === undefined || ['la', 'lah', 'ah', 'please', 'pls', 'now'].includes(next);
      // (of a door, a curtain or blinds: open and close as said)
      const covered = ['door', 'curtain', 'curtains', 'blinds', 'blind', 'window'].includes(
        out[out.length - 1] ?? '',
      );
      const way = covered ? (t === 'hoi' ? 'open' : 'close') : t === 'hoi' ? 'on' : 'off';
      out.push(...(last ? [way] : covered ? [way] : ['turn', way]));
      continue;
    }
    // Jamaican "di back door", "tun on di porch light": "the" (not "tell Di the …", a name)
    else if (
      t === 'di' &&
      !['the', 'a', 'an', 'my', 'is', 'that'].includes(next ?? '') &&
      next !== undefined
    ) {
      out.push('the');
      continue;
    }
    // Jamaican "still a run", "di pot a bun": running, burning ("a" before a verb is its going on)
    else if (
      t === 'a' &&
      ['run', 'bun', 'play', 'blow'].includes(next ?? '') &&
      ['still', 'it', 'machine', 'pot', 'tv', 'music'].includes(tokens[i - 1] ?? '')
    ) {
      out.push(
        next === 'run' ? 'running' : next === 'bun' ? 'burning' : next === 'play' ? 'playing' : 'blowing',
      );
      i++;
      continue;
    }
    // Scots "doon the stair", "up the stair": downstairs, upstairs
    // (not "go up the stairs and …": English "stairs" is the way there)
    else if ((t === 'down' || t === 'up') && next === 'the' && tokens[i + 2] === 'stair') {
      out.push(t === 'down' ? 'downstairs' : 'upstairs');
      i += 2;
      continue;
    }
    // "it's canny cold", "canny dark in here": Geordie "very" (elsewhere "nice")
    else if (t === 'canny') {
      if (DEAD_AS_VERY_BEFORE.has(next ?? '')) out.push('very');
      continue;
    }
    // "dead cold", "dead dark in here", West Country "proper parky", New York "mad cold", London
    // "peak cold": "very"
    else if (
      (t === 'dead' || t === 'proper' || t === 'mad' || t === 'peak') &&
      DEAD_AS_VERY_BEFORE.has(next ?? '')
    ) {
      out.push('very');
      continue;
    } else if (t === 'yer') {
      out.push(YER_AS_YOU_AFTER.has(tokens[i - 1] ?? '') || next === undefined ? 'you' : 'your');
      continue;
    }
    // "me hands are full", "me bones are dead cold": "my" before what is told of
    // ("tell me please, is …", "give me one, is …": "me" after a verb is "me")
    else if (
      t === 'me' &&
      next !== undefined &&
      !ME_AFTER.has(tokens[i - 1] ?? '') &&
      !['please', 'pls', 'now', 'then', 'and', 'too', 'again', 'so', 'one', 'it', 'that'].includes(next) &&
      ['is', 'are', 'was', 'were'].includes(tokens[i + 2] ?? '')
    ) {
      out.push('my');
      continue;
    }
    // Hinglish: "… chal raha hai kya" (a question closed by "kya": asked as "is …"), "… ki
    // nahi" (or not), "paanch minute mein" (in five minutes), "aadhe ghante mein" (in half an
    // hour), "wapas karo" (put it back), "aa gaye" (have come), "band hua" (off)
    else if (t === 'kya' && next === undefined && i > 0) {
      if (!['is', 'are', 'did', 'what', 'how', 'which'].includes(out[0] ?? '')) out.unshift('is');
      continue;
    } else if (t === 'ki' && next === 'not') {
      // ("back door lock hai ki nahi": the state said as its verb, asked)
      const last = out.length - 1;
      if (['lock', 'unlock', 'close', 'arm', 'disarm'].includes(out[last] ?? ''))
        out[last] = `${out[last]!.replace(/e$/, '')}ed`;
      out.push('or', 'not');
    } else if (t === 'ki' || t === 'mein' || t === 'gaye' || t === 'gayi' || t === 'gaya') continue;
    // Gujarati "hallway ni light bandh karo", "bedroom ma light chalu karo": "ni" (of) and "ma"
    // (in) between a place and its thing, in a request closed by its Indian verb
    else if (
      (t === 'ni' || t === 'nu' || t === 'ma') &&
      i > 0 &&
      next !== undefined &&
      saysIndianVerb(tokens)
    )
      continue;
    // "subah ho gayi": "it has become" morning — "ho" before "gaya"
    else if (t === 'ho' && ['gaye', 'gayi', 'gaya'].includes(next ?? '')) continue;
    else if (
      /^\d+$/.test(t!) &&
      ['minute', 'minutes', 'min', 'hours', 'hour'].includes(next ?? '') &&
      tokens[i + 2] === 'mein'
    ) {
      out.push('in', t!, next!.startsWith('h') ? 'hours' : 'minutes');
      i += 2;
      continue;
    } else if (t === 'aadhe' && (next === 'hours' || next === 'hour')) {
      if (tokens[i + 2] === 'mein') i++;
      out.push('in', 'half', 'an', 'hour');
    } else if (t === 'wapas' && (KARO.has(next ?? '') || next === 'kar')) {
      out.push('put', 'it', 'back');
      if (next === 'kar' && KARO_AFTER_KAR.has(tokens[i + 2] ?? '')) i++;
    } else if (t === 'rehne' && next === 'do') {
      // "nahi rehne do": no, let it be
      out.push('never', 'mind');
      i++;
    } else if (t === 'aa' && ['gaye', 'gayi', 'gaya', 'rahe', 'rahi', 'raha'].includes(next ?? ''))
      out.push('arrived');
    else if ((t === 'band' || t === 'bandh') && ['hua', 'hui', 'kya', 'ho', 'is'].includes(next ?? '')) {
      out.push('off');
      continue;
    }
    // Hindi "kar do" ("do it") closing a request in Hinglish: "front door lock kar do", "light
    // band karo" (off), "fan chalu kar do" (on), "thermostat ko 24 kar do" ("ko": to, of a value)
    else if (KARO.has(t!) || ((t === 'kar' || t === 'kr') && KARO_AFTER_KAR.has(next ?? ''))) {
      if (t !== 'kar' && t !== 'kr') continue;
    } else if (
      (t === 'band' || t === 'bandh') &&
      (KARO.has(next ?? '') || next === 'kar' || next === 'kr' || (next === undefined && i > 0))
    ) {
      // ("garage light band", "curtains band": off, its "karo" left out; "close", which the
      // reader takes of a light as off and of a door or curtain as closed)
      // ("hun band kar do" with nothing named before it: "it", what was spoken of — never the
      // room's curtains guessed)
      const named = out.some((w) => !['now', 'please', 'ok', 'no', 'just', 'bas', 'hun', 'ji'].includes(w));
      out.push(...(named ? ['close'] : ['close', 'it']));
      continue;
    } else if (['chala', 'chalao', 'chalado', 'chalaa'].includes(t!)) {
      // "kettle chala do" (run it: on), "khol do" (open it)
      out.push('on');
      if (KARO_AFTER_KAR.has(next ?? '')) i++;
      continue;
    } else if (['khol', 'kholo', 'kholdo'].includes(t!)) {
      out.push('open');
      if (KARO_AFTER_KAR.has(next ?? '')) i++;
      continue;
    } else if (t === 'khula' || t === 'khuli') {
      out.push('open');
      continue;
    } else if (
      /^\d+$/.test(t!) &&
      ['minute', 'minutes', 'min', 'hours', 'hour', 'ghante'].includes(next ?? '') &&
      tokens[i + 2] === 'baad'
    ) {
      // "kettle 10 minute baad band kar dena": after ten minutes
      out.push('in', t!, next!.startsWith('h') || next === 'ghante' ? 'hours' : 'minutes');
      i += 2;
      continue;
    } else if (
      (t === 'chalu' || t === 'chaalu') &&
      (KARO.has(next ?? '') || next === 'kar' || next === undefined)
    ) {
      out.push('on');
      continue;
    } else if (t === 'ko' && i > 0) {
      if (/^\d/.test(next ?? '')) out.push('to');
      continue;
    }
    // "at 6.30 am itself", "now itself": Indian English stress on a time, no device's "itself"
    else if (t === 'itself' && /^(\d.*|am|pm|now|today|tomorrow|tonight|only)$/.test(tokens[i - 1] ?? ''))
      continue;
    // "is the back door on slot?", "do the front door op slot": Dutch "locked"
    // ("put the tv on slot 3" is a channel)
    else if (t !== undefined && SLOT_AFTER.has(t) && next === 'slot' && !/^\d/.test(tokens[i + 2] ?? '')) {
      // ("do it on slot then", "do the front door op slot": asked to be locked)
      const verb = out.findIndex((w) => ['do', 'make', 'put', 'set', 'zet'].includes(w));
      if (verb >= 0) out[verb] = 'get';
      out.push('locked');
    }
    // "Tv out.", "make the kitchen light out", "the lamp may go out": Dutch "uit", off — not
    // someone going out, nor a thing taken, let or put out
    else if (
      t === 'out' &&
      i > 0 &&
      (next === undefined || OUT_ENDS_BEFORE.has(next)) &&
      !tokens.slice(0, i).some((w, k) => OUT_KEPT_BY.has(w) && !(w === 'go' && tokens[k - 1] === 'may'))
    ) {
      out.push('off');
      continue;
    }
    // "the lamp may go out": may go off
    // ("the lamp may go out soon, it's old" tells what may happen)
    else if (
      t === 'may' &&
      next === 'go' &&
      tokens[i + 2] === 'out' &&
      (tokens[i + 3] === undefined || OUT_ENDS_BEFORE.has(tokens[i + 3]!))
    ) {
      out.push('off');
      i += 2;
      continue;
    }
    // "over half an hour", "over a quarter": Dutch "over", in that time from now
    else if (
      t === 'over' &&
      // ("on for over an hour", "it took over an hour": more than)
      !['for', 'is', 'was', 'been', 'took', 'takes', 'than', 'of', 'just', 'well'].includes(
        tokens[i - 1] ?? '',
      ) &&
      /^(half|a|an|\d+)$/.test(next ?? '') &&
      OVER_UNITS.test(tokens.slice(i + 1, i + 5).join(' '))
    ) {
      out.push('in');
      if (next === 'a' && tokens[i + 2] === 'quarter' && !['hour', 'of'].includes(tokens[i + 3] ?? '')) {
        out.push('15', 'minutes');
        i += 2;
      }
      continue;
    }
    // "cut the hallway light on", "cut da porch light on": Southern "turn", with on or off after
    else if (t === 'cut' && tokens.slice(i + 1, i + 7).some((w) => w === 'on' || w === 'off')) {
      out.push('turn');
      continue;
    }
    // "sunset ikifika": "when sunset comes", said after the time
    else if (next === 'ikifika' && i > 0) out.push('at', t!);
    // "always when somebody moves in …": "whenever"
    else if (t === 'always' && next === 'when') out.push('whenever');
    // "wah time it is" (Jamaican "what"; Singapore "wah" is a cry of surprise)
    else if (t === 'wah' && ['time', 'day', 'date', 'timer', 'timers', 'about', 'bout'].includes(next ?? ''))
      out.push('what', next!);
    // "I can't see nothing": a negation said twice is one ("anything")
    else if (t === 'nothing' && out.slice(-3).some((w) => ['not', 'cannot', 'never'].includes(w))) {
      out.push('anything');
      continue;
    }
    // "put on the light for meh", "tell meh": Trinidadian "me" (a last "meh" alone is a tag)
    else if (
      t === 'meh' &&
      ['for', 'to', 'give', 'let', 'help', 'tell', 'show'].includes(tokens[i - 1] ?? '')
    ) {
      out.push('me');
      continue;
    }
    // "di one by mi bed", "pause it fi mi", "mi cyaan see": Creole "mi" as my, me or I
    else if (t === 'mi') {
      const prev = out[out.length - 1] ?? '';
      out.push(
        next === undefined || ['for', 'to', 'give', 'tell', 'let', 'help', 'do'].includes(prev)
          ? 'me'
          : MI_AS_MY_AFTER.has(prev)
            ? 'my'
            : 'i',
      );
      continue;
    }
    // "di front door", "lock d front dor": Creole "the" — not a name before an article ("tell
    // Di the porch light is on")
    else if (
      (t === 'di' || t === 'd') &&
      next !== undefined &&
      !ARTICLES.has(next) &&
      i + 1 < tokens.length
    ) {
      out.push('the');
      continue;
    }
    // "the tv backlight, switch her off", "turn her up": a thing called "her", as Australians
    // and many Englishes do, between a verb of switching and its particle
    // ("stop the hoover and send him home": "him" too, and "send … home" or "back")
    else if (
      (t === 'her' || t === 'him') &&
      ['switch', 'turn', 'shut', 'crank', 'put', 'flick', 'whack', 'chuck', 'send'].includes(
        tokens[i - 1] ?? '',
      ) &&
      ['on', 'off', 'up', 'down', 'back', 'home'].includes(next ?? '') &&
      (tokens[i - 1] !== 'send' || next === 'back' || next === 'home')
    ) {
      out.push('it');
      continue;
    }
    // Patois "nuh unlock di front door", "mi nuh waan di tv awn": "don't" before a verb; a
    // "nuh" closing a request only softens it ("lock di front door nuh")
    else if (t === 'nuh') {
      if (next !== undefined && NUH_BEFORE.has(next)) out.push('dont');
      continue;
    }
    // Geordie "hoy the porch light on": throw, put
    else if (t === 'hoy' && ['the', 'it', 'that', 'them', 'me', 'us'].includes(next ?? '')) {
      out.push('put');
      continue;
    }
    // "e too hot for here": Pidgin "it", before the words it says ("channel e" stays)
    else if (t === 'e' && next !== undefined && i > 0) {
      out.push('it');
      continue;
    }
    // "wetin you fit do": "what can you do"
    else if (t === 'you' && next === 'fit') out.push('you', 'can');
    // "nineteen comma five": the decimal comma said
    else if (t === 'comma' && /^\d+$/.test(out[out.length - 1] ?? '') && /^\d$/.test(next ?? '')) {
      out.push(`${out.pop()}.${next}`);
    }
    // "lock it den": "then" at the end ("the den" is a room)
    else if (t === 'den' && next === undefined && tokens[i - 1] !== 'the') {
      out.push('then');
      continue;
    } else if (t === 'the' && next === 'now') out.push('now');
    else if (t === 'the' && next === 'morra') out.push('tomorrow');
    else if (t === 'the' && next === 'night' && /^\d/.test(tokens[i - 1] ?? '')) out.push('tonight');
    else if (t === 'the' && next === 'day' && tokens[i - 1] === 'date') out.push('today');
    // "is it cold ootside the day": Scots and Geordie "today", last
    else if (
      t === 'the' &&
      next === 'day' &&
      i + 2 === tokens.length &&
      !['every', 'all', 'a', 'for', 'of', 'that', 'rest', 'during'].includes(tokens[i - 1] ?? '')
    )
      out.push('today');
    else {
      out.push(t!);
      continue;
    }
    i++;
  }
  return out;
}
