import { paramSpec, type ParamSpec } from './action-catalogue.js';
import type { Entity } from './types.js';

/**
 * A scene as the editor shows it: one target per device (the state it should be in, plus
 * settings such as brightness or setpoint), turned into the scene's `{entity, action, …params}`
 * actions when saved and back when a scene is opened. Pure, so it is unit-tested
 * (test/dashboard/scene-targets.test.ts); `.js` imports because the service's tests compile it.
 */

type Obj = Record<string, unknown>;

export interface Target {
  entity: string;
  /** The action that leaves the device in its state (`on`, `lock`, `arm_night` …); '' leaves the state alone. */
  state: string;
  /** Settings by parameter name (brightness, kelvin, position, temperature …). */
  values: Obj;
  /** Other parameters of the state action (an unlock or alarm code), kept as they were. */
  stateParams: Obj;
}

/** Actions that leave a device in a state, named as the state they leave it in. */
export const STATES: Record<string, string> = {
  on: 'On',
  off: 'Off',
  lock: 'Locked',
  unlock: 'Unlocked',
  open: 'Open',
  close: 'Closed',
  arm_home: 'Armed (home)',
  arm_away: 'Armed (away)',
  arm_night: 'Armed (night)',
  disarm: 'Disarmed',
  play: 'Playing',
  pause: 'Paused',
  start_recording: 'Recording',
  stop_recording: 'Not recording',
  activate: 'Activated',
};

/** Settings beyond on/off: those marked `on` ride on the `on` action, the others have an action of their own. */
const SETTINGS: { key: string; action: string; on?: boolean }[] = [
  { key: 'brightness', action: 'on', on: true },
  { key: 'kelvin', action: 'on', on: true },
  { key: 'color', action: 'on', on: true },
  { key: 'position', action: 'set_position' },
  { key: 'hvac_mode', action: 'set_hvac_mode' },
  { key: 'temperature', action: 'set_temperature' },
  { key: 'preset', action: 'set_preset' },
  { key: 'speed', action: 'set_fan_speed' },
  { key: 'volume', action: 'set_volume' },
];

export function settingsOf(e: Entity, state: string): { key: string; action: string; spec: ParamSpec }[] {
  const out: { key: string; action: string; spec: ParamSpec }[] = [];
  for (const s of SETTINGS) {
    if (!e.capabilities.actions.includes(s.action)) continue;
    if (s.on && state !== 'on') continue;
    const spec = paramSpec(s.key, e.capabilities);
    if (spec) out.push({ key: s.key, action: s.action, spec });
  }
  return out;
}

export const statesOf = (e: Entity) => e.capabilities.actions.filter((a) => a in STATES);

/** Groups a scene's per-entity actions into one target per device (rule-based actions are kept aside). */
export function toTargets(actions: Obj[]): Target[] {
  const byEntity = new Map<string, Target>();
  for (const a of actions) {
    if (typeof a.entity !== 'string') continue;
    const { entity, action, ...params } = a;
    const t = byEntity.get(entity) ?? { entity, state: '', values: {}, stateParams: {} };
    byEntity.set(entity, t);
    switch (action) {
      case 'on':
      case 'dim':
      case 'set_color_temp':
      case 'set_color':
        t.state = 'on';
        Object.assign(t.values, params);
        break;
      case 'set_position':
      case 'set_temperature':
      case 'set_hvac_mode':
      case 'set_preset':
      case 'set_fan_speed':
      case 'set_volume':
        Object.assign(t.values, params);
        break;
      default:
        t.state = String(action);
        t.stateParams = params;
    }
  }
  return [...byEntity.values()];
}

/** The actions that bring each device to its target; `owner[i]` is the row that action came from. */
export function toActions(
  targets: Target[],
  entities: Map<string, Entity>,
): { actions: Obj[]; owner: number[] } {
  const actions: Obj[] = [];
  const owner: number[] = [];
  targets.forEach((t, row) => {
    const e = entities.get(t.entity);
    const push = (a: Obj) => {
      actions.push({ entity: t.entity, ...a });
      owner.push(row);
    };
    // An entity the home no longer has: send it as it was, and let the service name the problem.
    if (!e) {
      push({ action: t.state || 'on', ...t.stateParams });
      return;
    }
    const onParams: Obj = {};
    for (const s of settingsOf(e, t.state)) {
      const v = t.values[s.key];
      if (v === undefined) continue;
      if (s.action === 'on') onParams[s.key] = v;
      else push({ action: s.action, [s.key]: v });
    }
    if (t.state) push({ action: t.state, ...(t.state === 'on' ? onParams : t.stateParams) });
  });
  return { actions, owner };
}
