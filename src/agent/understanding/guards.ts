/**
 * Sentences that are no request, and words that may be set aside: a negated request, telling
 * what someone did, an embedded question, politeness the lexicon does not know, a remark
 * beside the request. The second stage (reader.ts) asks these before it reads a command.
 */
import { asEnglish } from '../intents/dialect-words.js';
import { KIN, NOUNS, QUESTION_WORDS, TEMPERATURE_QUESTION } from './lexicon.js';
import type { Item } from './tagger.js';

export const NEGATIONS = new Set(['not', 'never', 'dont']);
/** Words that take a request back: a clause with one is no remark. */
export const SECOND_THOUGHTS = new Set([
  'no',
  'nope',
  'wait',
  'actually',
  'scratch',
  'mistake',
  'sorry',
  'oops',
]);

/**
 * An embedded yes/no question: "let me know if the front door is locked", "I wonder whether
 * the lights are on". "if"/"whether" with no action before it, then "is"/"are" and a state:
 * the state is asked about, not an order ("make sure the front door is locked" has no "if").
 * The "if" must stand alone: inside a wrapper ("I would love it if the lamp was on") it is a wish.
 */
export function embeddedQuestion(items: Item[], tokens: string[]): boolean {
  // "can you check the desk lamp is switched off": "check" opens one too
  // "any chance the back door is locked": so does "any chance" (without a request after it)
  const k =
    items.find(
      (i) =>
        (i.end === i.start + 1 && ['if', 'whether', 'check'].includes(tokens[i.start]!)) ||
        tokens.slice(i.start, i.end).join(' ') === 'any chance',
    )?.start ?? -1;
  if (k < 0 || items.some((i) => i.t === 'cue' && i.start < k)) return false;
  // ("has been closed", "have been left on": the state after "been")
  let be = tokens.findIndex((t, j) => j > k && ['is', 'are', 'was', 'were', 'been'].includes(t));
  // ("if sam's home": the "is" written "'s", which the words no longer show — the state right
  // after the one named)
  // (not "… if you'd pop the heater on": a request)
  if (be < 0 && ['if', 'whether'].includes(tokens[k]!) && !tokens.slice(k).includes('you')) {
    const named = items.find((i) => i.start > k && (i.t === 'name' || i.t === 'noun'));
    const after = named ? items.find((i) => i.start >= named.end && i.t !== 'filler') : undefined;
    const state =
      after?.t === 'state' ||
      (after?.t === 'cue' &&
        after.end === after.start + 1 &&
        (after.word.endsWith('ed') || ['open', 'on', 'off', 'shut'].includes(after.word)));
    if (named && state) be = named.end - 1;
  }
  // the state right after it ("is locked", "are all on", "is still switched on"), not a
  // request further on
  const next = items.find((i) => i.start > be && i.t !== 'filler');
  return be > k && !!next && (next.t === 'cue' || next.t === 'state') && next.start <= be + 3;
}

/**
 * "do not turn on the porch light", "never switch off the fridge": a negated request is no
 * command. A question may carry a "not" right after its verb ("isn't the door locked").
 */
export function negated(tokens: string[]): boolean {
  return tokens.some((t, i) => {
    // "never mind", "if you don't mind": no negated request
    if (!NEGATIONS.has(t) || tokens[i + 1] === 'mind') return false;
    // "would you mind not turning on …"; "the door that isn't the front door": a device by
    // what it is not
    if (tokens[i - 1] === 'mind') return true;
    if (
      ['is', 'are', 's'].includes(tokens[i - 1] ?? '') &&
      ['that', 'which', 'thats'].includes(tokens[i - 2] ?? '')
    )
      return true;
    if (tokens[i - 1] === 'thats') return true;
    // "if it is not too much trouble", "if it's not a problem": politeness
    if (
      /^(too much |a |any |much of a )?(trouble|problem|bother)$/.test(
        tokens
          .slice(i + 1, i + 4)
          .join(' ')
          .replace(/ (could|would|can|please|you|i|we).*$/, ''),
      )
    )
      return false;
    // a question's "isn't the door locked"
    if (i === 1 && ['is', 'are', 'was', 'were', 'has', 'have'].includes(tokens[0]!)) return false;
    // "if it's not too much trouble, …": a "not" that negates no action
    const next = tokens.slice(i + 1).find((w) => !['to', 'ever', 'even', 'yet'].includes(w));
    return i === 0 || NEGATING_BEFORE.has(tokens[i - 1]!) || ACTION_VERBS.has(next ?? '');
  });
}

