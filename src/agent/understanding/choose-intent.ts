/**
 * Choosing the intent of a command from its action words (cues), its number and the kinds of
 * device it names, and which domains each intent and cue may act on.
 */
import type { NameValue } from '../intents/index-phrases.js';
import type { Cue } from './lexicon.js';
import type { Referent } from './reading.js';
import type { Item } from './tagger.js';

/** Domains each switching cue can act on. */
const SWITCHABLE = [
  'light',
  'switch',
  'fan',
  'media_player',
  'climate',
  'input_boolean',
  'humidifier',
  'siren',
  'water_heater',
  'automation',
];
const OPENABLE = ['cover', 'valve'];
const CUE_DOMAINS: Partial<Record<Cue, string[]>> = {
  on: [...SWITCHABLE, 'scene', 'script', 'vacuum'],
  off: [...SWITCHABLE, 'vacuum'],
  activate: [...SWITCHABLE, 'scene', 'script'],
  start: ['vacuum', ...SWITCHABLE, 'scene', 'script'],
  open: OPENABLE,
  close: OPENABLE,
  lock: ['lock'],
  unlock: ['lock'],
  arm: ['alarm_control_panel'],
  disarm: ['alarm_control_panel'],
  pause: ['media_player'],
  resume: ['media_player'],
  next: ['media_player'],
  previous: ['media_player'],
  dock: ['vacuum'],
};
/** The kind of device a cue means when the sentence names none ("lock up the entrance"). */
export const CUE_IMPLIES: Partial<Record<Cue, string>> = {
  lock: 'lock',
  unlock: 'lock',
  open: 'cover',
  close: 'cover',
  arm: 'alarm_control_panel',
  disarm: 'alarm_control_panel',
  pause: 'media_player',
  resume: 'media_player',
  next: 'media_player',
  previous: 'media_player',
  louder: 'media_player',
  quieter: 'media_player',
  volume: 'media_player',
  brighter: 'light',
  darker: 'light',
  brightness: 'light',
  warmer: 'climate',
  cooler: 'climate',
  temperature: 'climate',
  dock: 'vacuum',
};
/** Intents whose slots never carry the domain (Home Assistant's convention). */
export const NO_DOMAIN_SLOT = new Set([
  'HassLightSet',
  'HassClimateSetTemperature',
  'HassClimateGetTemperature',
  'HassSetVolume',
  'HassMediaPause',
  'HassMediaUnpause',
  'HassMediaNext',
  'HassMediaPrevious',
]);
export const INTENT_DOMAINS: Record<string, string[]> = {
  HassLightSet: ['light'],
  HassClimateSetTemperature: ['climate'],
  HassSetPosition: OPENABLE,
  HassSetVolume: ['media_player'],
  HassMediaPause: ['media_player'],
  HassMediaUnpause: ['media_player'],
  HassMediaNext: ['media_player'],
  HassMediaPrevious: ['media_player'],
  HassVacuumStart: ['vacuum'],
  HassVacuumReturnToBase: ['vacuum'],
};

/**
 * What a follow-up may act on: devices switched the same way as the last target ("turn off
 * the kitchen light" → "and the kettle"), never another kind of action (a lock after a light
 * would turn "off" into "unlock").
 */
export function domainsForIntent(ref: Referent): string[] {
  const t = ref.target;
  const domains = t.kind === 'entities' ? [...new Set(t.entities.map((e) => e.domain))] : [t.domain];
  if (domains.includes('*')) return SWITCHABLE;
  if (domains.every((d) => SWITCHABLE.includes(d))) return SWITCHABLE;
  if (domains.every((d) => OPENABLE.includes(d))) return OPENABLE;
  return domains;
}

/** The intent from the action words, the number and the kinds of device the sentence names. */
const SWITCHING = new Set<Cue>([
  'on',
  'off',
  'open',
  'close',
  'lock',
  'unlock',
  'arm',
  'disarm',
  'activate',
  'start',
  'pause',
  'resume',
  'dock',
  'next',
]);
export const FEELINGS = new Set<Cue>(['warmer', 'cooler', 'brighter', 'darker', 'louder', 'quieter']);

