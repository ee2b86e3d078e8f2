import { describe, expect, it } from 'vitest';
import { reportConfirms } from './expected.js';

describe('a report confirms a command', () => {
  it('confirms "on" for a light only when it reports on with the asked brightness', () => {
    expect(reportConfirms('on', { brightness: 40 }, { state: 'on', attributes: { brightness: 40 } })).toBe(true);
    expect(reportConfirms('on', { brightness: 40 }, { state: 'on', attributes: { brightness: 90 } })).toBe(false);
    expect(reportConfirms('on', {}, { state: 'off', attributes: {} })).toBe(false);
  });

  it('confirms "on" for a media player that reports idle, playing or paused, but not off or standby', () => {
    for (const state of ['idle', 'playing', 'paused', 'buffering']) expect(reportConfirms('on', {}, { state, attributes: {} }), state).toBe(true);
    for (const state of ['off', 'standby', 'unavailable']) expect(reportConfirms('on', {}, { state, attributes: {} }), state).toBe(false);
  });
});
