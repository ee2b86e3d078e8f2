/**
 * From a recognised intent to device commands: which entities the slots point at, and which
 * action (from the home core's action catalogue) each gets. Pure functions over a registry
 * view, so the mapping is unit-tested without a running home.
 */
import type { HomeAccess, HomeEntityView } from './home-access.js';
import type { IntentResult } from './intents/engine.js';
import type { IntentRegistry } from './intents/registry.js';
import type { Reading } from './understanding/reading.js';

export interface PlannedCommand {
  entity_id: string;
  action: string;
  params: Record<string, unknown>;
}

/** Domains an intent acts on when the sentence names no domain. */
const INTENT_DOMAINS: Record<string, string[]> = {
  HassLightSet: ['light'],
  HassClimateSetTemperature: ['climate'],
  HassClimateGetTemperature: ['climate'],
  HassSetPosition: ['cover', 'valve'],
  HassMediaPause: ['media_player'],
  HassMediaUnpause: ['media_player'],
  HassMediaNext: ['media_player'],
  HassMediaPrevious: ['media_player'],
  HassSetVolume: ['media_player'],
  HassVacuumStart: ['vacuum'],
  HassVacuumReturnToBase: ['vacuum'],
};

/**
 * A temperature said in the other scale than the device's: 68 to a °C thermostat is 68 °F
 * (20 °C), as nobody heats a room to 68 °C; 21 to a °F thermostat is 21 °C (70 °F). A number
 * within the device's own range (min_temp–max_temp, when it has them) is kept as said.
 */
export function inUnitOf(e: HomeEntityView, said: number): number {
  const fahrenheit = e.attributes.unit_of_measurement === '°F';
  // within the device's own range (a pool heater's 45 °C), it is meant as said
  const min = e.attributes.min_temp;
  const max = e.attributes.max_temp;
  if (typeof min === 'number' && typeof max === 'number' && said >= min && said <= max) return said;
  if (!fahrenheit && said >= 45 && said <= 95) return Math.round((((said - 32) * 5) / 9) * 2) / 2;
  if (fahrenheit && said >= 5 && said <= 35) return Math.round((said * 9) / 5 + 32);
  return said;
}

/** A reading in the shape plan() reads. */
export function asResult(r: Reading): IntentResult {
  return { intent: r.intent, slots: r.slots, entity_ids: r.entity_ids, fuzzy: false };
}