export function chooseIntent(
  said: Set<Cue>,
  number: Extract<Item, { t: 'number' }> | undefined,
  domains: Set<string>,
): { name: string; slots: Record<string, string | number>; domains: string[] } | undefined {
  // "switch off the fan, it's cold now": beside a switching word, a feeling is the reason
  const switching = [...said].some((c) => SWITCHING.has(c));
  const cues = switching && !number ? new Set([...said].filter((c) => !FEELINGS.has(c))) : said;
  const has = (c: Cue) => cues.has(c);
  const d = (x: string) => domains.has(x);
  const only = (x: string) => domains.size > 0 && [...domains].every((y) => y === x);
  const r = (name: string, slots: Record<string, string | number> = {}) => ({
    name,
    slots,
    domains: INTENT_DOMAINS[name] ?? [],
  });
  // words that pull both ways ("be a star(t) and turn the light off") are no command to act on
  const pulls = (cs: Cue[]) => cs.some(has);
  if (
    pulls(['on', 'activate', 'start', 'open', 'lock', 'arm']) &&
    pulls(['off', 'close', 'unlock', 'disarm'])
  )
    return undefined;
  if (number) {
    // "turn off the kitchen light and a half": a value and "off" make no setting
    if (has('off')) return undefined;
    const v = number.value;
    if (v < 0 || v > 100) return undefined;
    if (
      has('temperature') ||
      has('warmer') ||
      has('cooler') ||
      number.unit === 'degrees' ||
      (d('climate') && !has('volume') && !has('brightness'))
    )
      return number.unit === 'percent' ? undefined : r('HassClimateSetTemperature', { temperature: v });
    if (has('volume') || only('media_player')) return r('HassSetVolume', { volume_level: v });
    if (
      has('brightness') ||
      d('light') ||
      (domains.size === 0 && number.unit === 'percent' && (has('darker') || has('brighter')))
    )
      return r('HassLightSet', { brightness: v });
    if (d('cover') || d('valve')) return r('HassSetPosition', { position: v });
    return undefined;
  }
  const step = (up: boolean) => (up ? 'up' : 'down');
  if (has('brighter') || has('darker')) {
    if (has('brighter') && has('darker')) return undefined;
    return r('HassLightSet', { brightness_step: step(has('brighter')) });
  }
  if (has('warmer') || has('cooler')) {
    if (has('warmer') && has('cooler')) return undefined;
    return r('HassClimateSetTemperature', { temperature_step: step(has('warmer')) });
  }
  if (has('louder') || has('quieter')) return r('HassSetVolume', { volume_step: step(has('louder')) });
  if (has('up') || has('down')) {
    const up = has('up');
    if (has('up') && has('down')) return undefined;
    if (has('volume') || only('media_player')) return r('HassSetVolume', { volume_step: step(up) });
    if (has('temperature') || only('climate'))
      return r('HassClimateSetTemperature', { temperature_step: step(up) });
    if (has('brightness') || only('light')) return r('HassLightSet', { brightness_step: step(up) });
    // ("close the curtains up", "open the blinds up": the verb says the way, "up" is its particle)
    if (d('cover') && has('close') !== has('open'))
      return { name: has('open') ? 'HassTurnOn' : 'HassTurnOff', slots: {}, domains: OPENABLE };
    if (d('cover')) return { name: up ? 'HassTurnOn' : 'HassTurnOff', slots: {}, domains: OPENABLE };
    // "turn it up" with nothing else to go by is about the sound
    if (domains.size === 0) return r('HassSetVolume', { volume_step: step(up) });
    return undefined;
  }
  if (has('pause')) return r('HassMediaPause');
  if (has('resume')) return r('HassMediaUnpause');
  if (has('next')) return r('HassMediaNext');
  if (has('previous')) return r('HassMediaPrevious');
  if (has('dock')) return r('HassVacuumReturnToBase');
  // "hoover on", "get the vacuum going": a vacuum switched on starts cleaning
  if ((has('start') || (has('on') && !has('off'))) && only('vacuum')) return r('HassVacuumStart');
  if (has('start') && d('vacuum')) return r('HassVacuumStart');
  // "start it again" after a pause; "set the alarm", "alarm on" arm it; "turn the alarm off"
  // disarms it (the agent asks "yes?" before it disarms, as for any disarm)
  if (has('start') && only('media_player')) return r('HassMediaUnpause');
  if ((has('set') || has('on')) && !has('off') && only('alarm_control_panel'))
    return { name: 'HassTurnOn', slots: {}, domains: ['alarm_control_panel'] };
  if (has('off') && !has('on') && only('alarm_control_panel'))
    return { name: 'HassTurnOff', slots: {}, domains: ['alarm_control_panel'] };
  if (has('off') && only('media_player') && !has('on'))
    return { name: 'HassTurnOff', slots: {}, domains: CUE_DOMAINS.off! };
  const on = (c: Cue) => ({ name: 'HassTurnOn', slots: {}, domains: CUE_DOMAINS[c]! });
  const off = (c: Cue) => ({ name: 'HassTurnOff', slots: {}, domains: CUE_DOMAINS[c]! });
  if (has('lock')) return on('lock');
  if (has('unlock')) return off('unlock');
  if (has('arm')) return on('arm');
  if (has('disarm')) return off('disarm');
  // "close the light", "open the light": switching, as several languages say it (never a
  // thermostat's: "open the thermostat settings")
  const switched =
    domains.size > 0 && [...domains].every((x) => ['light', 'switch', 'fan', 'media_player'].includes(x));
  if (has('open') && switched && !has('close')) return on('on');
  if (has('close') && switched && !has('open')) return off('off');
  if (has('open')) return on('open');
  if (has('close')) return off('close');
  if (has('on') || has('activate') || has('start'))
    return on(has('on') ? 'on' : has('start') ? 'start' : 'activate');
  if (has('off')) {
    // "blinds off" is not a thing; "music off" is a pause on a player without power
    return off('off');
  }
  return undefined;
}

/** The kinds of device the sentence names (or the last turn acted on), for choosing the intent. */
export function domainsNamed(
  name: NameValue | undefined,
  noun: Extract<Item, { t: 'noun' }> | undefined,
  referent: Referent | undefined,
): Set<string> {
  const out = new Set<string>();
  if (name) for (const e of name.entities) out.add(e.domain);
  else if (noun) {
    out.add(noun.noun.domain);
    for (const d of noun.noun.also ?? []) out.add(d);
  } else if (referent) {
    const t = referent.target;
    if (t.kind === 'entities') for (const e of t.entities) out.add(e.domain);
    else out.add(t.domain);
  }
  return out;
}
