import {
  Type,
  type ObjectOptions,
  type Static,
  type TObject,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';

/**
 * TypeBox helpers shared by every part that declares a shape (HTTP routes, automations,
 * settings). They live outside the HTTP layer so a domain can own its schema without
 * importing the transport that serves it.
 */

/** An object schema that rejects unknown fields (400 naming the field), the default for request bodies. */
export const Strict = <T extends TProperties>(props: T, opts: ObjectOptions = {}): TObject<T> =>
  Type.Object(props, { additionalProperties: false, ...opts });

/** A string enum as JSON Schema `enum` (clear "must be one of" errors, unlike a union of literals). */
export const StringEnum = <T extends string[]>(values: [...T], opts: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: values, ...opts });

/**
 * A reference to a shared schema (registered once with `app.addSchema`) that keeps the
 * schema's static type. TypeBox 0.34 deprecated `Type.Ref(schema)`; its `Type.Ref(id)` alone
 * types as unknown.
 */
export const RefTo = <T extends TSchema>(schema: T & { $id?: string }): TUnsafe<Static<T>> => {
  if (!schema.$id) throw new Error('RefTo needs a schema with an $id');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id));
};
