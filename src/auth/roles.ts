import type { UserRole } from '../store/index.js';

/**
 * Who may call a route (§5.6): `public` needs no token; `viewer` any signed-in role (reads);
 * `user` people who act on the home (control, scenes, automations, chat, voice); `admin`
 * user management, settings, integrations.
 */
export type Access = 'public' | 'viewer' | 'user' | 'admin';

const RANK: Record<UserRole, number> = { viewer: 1, user: 2, admin: 3 };
const NEEDED: Record<Exclude<Access, 'public'>, number> = { viewer: 1, user: 2, admin: 3 };

export function roleAllows(role: UserRole, access: Access): boolean {
  return access === 'public' || RANK[role] >= NEEDED[access];
}
