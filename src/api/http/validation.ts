import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { Errors } from '../../errors.js';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on `.default`.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

/**
 * Two validators: request bodies are checked strictly (no type coercion, unknown fields are
 * errors, nothing removed silently); path and query strings arrive as text, so those coerce
 * "40" to 40 where the schema asks for a number.
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce,
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

const strict = makeAjv(false);
const coercing = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strict : coercing;
  return ajv.compile(schema as object) as never;
};

/** Turns ajv's first error into a sentence naming the field, e.g. `brightness must be integer`. */
export function describeValidation(
  errors: ErrorObject[],
  context: string | undefined,
): { message: string; field: string | undefined; problems: string[] } {
  const problems = errors.map((e) => describeOne(e, context));
  const first = errors[0];
  const field = first ? fieldOf(first) : undefined;
  return { message: problems[0] ?? 'The request is invalid.', field, problems };
}

function fieldOf(e: ErrorObject): string | undefined {
  const base = pathToField(e.instancePath);
  const p = e.params as Record<string, unknown>;
  const child = (p.missingProperty ?? p.additionalProperty) as string | undefined;
  if (child) return base ? `${base}.${child}` : child;
  return base || undefined;
}

function pathToField(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((seg, i) => (/^\d+$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
    .join('');
}

function describeOne(e: ErrorObject, context: string | undefined): string {
  const where = context && context !== 'body' ? `${context} ` : '';
  const field = fieldOf(e);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${where}field "${field}" is required`;
    case 'additionalProperties':
      return `${where}field "${field}" is not allowed`;
    case 'type':
      return field
        ? `${where}${field} must be ${String(p.type)}`
        : `${where === '' ? 'the body' : where.trim()} must be ${String(p.type)}`;
    case 'enum':
      return `${where}${field} must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${where}${field ?? context ?? 'body'} ${e.message ?? 'is invalid'}`;
  }
}

/** A validator for payloads outside HTTP (Socket.IO, MQTT): returns the value or throws 400 naming the field. */
export function compileValidator<S extends TSchema>(
  schema: S,
  context = 'payload',
): (value: unknown) => Static<S> {
  const check = strict.compile<Static<S>>(schema);
  return (value) => {
    if (check(value)) return value;
    const d = describeValidation(check.errors ?? [], context);
    throw Errors.validation(d.message, { field: d.field, problems: d.problems });
  };
}