/**
 * "turn off the lights but leave the lamp", "close everything but keep the garage door open":
 * an exception the reading cannot honour, so nothing is done rather than too much.
 */
export function excepted(tokens: string[]): boolean {
  if (QUESTION_WORDS.has(tokens[0] ?? '')) return false; // "is anyone home apart from me"
  const k = tokens.findIndex((t) => t === 'but' || t === 'except' || t === 'apart' || t === 'besides');
  // ("switch off everything in the lounge but the telly")
  if (
    k > 0 &&
    tokens[k] === 'but' &&
    ['the', 'not', 'my', 'our', 'that', 'this', 'those'].includes(tokens[k + 1] ?? '')
  )
    return true;
  return k > 0 && tokens.slice(k).some((t) => EXCEPTING.has(t));
}
const EXCEPTING = new Set(['leave', 'keep', 'not', 'except', 'from', 'stay', 'stays', 'without']);

const NEGATING_BEFORE = new Set(['do', 'does', 'did', 'please', 'just', 'and', 'but', 'you', 'i', 'we']);
export const ACTION_VERBS = new Set(
  `turn switch open close lock unlock set start stop put leave make dim raise lower activate run
   shut kill power arm disarm play pause let keep`.split(/\s+/),
);

const SUBJECTS = new Set(['i', 'we', 'he', 'she', 'they', 'you', 'who', 'someone', 'somebody', 'nobody']);
export const PAST_FORMS = new Set([
  'turned',
  'switched',
  'locked',
  'unlocked',
  'opened',
  'closed',
  'dimmed',
  'raised',
  'lowered',
  'started',
  'stopped',
  'activated',
  'armed',
  'disarmed',
  'paused',
  'muted',
  'left',
  // "i already offed the kitchen light": the Singaporean and Indian past of "off" and "on"
  'offed',
  'oned',
]);

const TRIED = new Set(['tried', 'forgot', 'meant', 'thought', 'went', 'had']);
/** What a past form acts on when it tells a deed: "left it", "turned the lights". */
const DONE_TO = new Set([
  'it',
  'them',
  'the',
  'my',
  'our',
  'that',
  'this',
  'those',
  'all',
  'everything',
  'both',
]);
/** Words before a past form that make it no deed told: "have the lights turned …", "get it locked". */
const BEFORE_A_PARTICIPLE = new Set([
  'have',
  'has',
  'had',
  'get',
  'got',
  'be',
  'been',
  'is',
  'are',
  'was',
  'were',
  'want',
  'need',
  'keep',
]);
/** What a device does of itself, said in the present ("goes off", "comes on", "kicks in"). */
const HABITS = new Set(['goes', 'comes', 'turns', 'switches', 'kicks', 'shuts', 'clicks', 'cuts']);
const SWITCHED_TO = new Set(['on', 'off', 'in', 'out']);
/** Words by which someone asks that a device does something ("make sure it goes off"). */
const ASKS_THAT = new Set(['sure', 'ensure', 'that', 'let', 'want', 'need', 'please', 'can', 'could']);

/**
 * "I turned off the lights", "we left the kitchen light on": telling what someone did, not
 * asking for it. A subject right before a past form of an action word.
 */
/** Words of "may have": "I must have left it on", "we might have locked it". */
const MAYBE = new Set(['must', 'might', 'may', 'could', 'should', 'would']);

/** Words of habit after the doer: "I always …", "we usually …". */
const HABIT = new Set(['always', 'usually', 'normally', 'often', 'sometimes', 'never']);

/** What one lived through, said first with no "I": "heard …", "fell asleep …". */
const LIVED = new Set(['heard', 'saw', 'noticed', 'felt', 'fell', 'found', 'woke']);

/** Words of when between a doer and the deed: "I already turned …", "we just locked …". */
const DONE_WHEN = new Set(['already', 'just', 'also', 'accidentally', 'finally', 'earlier']);

