import type { Capabilities } from '../../home/types.js';
import {
  BadConfig,
  BadPayload,
  num,
  payload,
  readText,
  renderCommand,
  required,
  str,
  strings,
  template,
  type Config,
  type Template,
} from './config.js';
import { defaultLight, jsonLight } from './lights.js';
import { assumeOnOff, number, onOff, type ComponentSpec, type Listener, type Reading } from './spec.js';

/**
 * HA MQTT components → Hearth entities. Each reads only the documented keys it needs; defaults
 * are HA's. Throws BadConfig for configs Hearth cannot use.
 */
function listen(
  c: Config,
  topicKey: string,
  tplKey: string,
  read: (v: string) => Reading | undefined,
): Listener[] {
  const topic = str(c, topicKey);
  if (!topic) return [];
  const tpl: Template | undefined = template(c, tplKey);
  return [
    {
      topic,
      read: (t) => {
        const v = readText(t, tpl);
        return v === undefined ? undefined : read(v);
      },
    },
  ];
}

function staticAttributes(c: Config) {
  const a: Record<string, unknown> = {};
  for (const k of ['device_class', 'unit_of_measurement', 'state_class', 'entity_category', 'icon']) {
    const v = str(c, k);
    if (v) a[k] = v;
  }
  return a;
}

function switchSpec(c: Config): ComponentSpec {
  const cmd = str(c, 'command_topic');
  const on = payload(c, 'payload_on', 'ON');
  const off = payload(c, 'payload_off', 'OFF');
  const stOn = payload(c, 'state_on', on);
  const stOff = payload(c, 'state_off', off);
  const listeners = listen(c, 'state_topic', 'value_template', (v) => ({ state: onOff(v, stOn, stOff) }));
  return {
    domain: 'switch',
    capabilities: { actions: cmd ? ['on', 'off', 'toggle'] : [] },
    attributes: staticAttributes(c),
    listeners,
    command: (action) => [{ topic: cmd!, payload: action === 'off' ? off : on }],
    ...(listeners.length ? {} : { assume: assumeOnOff }),
  };
}

function sensorSpec(c: Config): ComponentSpec {
  required(c, 'state_topic');
  const numeric = c.unit_of_measurement !== undefined || c.state_class !== undefined;
  return {
    domain: 'sensor',
    capabilities: { actions: [] },
    attributes: staticAttributes(c),
    listeners: listen(c, 'state_topic', 'value_template', (v) => {
      if (v === '' || v === 'None' || v === 'unknown') return { state: null };
      const n = Number(v);
      return { state: numeric && Number.isFinite(n) ? n : v.slice(0, 255) };
    }),
  };
}

function binarySensorSpec(c: Config): ComponentSpec {
  required(c, 'state_topic');
  const on = payload(c, 'payload_on', 'ON');
  const off = payload(c, 'payload_off', 'OFF');
  return {
    domain: 'binary_sensor',
    capabilities: { actions: [] },
    attributes: staticAttributes(c),
    listeners: listen(c, 'state_topic', 'value_template', (v) => ({ state: onOff(v, on, off) })),
  };
}

function lockSpec(c: Config): ComponentSpec {
  const cmd = str(c, 'command_topic');
  const lock = payload(c, 'payload_lock', 'LOCK');
  const unlock = payload(c, 'payload_unlock', 'UNLOCK');
  const states: Record<string, string> = {
    [payload(c, 'state_locked', 'LOCKED')]: 'locked',
    [payload(c, 'state_unlocked', 'UNLOCKED')]: 'unlocked',
    [payload(c, 'state_jammed', 'JAMMED')]: 'jammed',
    [payload(c, 'state_locking', 'LOCKING')]: 'locking',
    [payload(c, 'state_unlocking', 'UNLOCKING')]: 'unlocking',
  };
  const listeners = listen(c, 'state_topic', 'value_template', (v) => {
    const s = states[v];
    if (!s) throw new BadPayload(`unknown lock state ${JSON.stringify(v.slice(0, 80))}`);
    return { state: s };
  });
  return {
    domain: 'lock',
    capabilities: { actions: cmd ? ['lock', 'unlock'] : [] },
    listeners,
    command: (action) => [{ topic: cmd!, payload: action === 'lock' ? lock : unlock }],
    ...(listeners.length
      ? {}
      : { assume: (action: string) => ({ state: action === 'lock' ? 'locked' : 'unlocked' }) }),
  };
}

