import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../schema/typebox.js';

export { RefTo, Strict, StringEnum } from '../../schema/typebox.js';

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

export const Role = StringEnum(['admin', 'user', 'viewer']);

export const PublicUser = Type.Object({ id: Type.String(), username: Type.String(), role: Role });
export type PublicUser = Static<typeof PublicUser>;

export const LoginResult = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  user: PublicUser,
});
export type LoginResult = Static<typeof LoginResult>;

export const Ok = Type.Object({ ok: Type.Literal(true) });
