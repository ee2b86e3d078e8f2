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
  FILLERS,
} from './lexicon.js';

export type SpecialIntent =
  | 'HearthUndo'
  | 'HassGetCurrentTime'
  | 'HassGetCurrentDate'
  | 'HearthHelp'
  | 'HearthTimerList'
  | 'HearthTimerCancel';

/** Words that may come before a request to undo or cancel: "no no, change it back". */
const SECOND_THOUGHTS = new Set([
  ...FILLERS,
  'no',
  'nope',
  'oops',
  'sorry',
  'actually',
  'wait',
  'never',
  'mind',
  'mistake',
  'wrong',
  'whoops',
  'argh',
  'ugh',
  '1', // "wrong one" ("one" is read as a number)
]);

/**
 * The whole sentence is the phrase, or ends with it after second thoughts only ("actually
 * never mind, cancel it", "that was a mistake, reverse it").
 */
function matchesAny(tokens: string[], phrases: string[]): boolean {
  const text = tokens.join(' ');
  return phrases.some((p) => {
    if (text === p || text === `${p} please` || text === `please ${p}`) return true;
    const n = p.split(' ').length;
    return (
      tokens.length > n &&
      tokens.slice(-n).join(' ') === p &&
      tokens.slice(0, -n).every((t) => SECOND_THOUGHTS.has(t))
    );
  });
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
  if (
    matchesAny(core, [
      'put it back',
      'change it back',
      'take that back',
      'revert that',
      'revert it',
      'reverse that',
      'reverse it',
      'undo',
      'undo that',
      'undo it',
      'reverse what you just did',
      'undo what you just did',
      'undo the last thing',
      'go back to how it was',
      'go back to how it was before',
      'put it back how it was',
      'put it back the way it was',
    ])
  )
    return 'HearthUndo';
  if (matchesAny(core, TIME_QUESTION)) return 'HassGetCurrentTime';
  if (matchesAny(core, DATE_QUESTION) || text === 'what day is today') return 'HassGetCurrentDate';
  if (matchesAny(core, HELP_PHRASES)) return 'HearthHelp';
  if (TIMER_LIST.some((p) => text.includes(p)) && !/\bcancel\b/.test(text)) return 'HearthTimerList';
  if (matchesAny(core, TIMER_CANCEL) || /^cancel (the |my |all )?(timers?|scheduled)/.test(text))
    return 'HearthTimerCancel';
  return undefined;
}