function climateSpec(c: Config): ComponentSpec {
  const modeCmd = str(c, 'mode_command_topic');
  const tempCmd = str(c, 'temperature_command_topic');
  const presetCmd = str(c, 'preset_mode_command_topic');
  const modes = strings(c, 'modes') ?? ['auto', 'off', 'cool', 'heat', 'dry', 'fan_only'];
  const presets = strings(c, 'preset_modes') ?? [];
  const unit = str(c, 'temperature_unit') === 'F' ? '°F' : '°C';
  const caps: Capabilities = { actions: [] };
  if (tempCmd) {
    caps.actions.push('set_temperature');
    caps.temperature = {
      min: num(c, 'min_temp', unit === '°F' ? 45 : 7),
      max: num(c, 'max_temp', unit === '°F' ? 95 : 35),
      step: num(c, 'temp_step', 0.5),
      unit,
    };
  }
  if (modeCmd && modes.length) {
    caps.actions.push('set_hvac_mode');
    caps.hvac_modes = modes;
    if (modes.includes('off')) caps.actions.push('off');
  }
  if (presetCmd && presets.length) {
    caps.actions.push('set_preset');
    caps.presets = presets;
  }
  const listeners = [
    ...listen(c, 'mode_state_topic', 'mode_state_template', (v) => {
      if (!modes.includes(v))
        throw new BadPayload(`mode ${JSON.stringify(v.slice(0, 80))} is not one of the announced modes`);
      return { state: v };
    }),
    ...listen(c, 'temperature_state_topic', 'temperature_state_template', (v) => ({
      attributes: { temperature: number(v, 'temperature') },
    })),
    ...listen(c, 'current_temperature_topic', 'current_temperature_template', (v) => ({
      attributes: { current_temperature: number(v, 'current_temperature') },
    })),
    ...listen(c, 'preset_mode_state_topic', 'preset_mode_value_template', (v) => ({
      attributes: { preset: v },
    })),
    ...listen(c, 'action_topic', 'action_template', (v) => ({ attributes: { hvac_action: v } })),
  ];
  return {
    domain: 'climate',
    capabilities: caps,
    attributes: { unit_of_measurement: unit },
    listeners,
    command(action, p) {
      if (action === 'set_temperature')
        return [
          {
            topic: tempCmd!,
            payload: renderCommand(str(c, 'temperature_command_template'), p.temperature as number),
          },
        ];
      if (action === 'set_preset') return [{ topic: presetCmd!, payload: String(p.preset) }];
      return [
        {
          topic: modeCmd!,
          payload: renderCommand(
            str(c, 'mode_command_template'),
            action === 'off' ? 'off' : String(p.hvac_mode),
          ),
        },
      ];
    },
  };
}

function coverSpec(c: Config): ComponentSpec {
  const cmd = str(c, 'command_topic');
  const setPos = str(c, 'set_position_topic');
  const open = payload(c, 'payload_open', 'OPEN');
  const close = payload(c, 'payload_close', 'CLOSE');
  const stop = payload(c, 'payload_stop', 'STOP');
  const posOpen = num(c, 'position_open', 100);
  const posClosed = num(c, 'position_closed', 0);
  const toPercent = (v: number) =>
    Math.max(0, Math.min(100, Math.round(((v - posClosed) * 100) / (posOpen - posClosed))));
  const fromPercent = (p: number) => Math.round(posClosed + ((posOpen - posClosed) * p) / 100);
  const states: Record<string, string> = {
    [payload(c, 'state_open', 'open')]: 'open',
    [payload(c, 'state_opening', 'opening')]: 'opening',
    [payload(c, 'state_closed', 'closed')]: 'closed',
    [payload(c, 'state_closing', 'closing')]: 'closing',
    [payload(c, 'state_stopped', 'stopped')]: 'stopped',
  };
  const caps: Capabilities = { actions: cmd ? ['open', 'close', 'stop'] : [] };
  if (setPos) {
    caps.position = true;
    caps.actions.push('set_position');
  }
  if (posOpen === posClosed) throw new BadConfig('position_open equals position_closed');
  const listeners = [
    ...listen(c, 'state_topic', 'value_template', (v) => {
      const s = states[v];
      if (!s) throw new BadPayload(`unknown cover state ${JSON.stringify(v.slice(0, 80))}`);
      // `stopped` is not a resting state Hearth names: the position (if any) tells open or closed.
      return s === 'stopped' ? undefined : { state: s };
    }),
    ...listen(c, 'position_topic', 'position_template', (v) => {
      const position = toPercent(number(v, 'position'));
      return { state: position > 0 ? 'open' : 'closed', attributes: { position } };
    }),
  ];
  return {
    domain: 'cover',
    capabilities: caps,
    attributes: staticAttributes(c),
    listeners,
    command(action, p) {
      if (action === 'set_position')
        return [
          {
            topic: setPos!,
            payload: renderCommand(str(c, 'set_position_template'), fromPercent(p.position as number)),
          },
        ];
      return [{ topic: cmd!, payload: action === 'open' ? open : action === 'close' ? close : stop }];
    },
    ...(listeners.length
      ? {}
      : {
          assume: (action: string) =>
            action === 'open' ? { state: 'open' } : action === 'close' ? { state: 'closed' } : undefined,
        }),
  };
}

