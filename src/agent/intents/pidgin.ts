/**
 * Hawaiʻi Pidgin (and the Englishes that share its turns) as the standard English words the
 * lexicon knows, for the phrases that need the words around them: "stay" as "is" ("stay too
 * loud", "how hot stay outside"), "try" and "like" softening a request ("eh try turn up da
 * thermostat", "like turn on da light fo' me?"), "if can", "den" between requests; and, on the
 * text before any check reads it, "wen" before a verb as its past (`pidginPast`: "who wen leave
 * da light on"). Its single words ("da", "fo", "brah", "kine") are read by `asEnglish`
 * (dialect-words.ts).
 */

/** Verbs a request opens with, bare: after Pidgin "try" or "like". */
const REQUEST_VERBS = new Set(
  'turn switch shut open close lock unlock put start stop pause play dim set send make raise lower'.split(
    ' ',
  ),
);

/** Words of feeling or state Pidgin "stay" tells: "stay hot in here", "stay too loud". */
const STAY_TELLS = new Set(
  `too so real really very hot cold warm loud dark bright noisy stuffy chilly freezing quiet
   open closed locked unlocked`.split(/\s+/),
);

/** Verbs after Pidgin "wen", as their past. */
const PAST: Record<string, string> = {
  leave: 'left',
  turn: 'turned',
  lock: 'locked',
  unlock: 'unlocked',
  open: 'opened',
  close: 'closed',
  shut: 'shut',
  forget: 'forgot',
  put: 'put',
  switch: 'switched',
};

/**
 * "who wen leave da kitchen light on", "somebody wen open da garage": Pidgin "wen" before a
 * verb tells what someone did — the verb's past, written so before any check reads the text
 * (chat's "wen" is "when", dialect-words.ts).
 */
export function pidginPast(text: string): string {
  return text.replace(
    /\b(who|somebody|someone|you|i|we|he|she|they) wen ([a-z]+)\b/gi,
    (all, who: string, verb: string) =>
      PAST[verb.toLowerCase()] ? `${who} ${PAST[verb.toLowerCase()]}` : all,
  );
}

/** Words that open a clause: a request's start, after a greeting or a comma already dropped. */
const OPENERS = new Set(['eh', 'hey', 'ok', 'okay', 'please', 'so']);

export function hawaiiPidgin(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [t, next] = [tokens[i]!, tokens[i + 1]];
    const prev = tokens[i - 1];
    const opening = i === 0 || OPENERS.has(prev ?? '');
    // "eh try turn up da thermostat": a request softened — "try" before a bare verb
    if (t === 'try' && next !== undefined && REQUEST_VERBS.has(next)) continue;
    // "like turn on da porch light fo' me?": "like" opening a request asks it ("can you")
    if (t === 'like' && opening && next !== undefined && REQUEST_VERBS.has(next)) out.push('can', 'you');
    // "stay too loud", "stay hot in here": "it is", opening what is told
    else if (t === 'stay' && opening && next !== undefined && STAY_TELLS.has(next)) out.push('it', 'is');
    // "how hot stay outside": "how hot is it"
    else if (t === 'stay' && prev !== undefined && tokens[i - 2] === 'how' && next !== undefined)
      out.push('is', 'it');
    // "shoots, if can, turn off …": "if possible"
    else if (t === 'if' && next === 'can' && !['you', 'i', 'we', 'it'].includes(tokens[i + 2] ?? '')) {
      out.push('if', 'possible');
      i++;
    }
    // "open da garage door den turn on da garage light": "then" between requests ("the den" is
    // a room)
    else if (t === 'den' && prev !== 'the' && next !== undefined && REQUEST_VERBS.has(next)) out.push('then');
    else out.push(t);
  }
  return out;
}
