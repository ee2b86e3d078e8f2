import { createHash } from 'node:crypto';
import type { DeviceAnnouncement, EntityAnnouncement } from './integration.js';
import { DOMAINS } from './domains.js';
import type { Attributes, Capabilities, EntityState } from './types.js';

/**
 * Bounds on what devices and bridges say. Names, ids and payloads from MQTT (Zigbee2MQTT,
 * Z-Wave JS UI, Home Assistant discovery) and any later integration are untrusted: one retained
 * config with a 64 KB name must not reach the registry, the agent's indexes or the dashboard.
 * The integration host applies these to every announcement and report, so each integration gets
 * them without doing anything; the numbers match what REST accepts from people.
 */
export const DEVICE_LIMITS = {
  /** Entity, device and area names (REST allows 100 for a person's rename). */
  name: 100,
  /** An integration's own ids (unique_id, device id); longer ids are shortened with a hash. */
  id: 200,
  /** Suggested object id (the part after the dot of an entity id). */
  objectId: 100,
  manufacturerOrModel: 100,
  identifiers: 16,
  identifierValue: 256,
  labels: 32,
  label: 64,
  /** String states (`on`, `heat`, a sensor's text). */
  state: 255,
  attributes: 64,
  attributeKey: 64,
  attributeString: 1_024,
  /** A structured attribute value (a list, an object), as JSON. */
  attributeJson: 4_096,
  /** Entries of a capability list (actions, presets, modes, fan speeds) and their length. */
  listItems: 64,
  listItem: 64,
} as const;

/** What was changed to fit, for one log line per entity (`undefined` when nothing was). */
export type Trimmed = string[];

// C0/C1 controls, bidi overrides and other invisible formatting: nothing a name needs.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/** Cuts `text` to `max` characters without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}

/** A display name: a string, without control characters, single spaces, at most `DEVICE_LIMITS.name`. */
export function boundName(value: unknown, fallback: string, trimmed: Trimmed, what = 'name'): string {
  if (typeof value !== 'string') {
    trimmed.push(`${what} was not text`);
    return boundName(fallback, 'unnamed', trimmed, what);
  }
  // Cut before the regexes so their cost does not depend on what a device sent.
  const head = value.length > DEVICE_LIMITS.name * 4 ? value.slice(0, DEVICE_LIMITS.name * 4) : value;
  const clean = head.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const out = cut(clean, DEVICE_LIMITS.name).trimEnd();
  if (value.length > DEVICE_LIMITS.name) trimmed.push(`${what} cut from ${value.length} characters`);
  return out === '' ? (fallback === value ? 'unnamed' : boundName(fallback, 'unnamed', trimmed, what)) : out;
}

/** Untrusted text for a log line: a string as it is, anything else as `String()` makes it. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/** A stable id: kept as it is when short; otherwise its head and a hash of the whole (still unique). */
export function boundId(value: unknown, trimmed: Trimmed, what = 'id'): string {
  const text = asText(value);
  if (typeof value !== 'string') trimmed.push(`${what} was not text`);
  if (text.length <= DEVICE_LIMITS.id && !HAS_CONTROL.test(text)) return text;
  trimmed.push(`${what} shortened from ${text.length} characters`);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return `${cut(text.slice(0, DEVICE_LIMITS.id).replace(CONTROL, ''), DEVICE_LIMITS.id - 17)}~${hash}`;
}

function boundText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  return cut(value, max);
}

function boundList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value) {
    if (out.length >= DEVICE_LIMITS.listItems) break;
    if (typeof v === 'string' && v !== '') out.push(cut(v, DEVICE_LIMITS.listItem));
  }
  return out;
}

/** A state: finite numbers and strings up to `DEVICE_LIMITS.state`; anything else is no state. */
export function boundState(value: unknown, trimmed: Trimmed): EntityState | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'string') {
    if (value.length > DEVICE_LIMITS.state) trimmed.push(`state cut from ${value.length} characters`);
    return cut(value, DEVICE_LIMITS.state);
  }
  trimmed.push('state was not a number or text');
  return null;
}

