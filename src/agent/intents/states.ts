/**
 * What a state word means for a kind of entity: "open" is `on` for a door sensor but `open`
 * for a cover; "locked" is `locked` for a lock but `off` for a lock sensor (on = unlocked).
 * Keys are `domain` or `domain:device_class`; data only, Home Assistant state strings.
 */
const ONOFF = { on: 'on', off: 'off', 'turned on': 'on', 'turned off': 'off', active: 'on', inactive: 'off' };
const bs = (on: string[], off: string[]): Record<string, string> => ({
  ...ONOFF,
  ...Object.fromEntries(on.map((w) => [w, 'on'])),
  ...Object.fromEntries(off.map((w) => [w, 'off'])),
});
const OPENING = bs(['open', 'opened'], ['closed', 'shut']);

export const STATE_WORDS: Record<string, Record<string, string>> = {
  light: ONOFF,
  switch: ONOFF,
  fan: ONOFF,
  input_boolean: ONOFF,
  automation: ONOFF,
  siren: ONOFF,
  script: ONOFF,
  // ("are the blinds up": open)
  cover: { open: 'open', opened: 'open', closed: 'closed', shut: 'closed', up: 'open', down: 'closed' },
  valve: { open: 'open', opened: 'open', closed: 'closed', shut: 'closed' },
  lock: { locked: 'locked', unlocked: 'unlocked', jammed: 'jammed' },
  person: {
    home: 'home',
    'at home': 'home',
    present: 'home',
    away: 'not_home',
    gone: 'not_home',
    'not home': 'not_home',
  },
  // "armed" in whichever mode (replies.ts `inState`)
  alarm_control_panel: { armed: 'armed', disarmed: 'disarmed', triggered: 'triggered' },
  media_player: { on: 'on', off: 'off', playing: 'playing', paused: 'paused', idle: 'idle' },
  vacuum: { cleaning: 'cleaning', docked: 'docked', idle: 'idle' },
  climate: { off: 'off', heating: 'heat', cooling: 'cool' },
  binary_sensor: ONOFF,
  'binary_sensor:battery': bs(['low'], ['normal', 'charged', 'ok']),
  'binary_sensor:battery_charging': bs(['charging'], ['not charging']),
  'binary_sensor:carbon_monoxide': bs(['detected', 'triggered'], ['clear']),
  'binary_sensor:cold': bs(['cold'], ['normal']),
  'binary_sensor:connectivity': bs(['connected', 'online'], ['disconnected', 'offline']),
  'binary_sensor:door': OPENING,
  'binary_sensor:garage_door': OPENING,
  'binary_sensor:opening': OPENING,
  'binary_sensor:window': OPENING,
  'binary_sensor:gas': bs(['detected', 'triggered'], ['clear']),
  'binary_sensor:heat': bs(['hot'], ['normal']),
  'binary_sensor:light': bs(['detected'], []),
  'binary_sensor:lock': bs(['unlocked'], ['locked']),
  'binary_sensor:moisture': bs(['wet', 'flooded', 'leaking', 'detected'], ['dry']),
  'binary_sensor:motion': bs(['detected', 'triggered'], ['clear']),
  'binary_sensor:occupancy': bs(['occupied', 'detected', 'triggered'], ['clear', 'unoccupied', 'empty']),
  'binary_sensor:plug': bs(['plugged in'], ['unplugged']),
  'binary_sensor:power': bs(['detected', 'powered on'], ['powered off']),
  'binary_sensor:presence': bs(['home', 'present', 'at home', 'detected'], ['away', 'gone', 'not home']),
  'binary_sensor:problem': bs(['problem'], ['ok']),
  'binary_sensor:running': bs(['running'], ['not running']),
  'binary_sensor:safety': bs(['unsafe'], ['safe']),
  'binary_sensor:smoke': bs(['detected', 'triggered'], ['clear']),
  'binary_sensor:sound': bs(['detected', 'triggered'], ['clear']),
  'binary_sensor:tamper': bs(['tampered', 'detected'], ['clear']),
  'binary_sensor:update': bs(['available'], ['up to date']),
  'binary_sensor:vibration': bs(['vibrating', 'detected'], ['still']),
};

export interface Kind {
  domain: string;
  device_class?: string | null;
}

/** The Home Assistant state a word means for this kind of entity, if it means one. */
export function stateFor(kind: Kind, word: string): string | undefined {
  if (kind.device_class) {
    const specific = STATE_WORDS[`${kind.domain}:${kind.device_class}`]?.[word];
    if (specific) return specific;
    if (kind.domain === 'binary_sensor') return ONOFF[word as keyof typeof ONOFF];
  }
  return STATE_WORDS[kind.domain]?.[word];
}

/** Every kind that understands a word (for "is anything vibrating?"). */
export function kindsFor(word: string): Kind[] {
  const out: Kind[] = [];
  for (const [key, table] of Object.entries(STATE_WORDS)) {
    if (!(word in table)) continue;
    const [domain, device_class] = key.split(':');
    out.push({ domain: domain!, device_class: device_class ?? null });
  }
  return out;
}