export function narrated(tokens: string[]): boolean {
  if (QUESTION_WORDS.has(tokens[0] ?? '')) return false; // "have you turned off the lights"
  // "…if you locked the front door" asks for it
  // ("… if I locked the door" asks whether it was done: told, not asked for)
  // ("thanks, I already turned off the lights", "mum turned off the lights": a word of when
  // between, or one of the family as the doer)
  if (
    tokens.some((t, i) => {
      if (!PAST_FORMS.has(t)) return false;
      const k = DONE_WHEN.has(tokens[i - 1] ?? '') ? i - 1 : i;
      const doer = tokens[k - 1] ?? '';
      return (SUBJECTS.has(doer) || KIN.has(doer)) && (tokens[k - 2] !== 'if' || doer !== 'you');
    })
  )
    return true;
  // "unlocked the front door": a past form first, with its object, tells what was done
  if (PAST_FORMS.has(tokens[0] ?? '') && DONE_TO.has(tokens[1] ?? '')) return true;
  // ("heard the back door unlock.", "fell asleep with the tv on.": what one lived through, its
  // "I" left out)
  if (LIVED.has(tokens[0] ?? '')) return true;
  // ("I always close the garage door …", "we usually lock up at ten": a habit told)
  if (SUBJECTS.has(tokens[0] ?? '') && HABIT.has(tokens[1] ?? '') && tokens[0] !== 'you') return true;
  // "I've closed the blinds", "we have locked the back door", "we have not armed the alarm",
  // "I must have left the back door unlocked": done (or not, or maybe), told
  if (
    tokens.some((t, i) => {
      if (!PAST_FORMS.has(t)) return false;
      const k = ['not', 'never', 'just', 'already'].includes(tokens[i - 1] ?? '') ? i - 1 : i;
      const subject = MAYBE.has(tokens[k - 2] ?? '') ? (tokens[k - 3] ?? '') : (tokens[k - 2] ?? '');
      // ("the bulb in the porch light has started flickering": a thing's own deed, told)
      const thing = tokens[k - 1] === 'has' && !SUBJECTS.has(subject) && /^[a-z]{3,}$/.test(subject);
      return (
        ['have', 'has', 'had', 've'].includes(tokens[k - 1] ?? '') &&
        (SUBJECTS.has(subject) || thing) &&
        subject !== 'you'
      );
    })
  )
    return true;
  // ("I used to have a desk lamp just like the one up in the office": a past told)
  if (tokens.some((t, i) => t === 'used' && tokens[i + 1] === 'to' && SUBJECTS.has(tokens[i - 1] ?? '')))
    return true;
  // ("I dreamt the garage door opened by itself", "the back door unlocked on its own": a
  // dream, or what a device did by itself, is told)
  if (tokens.some((t) => t === 'dreamt' || t === 'dreamed' || t === 'dreaming')) return true;
  if (
    tokens.some(
      (t, i) =>
        PAST_FORMS.has(t) &&
        ((tokens[i + 1] === 'by' && tokens[i + 2] === 'itself') ||
          tokens[i + 1] === 'itself' ||
          (tokens[i + 1] === 'on' && tokens[i + 2] === 'its' && tokens[i + 3] === 'own')),
    )
  )
    return true;
  // "kai left it open again", "the kids turned the lights on": a past form with its object
  // tells what someone did (a request says "leave", "turn")
  if (
    tokens.some(
      (t, i) =>
        PAST_FORMS.has(t) &&
        i > 0 &&
        DONE_TO.has(tokens[i + 1] ?? '') &&
        !BEFORE_A_PARTICIPLE.has(tokens[i - 1]!) &&
        (tokens[i - 2] !== 'if' || tokens[i - 1] !== 'you'),
    )
  )
    return true;
  // "the porch light goes off at 6", "my alarm goes off at seven": what a device does by
  // habit, told — unless someone asks that it does ("make sure the heater goes off at 10")
  if (
    tokens.some((t, i) => HABITS.has(t) && SWITCHED_TO.has(tokens[i + 1] ?? '') && i >= 2) &&
    !tokens.some((t) => ASKS_THAT.has(t))
  )
    return true;
  // "I tried to turn on the porch light", "we forgot to lock the back door": what someone did,
  // unless "you" are then asked ("I wanted you to …")
  return tokens.some(
    (t, i) =>
      SUBJECTS.has(tokens[i - 1] ?? '') &&
      tokens[i - 1] !== 'you' &&
      (/^[a-z]{3,}ed$/.test(t) || TRIED.has(t)) &&
      tokens[i + 1] === 'to' &&
      !tokens.slice(i).includes('you'),
  );
}

