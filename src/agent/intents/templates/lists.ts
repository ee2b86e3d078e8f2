/**
 * Static slot lists, expansion rules and skip words (data only). Entity names, areas and
 * floors are not here: they come live from the registry. Phrases are normalised like input.
 *
 * A list value that is an object is spread into the intent's slots (e.g. "curtains" →
 * {domain: cover, device_class: curtain}); a scalar value is stored under the slot's name.
 * Slots whose name starts with "_" are matched but not reported.
 */

export interface ListDef {
  /** phrase → value */
  values?: Record<string, unknown>;
  /** Numbers in this range (digits or number words) are accepted as values. */
  range?: [number, number];
}

/** Words a speaker adds without changing the meaning; the matcher may skip them anywhere. */
export const SKIP_WORDS = [
  'the', 'my', 'our', 'your', 'please', 'a', 'an', 'kindly', 'just', 'currently', 'now', 'securely',
  'hey', 'ok', 'okay', 'so', 'some', 'actually', 'quickly', 'thanks', 'pls', 'plz',
];

/** Multi-word skip phrases, collapsed to one skip token before matching. */
export const SKIP_PHRASES = [
  'can you', 'could you', 'would you', 'will you', 'can u', 'for me', 'i want', 'i would like', 'i wish',
  'right now', 'at the moment', 'go ahead and', 'thank you', 'i need you to', 'i want you to', 'would you mind',
  'do me a favor and', 'if you can', 'if you could', 'if possible', 'be so kind and', 'is it possible to',
];

const plural = (words: Record<string, unknown>): Record<string, unknown> => words;