/** Attributes: at most `DEVICE_LIMITS.attributes` keys; long strings cut, big structures dropped. */
export function boundAttributes(value: unknown, trimmed: Trimmed): Attributes | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    trimmed.push('attributes were not an object');
    return undefined;
  }
  const out: Attributes = {};
  let count = 0;
  for (const key in value as Record<string, unknown>) {
    if (!Object.hasOwn(value, key)) continue;
    if (count >= DEVICE_LIMITS.attributes) {
      trimmed.push(`attributes beyond ${DEVICE_LIMITS.attributes} dropped`);
      break;
    }
    if (key.length > DEVICE_LIMITS.attributeKey || key === '__proto__') {
      trimmed.push('an attribute with an overlong name dropped');
      continue;
    }
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string') {
      if (v.length > DEVICE_LIMITS.attributeString) trimmed.push(`attribute ${key} cut`);
      out[key] = cut(v, DEVICE_LIMITS.attributeString);
    } else if (v === null || typeof v === 'boolean') out[key] = v;
    else if (typeof v === 'number') out[key] = Number.isFinite(v) ? v : null;
    else if (typeof v === 'object') {
      const json = safeJson(v);
      if (json === undefined || json.length > DEVICE_LIMITS.attributeJson) {
        trimmed.push(`attribute ${key} too large; dropped`);
        continue;
      }
      out[key] = v;
    } else continue;
    count++;
  }
  return out;
}

function safeJson(v: unknown): string | undefined {
  try {
    return JSON.stringify(v);
  } catch {
    return undefined;
  }
}

/** Capabilities as a device announced them: possibly missing (untrusted). */
function boundCapabilities(c: Capabilities | undefined): Capabilities {
  const out: Capabilities = { ...c, actions: boundList(c?.actions) };
  for (const k of ['hvac_modes', 'presets', 'fan_speeds'] as const)
    if (c?.[k] !== undefined) out[k] = boundList(c[k]);
  return out;
}

export function boundDevice(d: DeviceAnnouncement, trimmed: Trimmed): DeviceAnnouncement {
  const id = boundId(d.id, trimmed, 'device id');
  const identifiers: Record<string, string> = {};
  if (d.identifiers && typeof d.identifiers === 'object') {
    for (const [k, v] of Object.entries(d.identifiers).slice(0, DEVICE_LIMITS.identifiers))
      if (typeof v === 'string')
        identifiers[cut(k, DEVICE_LIMITS.attributeKey)] = cut(v, DEVICE_LIMITS.identifierValue);
  }
  return {
    id,
    name: boundName(d.name, id, trimmed, 'device name'),
    manufacturer: boundText(d.manufacturer, DEVICE_LIMITS.manufacturerOrModel),
    model: boundText(d.model, DEVICE_LIMITS.manufacturerOrModel),
    identifiers,
    ...(d.area ? { area: boundName(d.area, 'unnamed', trimmed, 'area') } : {}),
  };
}

/** An entity announcement within bounds; `undefined` when it cannot be one (an unknown domain). */
export function boundEntity(e: EntityAnnouncement, trimmed: Trimmed): EntityAnnouncement | undefined {
  if (!(DOMAINS as readonly string[]).includes(e.domain)) {
    trimmed.push(`unknown domain ${asText(e.domain).slice(0, 32)}`);
    return undefined;
  }
  const unique_id = boundId(e.unique_id, trimmed, 'unique_id');
  const attributes = boundAttributes(e.attributes, trimmed);
  const labels = e.labels ? boundList(e.labels).slice(0, DEVICE_LIMITS.labels) : undefined;
  return {
    unique_id,
    domain: e.domain,
    name: boundName(e.name, unique_id, trimmed),
    ...(typeof e.object_id === 'string' && e.object_id !== ''
      ? { object_id: cut(e.object_id, DEVICE_LIMITS.objectId) }
      : {}),
    device_id: e.device_id == null ? null : boundId(e.device_id, trimmed, 'device id'),
    ...(e.area ? { area: boundName(e.area, 'unnamed', trimmed, 'area') } : {}),
    capabilities: boundCapabilities(e.capabilities),
    ...(labels ? { labels: labels.map((l) => cut(l, DEVICE_LIMITS.label)) } : {}),
    ...(attributes ? { attributes } : {}),
  };
}
