import type { Condition } from './model.js';
import { sunOf, type Location } from './solar.js';
import { formatHhMm, localDateOf, localTime, parseHhMm } from './zoned.js';

/** What conditions read: the time (real or simulated by a dry run), entity states, the home's zone and place. */
export interface ConditionEnv {
  now: number;
  tz: string;
  location: Location | undefined;
  entity(entityId: string): { state: unknown; available: boolean } | undefined;
  /** Every person entity with its state. */
  persons(): { entity_id: string; state: unknown }[];
}

/** A condition's verdict with the values it saw: what traces and dry runs show. */
export interface Verdict {
  type: Condition['type'];
  ok: boolean;
  /** A sentence for a person, e.g. "presence: nobody home". */
  reason: string;
  seen: Record<string, unknown>;
  conditions?: Verdict[];
}

export const isHome = (state: unknown) => state === 'home';

const stateText = (e: { state: unknown; available: boolean } | undefined) =>
  e === undefined ? 'unknown' : !e.available ? 'unavailable' : String(e.state);

export function evaluate(c: Condition, env: ConditionEnv): Verdict {
  switch (c.type) {
    case 'presence': {
      const people = env.persons();
      const seen = { people: Object.fromEntries(people.map((p) => [p.entity_id, p.state])) };
      if (c.person) {
        const p = people.find((x) => x.entity_id === c.person);
        if (!p) return { type: c.type, ok: false, reason: `presence: ${c.person} does not exist`, seen };
        const home = isHome(p.state);
        const ok = c.state === 'home' ? home : !home;
        return { type: c.type, ok, reason: `presence: ${c.person} is ${home ? 'home' : 'away'}`, seen };
      }
      const homeNow = people.filter((p) => isHome(p.state)).map((p) => p.entity_id);
      const ok = c.state === 'home' ? homeNow.length > 0 : homeNow.length === 0;
      return {
        type: c.type,
        ok,
        reason: homeNow.length === 0 ? 'presence: nobody home' : `presence: ${homeNow.join(', ')} home`,
        seen,
      };
    }
    case 'time': {
      const l = localTime(env.now, env.tz);
      const now = l.minuteOfDay;
      const seen = { local_time: formatHhMm(now), weekday: l.weekday, time_zone: env.tz };
      if (c.days && !c.days.includes(l.weekday))
        return {
          type: c.type,
          ok: false,
          reason: `time: ${l.weekday} is not one of ${c.days.join(', ')}`,
          seen,
        };
      const after = c.after ? minutes(c.after) : undefined;
      const before = c.before ? minutes(c.before) : undefined;
      let ok = true;
      if (after !== undefined && before !== undefined) {
        // A window across midnight (22:00–06:00) holds after the start OR before the end.
        ok = after <= before ? now >= after && now < before : now >= after || now < before;
      } else if (after !== undefined) ok = now >= after;
      else if (before !== undefined) ok = now < before;
      const window = `${c.after ?? '00:00'}–${c.before ?? '24:00'}`;
      return {
        type: c.type,
        ok,
        reason: `time: ${formatHhMm(now)} is ${ok ? 'inside' : 'outside'} ${window}`,
        seen,
      };
    }
    case 'state': {
      const e = env.entity(c.entity);
      const actual = stateText(e);
      const ok = e !== undefined && e.available && String(e.state) === String(c.state);
      return {
        type: c.type,
        ok,
        seen: { [c.entity]: e === undefined ? null : e.available ? e.state : 'unavailable' },
        reason:
          e === undefined
            ? `state: ${c.entity} does not exist`
            : `state: ${c.entity} is ${actual}${ok ? '' : `, not ${String(c.state)}`}`,
      };
    }
    case 'numeric': {
      const e = env.entity(c.entity);
      const value = e?.available ? Number(e.state) : NaN;
      const seen = { [c.entity]: e === undefined ? null : e.available ? e.state : 'unavailable' };
      if (!Number.isFinite(value))
        return {
          type: c.type,
          ok: false,
          seen,
          reason: `numeric: ${c.entity} is ${stateText(e)}, not a number`,
        };
      const failed =
        c.above !== undefined && !(value > c.above)
          ? `not above ${c.above}`
          : c.below !== undefined && !(value < c.below)
            ? `not below ${c.below}`
            : undefined;
      return {
        type: c.type,
        ok: failed === undefined,
        seen,
        reason: `numeric: ${c.entity} is ${value}${failed ? `, ${failed}` : ''}`,
      };
    }
    case 'sun': {
      if (!env.location)
        return {
          type: c.type,
          ok: false,
          seen: {},
          reason:
            "sun: the home's location is not set (Admin → Settings, or HEARTH_LATITUDE and HEARTH_LONGITUDE)",
        };
      const sun = sunOf(localDateOf(env.now, env.tz), env.location, env.tz);
      const iso = (t: number | undefined) => (t === undefined ? null : new Date(t).toISOString());
      const seen = { now: iso(env.now), sunrise: iso(sun.sunrise), sunset: iso(sun.sunset) };
      const afterAt = c.after ? sun[c.after] : undefined;
      const beforeAt = c.before ? sun[c.before] : undefined;
      if ((c.after && afterAt === undefined) || (c.before && beforeAt === undefined)) {
        return {
          type: c.type,
          ok: false,
          seen,
          reason: 'sun: no sunrise or sunset at the home today (polar day or night)',
        };
      }
      const isAfter = afterAt === undefined ? undefined : env.now >= afterAt;
      const isBefore = beforeAt === undefined ? undefined : env.now < beforeAt;
      let ok: boolean;
      if (isAfter !== undefined && isBefore !== undefined) {
        // after sunset + before sunrise is the night: a window across midnight, so either half.
        ok = afterAt! > beforeAt! ? isAfter || isBefore : isAfter && isBefore;
      } else ok = (isAfter ?? isBefore)!;
      const parts = [c.after ? `after ${c.after}` : '', c.before ? `before ${c.before}` : '']
        .filter(Boolean)
        .join(' and ');
      return { type: c.type, ok, seen, reason: `sun: it is ${ok ? '' : 'not '}${parts}` };
    }
    case 'and': {
      const verdicts = c.conditions.map((x) => evaluate(x, env));
      const failed = verdicts.find((v) => !v.ok);
      return {
        type: c.type,
        ok: !failed,
        seen: {},
        conditions: verdicts,
        reason: failed ? failed.reason : 'and: every condition held',
      };
    }
    case 'or': {
      const verdicts = c.conditions.map((x) => evaluate(x, env));
      const held = verdicts.find((v) => v.ok);
      return {
        type: c.type,
        ok: Boolean(held),
        seen: {},
        conditions: verdicts,
        reason: held ? held.reason : `or: none held (${verdicts.map((v) => v.reason).join('; ')})`,
      };
    }
    case 'not': {
      const verdicts = c.conditions.map((x) => evaluate(x, env));
      const held = verdicts.find((v) => v.ok);
      return {
        type: c.type,
        ok: !held,
        seen: {},
        conditions: verdicts,
        reason: held ? `not: ${held.reason}` : 'not: none of the inner conditions held',
      };
    }
  }
}

function minutes(hhmm: string): number {
  const [h, m] = parseHhMm(hhmm)!;
  return h * 60 + m;
}

/** Entities a condition reads: a wait re-checks only when one of them changes. `person.*` stands for every person. */
export function entitiesOf(c: Condition): string[] {
  switch (c.type) {
    case 'state':
    case 'numeric':
      return [c.entity];
    case 'presence':
      return [c.person ?? 'person.*'];
    case 'and':
    case 'or':
    case 'not':
      return c.conditions.flatMap(entitiesOf);
    default:
      return [];
  }
}
