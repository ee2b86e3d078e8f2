import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Valid and invalid values made from a route's JSON Schema, so tests can send bad input to
 * every route (present and future) without a hand-written body per route.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minProperties?: number;
}

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);
const ajv = addFormats(new Ajv({ strict: false }));

/** Makes the shared schemas a route body refers to (`app.addSchema`, e.g. `AutomationCondition`) resolvable. */
export function addSharedSchemas(schemas: Record<string, unknown>) {
  for (const [id, schema] of Object.entries(schemas))
    if (!ajv.getSchema(id)) ajv.addSchema(schema as object, id);
}

/** Candidate strings tried in order for a string with a pattern or format. */
const STRING_CANDIDATES = [
  'sample',
  'sample-1',
  'light.sample',
  'sample_1',
  '07:30',
  '2026-01-01T12:00:00.000Z',
  '2026-01-01',
  'abc',
  '1',
  'a',
  'http://127.0.0.1/',
  'user@example.com',
  '00000000-0000-4000-8000-000000000000',
  '+01:00',
  'Europe/Berlin',
];

function matches(schema: JsonSchema, value: unknown): boolean {
  return ajv.validate<unknown>(schema as object, value);
}

/** A value that satisfies `schema` (best effort; check with `isValid`). */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && matches(schema, schema.default)) return schema.default;
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch) return sampleOf(branch[0]!);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s) as object));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = schema.properties ?? {};
      for (const key of schema.required ?? []) out[key] = sampleOf(props[key] ?? {});
      // Bodies like PATCH {role?, disabled?} need at least one field.
      for (const key of Object.keys(props)) {
        if (Object.keys(out).length >= (schema.minProperties ?? 0)) break;
        if (!(key in out)) out[key] = sampleOf(props[key]!);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'integer':
    case 'number': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
      return min ?? (schema.maximum !== undefined ? Math.min(0, schema.maximum) : 1);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      const fit = (s: string) => matches(schema, s);
      const found = STRING_CANDIDATES.find(fit);
      if (found !== undefined) return found;
      const padded = 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
      return padded;
    }
    default:
      return 'sample';
  }
}

/** A value of the wrong JSON type for `schema`, or undefined when any type is accepted. */
export function wrongTypeOf(schema: JsonSchema): unknown {
  const branch = schema.anyOf ?? schema.oneOf;
  const types = new Set<string>(
    branch ? branch.flatMap((b) => [b.type ?? []].flat()) : [schema.type ?? []].flat(),
  );
  if (schema.enum) types.add(typeof schema.enum[0]);
  if (schema.const !== undefined) types.add(typeof schema.const);
  if (types.size === 0) return undefined;
  if (!types.has('object')) return { wrong: 'type' };
  if (!types.has('number') && !types.has('integer')) return 12345;
  if (!types.has('boolean')) return true;
  return undefined;
}

export function isValid(schema: JsonSchema, value: unknown): boolean {
  return matches(schema, value);
}

/** `/api/users/:id/approve` with params filled from the params schema (or `sample`). */
export function fillPath(url: string, params: JsonSchema | undefined): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) =>
      encodeURIComponent(String(params?.properties?.[name] ? sampleOf(params.properties[name]) : 'sample')),
    )
    .replace(/\*$/, 'sample');
}