const SPEEDS = ['low', 'medium', 'high'];

function fanSpec(c: Config): ComponentSpec {
  const cmd = str(c, 'command_topic');
  const on = payload(c, 'payload_on', 'ON');
  const off = payload(c, 'payload_off', 'OFF');
  const pctCmd = str(c, 'percentage_command_topic');
  const presetCmd = str(c, 'preset_mode_command_topic');
  const presets = strings(c, 'preset_modes') ?? [];
  const lo = num(c, 'speed_range_min', 1);
  const hi = num(c, 'speed_range_max', 100);
  // Hearth names speeds; a percentage-only fan gets low/medium/high at 33/67/100 %.
  const usePresets = !!presetCmd && presets.length > 0;
  const speeds = usePresets ? presets : pctCmd ? SPEEDS : [];
  const caps: Capabilities = { actions: cmd ? ['on', 'off', 'toggle'] : [] };
  if (speeds.length) {
    caps.actions.push('set_fan_speed');
    caps.fan_speeds = speeds;
  }
  const toDevice = (pct: number) => Math.round(lo + ((hi - lo) * (pct - 1)) / 99);
  const listeners = [
    ...listen(c, 'state_topic', 'state_value_template', (v) => ({ state: onOff(v, on, off) })),
    ...listen(c, 'percentage_state_topic', 'percentage_value_template', (v) => {
      const n = number(v, 'percentage');
      const pct = n <= 0 ? 0 : Math.max(1, Math.min(100, Math.round(1 + ((n - lo) * 99) / (hi - lo || 1))));
      return {
        attributes: {
          percentage: pct,
          ...(usePresets || pct === 0 ? {} : { speed: SPEEDS[Math.min(2, Math.ceil(pct / 33.34) - 1)] }),
        },
      };
    }),
    ...listen(c, 'preset_mode_state_topic', 'preset_mode_value_template', (v) => ({
      attributes: usePresets ? { speed: v } : { preset: v },
    })),
  ];
  return {
    domain: 'fan',
    capabilities: caps,
    listeners,
    command(action, p) {
      if (action !== 'set_fan_speed') return [{ topic: cmd!, payload: action === 'off' ? off : on }];
      if (usePresets) return [{ topic: presetCmd, payload: String(p.speed) }];
      const pct = [33, 67, 100][SPEEDS.indexOf(String(p.speed))] ?? 100;
      return [
        { topic: pctCmd!, payload: renderCommand(str(c, 'percentage_command_template'), toDevice(pct)) },
      ];
    },
    ...(listeners.length ? {} : { assume: assumeOnOff }),
  };
}

/** The entity a component's config describes; undefined for components Hearth does not read. */
export function buildSpec(component: string, c: Config): ComponentSpec | undefined {
  switch (component) {
    case 'light': {
      const schema = str(c, 'schema') ?? 'default';
      if (schema === 'json') return jsonLight(c);
      if (schema === 'default' || schema === 'basic') return defaultLight(c);
      throw new BadConfig(`light schema ${schema} is not supported (default and json are)`);
    }
    case 'switch':
      return switchSpec(c);
    case 'sensor':
      return sensorSpec(c);
    case 'binary_sensor':
      return binarySensorSpec(c);
    case 'lock':
      return lockSpec(c);
    case 'climate':
      return climateSpec(c);
    case 'cover':
      return coverSpec(c);
    case 'fan':
      return fanSpec(c);
    default:
      return undefined;
  }
}
