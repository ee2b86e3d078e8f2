/**
 * Words of other Englishes and of chat, as the standard English words the lexicon knows —
 * Scots and Northern English, Jamaican Creole and West African Pidgin, Tagalog verbs of
 * switching, chat shorthand — and phrases of them that need the words around them. Used by
 * `tokenize` (normalize.ts) before anything is read.
 */

/** One word as standard English words (itself when it is one). */
export function asEnglish(t: string): string[] {
  return SHORTHAND[t] ?? DIALECT[t] ?? CREOLE[t] ?? TAGALOG[t] ?? [t];
}

/**
 * Words of Scots and Northern English (and an Australian one), as standard English: "switch the
 * big light aff", "turn it doon", "on wi it", "up tae 21", "the wan by the bed", "have we left
 * owt on", "every arvo at five".
 */
const DIALECT: Record<string, string[]> = {
  aff: ['off'],
  doon: ['down'],
  wi: ['with'],
  tae: ['to'],
  wan: ['one'],
  hoose: ['house'],
  owt: ['anything'],
  nowt: ['nothing'],
  naw: ['no'],
  // Australian: "every arvo at five"
  arvo: ['afternoon'],
  arvos: ['afternoons'],
  kinda: [],
  sorta: [],
};

/**
 * Words of Jamaican Creole and West African Pidgin as English ("tun off di porch light inna
 * half hour", "mek di vacuum start", "wetin you fit do"): the article, the verbs and the little
 * words; "am" after a verb is "it", "wah time" is "what time" and a last "den" "then"
 * (`dialectPhrases`).
 */
const CREOLE: Record<string, string[]> = {
  tun: ['turn'],
  mek: ['make'],
  fi: ['for'],
  inna: ['in'],
  wetin: ['what'],
  cyaan: ['cannot'],
  cya: ['cannot'],
  nutten: ['nothing'],
  nuttin: ['nothing'],
  yuh: ['you'],
  unu: ['you'],
  nuh: [],
  oya: [],
};

/**
 * Tagalog verbs of switching as Taglish speakers mix them into English ("pakisara the garage
 * door", "patayin mo na yung tv"): the request as English words; "paki-" is "please".
 */
const TAGALOG: Record<string, string[]> = {
  pakisara: ['please', 'close'],
  isara: ['close'],
  pakibukas: ['please', 'open'],
  buksan: ['open'],
  pakipatay: ['please', 'turn', 'off'],
  patayin: ['turn', 'off'],
  pakisindi: ['please', 'turn', 'on'],
  sindihan: ['turn', 'on'],
  pakihinaan: ['please', 'turn', 'down'],
  pakilakasan: ['please', 'turn', 'up'],
};

const ARTICLES = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'that', 'this', 'di', 'd']);

/** Words after which Creole "mi" is "my": "by mi bed", "in mi room". */
const MI_AS_MY_AFTER = new Set(['by', 'in', 'on', 'at', 'near', 'from', 'under', 'over', 'a']);

/** Verbs after which Pidgin "am" is "it": "off am", "on am", "lock am", "pause am". */
const AM_AS_IT_AFTER = new Set(
  'off on lock unlock open close pause start stop switch turn put play dim shut'.split(' '),
);

/**
 * "the now" (now), "the morra" (tomorrow), "at half ten the night" (tonight), "the date the
 * day"; "away and …" opening a request.
 */
export function dialectPhrases(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [t, next] = [tokens[i], tokens[i + 1]];
    // "away and put the kettle on": "go and", said to get someone moving
    if (i === 0 && t === 'away' && next === 'and') out.push();
    // "abeg off am", "lock am": Pidgin "it" after a verb ("I am" stays)
    else if (next === 'am' && AM_AS_IT_AFTER.has(t!)) out.push(t!, 'it');
    // "di light dem": a plural said after the noun
    else if (next === 'dem' && i > 0 && !['and', 'to', 'for', 'tell', 'give'].includes(t!)) out.push(t!);
    // "always when somebody moves in …": "whenever"
    else if (t === 'always' && next === 'when') out.push('whenever');
    // "wah time it is" (Jamaican "what"; Singapore "wah" is a cry of surprise)
    else if (t === 'wah' && ['time', 'day', 'date'].includes(next ?? '')) out.push('what', next!);
    // "I can't see nothing": a negation said twice is one ("anything")
    else if (t === 'nothing' && out.slice(-3).some((w) => ['not', 'cannot', 'never'].includes(w))) {
      out.push('anything');
      continue;
    }
    // "di one by mi bed", "pause it fi mi", "mi cyaan see": Creole "mi" as my, me or I
    else if (t === 'mi') {
      const prev = out[out.length - 1] ?? '';
      out.push(
        next === undefined || ['for', 'to', 'give', 'tell', 'let', 'help'].includes(prev)
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
    else {
      out.push(t!);
      continue;
    }
    i++;
  }
  return out;
}

/** Chat shorthand, written out: "is the tv on rn", "can u turn it off pls". */
const SHORTHAND: Record<string, string[]> = {
  rn: ['right', 'now'],
  u: ['you'],
  ur: ['your'],
  pls: ['please'],
  plz: ['please'],
  thx: ['thanks'],
  tmrw: ['tomorrow'],
  tmr: ['tomorrow'],
  b4: ['before'],
  cuz: ['because'],
  bc: ['because'],
  r: ['are'],
  k: ['ok'],
  // "q: back door locked?": a question marked as one
  q: [],
  dat: ['that'],
  dis: ['this'],
  // said only to soften: "kinda dark in here ngl"
  ngl: [],
  tbh: [],
  fr: [],
  imo: [],
};
