/**
 * The times of a rule said in words: the days and hours of a schedule ("every weekday at 7",
 * "weeknights at 11"), the sun shifted ("half an hour after sunset") and the hours an event rule
 * keeps to ("after 11pm", "between 10 and 6"). Read by `read-rule.ts`.
 */
import type { RuleDraft } from './read-rule.js';
import { cutWhen, readClock, readDelay } from './when.js';

/** "sundown", "sunup", "dark" as a time: the words of sunset and sunrise. */
export function sameSun(tokens: string[]): string[] {
  return tokens.map((t) => (t === 'sundown' ? 'sunset' : t === 'sunup' ? 'sunrise' : t));
}

/** The sun's events in words: "when it gets dark", "at dusk", "once the sun comes up". */
export const SUN_EVENTS: readonly (readonly [string[], 'sunset' | 'sunrise'])[] = [
  [['it', 'gets', 'dark'], 'sunset'],
  [['it', 'is', 'dark'], 'sunset'],
  [['it', 'goes', 'dark'], 'sunset'],
  [['the', 'sun', 'sets'], 'sunset'],
  // ("when the sun set", "when sun set": the verb as a second language leaves it)
  [['the', 'sun', 'set'], 'sunset'],
  [['sun', 'sets'], 'sunset'],
  [['sun', 'set'], 'sunset'],
  [['the', 'sun', 'has', 'set'], 'sunset'],
  [['the', 'sun', 'goes', 'down'], 'sunset'],
  [['the', 'sun', 'is', 'down'], 'sunset'],
  [['dusk'], 'sunset'],
  [['nightfall'], 'sunset'],
  [['it', 'gets', 'light'], 'sunrise'],
  [['the', 'sun', 'rises'], 'sunrise'],
  [['the', 'sun', 'comes', 'up'], 'sunrise'],
  [['the', 'sun', 'is', 'up'], 'sunrise'],
  [['dawn'], 'sunrise'],
];

/** The sun's words a shifted trigger may follow: "… after sunset", "… before it gets light". */
const SUN_WORDS: readonly (readonly [string[], 'sunset' | 'sunrise'])[] = [
  [['sunset'], 'sunset'],
  [['sunrise'], 'sunrise'],
  [['dark'], 'sunset'],
  ...SUN_EVENTS,
];

/**
 * "half an hour after sunset", "20 minutes before sunrise", "an hour after it gets dark": the
 * sun's event with a signed offset in minutes, and the words without it.
 */
export function shiftedSun(
  tokens: string[],
): { event: 'sunset' | 'sunrise'; offset: number; rest: string[] } | undefined {
  for (let j = 1; j < tokens.length; j++) {
    const way = tokens[j];
    if (way !== 'after' && way !== 'before') continue;
    const sun = SUN_WORDS.find(([p]) => p.every((w, k) => tokens[j + 1 + k] === w));
    if (!sun) continue;
    for (let k = Math.max(0, j - 6); k < j; k++) {
      const d = readDelay(tokens, k);
      if (d?.end !== j) continue;
      const minutes = Math.round(d.seconds / 60);
      if (minutes === 0 || minutes > 720) return undefined;
      // ("at half an hour after sunset": the "at" goes with it)
      const from = tokens[k - 1] === 'at' ? k - 1 : k;
      return {
        event: sun[1],
        offset: way === 'after' ? minutes : -minutes,
        rest: [...tokens.slice(0, from), ...tokens.slice(j + 1 + sun[0].length)],
      };
    }
  }
  return undefined;
}

/**
 * Hours of the day a rule keeps to: "after 11pm", "before 7am", "between 10pm and 6am". A bare
 * hour after "after" is the evening's ("after 10" is 22:00), after "before" as said; "between
 * 10 and 6" runs across midnight.
 */
export function timeWindow(
  tokens: string[],
): { condition: { type: 'time'; after?: string; before?: string }; rest: string[] } | undefined {
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t !== 'after' && t !== 'before' && t !== 'between') continue;
    const a = readClock(tokens, i + 1);
    if (!a) continue;
    if (t === 'between') {
      if (tokens[a.end] !== 'and') continue;
      const b = readClock(tokens, a.end + 1);
      if (!b) continue;
      let after = a.at;
      // ("between 10 and 6": the night between them)
      if (a.either && b.either && Number(a.at.slice(0, 2)) > Number(b.at.slice(0, 2))) after = evening(a.at);
      return {
        condition: { type: 'time', after, before: b.at },
        rest: [...tokens.slice(0, i), ...tokens.slice(b.end)],
      };
    }
    const at = t === 'after' && a.either ? evening(a.at) : a.at;
    return {
      condition: { type: 'time', ...(t === 'after' ? { after: at } : { before: at }) },
      rest: [...tokens.slice(0, i), ...tokens.slice(a.end)],
    };
  }
  return undefined;
}

function evening(at: string): string {
  const h = Number(at.slice(0, 2));
  return h < 12 ? `${String(h + 12).padStart(2, '0')}${at.slice(2)}` : at;
}

