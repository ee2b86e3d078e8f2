import { isObject } from '../mqtt/topics.js';
import { ABBREVIATIONS, AVAILABILITY_ABBREVIATIONS, DEVICE_ABBREVIATIONS } from './abbreviations.js';
import { text as textOf } from '../../text.js';

/**
 * Reading a Home Assistant discovery config: the topic, the abbreviated keys, the `~` base
 * topic, and the one template form Hearth understands. Pure.
 */
export type Config = Record<string, unknown>;

/** A config Hearth cannot use (a missing topic, a wrong type). */
export class BadConfig extends Error {}
/** A state payload that does not fit its config. */
export class BadPayload extends Error {}

const SEGMENT = /^[a-zA-Z0-9_-]+$/;

/** `<prefix>/<component>/[<node_id>/]<object_id>/config` → its parts (HA's own matcher), or undefined. */
export function parseConfigTopic(
  prefix: string,
  topic: string,
): { component: string; nodeId: string | null; objectId: string; key: string } | undefined {
  if (!topic.startsWith(prefix + '/') || !topic.endsWith('/config')) return undefined;
  const parts = topic.slice(prefix.length + 1, -7).split('/');
  if (parts.length !== 2 && parts.length !== 3) return undefined;
  if (!/^\w+$/.test(parts[0]!) || !parts.slice(1).every((p) => SEGMENT.test(p))) return undefined;
  const [component, a, b] = parts as [string, string, string | undefined];
  return { component, nodeId: b === undefined ? null : a, objectId: b ?? a, key: parts.join('/') };
}

function expandKeys(raw: Record<string, unknown>, table: Record<string, string>): Config {
  const out: Config = {};
  for (const [k, v] of Object.entries(raw)) out[table[k] ?? k] = v;
  return out;
}

/** `~/state` or `state/~` → the base topic substituted, as HA does for every key ending in `topic`. */
function substitute(value: unknown, base: string | undefined): unknown {
  if (base === undefined || typeof value !== 'string') return value;
  if (value.startsWith('~')) return base + value.slice(1);
  if (value.endsWith('~')) return value.slice(0, -1) + base;
  return value;
}

/** Expands abbreviated keys (also inside `device` and `availability`) and substitutes `~`. */
export function expandConfig(raw: Record<string, unknown>): Config {
  const c = expandKeys(raw, ABBREVIATIONS);
  const base = typeof c['~'] === 'string' ? c['~'] : undefined;
  for (const k of Object.keys(c)) if (k.endsWith('topic')) c[k] = substitute(c[k], base);
  if (isObject(c.device)) c.device = expandKeys(c.device, DEVICE_ABBREVIATIONS);
  if (Array.isArray(c.availability)) {
    c.availability = (c.availability as unknown[]).map((a) => {
      if (!isObject(a)) return a;
      const e = expandKeys(a, AVAILABILITY_ABBREVIATIONS);
      e.topic = substitute(e.topic, base);
      return e;
    });
  }
  return c;
}

/**
 * Device-level discovery (`<prefix>/device/<id>/config` with `cmps`): one config per component,
 * each inheriting the shared keys (device, origin, availability, state and command topics).
 */
export function splitDeviceConfig(c: Config): { objectId: string; component: string; config: Config }[] {
  if (!isObject(c.components)) throw new BadConfig('a device config without components (cmps)');
  const shared: Config = { ...c };
  delete shared.components;
  const out: { objectId: string; component: string; config: Config }[] = [];
  for (const [objectId, raw] of Object.entries(c.components)) {
    if (!isObject(raw)) throw new BadConfig(`component ${objectId} is not an object`);
    const comp = expandConfig({ ...(typeof c['~'] === 'string' ? { '~': c['~'] } : {}), ...raw });
    if (typeof comp.platform !== 'string') throw new BadConfig(`component ${objectId} has no platform (p)`);
    out.push({ objectId, component: comp.platform, config: { ...shared, ...comp } });
  }
  return out;
}