export const LISTS: Record<string, ListDef> = {
  device_noun: {
    values: plural({
      // singular nouns remember the word: "turn on the lamp" with no place asks which lamp
      light: { domain: 'light', _singular: 'light' }, lights: { domain: 'light' }, lighting: { domain: 'light' },
      lamp: { domain: 'light', _singular: 'lamp' }, lamps: { domain: 'light' },
      fan: { domain: 'fan', _singular: 'fan' }, fans: { domain: 'fan' },
      switch: { domain: 'switch', _singular: 'switch' }, switches: { domain: 'switch' },
      plug: { domain: 'switch', _singular: 'plug' }, plugs: { domain: 'switch' },
      outlet: { domain: 'switch', _singular: 'outlet' }, outlets: { domain: 'switch' },
    }),
  },
  light_noun: { values: { light: true, lights: true, lighting: true, lamp: true, lamps: true } },
  /** After a name: "play corner lights", "party mode scene". */
  name_noun: {
    values: {
      light: true, lights: true, lamp: true, switch: true, fan: true, scene: true, script: true,
      device: true, blind: true, blinds: true, curtain: true, curtains: true, valve: true, lock: true,
    },
  },
  cover_noun: {
    values: {
      curtain: { domain: 'cover', device_class: 'curtain' }, curtains: { domain: 'cover', device_class: 'curtain' },
      drapes: { domain: 'cover', device_class: 'curtain' },
      blind: { domain: 'cover', device_class: 'blind' }, blinds: { domain: 'cover', device_class: 'blind' },
      shade: { domain: 'cover', device_class: 'shade' }, shades: { domain: 'cover', device_class: 'shade' },
      window: { domain: 'cover', device_class: 'window' }, windows: { domain: 'cover', device_class: 'window' },
      'garage door': { domain: 'cover', device_class: 'garage' }, 'garage doors': { domain: 'cover', device_class: 'garage' },
      garage: { domain: 'cover', device_class: 'garage' },
      door: { domain: 'cover', device_class: 'door' }, doors: { domain: 'cover', device_class: 'door' },
      gate: { domain: 'cover', device_class: 'gate' }, gates: { domain: 'cover', device_class: 'gate' },
      shutter: { domain: 'cover', device_class: 'shutter' }, shutters: { domain: 'cover', device_class: 'shutter' },
      awning: { domain: 'cover', device_class: 'awning' }, awnings: { domain: 'cover', device_class: 'awning' },
      cover: { domain: 'cover' }, covers: { domain: 'cover' },
    },
  },
  lock_noun: { values: { lock: true, locks: true, door: true, doors: true } },
  media_noun: {
    values: {
      music: true, media: true, show: true, song: true, movie: true, video: true, playback: true, podcast: true,
      'media player': true, 'media players': true, player: true, speaker: true, speakers: true, audio: true,
    },
  },
  color: {
    values: Object.fromEntries([
      'white', 'black', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'brown', 'pink', 'turquoise',
      'cyan', 'magenta', 'violet', 'gold', 'indigo', 'lime', 'teal', 'amber', 'lavender', 'gray', 'grey',
      'warm white', 'cool white', 'cold white',
    ].map((c) => [c, c])),
  },
  brightness: {
    range: [0, 100],
    values: {
      max: 100, maximum: 100, highest: 100, full: 100, brightest: 100, 'full brightness': 100, '100': 100,
      min: 1, minimum: 1, lowest: 1, dimmest: 1, half: 50,
    },
  },
  position: { range: [0, 100], values: { half: 50, halfway: 50, 'half way': 50, fully: 100 } },
  volume: { range: [0, 100], values: { max: 100, maximum: 100, full: 100, half: 50, min: 1, minimum: 1 } },
  temperature: { range: [0, 100] },
  /** State words; the state they stand for depends on the entity (see states.ts). */
  state_word: {
    values: Object.fromEntries([
      'on', 'off', 'open', 'closed', 'locked', 'unlocked', 'low', 'normal', 'charged', 'charging', 'detected',
      'triggered', 'clear', 'cold', 'hot', 'connected', 'disconnected', 'online', 'offline', 'wet', 'dry',
      'flooded', 'leaking', 'occupied', 'unoccupied', 'empty', 'plugged in', 'unplugged', 'powered on',
      'powered off', 'running', 'not running', 'safe', 'unsafe', 'vibrating', 'up to date', 'available',
      'home', 'at home', 'away', 'gone', 'not home', 'present', 'tampered', 'opened', 'shut', 'turned on',
      'turned off', 'active', 'inactive', 'playing', 'paused', 'idle', 'cleaning', 'docked', 'heating',
      'cooling', 'problem', 'ok', 'not charging', 'jammed',
    ].map((w) => [w, w])),
  },
  /** Group nouns in questions: which (domain, device_class) they can mean, most likely first. */
  state_noun: {
    values: {
      battery: [{ domain: 'binary_sensor', device_class: 'battery' }, { domain: 'binary_sensor', device_class: 'battery_charging' }],
      batteries: [{ domain: 'binary_sensor', device_class: 'battery' }, { domain: 'binary_sensor', device_class: 'battery_charging' }],
      'carbon monoxide sensors': [{ domain: 'binary_sensor', device_class: 'carbon_monoxide' }],
      'co sensors': [{ domain: 'binary_sensor', device_class: 'carbon_monoxide' }],
      'carbon monoxide detectors': [{ domain: 'binary_sensor', device_class: 'carbon_monoxide' }],
      things: [
        { domain: 'binary_sensor', device_class: 'cold' }, { domain: 'binary_sensor', device_class: 'heat' },
        { domain: 'binary_sensor', device_class: 'vibration' }, { domain: 'binary_sensor', device_class: 'moisture' },
      ],
      devices: [
        { domain: 'binary_sensor', device_class: 'connectivity' }, { domain: 'binary_sensor', device_class: 'plug' },
        { domain: 'binary_sensor', device_class: 'power' }, { domain: 'binary_sensor', device_class: 'presence' },
        { domain: 'binary_sensor', device_class: 'running' },
      ],
      lights: [{ domain: 'light' }, { domain: 'binary_sensor', device_class: 'light' }],
      light: [{ domain: 'light' }, { domain: 'binary_sensor', device_class: 'light' }],
      'water sensor': [{ domain: 'binary_sensor', device_class: 'moisture' }],
      'water sensors': [{ domain: 'binary_sensor', device_class: 'moisture' }],
      'leak sensors': [{ domain: 'binary_sensor', device_class: 'moisture' }],
      'leak sensor': [{ domain: 'binary_sensor', device_class: 'moisture' }],
      'moisture sensors': [{ domain: 'binary_sensor', device_class: 'moisture' }],
      floor: [{ domain: 'binary_sensor', device_class: 'moisture' }],
      'motion sensors': [{ domain: 'binary_sensor', device_class: 'motion' }],
      'occupancy sensors': [{ domain: 'binary_sensor', device_class: 'occupancy' }],
      'presence sensors': [{ domain: 'binary_sensor', device_class: 'presence' }],
      openings: [{ domain: 'binary_sensor', device_class: 'opening' }],
      'smoke sensors': [{ domain: 'binary_sensor', device_class: 'smoke' }],
      'smoke detectors': [{ domain: 'binary_sensor', device_class: 'smoke' }],
      'smoke alarms': [{ domain: 'binary_sensor', device_class: 'smoke' }],
      'sound sensors': [{ domain: 'binary_sensor', device_class: 'sound' }],
      'gas sensors': [{ domain: 'binary_sensor', device_class: 'gas' }],
      updates: [{ domain: 'binary_sensor', device_class: 'update' }],
      power: [{ domain: 'binary_sensor', device_class: 'power' }],
      switches: [{ domain: 'switch' }], switch: [{ domain: 'switch' }],
      fans: [{ domain: 'fan' }], fan: [{ domain: 'fan' }],
      doors: [{ domain: 'lock' }, { domain: 'binary_sensor', device_class: 'door' }, { domain: 'cover', device_class: 'door' }],
      door: [{ domain: 'lock' }, { domain: 'binary_sensor', device_class: 'door' }, { domain: 'cover', device_class: 'door' }],
      locks: [{ domain: 'lock' }], lock: [{ domain: 'lock' }],
      windows: [{ domain: 'binary_sensor', device_class: 'window' }, { domain: 'cover', device_class: 'window' }],
      window: [{ domain: 'binary_sensor', device_class: 'window' }, { domain: 'cover', device_class: 'window' }],
      curtains: [{ domain: 'cover', device_class: 'curtain' }], curtain: [{ domain: 'cover', device_class: 'curtain' }],
      shades: [{ domain: 'cover', device_class: 'shade' }], shade: [{ domain: 'cover', device_class: 'shade' }],
      blinds: [{ domain: 'cover', device_class: 'blind' }], blind: [{ domain: 'cover', device_class: 'blind' }],
      'garage doors': [{ domain: 'cover', device_class: 'garage' }, { domain: 'binary_sensor', device_class: 'garage_door' }],
      'garage door': [{ domain: 'cover', device_class: 'garage' }, { domain: 'binary_sensor', device_class: 'garage_door' }],
      covers: [{ domain: 'cover' }],
      people: [{ domain: 'person' }], persons: [{ domain: 'person' }],
      valves: [{ domain: 'valve' }],
    },
  },
  /** "is there any smoke in the kitchen": something sensed, state on. */
  sensed: {
    values: {
      'carbon monoxide': { domain: 'binary_sensor', device_class: 'carbon_monoxide' },
      co: { domain: 'binary_sensor', device_class: 'carbon_monoxide' },
      gas: { domain: 'binary_sensor', device_class: 'gas' },
      smoke: { domain: 'binary_sensor', device_class: 'smoke' },
      fire: { domain: 'binary_sensor', device_class: 'smoke' },
      motion: { domain: 'binary_sensor', device_class: 'motion' },
      movement: { domain: 'binary_sensor', device_class: 'motion' },
      leak: { domain: 'binary_sensor', device_class: 'moisture' },
      water: { domain: 'binary_sensor', device_class: 'moisture' },
      noise: { domain: 'binary_sensor', device_class: 'sound' },
      sound: { domain: 'binary_sensor', device_class: 'sound' },
      occupancy: { domain: 'binary_sensor', device_class: 'occupancy' },
      presence: { domain: 'binary_sensor', device_class: 'presence' },
      vibration: { domain: 'binary_sensor', device_class: 'vibration' },
      light: { domain: 'binary_sensor', device_class: 'light' },
      tampering: { domain: 'binary_sensor', device_class: 'tamper' },
    },
  },
};

