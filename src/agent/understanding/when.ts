/**
 * Time expressions in a command: "in 10 minutes", "in half an hour", "at 7", "at 6 pm",
 * "at 22:30", "at noon". They are cut out of the sentence (the rest is understood as usual)
 * and returned as a delay or a local time of day. Works on tokens from `tokenize`, after
 * `markClockTimes` has kept "22:30" together as "22h30".
 */

export interface When {
  delay_seconds?: number;
  /** Local time of day, HH:MM, 24-hour. */
  at?: string;
  /** "at 7:45 tomorrow morning": the time of tomorrow, not the next one. */
  tomorrow?: boolean;
  /** "at 9" with no morning or evening said: the sooner of 9:00 and 21:00. */
  either?: boolean;
}

const UNIT_SECONDS: Record<string, number> = {
  second: 1,
  seconds: 1,
  sec: 1,
  secs: 1,
  minute: 60,
  minutes: 60,
  min: 60,
  mins: 60,
  hour: 3600,
  hours: 3600,
  hr: 3600,
  hrs: 3600,
};

/**
 * "22:30" → "22h30" before tokenizing, so the colon does not split the time; "10pm", "7 p.m."
 * → "10 pm", "7 pm".
 */
export function markClockTimes(text: string): string {
  return (
    text
      // "at 2300 hours", "0630 hours": the twenty-four-hour clock said
      .replace(/\b([01]\d|2[0-3])([0-5]\d) hours\b/gi, '$1:$2')
      // "in a couple of hours": two
      .replace(/\bin a couple of (minutes|hours)\b/gi, 'in 2 $1')
      // "at 22h", "à 21h": an hour written the French way, its minutes left off
      .replace(/\b(at|by|until|till|from) ([01]?\d|2[0-3])h(?![\d\w])/gi, '$1 $2h00')
      // "in 90s", "in 10mins", "in 2h": a wait written short
      .replace(
        /\b(in|after) (\d{1,3}(?:\.5)?) ?(s|secs?|m|mins?|h|hrs?)\b/gi,
        (_, w: string, n: string, u: string) =>
          `${w} ${n} ${/^s/i.test(u) ? 'seconds' : /^m/i.test(u) ? 'minutes' : 'hours'}`,
      )
      // "8:45am": the hour and its half of the day apart, before the clock time is read
      .replace(
        /\b(([01]?\d|2[0-3]):[0-5]\d)([ap])\.?m\b\.?/gi,
        (_, t: string, _h: string, ap: string) => `${t} ${ap.toLowerCase()}m`,
      )
      // "back door lock 22:00", "lock the back door 06:15": a clock time that ends a command,
      // its "at" left out (never after a word that says what the time is of: "to", "until", …)
      .replace(
        /(?<!\b(?:at|by|to|until|till|til|from|for|before|after|around|about|past|and|or|-))(\s+)(([01]?\d|2[0-3]):[0-5]\d)(?=\W*$)/gi,
        '$1at $2',
      )
      .replace(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g, '$1h$2')
      // "at 10.30": a clock time written with a dot
      .replace(/\bat ([01]?\d|2[0-3])\.([0-5]\d)\b/gi, 'at $1h$2')
      // "every night 10.30 lock …", "tomorrow morning 6.45 on the coffee machine": the "at" left out
      .replace(
        /\b(tomorrow|tonight|morning|evening|night|day|daily|weekday|weekdays|weeknight|weeknights)\s+([01]?\d|2[0-3])[.:h]([0-5]\d)\b/gi,
        '$1 at $2h$3',
      )
      // "every weekday 7am kettle on", "tomorrow 6 am coffee machine on": the "at" left out
      .replace(
        /\b(tomorrow|tonight|morning|evening|night|day|daily|weekdays?|weeknights?|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\s+(\d{1,2}(?:h\d{2})?)\s*([ap])\.?m\b/gi,
        (_, d: string, t: string, ap: string) => `${d} at ${t} ${ap.toLowerCase()}m`,
      )
      .replace(
        /\b(\d{1,2}(?:h\d{2})?)\s*([ap])\.?m\b\.?/gi,
        (_, t: string, ap: string) => `${t} ${ap.toLowerCase()}m`,
      )
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

const RECURRING = new Set('daily nightly weekly weekdays weeknights weekends everyday whenever'.split(' '));
const PERIODS = new Set(
  `day days night nights morning mornings evening evenings afternoon afternoons weekday weekdays
   weeknight weeknights weekend weekends week hour time school working work monday tuesday
   wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays
   saturdays sundays`.split(/\s+/),
);

/**
 * "every weeknight at 11 …", "each morning", "daily", "whenever …": words of a rule. A
 * message with them that is not understood as a rule is never a one-shot command.
 */
export function recurs(tokens: string[]): boolean {
  return tokens.some(
    (t, i) =>
      RECURRING.has(t) ||
      ((t === 'every' || t === 'each') && [1, 2].some((k) => PERIODS.has(tokens[i + k] ?? ''))),
  );
}

/** Finds one time expression; returns the tokens without it. */
export function cutWhen(tokens: string[]): { tokens: string[]; when?: When } {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // "in ten minutes", "after ten minutes"
    // ("in like twenty minutes", "in about an hour", "at around 7": the time said loosely is the time)
    const from = afterHedge(tokens, i + 1);
    if (t === 'in' || (t === 'after' && /^(\d|a|an|half|one)/.test(tokens[from] ?? ''))) {
      const r = readDelay(tokens, from);
      if (r)
        return {
          tokens: [...tokens.slice(0, i), ...tokens.slice(r.end)],
          when: { delay_seconds: r.seconds },
        };
    }
    if (t === 'at') {
      // "tomorrow at 7", "tonight at 10": the day said first
      const day = dayBefore(tokens, i);
      const r = readClock(tokens, from, day.pm || eveningMeant(tokens));
      if (r) {
        const tomorrow = day.tomorrow || r.tomorrow;
        return {
          tokens: [...tokens.slice(0, i - day.length), ...tokens.slice(r.end)],
          when: { at: r.at, ...(tomorrow ? { tomorrow: true } : r.either ? { either: true } : {}) },
        };
      }
    }
  }
  return { tokens };
}

/** Words that only say a time is rough: "like", "about", "around", "roughly". */
const HEDGES = new Set(['like', 'about', 'around', 'roughly', 'approximately', 'approx', 'maybe']);

function afterHedge(tokens: string[], i: number): number {
  return HEDGES.has(tokens[i] ?? '') && /^(\d|a|an|half|quarter)$|^\d/.test(tokens[i + 1] ?? '') ? i + 1 : i;
}

/**
 * "movie night tomorrow at 8", "dinner party mode at 7": a bare hour in a message about the
 * evening is the evening's — unless a morning is said too.
 */
function eveningMeant(tokens: string[]): boolean {
  return (
    // ("the night light at 6": a device's name, no evening)
    tokens.some(
      (t, i) => EVENING_WORDS.has(t) && !['light', 'lamp', 'lights'].includes(tokens[i + 1] ?? ''),
    ) && !tokens.some((t) => ['morning', 'breakfast', 'am'].includes(t))
  );
}
const EVENING_WORDS = new Set(['night', 'evening', 'dinner', 'supper', 'bedtime']);

/** "tomorrow", "tonight", "tomorrow evening" right before "at". */
function dayBefore(tokens: string[], i: number): { length: number; tomorrow: boolean; pm: DayHalf } {
  const prev = tokens[i - 1];
  const prev2 = tokens[i - 2];
  if (prev === 'tonight') return { length: 1, tomorrow: false, pm: 'night' };
  if (prev === 'tomorrow') return { length: 1, tomorrow: true, pm: false };
  if (prev2 === 'tomorrow' && prev && PARTS_OF_DAY[prev] !== undefined)
    return { length: 2, tomorrow: true, pm: PARTS_OF_DAY[prev] };
  return { length: 0, tomorrow: false, pm: false };
}

/** A part of the day, and whether its hours are after noon. */
const PARTS_OF_DAY: Record<string, boolean> = {
  morning: false,
  afternoon: true,
  evening: true,
  night: true,
};

export function readDelay(tokens: string[], i: number): { seconds: number; end: number } | undefined {
  // "half an hour", "a half hour", "half hour"
  if (tokens[i] === 'half' && (tokens[i + 1] === 'an' || tokens[i + 1] === 'a') && tokens[i + 2] === 'hour')
    return { seconds: 1800, end: i + 3 };
  const half = tokens[i] === 'a' && tokens[i + 1] === 'half' ? i + 1 : i;
  if (tokens[half] === 'half' && tokens[half + 1] === 'hour') return { seconds: 1800, end: half + 2 };
  // "a quarter of an hour", "three quarters of an hour"
  const q = tokens[i] === 'a' || tokens[i] === 'quarter' ? 1 : tokens[i] === '3' ? 3 : 0;
  const at = tokens[i] === 'quarter' ? i : i + 1;
  if (
    q > 0 &&
    /^quarters?$/.test(tokens[at] ?? '') &&
    tokens[at + 1] === 'of' &&
    ['an', 'a'].includes(tokens[at + 2] ?? '') &&
    tokens[at + 3] === 'hour'
  )
    return { seconds: q * 900, end: at + 4 };
  // ("in a quarter hour", "three quarter hours": American, its "of an" left out)
  if (q > 0 && /^quarters?$/.test(tokens[at] ?? '') && /^hours?$/.test(tokens[at + 1] ?? ''))
    return { seconds: q * 900, end: at + 2 };
  let n: number | undefined;
  let j = i;
  if (tokens[j] === 'a' || tokens[j] === 'an') {
    n = 1;
    j++;
  } else if (/^\d+(\.\d+)?$/.test(tokens[j] ?? '')) {
    n = Number(tokens[j]);
    j++;
  }
  if (n === undefined) return undefined;
  // "one and half hour", "two and a half hours"
  if (
    tokens[j] === 'and' &&
    (tokens[j + 1] === 'half' || (tokens[j + 1] === 'a' && tokens[j + 2] === 'half'))
  ) {
    n += 0.5;
    j += tokens[j + 1] === 'half' ? 2 : 3;
  }
  const unit = UNIT_SECONDS[tokens[j] ?? ''];
  if (!unit) return undefined;
  j++;
  let seconds = n * unit;
  // "an hour and a half", "an hour and a quarter"
  if (tokens[j] === 'and' && tokens[j + 1] === 'a' && tokens[j + 2] === 'half') {
    seconds += unit / 2;
    j += 3;
  } else if (tokens[j] === 'and' && tokens[j + 1] === 'a' && tokens[j + 2] === 'quarter') {
    seconds += unit / 4;
    j += 3;
  }
  if (seconds <= 0 || seconds > 7 * 86_400) return undefined;
  return { seconds: Math.round(seconds), end: j };
}

/** What the words around a bare hour say of it: after noon, or tonight ("at 1 tonight" is 01:00). */
export type DayHalf = boolean | 'night';

/**
 * An hour said with "tonight": 12 is midnight and 1 to 3 the small hours after it ("turn the
 * tv off at 1 tonight"); from 4 it is the evening's.
 */
function tonightHour(h: number): number {
  if (h === 12) return 0;
  return h >= 4 && h < 12 ? h + 12 : h;
}

export function readClock(
  tokens: string[],
  i: number,
  pmSaid: DayHalf = false,
): { at: string; end: number; tomorrow?: boolean; either?: boolean } | undefined {
  // "at a quarter to six"
  if (tokens[i] === 'a' && tokens[i + 1] === 'quarter') i++;
  const t = tokens[i] ?? '';
  if (t === 'noon' || t === 'midday') return { at: '12:00', end: i + 1 };
  if (t === 'midnight') return { at: '00:00', end: i + 1 };
  let h: number;
  let m = 0;
  let j = i + 1;
  const hm = /^(\d{1,2})h(\d{2})$/.exec(t);
  // "quarter past seven", "half past ten", "quarter to seven", and British "half ten" (10:30)
  const before = t === 'quarter' ? 15 : t === 'half' ? 30 : undefined;
  const hourAt = (k: number) => (/^\d{1,2}$/.test(tokens[k] ?? '') ? Number(tokens[k]) : undefined);
  if (
    before !== undefined &&
    (tokens[j] === 'past' || tokens[j] === 'after') &&
    hourAt(j + 1) !== undefined
  ) {
    h = hourAt(j + 1)!;
    m = before;
    j += 2;
  } else if (t === 'quarter' && (tokens[j] === 'to' || tokens[j] === 'til') && hourAt(j + 1) !== undefined) {
    h = (hourAt(j + 1)! + 23) % 24;
    m = 45;
    j += 2;
  } else if (
    /^\d{1,2}$/.test(t) &&
    Number(t) < 60 &&
    (tokens[j] === 'past' || tokens[j] === 'after') &&
    hourAt(j + 1) !== undefined
  ) {
    // "ten past eleven", "twenty after six"
    h = hourAt(j + 1)!;
    m = Number(t);
    j += 2;
  } else if (/^\d{1,2}$/.test(t) && Number(t) < 60 && tokens[j] === 'to' && hourAt(j + 1) !== undefined) {
    // "twenty to seven"
    h = (hourAt(j + 1)! + 23) % 24;
    m = 60 - Number(t);
    j += 2;
  } else if (t === 'half' && hourAt(j) !== undefined) {
    h = hourAt(j)!;
    m = 30;
    j += 1;
  } else if (hm) {
    h = Number(hm[1]);
    m = Number(hm[2]);
  } else if (/^(?:[01]\d|2[0-3])[0-5]\d$/.test(t)) {
    // "at 2200", "at two two zero zero": the twenty-four-hour clock, said without "hours"
    h = Number(t.slice(0, 2));
    m = Number(t.slice(2));
  } else if (
    /^[1-9][0-5]\d$/.test(t) &&
    t !== '100' &&
    !['percent', 'degrees', 'degree', '%'].includes(tokens[j] ?? '')
  ) {
    // "at six three zero": an hour and its minutes, said digit by digit ("at 100" is a value)
    h = Number(t[0]);
    m = Number(t.slice(1));
  } else if (/^\d{1,2}$/.test(t)) {
    h = Number(t);
    // "at 6 30"
    if (/^\d{2}$/.test(tokens[j] ?? '') && Number(tokens[j]) < 60) {
      m = Number(tokens[j]);
      j++;
    }
  } else return undefined;
  // "at 6 o'clock in the morning": the o'clock first, then the part of the day
  if (tokens[j] === 'o' && tokens[j + 1] === 'clock') j += 2;
  else if (tokens[j] === 'oclock') j++;
  const hourSaid = h;
  const afterHour = j;
  let tomorrow = false;
  if (tokens[j] === 'tomorrow') {
    tomorrow = true;
    j++;
    // "at 7:45 tomorrow morning"
    if (PARTS_OF_DAY[tokens[j] ?? ''] !== undefined) {
      if (PARTS_OF_DAY[tokens[j]!] && h < 12) h += 12;
      j++;
    }
  } else if (tokens[j] === 'this' && PARTS_OF_DAY[tokens[j + 1] ?? ''] !== undefined) {
    // "at 6 this evening"
    if (PARTS_OF_DAY[tokens[j + 1]!] && h < 12) h += 12;
    j += 2;
  } else if (pmSaid === 'night' && tokens[j] !== 'am' && tokens[j] !== 'pm') h = tonightHour(h);
  else if (pmSaid && h < 12) h += 12;
  const ampm = tokens[j];
  if (ampm === 'pm' || ampm === 'am') {
    if (h < 1 || h > 12) return undefined;
    if (ampm === 'pm' && h < 12) h += 12;
    if (ampm === 'am' && h === 12) h = 0;
    j++;
  } else if (ampm === 'p' || ampm === 'a') {
    if (tokens[j + 1] === 'm') {
      if (ampm === 'p' && h < 12) h += 12;
      j += 2;
    }
  } else if (
    tokens[j] === 'in' &&
    tokens[j + 1] === 'the' &&
    (tokens[j + 2] === 'evening' || tokens[j + 2] === 'afternoon')
  ) {
    if (h < 12) h += 12;
    j += 3;
  } else if (tokens[j] === 'in' && tokens[j + 1] === 'the' && tokens[j + 2] === 'morning') {
    j += 3;
  } else if (
    (tokens[j] === 'in' && tokens[j + 1] === 'the' && tokens[j + 2] === 'night') ||
    (tokens[j] === 'at' && tokens[j + 1] === 'night')
  ) {
    // "half past eleven in the night" is 23:30; "two in the night" is 02:00; "8 at night" 20:00
    if (h >= 6 && h < 12) h += 12;
    j += tokens[j] === 'at' ? 2 : 3;
  } else if (tokens[j] === 'hours' || tokens[j] === 'hrs') {
    // "at 22 hours"
    j++;
  } else if (tokens[j] === 'tonight') {
    h = tonightHour(h);
    j++;
  } else if (tokens[j] === 'o' && tokens[j + 1] === 'clock') {
    j += 2;
  } else if (tokens[j] === 'oclock') {
    j++;
  }
  // "at 7 pm tonight", "at 9 today": the day after the hour adds nothing more
  if (tokens[j] === 'tonight' || tokens[j] === 'today') j++;
  if (h > 23 || m > 59) return undefined;
  // "movie night at 9": an hour said bare, without a part of the day, is whichever 9 comes first
  const either = !pmSaid && !tomorrow && h === hourSaid && h >= 1 && h <= 11 && j === afterHour;
  return {
    at: `${pad(h)}:${pad(m)}`,
    end: j,
    ...(tomorrow ? { tomorrow } : {}),
    ...(either ? { either } : {}),
  };
}

const STEP_WORDS = new Set(
  `up down increase decrease raise lower dim brighten drop reduce bump knock crank warmer cooler
   louder quieter higher brighter darker warm cool heat`.split(/\s+/),
);
const AMOUNT_UNITS = new Set(['degrees', 'degree', 'percent', '%', 'points', 'point', 'notches', 'notch']);
/** Words that make the number after them a value, a time or anything but an amount. */
const NOT_AN_AMOUNT_BEFORE = new Set(
  'to at of on in for till until about around is be was from after before every volume level'.split(' '),
);
const FRACTIONS: Record<string, number> = { half: 50, quarter: 25, third: 33, fifth: 20, tenth: 10 };

/**
 * "turn the thermostat up by 2", "dim the floor lamp by 20 percent", "turn down the
 * thermostat 1 degree", "lower the curtains by a quarter": a number said as how much to
 * change, not the value to set ("to 20", "to just five percent", "to volume 30" are values).
 * Returns the words without it, the amount and its unit, or undefined.
 */
export function cutAmount(tokens: string[]): { tokens: string[]; amount: number; unit?: string } | undefined {
  // ("open the curtains sixty percent" is a position; "open the blinds by 20 percent" is not)
  const opens = tokens.includes('by') && tokens.some((t) => t === 'open' || t === 'close');
  if (!opens && !tokens.some((t) => STEP_WORDS.has(t))) return undefined;
  const without = (from: number, to: number) => [...tokens.slice(0, from), ...tokens.slice(to)];
  for (let n = 1; n < tokens.length; n++) {
    const t = tokens[n]!;
    if (t === 'by') {
      const a = ['a', 'an', 'one'].includes(tokens[n + 1] ?? '') ? 1 : 0;
      const part = FRACTIONS[tokens[n + 1 + a] ?? ''];
      if (part) return { tokens: without(n, n + 2 + a), amount: part, unit: 'percent' };
    }
    if (!/^\d+(\.\d+)?$/.test(t)) continue;
    const unit = AMOUNT_UNITS.has(tokens[n + 1] ?? '') ? tokens[n + 1] : undefined;
    const by = tokens[n - 1] === 'by';
    const valueSaid = tokens.slice(Math.max(0, n - 3), n).some((w) => NOT_AN_AMOUNT_BEFORE.has(w));
    // (a bare number last is an amount only right after "up"/"down": "bump it up 2"; "turn on
    // the lamp 2" names a lamp)
    const bare = !unit && (n < tokens.length - 1 || !['up', 'down'].includes(tokens[n - 1]!));
    if (!by && (valueSaid || bare)) continue;
    return {
      tokens: without(by ? n - 1 : n, n + 1 + (unit ? 1 : 0)),
      amount: Number(t),
      ...(unit ? { unit } : {}),
    };
  }
  return undefined;
}
