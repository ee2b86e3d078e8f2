/**
 * Requests outside device control, said in a few fixed ways: undo, the time, the date, help,
 * and listing or cancelling timers.
 */
import {
  DATE_QUESTION,
  HELP_PHRASES,
  TIME_QUESTION,
  TIMER_CANCEL,
  TIMER_LIST,
  UNDO_PHRASES,
} from './lexicon.js';

export type SpecialIntent =
  | 'HearthUndo'
  | 'HassGetCurrentTime'
  | 'HassGetCurrentDate'
  | 'HearthHelp'
  | 'HearthTimerList'
  | 'HearthTimerCancel';

function matchesAny(tokens: string[], phrases: string[]): boolean {
  const text = tokens.join(' ');
  return phrases.some((p) => text === p || text === `${p} please` || text === `please ${p}`);
}

/** The special request the words make, if they make one (politeness and hesitation aside). */
export function specialIntent(tokens: string[]): SpecialIntent | undefined {
  const core = tokens.filter((t) => !['hey', 'ok', 'okay', 'oops', 'so', 'please', 'um', 'uh'].includes(t));
  const text = core.join(' ');
  if (
    UNDO_PHRASES.some((p) => text === p || (text.startsWith(`${p} `) && /^(undo|revert)/.test(text))) ||
    /^undo\b/.test(text)
  )
    return 'HearthUndo';
  if (matchesAny(core, ['put it back', 'change it back', 'take that back', 'revert that', 'revert it']))
    return 'HearthUndo';
  if (matchesAny(core, TIME_QUESTION)) return 'HassGetCurrentTime';
  if (matchesAny(core, DATE_QUESTION) || text === 'what day is today') return 'HassGetCurrentDate';
  if (matchesAny(core, HELP_PHRASES)) return 'HearthHelp';
  if (TIMER_LIST.some((p) => text.includes(p)) && !/\bcancel\b/.test(text)) return 'HearthTimerList';
  if (matchesAny(core, TIMER_CANCEL) || /^cancel (the |my |all )?(timers?|scheduled)/.test(text))
    return 'HearthTimerCancel';
  return undefined;
}
