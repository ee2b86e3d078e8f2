/**
 * English said in the turns of Spanish, Portuguese, Italian or French ("at 7 of the morning",
 * "at thirty five of volume", "it makes very cold"), put as English says it. Token-level, after
 * number words are digits; only where the words can mean nothing else.
 */

const PARTS_OF_DAY = new Set(['morning', 'afternoon', 'evening', 'night']);
/** Settings a value is "of": "35 of volume", "80 of brightness". */
const SETTINGS = new Set(['volume', 'brightness']);
/** How it feels, as "it makes …" says it ("faz frio", "hace calor", "fa caldo"). */
const WEATHER: Record<string, string> = {
  cold: 'cold',
  hot: 'hot',
  heat: 'hot',
  warm: 'warm',
  chilly: 'cold',
};
const MUCH = new Set(['much', 'very', 'too', 'so']);
/** How a room may be said to be: "is very dark here". */
const FELT = new Set(['dark', 'bright', 'cold', 'hot', 'warm', 'chilly', 'loud', 'noisy', 'quiet', 'dim']);
/** Words a calque starts or turns on. */
const CALQUE_WORDS = new Set([
  'of',
  'hour',
  'is',
  'you',
  'with',
  'much',
  'make',
  'between',
  'and',
  'annulla',
]);
const ARTICLE = new Set(['the', 'a', 'an']);
/** What one "makes" in Italian and has in English: "I make the bath". */
const HAD = new Set([
  'bath',
  'shower',
  'party',
  'dinner',
  'lunch',
  'breakfast',
  'nap',
  'walk',
  'brew',
  'coffee',
  'tea',
]);
const MAKES = new Set(['makes', 'making', 'make']);

const isValue = (t: string | undefined) => t !== undefined && /^\d+(\.\d+)?(am|pm)?$/.test(t);

export function calquesAsEnglish(tokens: string[]): string[] {
  // (most messages have none of these words)
  if (!tokens.some((t) => CALQUE_WORDS.has(t) || MAKES.has(t))) return tokens;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    // where a sentence opens, its "please" before it
    const opens = i === 0 || (i === 1 && prev === 'please');
    // "is possible you put the mirror light on?", "is it possible that you …" ("é possível
    // você …", "¿es posible que …"): asked of the agent, "could you"
    if (opens && t === 'is') {
      let j = i + 1;
      if (tokens[j] === 'it') j++;
      if (tokens[j] === 'possible') {
        j++;
        if (tokens[j] === 'that') j++;
        if (tokens[j] === 'you' || tokens[j] === 'u') {
          out.push('could', 'you');
          i = j;
          continue;
        }
      }
    }
    // "is too much dark here" ("za ciemno", "muito escuro"): too dark
    if (t === 'much' && ['too', 'very', 'so'].includes(prev ?? '') && FELT.has(tokens[i + 1] ?? '')) continue;
    // "Is very dark here", "is too loud in here" ("está muito escuro"): the "it" left unsaid
    if (opens && t === 'is' && MUCH.has(tokens[i + 1] ?? '')) {
      const k = tokens[i + 2] === 'much' ? i + 3 : i + 2;
      if (FELT.has(tokens[k] ?? '')) {
        out.push('it', 'is');
        continue;
      }
    }
    // "you can connect the kettle for me?" ("você pode …"): asked, "can you"
    if (opens && t === 'you' && tokens[i + 1] === 'can' && /^[a-z]{3,}$/.test(tokens[i + 2] ?? '')) {
      out.push('can', 'you');
      i++;
      continue;
    }
    // "I make the bath", "we make the dinner party", "I make a mistake" (Italian "fare",
    // Spanish "hacer"): having it, and a mistake made
    if (t === 'make' && ['i', 'we'].includes(prev ?? '') && ARTICLE.has(tokens[i + 1] ?? '')) {
      const what = tokens[i + 2] ?? '';
      if (what === 'mistake') out.push('made');
      else if (HAD.has(what) || tokens[i + 3] === 'party') out.push(prev === 'i' ? 'am' : 'are', 'having');
      else out.push(t);
      continue;
    }
    // "between half an hour close the light" (Italian "tra mezz'ora"): in
    // (only before a span: "between 10 and 6" stays two hours)
    const span = (k: number) => /^(minutes?|mins?|hours?|hrs?|seconds?|secs?|moment)$/.test(tokens[k] ?? '');
    if (
      t === 'between' &&
      ((tokens[i + 1] === 'half' && span(i + 3)) ||
        ((isValue(tokens[i + 1]) || ['a', 'an'].includes(tokens[i + 1] ?? '')) && span(i + 2)))
    ) {
      out.push('in');
      continue;
    }
    // "at seven and half" ("alle sette e mezza"): half past seven
    // (an hour of the clock, after "at": "in one and half hour" is a span)
    if (
      t === 'and' &&
      tokens[i + 1] === 'half' &&
      tokens[i - 2] === 'at' &&
      /^\d{1,2}$/.test(prev ?? '') &&
      Number(prev) <= 12
    ) {
      out[out.length - 1] = `${prev}h30`;
      i++;
      continue;
    }
    // "annulla annulla" (Italian): undo
    if (t === 'annulla') {
      out.push('undo');
      continue;
    }
    // "I am with cold" ("estou com frio", "estoy con frío"): I am cold
    if (t === 'with' && ['am', 'im'].includes(prev ?? '') && WEATHER[tokens[i + 1] ?? '']) continue;
    // "at 7 of the morning", "at 10 o'clock of the night": "in the morning", "in the night"
    if (
      t === 'of' &&
      tokens[i + 1] === 'the' &&
      PARTS_OF_DAY.has(tokens[i + 2] ?? '') &&
      (isValue(prev) || prev === 'oclock' || prev === 'clock')
    ) {
      out.push('in', 'the', tokens[i + 2]!);
      i += 2;
      continue;
    }
    // "is the hour of the dinner party" ("é a hora de", "es la hora de"): time for it
    if (
      t === 'hour' &&
      prev === 'the' &&
      ['is', 'its'].includes(tokens[i - 2] ?? '') &&
      (tokens[i + 1] === 'of' || tokens[i + 1] === 'for')
    ) {
      out.splice(out.length - 2, 2, 'it', 'is', 'time', 'for');
      i++;
      continue;
    }
    // "at thirty five of volume", "at 80 percent of brightness": the value of the setting
    if (t === 'of' && SETTINGS.has(tokens[i + 1] ?? '') && (isValue(prev) || prev === 'percent')) continue;
    // "it makes very cold", "is making much cold here": how it feels (never "makes it cold")
    if (MAKES.has(t) && (i === 0 || ['it', 'is', 'here'].includes(prev ?? ''))) {
      let j = i + 1;
      if (tokens[j] === 'a' && tokens[j + 1] === 'lot' && tokens[j + 2] === 'of') j += 3;
      else if (MUCH.has(tokens[j] ?? '')) j++;
      const feel = WEATHER[tokens[j] ?? ''];
      if (
        feel &&
        (j > i + 1 || tokens[j + 1] === undefined || tokens[j + 1] === 'here' || tokens[j + 1] === 'in')
      ) {
        // ("is making much cold": the "it" a Romance language leaves unsaid)
        if (prev === 'is' && i === 1) out.splice(0, 0, 'it');
        else if (prev !== 'it' && prev !== 'is') out.push('it');
        if (prev !== 'is') out.push('is');
        out.push('very', feel);
        i = j;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}