/** A rule on the sun needs no day besides it: "each evening", "every day", "daily", "by itself". */
export function withoutDaily(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (
      (t === 'every' || t === 'each') &&
      ['day', 'evening', 'night', 'morning', 'afternoon'].includes(tokens[i + 1] ?? '')
    ) {
      i++;
      continue;
    }
    if (['daily', 'nightly'].includes(t)) continue;
    if (t === 'by' && tokens[i + 1] === 'itself') {
      i++;
      continue;
    }
    if (t === 'automatically') continue;
    out.push(t);
  }
  return out;
}

const DAYS: Record<string, string[]> = {
  day: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  morning: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  afternoon: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  evening: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  night: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  weekday: ['mon', 'tue', 'wed', 'thu', 'fri'],
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  weeknight: ['mon', 'tue', 'wed', 'thu', 'fri'],
  weeknights: ['mon', 'tue', 'wed', 'thu', 'fri'],
  weekend: ['sat', 'sun'],
  weekends: ['sat', 'sun'],
  monday: ['mon'],
  tuesday: ['tue'],
  wednesday: ['wed'],
  thursday: ['thu'],
  friday: ['fri'],
  saturday: ['sat'],
  sunday: ['sun'],
};

const PART_OF_DAY = new Set(['morning', 'afternoon', 'evening', 'night']);
const PLURAL_DAYS = new Set(['weekdays', 'weeknights', 'weekends']);
const WEEKDAY_ORDER = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Days said other ways, as one word of DAYS: "school day", "work day", "weeknight" → weekday;
 * "monday through friday", "mondays to fridays" → weekday (or the days between, as days).
 */
/** Days written short, read as days only beside a word of days: "every mon to fri". */
const SHORT_DAYS: Record<string, string> = {
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
};
const RANGE_WORDS = new Set(['to', 'through', 'thru', 'till', 'until', 'and']);

/**
 * "every mon to fri at 6am": short days, as days — only where days are spoken of (after
 * "every", "each" or "on", or in a range or list with another day); "the sun", "we sat" stay.
 */
function longDays(tokens: string[]): string[] {
  const isDay = (w: string | undefined) =>
    !!w && (!!SHORT_DAYS[w] || WEEKDAY_ORDER.includes(w.replace(/s$/, '')));
  return tokens.map((t, i) => {
    const long = SHORT_DAYS[t];
    if (!long) return t;
    const before = tokens[i - 1];
    const spoken =
      ['every', 'each', 'on'].includes(before ?? '') ||
      (RANGE_WORDS.has(tokens[i + 1] ?? '') && isDay(tokens[i + 2])) ||
      (RANGE_WORDS.has(before ?? '') && isDay(tokens[i - 2]));
    return spoken ? long : t;
  });
}

function sameDays(said: string[]): string[] {
  const tokens = longDays(said);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1] ?? '';
    if (['school', 'work', 'working'].includes(t) && /^days?$/.test(next)) {
      out.push(next.endsWith('s') ? 'weekdays' : 'weekday');
      i++;
    } else if (t === 'workday') out.push('weekday');
    else if (t === 'workdays') out.push('weekdays');
    else if (t === 'weeknights') out.push('weeknights');
    else if (
      WEEKDAY_ORDER.includes(t.replace(/s$/, '')) &&
      ['through', 'thru', 'to', 'till', 'until'].includes(next) &&
      WEEKDAY_ORDER.includes((tokens[i + 2] ?? '').replace(/s$/, ''))
    ) {
      const from = WEEKDAY_ORDER.indexOf(t.replace(/s$/, ''));
      const to = WEEKDAY_ORDER.indexOf(tokens[i + 2]!.replace(/s$/, ''));
      if (from === 0 && to === 4) out.push('weekdays');
      else if (from === 5 && to === 6) out.push('weekends');
      else out.push(...(['every'] as string[]), `${WEEKDAY_ORDER[from]}-${WEEKDAY_ORDER[to]}`);
      i += 2;
    } else if (WEEKDAY_ORDER.includes(t.replace(/s$/, '')) && listedDays(tokens, i).length > 1) {
      // "monday, wednesday and friday": the days listed, as one word "monday+wednesday+friday"
      const list = listedDays(tokens, i);
      out.push(list.map((d) => d.replace(/s$/, '')).join('+'));
      i = lastListed(tokens, i, list.length);
    } else out.push(t);
  }
  return out;
}

/** The days listed from `i`: "monday wednesday and friday" (commas are gone from the words). */
function listedDays(tokens: string[], i: number): string[] {
  const days: string[] = [];
  for (let k = i; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (WEEKDAY_ORDER.includes(t.replace(/s$/, ''))) days.push(t);
    else if (t !== 'and' || !WEEKDAY_ORDER.includes((tokens[k + 1] ?? '').replace(/s$/, ''))) break;
  }
  return days;
}

/** The index of the last day of a list of `n` days starting at `i`. */
function lastListed(tokens: string[], i: number, n: number): number {
  let seen = 0;
  for (let k = i; k < tokens.length; k++) {
    if (WEEKDAY_ORDER.includes(tokens[k]!.replace(/s$/, ''))) seen++;
    if (seen === n) return k;
  }
  return tokens.length - 1;
}

