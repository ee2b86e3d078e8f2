/**
 * Replies outside device control: the time and date, "what can you do?" with examples from
 * this home, and the words for a timer ("I'll turn off the Kitchen Light in 10 minutes").
 * Times are the home's local time (its time zone setting).
 */
import { addDays, instantOf, localDateOf } from '../../automations/zoned.js';
import type { IntentRegistry } from '../intents/registry.js';
import type { PlannedCommand } from '../plan.js';
import { commandsInWords } from './rules.js';
import type { When } from './when.js';

/** HH:MM in the home's time zone. */
export const clockIn = (ms: number, tz: string) =>
  new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: tz });

export function timeReply(now: number, tz: string): string {
  return `It is ${clockIn(now, tz)}.`;
}

export function dateReply(now: number, tz: string): string {
  const d = new Date(now).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: tz,
  });
  return `Today is ${d}.`;
}

/** When a timer is due: now + delay, or the next time the home's clock shows HH:MM. */
export function dueOf(when: When, now: number, tz: string): number {
  if (when.delay_seconds !== undefined) return now + when.delay_seconds * 1000;
  const [h, m] = (when.at ?? '00:00').split(':').map(Number);
  const today = localDateOf(now, tz);
  if (when.tomorrow) return instantOf(addDays(today, 1), h!, m!, tz);
  const next = (hour: number) => {
    const at = instantOf(today, hour, m!, tz);
    return at > now ? at : instantOf(addDays(today, 1), hour, m!, tz);
  };
  return when.either ? Math.min(next(h!), next(h! + 12)) : next(h!);
}

export function whenInWords(when: When, due: number, now: number, tz: string): string {
  if (when.delay_seconds !== undefined) {
    const s = when.delay_seconds;
    if (s % 3600 === 0) return `in ${s / 3600} ${s === 3600 ? 'hour' : 'hours'}`;
    if (s % 60 === 0) return `in ${s / 60} ${s === 60 ? 'minute' : 'minutes'}`;
    return `in ${s} seconds`;
  }
  const tomorrow = localDateOf(due, tz).day !== localDateOf(now, tz).day;
  return `at ${clockIn(due, tz)}${tomorrow ? ' tomorrow' : ''}`;
}

export function timerLabel(commands: PlannedCommand[], nameOf: (id: string) => string): string {
  return commandsInWords(commands, nameOf);
}

/** What can be said, with this home's own names. */
export function helpReply(reg: IntentRegistry): string {
  const first = (domain: string) => reg.entities.find((e) => e.domain === domain)?.name;
  const area = reg.areas[0]?.name;
  const light = first('light');
  const lock = first('lock');
  const scene = first('scene');
  const climate = first('climate');
  const examples = [
    light && `"turn on the ${light}"`,
    area && `"turn off the lights in the ${area}"`,
    light && `"dim the ${light} to 30 percent"`,
    climate && `"set the ${climate} to 21"`,
    lock && `"is the ${lock} locked?"`,
    scene && `"${scene}"`,
    light && `"turn off the ${light} in 10 minutes"`,
    light && `"every weekday at 7 turn on the ${light}"`,
    `"undo that"`,
  ].filter((x): x is string => !!x);
  return `I can switch and set your devices, answer questions about them, run scenes, act later and make automations. Try ${examples.join(', ')}.`;
}
