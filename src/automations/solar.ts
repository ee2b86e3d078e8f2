import SunCalc from 'suncalc';
import { addDays, instantOf, localDateOf, type LocalDate } from './zoned.js';

/** The home's location for sunrise and sunset. */
export interface Location {
  latitude: number;
  longitude: number;
}

/**
 * Sunrise and sunset of one local date at the home. Undefined on days without one (polar day
 * or night): a solar trigger then waits for the next day that has the event.
 */
export function sunOf(date: LocalDate, loc: Location, tz: string): { sunrise?: number; sunset?: number } {
  const noon = instantOf(date, 12, 0, tz);
  const t = SunCalc.getTimes(new Date(noon), loc.latitude, loc.longitude);
  const ok = (d: Date) => (Number.isFinite(d.getTime()) ? d.getTime() : undefined);
  const sunrise = ok(t.sunrise);
  const sunset = ok(t.sunset);
  return { ...(sunrise !== undefined ? { sunrise } : {}), ...(sunset !== undefined ? { sunset } : {}) };
}

/** The next sunrise or sunset (plus `offsetMinutes`, signed) strictly after `after`; searches up to a year ahead. */
export function nextSolar(
  event: 'sunrise' | 'sunset',
  offsetMinutes: number,
  after: number,
  loc: Location,
  tz: string,
): number | undefined {
  const start = addDays(localDateOf(after, tz), -1);
  for (let i = 0; i < 370; i++) {
    const at = sunOf(addDays(start, i), loc, tz)[event];
    if (at === undefined) continue;
    const due = at + offsetMinutes * 60_000;
    if (due > after) return due;
  }
  return undefined;
}
