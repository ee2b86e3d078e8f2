import { readFileSync } from 'node:fs';
import { SETTINGS, type Config, type SettingSpec } from './schema.js';
import { canonicalTimeZone } from './time-zone.js';

/** A configuration problem; `main` prints the message and exits with code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface ConfigSources {
  env?: NodeJS.ProcessEnv;
  /** Path of an optional JSON config file; `HEARTH_CONFIG` in the environment also names one. */
  file?: string;
  /** Values that win over everything (tests, CLI flags). */
  overrides?: Partial<Config>;
}

/**
 * Reads settings with this precedence: overrides > environment > config file > default.
 * Every value goes through the one schema; the first bad value throws a ConfigError naming it.
 */
export function loadConfig(sources: ConfigSources = {}): Config {
  const env = sources.env ?? process.env;
  const filePath = sources.file ?? env.HEARTH_CONFIG;
  const fromFile = filePath ? readConfigFile(filePath) : {};
  const out: Record<string, unknown> = {};
  for (const spec of SETTINGS) {
    const override = sources.overrides?.[spec.key];
    if (override !== undefined) {
      out[spec.key] = parseSetting(spec, override, 'value');
    } else if (env[spec.env] !== undefined && env[spec.env] !== '') {
      out[spec.key] = parseSetting(spec, env[spec.env], `environment variable ${spec.env}`);
    } else if (fromFile[spec.key] !== undefined) {
      out[spec.key] = parseSetting(spec, fromFile[spec.key], `"${spec.key}" in ${filePath}`);
    } else {
      out[spec.key] = spec.default;
    }
  }
  return out as unknown as Config;
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`Cannot read the config file ${path} (HEARTH_CONFIG): ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`The config file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`The config file ${path} must hold a JSON object of settings.`);
  }
  const known = new Set<string>(SETTINGS.map((s) => s.key));
  for (const key of Object.keys(parsed)) {
    if (!known.has(key)) {
      throw new ConfigError(`Unknown setting "${key}" in ${path}; known settings: ${[...known].join(', ')}.`);
    }
  }
  return parsed as Record<string, unknown>;
}

function parseSetting(spec: SettingSpec, raw: unknown, where: string): unknown {
  const t = spec.type;
  const bad = (expected: string) =>
    new ConfigError(`Invalid ${where} (${spec.key}): ${JSON.stringify(raw)} — expected ${expected}.`);
  switch (t.kind) {
    case 'string': {
      if (typeof raw !== 'string' || raw.trim() === '') throw bad('a non-empty string');
      return raw;
    }
    case 'time_zone': {
      const tz = typeof raw === 'string' ? canonicalTimeZone(raw.trim()) : undefined;
      if (!tz) throw bad('an IANA time zone such as Europe/Berlin');
      return tz;
    }
    case 'integer':
    case 'number': {
      const n =
        typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
      const what = t.kind === 'integer' ? 'an integer' : 'a number';
      if (!Number.isFinite(n) || (t.kind === 'integer' && !Number.isInteger(n)))
        throw bad(`${what} from ${t.min} to ${t.max}`);
      if (n < t.min || n > t.max) throw bad(`${what} from ${t.min} to ${t.max}`);
      return n;
    }
    case 'url': {
      const expected = `a URL such as ${t.protocols[0]}://host:port (scheme ${t.protocols.join(', ')})`;
      // The value may carry a password (mqtt://user:secret@host): name the setting, not the text.
      const refuse = () => new ConfigError(`Invalid ${where} (${spec.key}): expected ${expected}.`);
      if (typeof raw !== 'string') throw refuse();
      let url: URL;
      try {
        url = new URL(raw.trim());
      } catch {
        throw refuse();
      }
      if (!t.protocols.includes(url.protocol.replace(/:$/, '')) || url.hostname === '') throw refuse();
      return raw.trim();
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      if (typeof raw === 'string') {
        const v = raw.trim().toLowerCase();
        if (['1', 'true', 'yes', 'on'].includes(v)) return true;
        if (['0', 'false', 'no', 'off'].includes(v)) return false;
      }
      throw bad('true or false');
    }
    case 'enum': {
      if (typeof raw !== 'string' || !t.values.includes(raw)) throw bad(`one of ${t.values.join(', ')}`);
      return raw;
    }
  }
}

/** The README's configuration table, generated so documentation cannot drift from the schema. */
export function renderConfigTable(): string {
  const rows = SETTINGS.map((s) => {
    const def = s.default === undefined ? '(unset)' : `\`${String(s.default)}\``;
    return `| \`${s.env}\` | \`${s.key}\` | ${describeType(s.type)} | ${def} | ${s.doc} |`;
  });
  return [
    '| Environment variable | Config file key | Type | Default | Meaning |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function describeType(t: SettingSpec['type']): string {
  switch (t.kind) {
    case 'integer':
    case 'number':
      return `${t.kind} ${t.min}–${t.max}`;
    case 'enum':
      return t.values.map((v) => `\`${v}\``).join(' \\| ');
    case 'time_zone':
      return 'IANA time zone';
    case 'url':
      return `URL (${t.protocols.map((p) => `${p}://`).join(', ')})`;
    default:
      return t.kind;
  }
}