/** Expansion rules, compiled in order (a rule may use the rules above it). */
export const RULES: Record<string, string> = {
  house: '(house|home|apartment|flat|place)',
  everywhere: '{#everywhere} (everywhere|all over|in all (rooms|areas)|[in|across|throughout|around] [entire|whole] <house>|[in|across|throughout] (every|each|all) (room|rooms|area|areas) [in <house>])',
  here: '{#here} (in here|here|[in] this (room|space|area)|in room)',
  area: '[in|on|at|of|from|for] {area}',
  floor: '[in|on|at|of|from|for] {floor}',
  loc: '(<area>|<floor>|<here>|<everywhere>)',
  all: '{#all} (all [of]|every [single]|each [and every])',
  place: '({area}|{floor}|{#everywhere} <house>)',
  turn: '(turn|switch|put|bring|flip|set)',
  activate: '(activate|enable|start|power on|switch on|turn on|fire up|launch)',
  deactivate: '(deactivate|disable|power off|kill|shut off|shut down|switch off|turn off)',
  off: '(off|out)',
  bit: '[(bit|little|tad|touch|slightly|lot)] [more]',
  is: '(is|are)',
  open_verb: '(open|raise|lift|roll up|pull up)',
  close_verb: '(close|shut|lower|roll down|pull down|draw)',
  set: '(set|change|turn|make|put|adjust|move|bring)',
};