// --- typed reads of a config --------------------------------------------------------------

export const str = (c: Config, key: string): string | undefined => {
  const v = c[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new BadConfig(`${key} must be a string`);
  return v;
};
export const num = (c: Config, key: string, fallback: number): number => {
  const v = c[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new BadConfig(`${key} must be a number`);
  return v;
};
/** Payloads may be strings, numbers or booleans (Z-Wave JS UI sends `true`/`255`); compared as text. */
export const payload = (c: Config, key: string, fallback: string): string => {
  const v = c[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new BadConfig(`${key} must be a string`);
};
export const strings = (c: Config, key: string): string[] | undefined => {
  const v = c[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new BadConfig(`${key} must be a list of strings`);
  return v;
};
export function required(c: Config, key: string): string {
  const v = str(c, key);
  if (!v) throw new BadConfig(`${key} is missing`);
  return v;
}

// --- templates ----------------------------------------------------------------------------

/**
 * A value template, limited to what publishers commonly send: `{{ value }}`,
 * `{{ value_json.key }}`, `{{ value_json.a.b }}` and `{{ value_json["key"] }}` (optionally
 * followed by `| int`, `| float` or `| string`). Anything else is not Jinja Hearth can run:
 * `parseTemplate` returns undefined and the config is rejected with that reason.
 */
export type Template = (text: string) => unknown;

const TEMPLATE =
  /^\{\{\s*(value_json((?:\.[A-Za-z_][A-Za-z0-9_]*|\[\s*(?:"[^"]*"|'[^']*'|\d+)\s*\])*)|value)\s*((?:\|\s*(?:int|float|string)\s*)*)\}\}$/;

export function parseTemplate(template: string): Template | undefined {
  const m = TEMPLATE.exec(template.trim());
  if (!m) return undefined;
  const path =
    m[1] === 'value'
      ? null
      : [...(m[2] ?? '').matchAll(/\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*(?:"([^"]*)"|'([^']*)'|(\d+))\s*\]/g)].map(
          (p) => p[1] ?? p[2] ?? p[3] ?? Number(p[4]),
        );
  const filters = (m[3] ?? '')
    .split('|')
    .map((f) => f.trim())
    .filter(Boolean);
  return (text) => {
    let v: unknown = text;
    if (path) {
      try {
        v = JSON.parse(text);
      } catch {
        throw new BadPayload('the template reads value_json but the payload is not JSON');
      }
      for (const p of path) {
        if (typeof v !== 'object' || v === null) return undefined;
        v = (v as Record<string | number, unknown>)[p];
      }
    }
    for (const f of filters) {
      if (f === 'string')
        v = v === undefined || v === null ? v : typeof v === 'string' ? v : JSON.stringify(v);
      else {
        const n = typeof v === 'number' ? v : Number(v);
        if (!Number.isFinite(n)) throw new BadPayload(`${JSON.stringify(v)} is not a number`);
        v = f === 'int' ? Math.trunc(n) : n;
      }
    }
    return v;
  };
}

/** The config's template under `key` (undefined when absent); throws BadConfig when it is one Hearth cannot run. */
export function template(c: Config, key: string): Template | undefined {
  const t = str(c, key);
  if (t === undefined) return undefined;
  const f = parseTemplate(t);
  if (!f)
    throw new BadConfig(`${key} ${JSON.stringify(t)} is not of the supported form {{ value_json.<key> }}`);
  return f;
}

/** Applies an optional template; the result as text for comparing with payloads (undefined: nothing to read). */
export function readText(text: string, tpl: Template | undefined): string | undefined {
  const v = tpl ? tpl(text) : text;
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : textOf(v);
}

/** `{{ value }}` / `{{ position }}` in a command template; other templates send the bare value. */
export function renderCommand(tpl: string | undefined, value: string | number): string {
  if (!tpl) return String(value);
  return tpl.replace(/\{\{\s*(value|position|percentage|temperature)\s*\}\}/g, String(value));
}
