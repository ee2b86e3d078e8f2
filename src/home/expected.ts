import type { Rgb } from './color.js';
import type { Attributes, EntityState } from './types.js';

/**
 * Whether a device's report shows that a command took effect. Integrations such as
 * Zigbee2MQTT give no acknowledgement, so a command is `confirmed` when a report like this
 * arrives and `timeout` when none does. Attribute names are Hearth's canonical ones:
 * brightness (%), kelvin, color [r,g,b], position (%), temperature (target), preset, speed, volume (%).
 */
export interface Report {
  state: EntityState;
  attributes: Attributes;
}

const near = (a: unknown, b: unknown, tolerance: number) =>
  typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= tolerance;

const nearColor = (a: unknown, b: unknown) =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  a.length === 3 &&
  (a as number[]).every((v, i) => Math.abs(v - (b as Rgb)[i]!) <= 24);

const stateIs =
  (...states: string[]) =>
  (r: Report) =>
    typeof r.state === 'string' && states.includes(r.state);

type Check = (report: Report, params: Record<string, unknown>) => boolean;

const MEDIA_ON = new Set(['idle', 'playing', 'paused', 'buffering']);

const CHECKS: Record<string, Check> = {
  // A media player that was switched on reports what it is doing (idle, playing …), never "on".
  on: (r, p) =>
    (r.state === 'on' || MEDIA_ON.has(r.state as string)) &&
    (p.brightness === undefined || near(r.attributes.brightness, p.brightness, 1.5)) &&
    (p.kelvin === undefined || near(r.attributes.kelvin, p.kelvin, 60)) &&
    (p.color === undefined || nearColor(r.attributes.color, p.color)),
  off: stateIs('off'),
  dim: (r, p) =>
    p.brightness === 0
      ? r.state === 'off'
      : r.state === 'on' && near(r.attributes.brightness, p.brightness, 1.5),
  set_color_temp: (r, p) => near(r.attributes.kelvin, p.kelvin, 60),
  set_color: (r, p) => nearColor(r.attributes.color, p.color),
  lock: stateIs('locked'),
  unlock: stateIs('unlocked'),
  // A cover takes many seconds to travel: moving the right way already shows the command worked.
  open: stateIs('open', 'opening'),
  close: stateIs('closed', 'closing'),
  stop: (r) => r.state !== 'opening' && r.state !== 'closing',
  set_position: (r, p) => near(r.attributes.position, p.position, 1) || stateIs('opening', 'closing')(r),
  set_temperature: (r, p) => near(r.attributes.temperature, p.temperature, 0.26),
  set_hvac_mode: (r, p) => r.state === p.hvac_mode,
  set_preset: (r, p) => r.attributes.preset === p.preset,
  set_fan_speed: (r, p) => r.attributes.speed === p.speed,
  arm_home: stateIs('armed_home', 'arming'),
  arm_away: stateIs('armed_away', 'arming'),
  arm_night: stateIs('armed_night', 'arming'),
  disarm: stateIs('disarmed'),
  play: stateIs('playing'),
  pause: stateIs('paused'),
  set_volume: (r, p) => near(r.attributes.volume, p.volume, 1.5),
  start_recording: stateIs('recording'),
  stop_recording: (r) => r.state !== 'recording',
  // The camera reports the preset once its head has arrived there (PTZ GetStatus).
  goto_preset: (r, p) => r.attributes.preset === p.preset,
};

/** True when `report` satisfies the command; actions without a rule (next, previous, activate) accept any report. */
export function reportConfirms(action: string, params: Record<string, unknown>, report: Report): boolean {
  const check = CHECKS[action];
  return check ? check(report, params) : true;
}