/** Words that may not pass as politeness: they change when, whether or what to do. */
export const NOT_POLITE = new Set(
  `forget ignore avoid skip cancel quit abort prevent stop wait hold pause nevermind except unless
   until till before after later earlier soon tonight tomorrow yesterday today morning evening
   afternoon noon midnight weekend week day days daily hour hours minute minutes second seconds
   month months year years
   monday tuesday wednesday thursday friday saturday sunday every each whenever while once twice
   instead rather only without against nobody nothing none neither nor unplug disconnect remove
   delete reset break broke broken why who whose whom where remind reminder ask text call message
   email ring phone say pretend imagine suppose schedule program book order buy undo revert reverse halve double triple quadruple`.split(
    /\s+/,
  ),
);

/** Words after which an unknown word names a thing or a place ("the sauna", "in my car"). */
export const BEFORE_A_THING = new Set(
  'the a an my our your his her their its this that these those some any all to in on at of for by with from into onto'.split(
    ' ',
  ),
);

/**
 * Whether the sentence's unknown words are only politeness before the request ("if it's not
 * too much trouble, could you …", "would you be a star and …", "pop the kettle on"): at most
 * two, each before the first word that says what or which, none right before such a word or
 * right after an article or preposition (where it would name a thing this home does not have:
 * "turn on the sauna", "switch on my electric blanket"), none that changes when or whether to
 * act ("tonight", "forget"), and the sentence says what to do in words this home knows. Such a
 * word is ignored; any other unknown word still makes the sentence declined.
 */
export function politeOnly(items: Item[], tokens: string[]): boolean {
  const unknown = items.filter((i) => i.t === 'unknown');
  if (unknown.length > 2 || !items.some((i) => i.t === 'cue')) return false;
  const content = (i: Item | undefined) => !!i && i.t !== 'filler' && i.t !== 'unknown';
  const first = items.findIndex(content);
  return unknown.every((u) => {
    const k = items.indexOf(u);
    const word = tokens[u.start]!;
    return (
      k < first &&
      word.length >= 3 &&
      !/\d/.test(word) &&
      !NOT_POLITE.has(word) &&
      (!content(items[k + 1]) || items[k + 1]!.t === 'pronoun') &&
      !BEFORE_A_THING.has(tokens[u.start - 1] ?? '')
    );
  });
}

/** Question words that make a wrapper a question about the request ("how do you turn on …"). */
const WH_WORDS = new Set(['how', 'what', 'when', 'where', 'which', 'who', 'why', 'whose']);
/** Someone other than the one asked, as a subject: with one, only "you" may be asked to act. */
const PERSONAL = new Set(['i', 'we', 'he', 'she', 'they', 'someone', 'somebody', 'me', 'us', 'my', 'our']);
/** After "ask", words that keep the asking this agent's: "sorry to ask (again), but …", "may I ask you to …". */
const ASKING_YOU = new Set(['you', 'again', 'but', 'though', '']);
const NO_BOTHER = new Set(['bother', 'trouble', 'problem', 'rush', 'hurry', 'worries']);
const DUMMY_BEFORE = new Set(['would', 'could', 'will', 'might', 'if', 'is', 'be']);
/** Words that end a wrapper: the request follows ("could you", "be kind enough to", "be a dear and"). */
const HINGES = new Set(['you', 'to', 'and', 'but', 'could', 'would', 'can', 'will']);

/**
 * Whether the sentence's unknown words all sit in a polite wrapper before the request: "sorry
 * to be a pain but could you …", "I'd really appreciate it if you could …", "be kind enough to
 * …", "would it be possible to …". The wrapper holds nothing of the home (no name, place,
 * device, number or state), no question word, nothing that changes when or whether to act,
 * and ends in a hinge that hands the request over — right before the request's first words
 * (articles and fillers may sit between). When the wrapper has a person of its own in it
 * ("I", "we", "my sister") the hinge must be "you": "I tried to turn on the porch light" and
 * "do you want me to turn on the porch light" are no requests.
 */
