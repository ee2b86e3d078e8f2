import { ApiError } from './api';

/**
 * What a person reads when something fails. The API keeps its machine codes and precise
 * messages (for scripts and logs); the page says what happened and what to do, in words.
 */
const BY_CODE: Record<string, string> = {
  NETWORK: 'Hearth cannot be reached. Check the network; the page keeps trying.',
  UNAUTHENTICATED: 'Your session has ended. Log in again.',
  FORBIDDEN: 'Your role does not allow this. Ask an administrator.',
  NOT_FOUND: 'It is not there any more; someone may have deleted or renamed it.',
  RATE_LIMITED: 'Too many commands at once. Wait a moment and try again.',
  THROTTLED: 'Too many attempts. Wait a moment and try again.',
  STORAGE_FULL: "Hearth's disk is full, so changes cannot be saved. Free some space on the server.",
  PAYLOAD_TOO_LARGE: 'That is too large to send.',
  INTERNAL: 'Something went wrong inside Hearth. It was logged; try again.',
};

/** `actions[0].entity` → "action 1, entity". */
export function fieldLabel(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, (_m, n: string) => ` ${Number(n) + 1}`)
    .replace(/s (\d+)/g, ' $1')
    .split('.')
    .map((p) => p.replace(/_/g, ' ').trim())
    .join(', ');
}

export function humanError(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  if (err.code === 'VALIDATION_FAILED') {
    const field = err.field;
    const raw = err.message;
    if (field && /must match pattern|must match format/.test(raw))
      return `Check ${fieldLabel(field)}: it is not in the expected form${field.includes('entit') ? ' (like light.kitchen)' : ''}.`;
    if (field && /is required|must have required/.test(raw)) return `Fill in ${fieldLabel(field)}.`;
    if (field && raw.includes('must be one of'))
      return `Choose one of the offered values for ${fieldLabel(field)}.`;
    return raw;
  }
  if (err.code === 'UNAVAILABLE') return `Not answering right now: ${err.message}`;
  // CONFLICT and the rest carry a sentence written for a person already.
  return BY_CODE[err.code] ?? err.message;
}
