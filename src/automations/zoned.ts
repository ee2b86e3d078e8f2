/**
 * Wall-clock math in the home's time zone with `Intl` only (no dependency). Everything the
 * scheduler and the time conditions need: what the local time is, and which instant a local
 * date and time of day stands for — including the DST days where that time is skipped or repeated.
 */

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface LocalTime {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minuteOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

export function localTime(ts: number, tz: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(ts)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year, month, day, hour, minute, second } = parts as Record<
    'year' | 'month' | 'day' | 'hour' | 'minute' | 'second',
    number
  >;
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return { year, month, day, hour, minute, second, weekday, minuteOfDay: hour * 60 + minute };
}

/** Offset of local time from UTC at `ts`, in ms (Berlin in winter: +3_600_000). */
export function zoneOffset(ts: number, tz: string): number {
  const l = localTime(ts, tz);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return asUtc - (ts - (((ts % 1000) + 1000) % 1000));
}

/** A local calendar date (month 1–12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export function addDays(d: LocalDate, n: number): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function weekdayOf(d: LocalDate): Weekday {
  return WEEKDAYS[new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()]!;
}

/**
 * The one instant a local date and time of day stands for. On the spring-forward day a time in
 * the skipped hour stands for the first minute after the gap (02:30 in Berlin → 03:00 CEST); on
 * the autumn day a time in the repeated hour stands for its first occurrence only. So every
 * local date has exactly one instant per time of day, and a daily trigger fires once a day.
 */
export function instantOf(d: LocalDate, hour: number, minute: number, tz: string): number {
  const naive = Date.UTC(d.year, d.month - 1, d.day, hour, minute);
  const offsets = [
    ...new Set([
      zoneOffset(naive - 14 * 3_600_000, tz),
      zoneOffset(naive + 14 * 3_600_000, tz),
      zoneOffset(naive, tz),
    ]),
  ];
  const valid = offsets
    .map((o) => naive - o)
    .filter((t) => {
      const l = localTime(t, tz);
      return (
        l.year === d.year && l.month === d.month && l.day === d.day && l.hour === hour && l.minute === minute
      );
    })
    .sort((a, b) => a - b);
  if (valid.length > 0) return valid[0]!;
  // Skipped by a DST jump: walk minute by minute from before the gap to the first local time
  // at or past the wanted one (a gap is at most an hour or two, so this stays short).
  const wanted = hour * 60 + minute;
  let t = naive - Math.max(...offsets);
  for (let i = 0; i < 24 * 60; i++, t += 60_000) {
    const l = localTime(t, tz);
    const sameDay = l.year === d.year && l.month === d.month && l.day === d.day;
    if (!sameDay && t > naive - Math.min(...offsets)) return t;
    if (sameDay && l.minuteOfDay >= wanted) return t - l.second * 1000;
  }
  return naive - offsets[0]!;
}

export function localDateOf(ts: number, tz: string): LocalDate {
  const l = localTime(ts, tz);
  return { year: l.year, month: l.month, day: l.day };
}

/** "07:30" → [7, 30]; undefined unless HH:MM within 00:00–23:59. */
export function parseHhMm(text: string): [number, number] | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

export function formatHhMm(minuteOfDay: number): string {
  return `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

/**
 * The first occurrence of local time `at` on one of `days` (all days when empty) strictly after
 * `after`. Each local date yields one instant (see `instantOf`), so there is no double firing.
 */
export function nextTimeOccurrence(
  at: string,
  days: readonly Weekday[] | undefined,
  after: number,
  tz: string,
): number | undefined {
  const hm = parseHhMm(at);
  if (!hm) return undefined;
  const start = addDays(localDateOf(after, tz), -1);
  for (let i = 0; i < 9; i++) {
    const d = addDays(start, i);
    if (days && days.length > 0 && !days.includes(weekdayOf(d))) continue;
    const t = instantOf(d, hm[0], hm[1], tz);
    if (t > after) return t;
  }
  return undefined;
}