export function politeWrapper(items: Item[], tokens: string[]): boolean {
  // the "it" of "would it trouble you to", "if it's no bother" stands for nothing
  const dummyIt = (i: Item) =>
    i.t === 'pronoun' && tokens[i.start] === 'it' && DUMMY_BEFORE.has(tokens[i.start - 1] ?? '');
  const first = items.findIndex((i) => i.t !== 'filler' && i.t !== 'unknown' && !dummyIt(i));
  if (first <= 0 || !items.some((i) => i.t === 'cue')) return false;
  const start = items[first]!.start;
  if (items.slice(first).some((i) => i.t === 'unknown')) return false;
  const words = tokens.slice(0, start);
  // "no need to put the kettle on", "no wait, …": taken back, not wrapped ("sorry to be a pain" is)
  // ("if it's no bother" is polite)
  const takesBack = (w: string, i: number) =>
    w === 'no' ? !NO_BOTHER.has(words[i + 1] ?? '') : SECOND_THOUGHTS.has(w) && w !== 'sorry';
  if (
    words.some(
      (w, i) =>
        WH_WORDS.has(w) ||
        // "might I ask you to …" asks this agent; "ask Sam to …" someone else
        (NOT_POLITE.has(w) && !(w === 'ask' && ASKING_YOU.has(words[i + 1] ?? ''))) ||
        NEGATIONS.has(w) ||
        takesBack(w, i) ||
        /\d/.test(w),
    )
  )
    return false;
  // the hinge: the last unknown word must come before it, only fillers after it
  const lastUnknown = Math.max(...items.filter((i) => i.t === 'unknown').map((i) => i.start));
  let hinge = -1;
  for (let k = start - 1; k > lastUnknown; k--)
    if (HINGES.has(words[k]!)) {
      hinge = k;
      break;
    }
  if (hinge < 0) return false;
  const asked = words.slice(0, hinge + 1);
  const youAsked = asked.includes('you') && !['me', 'us'].includes(words[hinge - 1] ?? '');
  if (asked.some((w) => PERSONAL.has(w)) && !youAsked) return false;
  // "do you want me to", "would you like us to": an offer, not a request
  if (['me', 'us', 'him', 'her', 'them'].includes(words[hinge - 1] ?? '') && words[hinge] === 'to')
    return false;
  return true;
}

/**
 * What stops a statement from being a mere remark beside a request: it takes the request back,
 * makes an exception, or changes what to do ("…, but leave the lamp", "…, no wait"). Words of
 * time, talk and things people do ("we're off for the weekend", "I'm on the phone") do not.
 */
export const REMARK_BLOCKERS = new Set([
  ...NEGATIONS,
  ...SECOND_THOUGHTS,
  ...`forget ignore avoid skip cancel quit abort prevent stop wait hold pause nevermind except
     unless until till instead rather only without against nothing none neither nor
     unplug disconnect remove delete reset why stay stays staying keep keeps leave but`.split(/\s+/),
]);

/**
 * A statement, not an order: one to three words of subject (or `subjectWords`), then a verb
 * of being, having or a contraction ("the baby's asleep", "my hands are full of shopping",
 * "I'm on the phone", "grandad can't hear it", "friends are coming over"), or a "because"
 * clause. Checked on the text as written, since tokenizing drops the "'s".
 */
const DECLARATIVE = new Map<number, RegExp>();

