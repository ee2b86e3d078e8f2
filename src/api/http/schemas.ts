import { Type, type TObject, type TProperties, type ObjectOptions } from '@sinclair/typebox';

/** An object schema that rejects unknown fields (400 naming the field), the default for request bodies. */
export const Strict = <T extends TProperties>(props: T, opts: ObjectOptions = {}): TObject<T> =>
  Type.Object(props, { additionalProperties: false, ...opts });

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Machine-readable code, e.g. VALIDATION_FAILED' }),
      message: Type.String({ description: 'A sentence for a person' }),
      details: Type.Optional(Type.Unknown()),
    }),
  },
  { $id: 'ErrorBody', description: 'The one error shape of every 4xx/5xx answer' },
);

/** A string enum as JSON Schema `enum` (clear "must be one of" errors, unlike a union of literals). */
export const StringEnum = <T extends string[]>(values: [...T], opts: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: values, ...opts });

export const Role = StringEnum(['admin', 'user', 'viewer']);

export const PublicUser = Type.Object({ id: Type.String(), username: Type.String(), role: Role });

export const LoginResult = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  user: PublicUser,
});

export const Ok = Type.Object({ ok: Type.Literal(true) });
