import { describe, expect, it } from 'vitest';
import { evaluate, type ConditionEnv } from './conditions.js';
import type { Condition } from './model.js';

const berlin = { latitude: 52.52, longitude: 13.405 };
const env = (iso: string, states: Record<string, unknown> = {}, location = berlin): ConditionEnv => ({
  now: Date.parse(iso),
  tz: 'Europe/Berlin',
  location,
  entity: (id) => (id in states ? { state: states[id], available: states[id] !== 'unavailable' } : undefined),
  persons: () =>
    Object.entries(states)
      .filter(([id]) => id.startsWith('person.'))
      .map(([entity_id, state]) => ({ entity_id, state })),
});
const check = (c: Condition, e: ConditionEnv) => evaluate(c, e);

describe('conditions', () => {
  it('presence: someone home / everyone away / one person', () => {
    const nobody = env('2026-01-05T12:00:00Z', { 'person.a': 'away', 'person.b': 'away' });
    expect(check({ type: 'presence', state: 'home' }, nobody)).toMatchObject({
      ok: false,
      reason: 'presence: nobody home',
      seen: { people: { 'person.a': 'away', 'person.b': 'away' } },
    });
    expect(check({ type: 'presence', state: 'away' }, nobody).ok).toBe(true);
    const one = env('2026-01-05T12:00:00Z', { 'person.a': 'home', 'person.b': 'away' });
    expect(check({ type: 'presence', state: 'home' }, one)).toMatchObject({
      ok: true,
      reason: 'presence: person.a home',
    });
    expect(check({ type: 'presence', state: 'home', person: 'person.b' }, one)).toMatchObject({
      ok: false,
      reason: 'presence: person.b is away',
    });
  });

  it("time: plain windows, windows across midnight and weekdays, in the home's zone", () => {
    const at2330 = env('2026-01-05T22:30:00Z'); // 23:30 Monday in Berlin
    expect(check({ type: 'time', after: '22:00', before: '06:00' }, at2330)).toMatchObject({
      ok: true,
      seen: { local_time: '23:30', weekday: 'mon' },
    });
    expect(check({ type: 'time', after: '22:00', before: '06:00' }, env('2026-01-05T04:00:00Z')).ok).toBe(
      true,
    );
    expect(
      check({ type: 'time', after: '22:00', before: '06:00' }, env('2026-01-05T11:00:00Z')),
    ).toMatchObject({ ok: false, reason: 'time: 12:00 is outside 22:00–06:00' });
    expect(check({ type: 'time', after: '08:00', before: '18:00' }, env('2026-01-05T11:00:00Z')).ok).toBe(
      true,
    );
    expect(check({ type: 'time', days: ['sat', 'sun'] }, at2330)).toMatchObject({
      ok: false,
      reason: 'time: mon is not one of sat, sun',
    });
  });

  it('state and numeric read the entity and say what they saw', () => {
    const e = env('2026-01-05T12:00:00Z', {
      'lock.front_door': 'unlocked',
      'sensor.t': 18.5,
      'sensor.gone': 'unavailable',
    });
    expect(check({ type: 'state', entity: 'lock.front_door', state: 'locked' }, e)).toMatchObject({
      ok: false,
      reason: 'state: lock.front_door is unlocked, not locked',
    });
    expect(check({ type: 'numeric', entity: 'sensor.t', below: 19 }, e)).toMatchObject({
      ok: true,
      seen: { 'sensor.t': 18.5 },
    });
    expect(check({ type: 'numeric', entity: 'sensor.t', above: 20 }, e)).toMatchObject({
      ok: false,
      reason: 'numeric: sensor.t is 18.5, not above 20',
    });
    expect(check({ type: 'numeric', entity: 'sensor.gone', above: 1 }, e)).toMatchObject({
      ok: false,
      reason: 'numeric: sensor.gone is unavailable, not a number',
    });
    expect(check({ type: 'state', entity: 'light.none', state: 'on' }, e)).toMatchObject({
      ok: false,
      reason: 'state: light.none does not exist',
    });
  });

  it('sun: after sunset / before sunrise, and the night across midnight', () => {
    const night = { type: 'sun', after: 'sunset', before: 'sunrise' } as const;
    expect(check(night, env('2026-01-05T22:00:00Z')).ok).toBe(true);
    expect(check(night, env('2026-01-05T05:00:00Z')).ok).toBe(true);
    expect(check(night, env('2026-01-05T12:00:00Z')).ok).toBe(false);
    expect(check({ type: 'sun', after: 'sunrise', before: 'sunset' }, env('2026-01-05T12:00:00Z')).ok).toBe(
      true,
    );
    expect(check({ type: 'sun', after: 'sunset' }, env('2026-01-05T12:00:00Z'))).toMatchObject({
      ok: false,
      reason: 'sun: it is not after sunset',
    });
    expect(
      check({ type: 'sun', after: 'sunset' }, { ...env('2026-01-05T12:00:00Z'), location: undefined }).reason,
    ).toContain('location is not set');
  });

  it('and / or / not nest and report the deciding reason', () => {
    const e = env('2026-01-05T22:30:00Z', { 'person.a': 'away', 'light.x': 'on' });
    const c: Condition = {
      type: 'and',
      conditions: [
        {
          type: 'or',
          conditions: [
            { type: 'presence', state: 'home' },
            { type: 'state', entity: 'light.x', state: 'on' },
          ],
        },
        { type: 'not', conditions: [{ type: 'time', after: '08:00', before: '22:00' }] },
      ],
    };
    expect(check(c, e).ok).toBe(true);
    const blocked = check(
      {
        type: 'and',
        conditions: [{ type: 'not', conditions: [{ type: 'state', entity: 'light.x', state: 'on' }] }],
      },
      e,
    );
    expect(blocked).toMatchObject({ ok: false, reason: 'not: state: light.x is on' });
    expect(check({ type: 'or', conditions: [{ type: 'presence', state: 'home' }] }, e).reason).toBe(
      'or: none held (presence: nobody home)',
    );
  });
});