export function declarative(text: string, subjectWords = 3): boolean {
  const s = text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^a-z' -]/g, ' ')
    .trim()
    // ("'tis black as your hat out there", "'twas on all night": West Country "it is", "it was")
    .replace(/^'?t(is|was)\b/, 'it $1')
    // ("its freezing", "thats too loud", "im cold": the apostrophe left out)
    .replace(/^(it|that|there|he|she)s\b/, "$1's")
    .replace(/^(?:im)\b/, "i'm")
    .replace(/^(they|you)re\b/, "$1're")
    // ("ons gaan nou slaap": words of other Englishes as the English ones)
    .split(/\s+/)
    .flatMap((w) => (/^[a-z]+$/.test(w) ? asEnglish(w) : [w]))
    .join(' ');
  if (/^(because|cos|coz|cause|as|since)\s/.test(s)) return true;
  // ("we going to sleep", "they coming over": the "are" left out, as many Englishes do)
  if (/^(?:we|they|i|he|she)\s+(?:all\s+|now\s+|just\s+)?[a-z]{2,}ing\b/.test(s)) return true;
  // ("Alex always forgets it", "Mama says she gets cold", "she gets cold at night": someone,
  // and what they do or say — a name as written, or "he", "she")
  if (
    /^\s*(?:[A-Z][a-z]+|he|she|He|She)\s+(?:always\s+|never\s+|usually\s+|often\s+|sometimes\s+|still\s+)?(?:says|said|thinks|reckons|forgets|forgot|hates|likes|loves|complains)\b/.test(
      text,
    )
  )
    return true;
  // ("the telephone rings", "the dog needs out": a thing, and what it does now)
  if (/^(?:the|my|our)\s+[a-z]+\s+(?:rings|needs|wants|barks|cries|beeps|keeps)\b/.test(s)) return true;
  // ("i spilt crisps in the hall", "the kids made a mess": what someone did)
  if (
    /^(?:i|we|he|she|they|(?:the|my|our)\s+[a-z]+)\s+(?:just\s+|already\s+|all\s+)?(?:[a-z]{2,}ed|spilt|burnt|made|left|forgot|broke|dropped|got|came|went|brought|bought|took|had|fell|lost|ran|knew|heard|saw)\b/.test(
      s,
    )
  )
    return true;
  let re = DECLARATIVE.get(subjectWords);
  if (!re) {
    re = new RegExp(
      // ("am" only after "I": Pidgin "off am" is "switch it off")
      `^(?:[a-z-]+\\s+){0,${subjectWords - 1}}(?:[a-z-]+(?:'(?:s|re|m|ve|d|ll)\\b|\\s+(?:is|are|was|were|have|has|had|can|cannot|can't|will|won't|got|gotta|keeps?|needs?)\\b)|i\\s+am\\b)`,
    );
    DECLARATIVE.set(subjectWords, re);
  }
  return re.test(s);
}

/** "how do I reset the robot vacuum", "how can we …": how to do something, not how a thing is. */
export function howTo(tokens: string[]): boolean {
  // ("… how to turn off the light": how to do it, wherever it is asked)
  if (tokens.some((t, i) => t === 'how' && tokens[i + 1] === 'to')) return true;
  return (
    tokens[0] === 'how' &&
    ['do', 'can', 'should', 'would', 'could'].includes(tokens[1] ?? '') &&
    ['i', 'we', 'you'].includes(tokens[2] ?? '')
  );
}

/**
 * A question may carry words the lexicon does not know around what it asks ("is the kitchen
 * fan still whirring away", "is anybody creeping about in the hallway"): it acts on nothing,
 * so they are set aside — but never where a thing would be named ("is the sauna on": right
 * after an article or preposition, or right before a name or device), never digits, never a
 * word of another time or of whether.
 */
export function asideInQuestion(items: Item[], tokens: string[]): boolean {
  if (['tell', 'show'].includes(tokens[0] ?? '')) return false;
  if (howTo(tokens)) return false;
  return items.every((u, k) => {
    if (u.t !== 'unknown') return true;
    const next = items[k + 1];
    return (
      !/\d/.test(u.word) &&
      // "what's on tv tonight" asks of another time ("… after my shower" tells of an event)
      (!NOT_POLITE.has(u.word) ||
        (u.word === 'after' &&
          ['my', 'our', 'his', 'her', 'the', 'that', 'this', 'your', 'their'].includes(
            tokens[u.start + 1] ?? '',
          ))) &&
      // "how old is the front door", "how many watts …" ask of something else ("how many
      // degrees" does not)
      !(tokens[u.start - 1] === 'how' && !['many', 'much'].includes(u.word)) &&
      !(
        ['many', 'much'].includes(tokens[u.start - 1] ?? '') &&
        tokens[u.start - 2] === 'how' &&
        !TEMPERATURE_QUESTION.has(u.word)
      ) &&
      (!BEFORE_A_THING.has(tokens[u.start - 1] ?? '') || tokens[u.start - 2] === 'after') &&
      !(next && ['name', 'noun', 'area', 'floor'].includes(next.t))
    );
  });
}

const BE = new Set(['am', 'is', 'are', 'was', 'were']);

/**
 * "rather" as "quite" ("rather strong", "we rather fancy"), not as "instead" ("I'd rather …",
 * "rather than", "or rather").
 */
export function withoutIntensifiers(tokens: string[]): string[] {
  // "sure no one's even looking at it": "no one" is nobody, no second thought
  // ("the baby next door", "I'm only in the door": the neighbours, just arrived — no door of
  // the home)
  const arrived = (i: number) => tokens[i - 1] === 'in' && tokens[i] === 'the' && tokens[i + 1] === 'door';
  const words = tokens.flatMap((t, i) =>
    t === 'no' && (tokens[i + 1] === '1' || tokens[i + 1] === 'one')
      ? ['nobody']
      : t === 'next' && tokens[i + 1] === 'door'
        ? ['neighbours']
        : (t === 'door' && (tokens[i - 1] === 'next' || arrived(i - 1))) || arrived(i)
          ? []
          : [t],
  );
  return words.filter(
    (t, i) =>
      !((t === '1' || t === 'one') && words[i - 1] === 'nobody') &&
      // "she's only just gone down": "only just" says how lately, it makes no exception
      // ("it's only the carer come in", "I'm only in from work", "the baby is only after going
      // down": "only" after a "to be" says how little or how lately, of no device)
      !(t === 'only' && (words[i + 1] === 'just' || BE.has(words[i - 1] ?? ''))) &&
      (t !== 'rather' ||
        ['d', 'id', 'would', 'or', 'had'].includes(tokens[i - 1] ?? '') ||
        ['than', 'not', 'you', 'have', 'be'].includes(tokens[i + 1] ?? '')),
  );
}

/**
 * "We always forget.", "I keep forgetting", "they are staying up late": forgetting or staying
 * told of someone, not "forget it" or "stay on" (which change the request).
 */
export function withoutOwnForgetting(tokens: string[]): string[] {
  return tokens.filter(
    (t, i) =>
      // ("I keep forgetting", "so we stop forgetting": keeping on doing, not "keep it on")
      !(
        /^forg[eo]t/.test(t) ||
        /^stay(s|ing)?$/.test(t) ||
        (/^(keeps?|stop)$/.test(t) && (tokens[i + 1] ?? '').endsWith('ing'))
      ) ||
      !tokens
        .slice(Math.max(0, i - 3), i)
        .some((w) => ['i', 'we', 'he', 'she', 'they', 'it', 'ive', 'weve', 'are', 'is', 'am'].includes(w)),
  );
}

/** Words that take in every device of a kind or place: "all", "every", "the whole house". */
export const EVERY_WORDS = new Set(['all', 'every', 'each', 'everywhere', 'any', 'whole', 'house', 'home']);

/** Words that open a condition on an event: "when I leave", "once we get home", "until he's back". */
const EVENT_OPENERS = new Set(['when', 'once', 'whenever', 'after', 'before', 'until', 'till']);
/** Who or what an event is of: "when I leave", "once the match ends", "after it boils". */
const EVENT_SUBJECTS = new Set(
  'i we he she they it its someone somebody everyone everybody the my our his her im were hes shes theyre'.split(
    ' ',
  ),
);

/** Words after a first "when" that make it a question or the listener's moment. */
const ASKING_AFTER_WHEN = new Set(
  'is are was were did does do will would can could should has have had you u'.split(' '),
);

/** A command that waits for an event said after it ("… when I leave"), not a question. */
export function awaitsAnEvent(tokens: string[]): boolean {
  // "when someone is in the garage turn on the light", "whenever Sam gets in …": an event
  // first, not a question ("when is …", "when did …") nor the listener's moment ("when you can")
  if (['when', 'whenever'].includes(tokens[0] ?? '') && tokens.length > 2)
    return !ASKING_AFTER_WHEN.has(tokens[1]!);
  if (QUESTION_WORDS.has(tokens[0] ?? '')) return false;
  // ("turn on the porch light when | we get home": a request cut before its condition)
  if (tokens.length > 1 && EVENT_OPENERS.has(tokens[tokens.length - 1]!)) return true;
  return tokens.some(
    (t, i) =>
      i > 0 &&
      // ("set the house for when we're away" readies it now)
      tokens[i - 1] !== 'for' &&
      (EVENT_OPENERS.has(t) || (t === 'as' && tokens[i + 1] === 'soon' && tokens[i + 2] === 'as')) &&
      EVENT_SUBJECTS.has(tokens[t === 'as' ? i + 3 : i + 1] ?? ''),
  );
}

/** Words that speak of a set, not one device: "every light", "the lights", "which …", "how many …". */
export function ofASet(tokens: string[]): boolean {
  return (
    // ("is the heating on at all": "at all" is no set)
    tokens.some(
      (w, i) =>
        (EVERY_WORDS.has(w) && !(w === 'all' && tokens[i - 1] === 'at')) ||
        (NOUNS[w]?.group === true && NOUNS[w].domain !== '*') ||
        w === 'which',
    ) || tokens.join(' ').includes('how many')
  );
}