/** The days of a word: "weekday", "sunday", or a range "monday-wednesday" (`sameDays`). */
function daysOf(word: string): string[] | undefined {
  if (word.includes('+'))
    return word.split('+').every((d) => DAYS[d]) ? word.split('+').map((d) => DAYS[d]![0]!) : undefined;
  const range = /^([a-z]+)-([a-z]+)$/.exec(word);
  if (!range) return DAYS[word];
  const from = WEEKDAY_ORDER.indexOf(range[1]!);
  const to = WEEKDAY_ORDER.indexOf(range[2]!);
  if (from < 0 || to < from) return undefined;
  return WEEKDAY_ORDER.slice(from, to + 1).map((d) => DAYS[d]![0]!);
}

/** "every weekday at 7", "at 6h30 every day", "every day at sunset", "at sunrise". */
export function readSchedule(
  tokens: string[],
): { trigger: RuleDraft['trigger']; rest: string[] } | undefined {
  let days: string[] | undefined;
  let rest = sameDays(tokens);
  let every = false;
  let evening = false;
  let nightOnly = false;
  // ("turn on the coffee machine" has an "on" that is no day's)
  const e = rest.findIndex(
    (t, i) => (t === 'every' || t === 'each' || t === 'on') && !!daysOf(rest[i + 1] ?? ''),
  );
  // "weeknights at 11 …": a plural day needs no "every"
  const bare = e < 0 ? rest.findIndex((t) => PLURAL_DAYS.has(t)) : -1;
  if ((e >= 0 && daysOf(rest[e + 1] ?? '')) || bare >= 0) {
    const word = bare >= 0 ? rest[bare]! : rest[e + 1]!;
    if (bare < 0 && rest[e] === 'on' && !word.endsWith('s') && !daysOf(word)?.length) return undefined;
    days = daysOf(word)!.length === 7 ? undefined : daysOf(word);
    // (an hour of the afternoon or the evening is after noon: "every arvo at five" is 17:00)
    evening = ['night', 'evening', 'afternoon', 'weeknight', 'weeknights'].includes(word);
    nightOnly = ['night', 'weeknight', 'weeknights'].includes(word);
    every = true;
    const at = bare >= 0 ? bare : e;
    let end = bare >= 0 ? bare + 1 : e + 2;
    // "every sunday morning", "every friday evening": the part of the day goes with the hour
    if (PART_OF_DAY.has(rest[end] ?? '')) {
      evening ||= rest[end] === 'evening' || rest[end] === 'night';
      end++;
    }
    rest = [...rest.slice(0, at), ...rest.slice(end)];
  } else if (rest.some((t) => t === 'daily' || t === 'nightly')) {
    // "daily at 23:30 …", "at sunset daily …"
    every = true;
    rest = rest.filter((t) => t !== 'daily' && t !== 'nightly');
  }
  // "every sunset …", "each sunrise …", "every time sunset …": the sun's time, every day
  rest = rest.flatMap((t, i) =>
    (t === 'every' || t === 'each') && ['sunset', 'sunrise'].includes(rest[i + 1] ?? '')
      ? ['at']
      : t === 'time' &&
          ['every', 'each'].includes(rest[i - 1] ?? '') &&
          ['sunset', 'sunrise'].includes(rest[i + 1] ?? '')
        ? []
        : [t],
  );
  const sun = rest.findIndex((t, i) => t === 'at' && (rest[i + 1] === 'sunset' || rest[i + 1] === 'sunrise'));
  if (sun >= 0) {
    const event = rest[sun + 1] as 'sunset' | 'sunrise';
    rest = [...rest.slice(0, sun), ...rest.slice(sun + 2)];
    return { trigger: { type: 'solar', event }, rest: trimLinks(rest) };
  }
  if (!every) return undefined;
  // "weekdays 07:15 coffee machine on": a clock time without "at"
  const clock = rest.findIndex((t) => /^\d{1,2}h\d{2}$/.test(t));
  if (clock >= 0 && rest[clock - 1] !== 'at') rest = [...rest.slice(0, clock), 'at', ...rest.slice(clock)];
  const cut = cutWhen(rest);
  if (!cut.when?.at) return undefined;
  let at = cut.when.at;
  const h = Number(at.slice(0, 2));
  // ("every night at 2": the small hours stay; "every night at 10" is 22:00; am said stays)
  const amSaid = rest.includes('am') || rest.includes('morning');
  if (evening && h < 12 && !amSaid && !(nightOnly && h < 6))
    at = `${String(h + 12).padStart(2, '0')}${at.slice(2)}`;
  return { trigger: { type: 'time', at, ...(days ? { days } : {}) }, rest: trimLinks(cut.tokens) };
}

export function trimLinks(tokens: string[]): string[] {
  let t = tokens;
  while (t.length > 0 && ['then', 'and', 'please'].includes(t[0]!)) t = t.slice(1);
  return t;
}

export function indexOf(tokens: readonly string[], phrase: readonly string[]): number {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let k = 0; k < phrase.length; k++) if (tokens[i + k] !== phrase[k]) continue outer;
    return i;
  }
  return -1;
}
