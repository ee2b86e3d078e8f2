import type { Static, TSchema } from '@sinclair/typebox';

/**
 * Checks a value against a TypeBox (JSON Schema) shape and reports the first problem in the
 * shape's own terms: `trigger.at must be HH:MM, 00:00–23:59`, `actions[0].delay must be a
 * number of seconds ≥ 0`, `field "actions[0].timeout" is required`. The schema stays the one
 * description of the shape (types via `Static`, the OpenAPI document, and this check); ajv's
 * errors for unions (every branch's failure at once) would not name the field a person wrote.
 *
 * Besides the JSON Schema keywords TypeBox emits, a schema may carry these annotations (they
 * appear as `x-` extensions in the OpenAPI document):
 * - `x-message`: what the value must be, replacing the generic sentence (`must be HH:MM, …`);
 * - `x-noun`: how a number is called (`a number of seconds`), for `must be <noun> ≥ 0`;
 * - `x-rules`: checks across an object's fields that JSON Schema says poorly (see `Rule`);
 * - `x-max-nesting`: on a recursive (`$id`) schema, how deep it may contain itself.
 */

type Schema = Record<string, unknown> & {
  type?: string;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  $id?: string;
  $ref?: string;
  'x-message'?: string;
  'x-noun'?: string;
  'x-rules'?: Rule[];
  'x-max-nesting'?: number;
};

/** A check across an object's fields; `message` replaces the generic sentence. */
export type Rule = (
  | { needs: string[] } // at least one of these fields
  | { exactlyOne: string[] } // one of these, not several
  | { ascending: [string, string] } // the first below the second when both are given
  | { excludes: [string, string[]] } // the first cannot be given with any of the others
) & { message?: string };

export class SchemaProblem extends Error {
  constructor(
    /** Where, in the value's own terms: `triggers[0].at`; empty for the whole value. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const fail = (field: string, message: string): never => {
  throw new SchemaProblem(field, message);
};

const join = (field: string, key: string) => (field ? `${field}.${key}` : key);
const quoted = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');
const either = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : (words[0] ?? '');
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Throws `SchemaProblem` naming the first problem; returns the value typed when it fits.
 * `references` are the `$id` schemas that `schema` refers to (`RefTo`).
 */
export function checkValue<S extends TSchema>(
  schema: S,
  value: unknown,
  references: TSchema[] = [],
): Static<S> {
  new Checker([schema, ...references]).check(schema, value, '');
  return value;
}

class Checker {
  private readonly byId = new Map<string, Schema>();
  private readonly nesting = new Map<string, number>();

  constructor(schemas: unknown[]) {
    this.collect(schemas);
  }

  /** Finds every `$id` so a `$ref` (a recursive shape) resolves. */
  private collect(s: unknown) {
    if (Array.isArray(s)) s.forEach((x) => this.collect(x));
    else if (isObject(s)) {
      if (typeof s.$id === 'string' && !this.byId.has(s.$id)) this.byId.set(s.$id, s);
      Object.values(s).forEach((x) => this.collect(x));
    }
  }

  check(s: Schema, v: unknown, field: string): void {
    if (s.$ref !== undefined) {
      this.recurse(s.$ref, v, field);
      return;
    }
    if (s.anyOf) {
      this.union(s, v, field);
      return;
    }
    if (s.const !== undefined) {
      if (v !== s.const) fail(field, `${field} must be ${JSON.stringify(s.const)}`);
      return;
    }
    switch (s.type) {
      case 'object':
        this.object(s, v, field);
        return;
      case 'array':
        this.array(s, v, field);
        return;
      case 'string':
        this.string(s, v, field);
        return;
      case 'number':
      case 'integer':
        this.number(s, v, field);
        return;
      case 'boolean':
        if (typeof v !== 'boolean') fail(field, this.mustBe(s, field, 'boolean'));
        return;
    }
  }

  private mustBe(s: Schema, field: string, what: string) {
    return `${field || 'the body'} ${s['x-message'] ?? `must be ${what}`}`;
  }

  private recurse(ref: string, v: unknown, field: string) {
    const target = this.byId.get(ref);
    if (!target) throw new Error(`schema reference ${ref} is not defined in the schema`);
    const depth = (this.nesting.get(ref) ?? 0) + 1;
    const max = target['x-max-nesting'];
    if (max !== undefined && depth > max) fail(field, `${field} nests too deeply (at most ${max} levels)`);
    this.nesting.set(ref, depth);
    try {
      this.check({ ...target, $id: undefined }, v, field);
    } finally {
      this.nesting.set(ref, depth - 1);
    }
  }

  private union(s: Schema, v: unknown, field: string) {
    const variants = s.anyOf!.map((x) => (x.$ref ? this.byId.get(x.$ref)! : x));
    if (variants.every((x) => x.type === 'object')) {
      this.variantOf(s, variants, v, field);
      return;
    }
    // Plain values (e.g. a state: string, number or boolean): any variant that fits will do.
    for (const x of variants) {
      try {
        this.check(x, v, field);
        return;
      } catch (err) {
        if (!(err instanceof SchemaProblem)) throw err;
      }
    }
    fail(field, this.mustBe(s, field, either(variants.map((x) => String(x.type)))));
  }

  /**
   * Objects of several kinds: the kind is the `type` field when every variant has one (a
   * trigger, a condition), otherwise the variant whose required fields the value uses (an
   * action: `{scene}`, `{delay}`…), so the problem reported is the one inside that kind.
   */
  private variantOf(s: Schema, variants: Schema[], v: unknown, field: string) {
    if (!isObject(v)) return fail(field, this.mustBe(s, field, 'object'));
    const tags = variants.map((x) => x.properties?.type);
    if (tags.every((t) => t && (t.const !== undefined || t.enum))) {
      const allowed = tags.flatMap((t) => (t!.const !== undefined ? [t!.const] : t!.enum!));
      if (v.type === undefined) fail(join(field, 'type'), `field "${join(field, 'type')}" is required`);
      const chosen = variants.find((_, i) => {
        const t = tags[i]!;
        return t.const !== undefined ? t.const === v.type : t.enum!.includes(v.type);
      });
      if (!chosen)
        return fail(join(field, 'type'), `${join(field, 'type')} must be one of ${quoted(allowed)}`);
      this.check(chosen, v, field);
      return;
    }
    const chosen = variants.find((x) => (x.required ?? []).some((k) => k in v));
    if (chosen) {
      this.check(chosen, v, field);
      return;
    }
    const shapes = variants.map(
      (x) =>
        `{${[...(x.required ?? []), ...(isObject(x.additionalProperties) ? ['…params'] : [])].join(', ')}}`,
    );
    fail(field, this.mustBe(s, field, `one of ${shapes.join(', ')}`));
  }

  private object(s: Schema, v: unknown, field: string) {
    if (!isObject(v)) return fail(field, this.mustBe(s, field, 'object'));
    const props = s.properties ?? {};
    const extra = s.additionalProperties;
    for (const key of Object.keys(v)) {
      if (key in props) continue;
      if (extra === false) fail(join(field, key), `field "${join(field, key)}" is not allowed`);
      if (isObject(extra) && v[key] !== undefined) this.check(extra, v[key], join(field, key));
    }
    const required = new Set(s.required ?? []);
    for (const [key, ps] of Object.entries(props)) {
      if (v[key] === undefined) {
        if (required.has(key)) fail(join(field, key), `field "${join(field, key)}" is required`);
      } else this.check(ps, v[key], join(field, key));
    }
    for (const rule of s['x-rules'] ?? []) applyRule(rule, v, field);
  }

  private array(s: Schema, v: unknown, field: string) {
    if (!Array.isArray(v)) return fail(field, this.mustBe(s, field, 'array'));
    const min = (s.minItems as number | undefined) ?? 0;
    const max = s.maxItems as number | undefined;
    if (v.length < min || (max !== undefined && v.length > max))
      fail(field, this.mustBe(s, field, `array of ${min}–${max ?? 'any number of'} items`));
    if (s.items) v.forEach((item, i) => this.check(s.items!, item, `${field}[${i}]`));
  }

  private string(s: Schema, v: unknown, field: string) {
    if (typeof v !== 'string') return fail(field, this.mustBe(s, field, 'string'));
    if (s.enum && !s.enum.includes(v)) fail(field, `${field} must be one of ${quoted(s.enum)}`);
    const min = s.minLength as number | undefined;
    const max = s.maxLength as number | undefined;
    if ((min !== undefined && v.length < min) || (max !== undefined && v.length > max))
      fail(
        field,
        `${field} must be ${min === undefined ? `at most ${max}` : `${min}–${max ?? '…'}`} characters`,
      );
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern).test(v))
      fail(field, this.mustBe(s, field, `text matching ${s.pattern}`));
  }

