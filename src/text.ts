/**
 * A loosely typed value (a field of a device's JSON, an attribute) as text: `fallback` when it is
 * missing (null or undefined), otherwise what `String()` makes of it.
 */
export function text(value: unknown, fallback = ''): string {
  // Declared unknown so the check does not narrow it: String() of any value is intended.
  const shown: unknown = value ?? fallback;
  return String(shown);
}
