import type { NotificationMessage } from './client.js';

/** A motion notification read from a pull-point message. */
export interface MotionReading {
  motion: boolean;
  /** The camera's time of the event (ISO), when it said. */
  at: string | undefined;
  /** `Initialized` (the state when the subscription began) or `Changed`. */
  operation: string | undefined;
}

/**
 * The motion topics of the ONVIF Events specification and what carries their state:
 * `tns1:RuleEngine/CellMotionDetector/Motion` (data item `IsMotion`, Profile S/T cell motion
 * rule) and `tns1:VideoSource/MotionAlarm` (data item `State`). Topic prefixes vary by camera
 * (`tns1:`, `tnsaxis:` …), so each step is compared without its prefix.
 */
const TOPICS: { steps: string[]; item: string }[] = [
  { steps: ['RuleEngine', 'CellMotionDetector', 'Motion'], item: 'IsMotion' },
  { steps: ['VideoSource', 'MotionAlarm'], item: 'State' },
];

function topicOf(m: NotificationMessage): string | undefined {
  const t = m.topic as { _?: unknown } | string | undefined;
  if (typeof t === 'string') return t;
  return typeof t?._ === 'string' ? t._ : undefined;
}

function itemsOf(list: unknown): { name: string; value: unknown }[] {
  const arr = Array.isArray(list) ? list : list === undefined ? [] : [list];
  return arr.flatMap((i) => {
    const a = (i as { $?: { Name?: unknown; Value?: unknown } } | undefined)?.$;
    return typeof a?.Name === 'string' ? [{ name: a.Name, value: a.Value }] : [];
  });
}

function truthy(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true' || s === '1') return true;
    if (s === 'false' || s === '0') return false;
  }
  return undefined;
}

/**
 * The motion state a notification carries, or undefined for other topics. Throws nothing: a
 * message it cannot read is `'malformed'`, for the caller to log once.
 */
export function motionOf(m: NotificationMessage): MotionReading | 'malformed' | undefined {
  const topic = topicOf(m);
  if (!topic) return 'malformed';
  const steps = topic.split('/').map((s) => s.replace(/^[^:]*:/, '').trim());
  const known = TOPICS.find(
    (t) => t.steps.length === steps.length && t.steps.every((s, i) => s === steps[i]),
  );
  if (!known) return undefined;
  const inner = (m.message as { message?: unknown } | undefined)?.message as
    { $?: { UtcTime?: unknown; PropertyOperation?: unknown }; data?: { simpleItem?: unknown } } | undefined;
  const item = itemsOf(inner?.data?.simpleItem).find((i) => i.name === known.item);
  const motion = truthy(item?.value);
  if (motion === undefined) return 'malformed';
  const time = inner?.$?.UtcTime;
  return {
    motion,
    at: time instanceof Date ? time.toISOString() : typeof time === 'string' ? time : undefined,
    operation: typeof inner?.$?.PropertyOperation === 'string' ? inner.$.PropertyOperation : undefined,
  };
}