  private number(s: Schema, v: unknown, field: string) {
    const noun = s['x-noun'] ?? (s.type === 'integer' ? 'a whole number' : 'number');
    const isNumber =
      typeof v === 'number' && Number.isFinite(v) && (s.type !== 'integer' || Number.isInteger(v));
    if (!isNumber) return fail(field, this.mustBe(s, field, noun));
    const n = v;
    if (typeof s.minimum === 'number' && n < s.minimum)
      fail(field, `${field} must be ${noun} ≥ ${s.minimum}`);
    if (typeof s.maximum === 'number' && n > s.maximum)
      fail(field, `${field} must be ${noun} ≤ ${s.maximum}`);
  }
}

function applyRule(rule: Rule, v: Record<string, unknown>, field: string) {
  const given = (k: string) => v[k] !== undefined;
  const names = (keys: string[]) => either(keys.map((k) => JSON.stringify(k)));
  if ('needs' in rule && !rule.needs.some(given)) {
    fail(join(field, rule.needs[0]!), rule.message ?? `${field || 'the body'} needs ${names(rule.needs)}`);
  }
  if ('exactlyOne' in rule) {
    const count = rule.exactlyOne.filter(given).length;
    if (count === 0)
      fail(
        join(field, rule.exactlyOne[0]!),
        rule.message ?? `field "${join(field, rule.exactlyOne[0]!)}" is required`,
      );
    if (count > 1) fail(join(field, rule.exactlyOne[1]!), `give ${names(rule.exactlyOne)}, not both`);
  }
  if ('ascending' in rule) {
    const [low, high] = rule.ascending;
    if (typeof v[low] === 'number' && typeof v[high] === 'number' && v[low] >= v[high])
      fail(
        join(field, high),
        rule.message ?? `${join(field, high)} must be greater than ${join(field, low)}`,
      );
  }
  if ('excludes' in rule) {
    const [key, others] = rule.excludes;
    if (given(key) && others.some(given))
      fail(
        join(field, key),
        rule.message ?? `${join(field, key)} cannot be combined with ${others.join('/')}`,
      );
  }
}
