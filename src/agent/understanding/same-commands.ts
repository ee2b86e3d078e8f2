/**
 * How two commands of a message relate: the same devices, the same target, a step then a value
 * of the same kind, or the same command said twice. Used where parts and sentences are joined.
 */
import type { RequestReader } from './around-request.js';
import type { Reading } from './reading.js';
import type { Command } from './understand.js';

/** The ids of the devices a reading acts on (none without a target). */
function deviceIds(reader: RequestReader, r: Reading): string[] {
  if (!r.target) return [];
  const devices = r.target.kind === 'entities' ? r.target.entities : reader.stage2.membersOf(r.target);
  return devices.map((e) => e.entity_id);
}

/** Two commands of one intent on the same devices, said two ways. */
export function sameDevices(reader: RequestReader, a: Command, b: Command): boolean {
  if (a.reading.intent !== b.reading.intent || !a.reading.target || !b.reading.target) return false;
  const x = deviceIds(reader, a.reading).sort().join(' ');
  const y = deviceIds(reader, b.reading).sort().join(' ');
  const { name: _a, area: _b, floor: _c, domain: _d, device_class: _e, ...va } = a.reading.slots;
  const { name: _f, area: _g, floor: _h, domain: _i, device_class: _j, ...vb } = b.reading.slots;
  return x.length > 0 && x === y && JSON.stringify(va) === JSON.stringify(vb);
}

/** Two commands on the same devices, whatever each does. */
export function sameTarget(reader: RequestReader, a: Command, b: Command): boolean {
  const x = deviceIds(reader, a.reading).sort().join(' ');
  return x.length > 0 && x === deviceIds(reader, b.reading).sort().join(' ');
}

/** Whether two commands act on one device at least, whatever each does. */
export function shareDevices(reader: RequestReader, a: Command, b: Command): boolean {
  const mine = new Set(deviceIds(reader, a.reading));
  return deviceIds(reader, b.reading).some((id) => mine.has(id));
}

/** A step ("darker", "up a bit") and then a value of the same kind for the same devices. */
export function stepThenValue(reader: RequestReader, a: Command, b: Command): boolean {
  const step = Object.keys(a.reading.slots).find((k) => k.endsWith('_step'));
  const value = step?.replace(/_step$/, '');
  if (!step || !value || !(value in b.reading.slots) || step in b.reading.slots) return false;
  const { [step]: _s, ...restA } = a.reading.slots;
  const { [value]: _v, ...restB } = b.reading.slots;
  const without = (c: Command, slots: Record<string, string | number>) => ({
    ...c,
    reading: { ...c.reading, slots },
  });
  return sameDevices(reader, without(a, restA), without(b, restB));
}

/**
 * An opening or a switching on, and then how far for the same devices: "bedroom curtain open
 * little bit, twenty percent", "put the lamp on, fifty percent" — one command, to that value.
 */
export function onThenValue(reader: RequestReader, a: Command, b: Command): boolean {
  if (a.reading.intent !== 'HassTurnOn') return false;
  const value =
    (b.reading.intent === 'HassSetPosition' && 'position' in b.reading.slots) ||
    (b.reading.intent === 'HassLightSet' && 'brightness' in b.reading.slots);
  return value && sameTarget(reader, a, b);
}

/** The same intent with the same slots. */
export function sameCommand(a: Command, b: Command): boolean {
  return (
    a.reading.intent === b.reading.intent &&
    JSON.stringify(a.reading.slots) === JSON.stringify(b.reading.slots)
  );
}
