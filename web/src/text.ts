/**
 * A loosely typed value (an automation's field, an attribute) as text: `fallback` when it is
 * missing (null or undefined), otherwise what `String()` makes of it.
 */
export function text(value: unknown, fallback = ''): string {
  // Declared unknown so the check below does not narrow it: String() of any value is intended.
  const shown: unknown = value ?? fallback;
  return String(shown);
}

/** A loosely typed value (an attribute) as a number, or undefined when it is not one. */
export const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
