import type { Attributes, EntityState } from '../../home/types.js';

export interface SimState {
  state: EntityState;
  attributes: Attributes;
}

const ARMED: Record<string, string> = {
  arm_home: 'armed_home',
  arm_away: 'armed_away',
  arm_night: 'armed_night',
};
const TRACKS = ['Evening News', 'Nature Documentary', 'Film Night', 'Music Mix'];

/** What a demo device does with a command: the state it reports afterwards (pure). */
export function applyAction(
  domain: string,
  current: SimState,
  action: string,
  params: Record<string, unknown>,
): SimState {
  const a = { ...current.attributes };
  switch (action) {
    case 'on':
      if (typeof params.brightness === 'number') a.brightness = params.brightness;
      if (typeof params.kelvin === 'number')
        Object.assign(a, { kelvin: params.kelvin, color_mode: 'color_temp' });
      if (Array.isArray(params.color)) Object.assign(a, { color: params.color, color_mode: 'color' });
      if (domain === 'media_player') return { state: 'idle', attributes: a };
      return { state: 'on', attributes: a };
    case 'off':
      return { state: 'off', attributes: a };
    case 'dim':
      if (params.brightness === 0) return { state: 'off', attributes: a };
      return { state: 'on', attributes: { ...a, brightness: params.brightness } };
    case 'set_color_temp':
      return {
        state: current.state,
        attributes: {
          ...a,
          kelvin: params.kelvin,
          color_mode: 'color_temp',
          ...(params.brightness !== undefined ? { brightness: params.brightness } : {}),
        },
      };
    case 'set_color':
      return {
        state: current.state,
        attributes: {
          ...a,
          color: params.color,
          color_mode: 'color',
          ...(params.brightness !== undefined ? { brightness: params.brightness } : {}),
        },
      };
    case 'lock':
      return { state: 'locked', attributes: a };
    case 'unlock':
      return { state: 'unlocked', attributes: a };
    case 'open':
      return { state: 'open', attributes: { ...a, position: 100 } };
    case 'close':
      return { state: 'closed', attributes: { ...a, position: 0 } };
    case 'stop':
      return {
        state: current.state === 'opening' ? 'open' : current.state === 'closing' ? 'closed' : current.state,
        attributes: a,
      };
    case 'set_position': {
      const p = params.position as number;
      return { state: p === 0 ? 'closed' : 'open', attributes: { ...a, position: p } };
    }
    case 'set_temperature':
      return { state: current.state, attributes: { ...a, temperature: params.temperature } };
    case 'set_hvac_mode':
      return { state: params.hvac_mode as string, attributes: a };
    case 'set_preset': {
      const eco = params.preset === 'eco' || params.preset === 'away';
      return {
        state: current.state,
        attributes: {
          ...a,
          preset: params.preset,
          temperature: eco ? 17 : params.preset === 'comfort' ? 22 : 21,
        },
      };
    }
    case 'set_fan_speed':
      return { state: 'on', attributes: { ...a, speed: params.speed } };
    case 'arm_home':
    case 'arm_away':
    case 'arm_night':
      return { state: ARMED[action]!, attributes: a };
    case 'disarm':
      return { state: 'disarmed', attributes: a };
    case 'play':
      return { state: 'playing', attributes: { ...a, media_title: a.media_title ?? TRACKS[0] } };
    case 'pause':
      return { state: 'paused', attributes: a };
    case 'next':
    case 'previous': {
      const i = Math.max(0, TRACKS.indexOf(String(a.media_title)));
      const j = (i + (action === 'next' ? 1 : TRACKS.length - 1)) % TRACKS.length;
      return {
        state: current.state === 'off' ? 'playing' : current.state,
        attributes: { ...a, media_title: TRACKS[j] },
      };
    }
    case 'set_volume':
      return { state: current.state, attributes: { ...a, volume: params.volume } };
    case 'start_recording':
      return { state: 'recording', attributes: a };
    case 'stop_recording':
      return { state: 'idle', attributes: a };
    default:
      return current;
  }
}
