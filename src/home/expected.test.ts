import { describe, expect, it } from 'vitest';
import { reportConfirms } from './expected.js';

describe('a report confirms a command', () => {
  it('confirms "on" for a light only when it reports on with the asked brightness', () => {
    expect(reportConfirms('on', { brightness: 40 }, { state: 'on', attributes: { brightness: 40 } })).toBe(
      true,
    );
    expect(reportConfirms('on', { brightness: 40 }, { state: 'on', attributes: { brightness: 90 } })).toBe(
      false,
    );
    expect(reportConfirms('on', {}, { state: 'off', attributes: {} })).toBe(false);
  });

  it('confirms "on" for a media player that reports idle, playing or paused, but not off or standby', () => {
    for (const state of ['idle', 'playing', 'paused', 'buffering'])
      expect(reportConfirms('on', {}, { state, attributes: {} }), state).toBe(true);
    for (const state of ['off', 'standby', 'unavailable'])
      expect(reportConfirms('on', {}, { state, attributes: {} }), state).toBe(false);
  });
});

type Case = [action: string, params: Record<string, unknown>, state: string | number | null, attrs: object];
const r = (state: Case[2], attributes: object = {}) => ({ state, attributes: attributes as never });

describe('confirmation rules per action', () => {
  const confirms: Case[] = [
    ['on', { kelvin: 2700 }, 'on', { kelvin: 2740 }],
    ['on', { color: [255, 0, 0] }, 'on', { color: [240, 10, 12] }],
    ['off', {}, 'off', {}],
    ['dim', { brightness: 40 }, 'on', { brightness: 41 }],
    ['dim', { brightness: 0 }, 'off', {}],
    ['set_color_temp', { kelvin: 4000 }, 'on', { kelvin: 3950 }],
    ['set_color', { color: [0, 0, 255] }, 'on', { color: [20, 20, 235] }],
    ['lock', {}, 'locked', {}],
    ['unlock', {}, 'unlocked', {}],
    ['open', {}, 'opening', {}],
    ['open', {}, 'open', {}],
    ['close', {}, 'closing', {}],
    ['stop', {}, 'open', {}],
    ['set_position', { position: 40 }, 'open', { position: 41 }],
    ['set_position', { position: 40 }, 'closing', { position: 80 }],
    ['set_temperature', { temperature: 21.5 }, 'heat', { temperature: 21.25 }],
    ['set_hvac_mode', { hvac_mode: 'heat' }, 'heat', {}],
    ['set_preset', { preset: 'eco' }, 'heat', { preset: 'eco' }],
    ['set_fan_speed', { speed: 'high' }, 'on', { speed: 'high' }],
    ['arm_away', {}, 'arming', {}],
    ['arm_night', {}, 'armed_night', {}],
    ['disarm', {}, 'disarmed', {}],
    ['play', {}, 'playing', {}],
    ['pause', {}, 'paused', {}],
    ['set_volume', { volume: 30 }, 'playing', { volume: 31 }],
    ['start_recording', {}, 'recording', {}],
    ['stop_recording', {}, 'idle', {}],
    // Actions without a rule accept whatever the device reports next.
    ['next', {}, 'playing', {}],
    ['activate', {}, null, {}],
  ];
  it.each(confirms)('"%s" %j is confirmed by a report of %j %j', (action, params, state, attrs) =>
    expect(reportConfirms(action, params, r(state, attrs))).toBe(true),
  );

  const refuses: Case[] = [
    ['on', { kelvin: 2700 }, 'on', { kelvin: 3000 }],
    ['on', { color: [255, 0, 0] }, 'on', { color: [0, 255, 0] }],
    ['on', { brightness: 40 }, 'on', {}],
    ['off', {}, 'on', {}],
    ['dim', { brightness: 40 }, 'on', { brightness: 43 }],
    ['dim', { brightness: 40 }, 'off', { brightness: 40 }],
    ['dim', { brightness: 0 }, 'on', { brightness: 0 }],
    ['set_color_temp', { kelvin: 4000 }, 'on', { kelvin: 4100 }],
    ['set_color', { color: [0, 0, 255] }, 'on', { color: [0, 0, 200] }],
    ['set_color', { color: [0, 0, 255] }, 'on', { color: 'blue' }],
    ['lock', {}, 'locking', {}],
    ['unlock', {}, 'locked', {}],
    ['open', {}, 'closing', {}],
    ['close', {}, 'opening', {}],
    ['stop', {}, 'closing', {}],
    ['set_position', { position: 40 }, 'open', { position: 45 }],
    ['set_temperature', { temperature: 21.5 }, 'heat', { temperature: 21 }],
    ['set_temperature', { temperature: 21.5 }, 'heat', { temperature: '21.5' }],
    ['set_hvac_mode', { hvac_mode: 'heat' }, 'cool', {}],
    ['set_preset', { preset: 'eco' }, 'heat', { preset: 'comfort' }],
    ['set_fan_speed', { speed: 'high' }, 'on', { speed: 'low' }],
    ['arm_home', {}, 'armed_away', {}],
    ['disarm', {}, 'arming', {}],
    ['play', {}, 'paused', {}],
    ['pause', {}, 'playing', {}],
    ['set_volume', { volume: 30 }, 'playing', { volume: 32 }],
    ['start_recording', {}, 'idle', {}],
    ['stop_recording', {}, 'recording', {}],
  ];
  it.each(refuses)('"%s" %j is not confirmed by a report of %j %j', (action, params, state, attrs) =>
    expect(reportConfirms(action, params, r(state, attrs))).toBe(false),
  );
});