export function targetEntities(r: IntentResult, reg: IntentRegistry): string[] {
  if (r.entity_ids.length > 0) return r.entity_ids;
  const s = r.slots;
  const domains = typeof s.domain === 'string' ? [s.domain] : INTENT_DOMAINS[r.intent ?? ''];
  if (!domains) return [];
  const areaIds = new Set<string>();
  if (typeof s.area === 'string') {
    const key = s.area.toLowerCase();
    for (const a of reg.areas) if (a.name.toLowerCase() === key || a.id === s.area) areaIds.add(a.id);
  }
  if (typeof s.floor === 'string') {
    const key = s.floor.toLowerCase();
    const floors = new Set(reg.floors.filter((f) => f.name.toLowerCase() === key).map((f) => f.id));
    for (const a of reg.areas) if (a.floor && floors.has(a.floor)) areaIds.add(a.id);
  }
  const placed = typeof s.area === 'string' || typeof s.floor === 'string';
  return reg.entities
    .filter((e) => domains.includes(e.domain))
    .filter((e) => typeof s.device_class !== 'string' || e.device_class === s.device_class)
    .filter((e) => !placed || (e.area != null && areaIds.has(e.area)))
    .map((e) => e.entity_id);
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The first action of `prefs` the entity supports, else the first of `prefs`. */
function pick(e: HomeEntityView, prefs: string[]): string {
  return prefs.find((a) => e.actions.includes(a)) ?? prefs[0]!;
}

export function commandFor(
  intent: string,
  slots: IntentResult['slots'],
  e: HomeEntityView,
): PlannedCommand | undefined {
  const id = e.entity_id;
  const c = (action: string, params: Record<string, unknown> = {}): PlannedCommand => ({
    entity_id: id,
    action,
    params,
  });
  switch (intent) {
    case 'HassTurnOn':
    case 'HassTurnOff': {
      const on = intent === 'HassTurnOn';
      if (e.domain === 'scene') return on ? c('activate') : undefined;
      if (e.domain === 'cover' || e.domain === 'valve') return c(on ? 'open' : 'close');
      if (e.domain === 'lock') return c(on ? 'lock' : 'unlock');
      if (e.domain === 'alarm_control_panel') return c(on ? 'arm_away' : 'disarm');
      if (e.domain === 'vacuum') return c(on ? pick(e, ['start', 'on']) : pick(e, ['return_to_base', 'off']));
      if (e.domain === 'media_player' && !e.actions.includes(on ? 'on' : 'off'))
        return c(on ? 'play' : 'pause');
      return c(on ? 'on' : 'off');
    }
    case 'HassLightSet': {
      if (typeof slots.color === 'string') return c('set_color', { color: slots.color });
      if (typeof slots.brightness === 'number')
        return slots.brightness === 0 ? c('off') : c('dim', { brightness: slots.brightness });
      const step = slots.brightness_step;
      if (step === 'up' || step === 'down') {
        const cur = e.state === 'on' ? num(e.attributes.brightness, 100) : 0;
        const by = num(slots.step_size, 25);
        const next = Math.max(0, Math.min(100, cur + (step === 'up' ? by : -by)));
        return next === 0 ? c('off') : c('dim', { brightness: next });
      }
      return undefined;
    }
    case 'HassClimateSetTemperature': {
      if (typeof slots.temperature === 'number')
        return c('set_temperature', { temperature: inUnitOf(e, slots.temperature) });
      const step = slots.temperature_step;
      if (step !== 'up' && step !== 'down') return undefined;
      const cur = num(e.attributes.temperature, num(e.attributes.current_temperature, 20));
      const by = num(slots.step_size, 1);
      return c('set_temperature', { temperature: cur + (step === 'up' ? by : -by) });
    }
    case 'HassSetPosition':
      return typeof slots.position === 'number' ? c('set_position', { position: slots.position }) : undefined;
    case 'HassMediaPause':
      return c('pause');
    case 'HassMediaUnpause':
      return c('play');
    case 'HassMediaNext':
      return c('next');
    case 'HassMediaPrevious':
      return c('previous');
    case 'HassSetVolume': {
      if (typeof slots.volume_level === 'number') return c('set_volume', { volume: slots.volume_level });
      const step = slots.volume_step;
      if (step !== 'up' && step !== 'down') return undefined;
      const cur = num(e.attributes.volume, num(e.attributes.volume_level, 50));
      const by = num(slots.step_size, 10);
      return c('set_volume', { volume: Math.max(0, Math.min(100, cur + (step === 'up' ? by : -by))) });
    }
    case 'HassVacuumStart':
      return c(pick(e, ['start', 'on']));
    case 'HassVacuumReturnToBase':
      return c(pick(e, ['return_to_base', 'off']));
    default:
      return undefined;
  }
}

/** Commands that need an explicit "yes" first: unlocking, opening a garage door or gate, disarming. */
export function needsConfirmation(cmd: PlannedCommand, e: HomeEntityView): boolean {
  if (cmd.action === 'unlock' || cmd.action === 'disarm') return true;
  if (cmd.action === 'open' && e.domain === 'cover') {
    const dc = e.attributes.device_class;
    return dc === 'garage' || dc === 'gate' || /garage/i.test(e.name) || e.entity_id.includes('garage');
  }
  return false;
}

export function plan(
  r: IntentResult,
  home: HomeAccess,
): { commands: PlannedCommand[]; entities: HomeEntityView[] } {
  const ids = targetEntities(r, home.registry());
  const entities = ids.map((id) => home.entity(id)).filter((e): e is HomeEntityView => e !== undefined);
  const commands: PlannedCommand[] = [];
  for (const e of entities) {
    const cmd = commandFor(r.intent ?? '', r.slots, e);
    if (cmd) commands.push(cmd);
  }
  return { commands, entities };
}
