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

/** The system's zone, the default of HEARTH_TIME_ZONE. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
