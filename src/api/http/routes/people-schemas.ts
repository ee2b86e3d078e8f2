import { Type, type Static } from '@sinclair/typebox';
import { Role, StringEnum } from '../schemas.js';

/**
 * Wire schemas of the people an administrator manages (users, their sessions, invites), for
 * the auth and user routes and the OpenAPI document; the dashboard's Administration page reads
 * the same shapes through their `Static` types.
 */

export const AdminUserSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: Role,
  status: StringEnum(['pending', 'active']),
  disabled: Type.Boolean(),
  created_at: Type.String(),
});

export const SessionSchema = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.String(),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  current: Type.Boolean(),
});

export const InviteSchema = Type.Object({
  code: Type.String(),
  role: Role,
  created_by: Type.String(),
  created_at: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  max_uses: Type.Integer(),
  uses: Type.Integer(),
  state: Type.String({ enum: ['active', 'used', 'expired', 'revoked'] }),
});

export type AdminUser = Static<typeof AdminUserSchema>;
export type SessionView = Static<typeof SessionSchema>;
export type InviteView = Static<typeof InviteSchema>;
