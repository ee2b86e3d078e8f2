/**
 * The IANA name Intl knows `name` by (case fixed: "europe/berlin" → "Europe/Berlin"), or
 * undefined. Fixed offsets like "+01:00" are refused: they ignore daylight saving time, so a
 * 07:00 trigger would drift by an hour for half the year.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

let system: { tz: string | undefined; zone: string } | undefined;

/**
 * The system's zone, the default of HEARTH_TIME_ZONE. Read once per value of TZ: asking Intl
 * builds a formatter (milliseconds), and the settings ask at every schedule computation.
 */
export function systemTimeZone(): string {
  if (system?.tz !== process.env.TZ || !system)
    system = { tz: process.env.TZ, zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
  return system.zone;
}
