import type { StateSnapshot, StateChangedEvent } from '../home/events.js';
import { isHome } from './conditions.js';
import type { DeviceStateTrigger, PresenceTrigger, SensorTrigger, Trigger } from './model.js';

/**
 * Pure trigger matching for state changes. The engine asks two questions of each trigger that
 * names the changed entity: did this change *enter* the trigger's target (fire now, or start the
 * `for` countdown), and does the new state still *hold* it (else a running countdown stops).
 */

/** unavailable / unknown as the triggers see them. */
export function stateOf(s: StateSnapshot | null): unknown {
  if (s === null) return 'unknown';
  if (!s.available) return 'unavailable';
  return s.state ?? 'unknown';
}

const UNSET = new Set(['unavailable', 'unknown']);
const same = (a: unknown, b: unknown) => String(a) === String(b);

export type StateTrigger = SensorTrigger | DeviceStateTrigger;

export function isStateTrigger(t: Trigger): t is StateTrigger {
  return t.type === 'sensor' || t.type === 'device_state';
}

function numeric(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function inRange(t: SensorTrigger, value: unknown): boolean {
  const n = numeric(value);
  if (n === undefined) return false;
  return (t.above === undefined || n > t.above) && (t.below === undefined || n < t.below);
}

/** Does the state `s` satisfy the trigger's target (used while a `for` countdown runs)? */
export function holds(t: StateTrigger, s: StateSnapshot | null): boolean {
  const v = stateOf(s);
  if (t.type === 'sensor') return t.to !== undefined ? same(v, t.to) : inRange(t, v);
  return t.to === undefined ? !UNSET.has(String(v)) : same(v, t.to);
}

/** Does this change enter the trigger's target? */
export function enters(t: StateTrigger, e: Pick<StateChangedEvent, 'old_state' | 'new_state'>): boolean {
  const before = stateOf(e.old_state);
  const after = stateOf(e.new_state);
  if (same(before, after)) return false;
  if (t.type === 'sensor') {
    // A sensor coming back from unavailable does not count as entering its range: a restart
    // of a bridge must not switch things on.
    if (UNSET.has(String(before))) return false;
    return t.to !== undefined ? same(after, t.to) : inRange(t, after) && !inRange(t, before);
  }
  if (t.from !== undefined ? !same(before, t.from) : UNSET.has(String(before))) return false;
  if (t.to !== undefined ? !same(after, t.to) : UNSET.has(String(after)) && t.from === undefined)
    return false;
  return true;
}

/** Whether a person's change fires a presence trigger; `othersHome` counts other people home after the change. */
export function presenceFires(t: PresenceTrigger, e: StateChangedEvent, othersHome: number): boolean {
  if (t.person && t.person !== e.entity_id) return false;
  const wasHome = isHome(stateOf(e.old_state));
  const nowHome = isHome(stateOf(e.new_state));
  const arrived = !wasHome && nowHome && e.old_state?.available === true;
  const left = wasHome && !nowHome && e.new_state.available;
  switch (t.event) {
    case 'arrive':
      return arrived;
    case 'leave':
      return left;
    case 'first_arrived':
      return arrived && othersHome === 0;
    case 'last_left':
      return left && othersHome === 0;
  }
}

export function describeTrigger(t: Trigger): string {
  switch (t.type) {
    case 'time':
      return `time ${t.at}${t.days ? ` on ${t.days.join(', ')}` : ''}`;
    case 'solar':
      return `${t.event}${t.offset ? ` ${t.offset > 0 ? '+' : ''}${t.offset} min` : ''}`;
    case 'presence':
      return `${t.person ?? 'someone'}: ${t.event}`;
    case 'sensor':
      return `${t.entity} ${t.to !== undefined ? `to ${String(t.to)}` : [t.above !== undefined ? `above ${t.above}` : '', t.below !== undefined ? `below ${t.below}` : ''].filter(Boolean).join(' and ')}${t.for ? ` for ${t.for} s` : ''}`;
    case 'device_state':
      return `${t.entity}${t.from !== undefined ? ` from ${String(t.from)}` : ''}${t.to !== undefined ? ` to ${String(t.to)}` : ' changes'}${t.for ? ` for ${t.for} s` : ''}`;
  }
}
