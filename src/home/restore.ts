import type { Entity, EntityState, Attributes } from './types.js';

/** An entity's restorable state: what undo and snapshot scenes save. */
export interface SavedState {
  entity_id: string;
  state: EntityState;
  attributes: Attributes;
}

export function saveState(e: Entity): SavedState {
  return { entity_id: e.entity_id, state: e.state, attributes: { ...e.attributes } };
}

/**
 * The actions that bring an entity back to a saved state, limited to what the entity can do.
 * Attribute actions come first, so a light comes on at the saved brightness rather than
 * flashing at its last one.
 */
export function actionsToRestore(
  saved: SavedState,
  caps?: Entity['capabilities'],
): { action: string; params: Record<string, unknown> }[] {
  const domain = saved.entity_id.split('.')[0];
  const a = saved.attributes;
  const can = (action: string) => !caps || caps.actions.includes(action);
  const out: { action: string; params: Record<string, unknown> }[] = [];
  switch (domain) {
    case 'light':
    case 'switch':
    case 'fan': {
      if (saved.state === 'on') {
        const params: Record<string, unknown> = {};
        if (typeof a.brightness === 'number' && (!caps || caps.brightness))
          params.brightness = Math.round(a.brightness);
        if (typeof a.kelvin === 'number' && (!caps || caps.color_temp) && a.color_mode !== 'color')
          params.kelvin = Math.round(a.kelvin);
        else if (Array.isArray(a.color) && (!caps || caps.color)) params.color = a.color;
        if (domain === 'fan' && typeof a.speed === 'string' && can('set_fan_speed'))
          out.push({ action: 'set_fan_speed', params: { speed: a.speed } });
        out.push({ action: 'on', params: domain === 'light' ? params : {} });
      } else if (saved.state === 'off') out.push({ action: 'off', params: {} });
      break;
    }
    case 'cover':
      if (typeof a.position === 'number' && can('set_position'))
        out.push({ action: 'set_position', params: { position: Math.round(a.position) } });
      else if (saved.state === 'open' || saved.state === 'opening') out.push({ action: 'open', params: {} });
      else if (saved.state === 'closed' || saved.state === 'closing')
        out.push({ action: 'close', params: {} });
      break;
    case 'lock':
      if (saved.state === 'locked') out.push({ action: 'lock', params: {} });
      else if (saved.state === 'unlocked') out.push({ action: 'unlock', params: {} });
      break;
    case 'climate':
      if (typeof a.temperature === 'number' && can('set_temperature'))
        out.push({ action: 'set_temperature', params: { temperature: a.temperature } });
      if (typeof a.preset === 'string' && can('set_preset'))
        out.push({ action: 'set_preset', params: { preset: a.preset } });
      if (typeof saved.state === 'string' && can('set_hvac_mode'))
        out.push({ action: 'set_hvac_mode', params: { hvac_mode: saved.state } });
      break;
    case 'media_player':
      if (typeof a.volume === 'number' && can('set_volume'))
        out.push({ action: 'set_volume', params: { volume: Math.round(a.volume) } });
      if (saved.state === 'playing') out.push({ action: 'play', params: {} });
      else if (saved.state === 'paused') out.push({ action: 'pause', params: {} });
      else if (saved.state === 'off') out.push({ action: 'off', params: {} });
      break;
    case 'alarm_control_panel': {
      const map: Record<string, string> = {
        armed_home: 'arm_home',
        armed_away: 'arm_away',
        armed_night: 'arm_night',
        disarmed: 'disarm',
      };
      const action = typeof saved.state === 'string' ? map[saved.state] : undefined;
      if (action) out.push({ action, params: {} });
      break;
    }
    case 'camera':
      out.push({ action: saved.state === 'recording' ? 'start_recording' : 'stop_recording', params: {} });
      break;
  }
  return out.filter((x) => can(x.action));
}
