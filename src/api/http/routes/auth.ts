import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type ClientMeta } from '../../../auth/index.js';
import { publicUser } from '../../../auth/index.js';
import type { CoreContext } from '../../../context.js';
import { LoginResult, Ok, PublicUser, Role, Strict } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';
import { InviteSchema, SessionSchema } from './people-schemas.js';

const Username = Type.String({
  minLength: 3,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.@-]+$',
  description: 'Letters, digits and _ . @ -',
});
const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

export const meta = (req: FastifyRequest): ClientMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
});

export function authRoutes(app: HttpApp, ctx: CoreContext) {
  const { auth } = ctx;

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', audit: { action: 'user_registered', fields: ['username'] } },
      schema: {
        tags: ['auth'],
        summary: 'Register an account',
        description:
          'The first user becomes admin. With a valid invite the account is active with the invite\'s role; otherwise it waits for an admin\'s approval (status "pending") and cannot log in until then.',
        body: Strict({
          username: Username,
          password: Password,
          invite: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
        }),
        response: {
          201: Type.Union([
            Type.Object({ status: Type.Literal('active'), ...LoginResult.properties }),
            Type.Object({ status: Type.Literal('pending'), user: PublicUser }),
          ]),
        },
      },
    },
    async (req, reply) => {
      const result = await auth.register(req.body, meta(req));
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', audit: { action: 'login', failure: 'login_failed' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in',
        description:
          'Wrong password and unknown user give the same 401. Repeated failures per username and per address are throttled (429 with Retry-After).',
        body: Strict({
          username: Type.String({ minLength: 1, maxLength: 64 }),
          password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
          remember: Type.Optional(
            Type.Boolean({
              description:
                'false: the session ends after HEARTH_SESSION_HOURS (a shared or borrowed device). Default true: it lasts until revoked (or unused for HEARTH_SESSION_IDLE_DAYS).',
            }),
          ),
        }),
        response: { 200: LoginResult },
      },
    },
    async (req) =>
      auth.login(req.body.username, req.body.password, { ...meta(req), remember: req.body.remember }),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the token for a new one; the old one stops working',
        response: { 200: LoginResult },
      },
    },
    async (req) => auth.refresh(principalOf(req), meta(req)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'viewer', audit: { action: 'logout' } },
      schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: Ok } },
    },
    async (req) => {
      await auth.logout(principalOf(req));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'viewer' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: PublicUser } },
    },
    async (req) => publicUser(principalOf(req).user),
  );

  app.get(
    '/api/auth/sessions',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['auth'],
        summary: 'Live sessions',
        description: "Your own sessions; an admin may pass `?all=true` to see everyone's.",
        querystring: Strict({ all: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Array(SessionSchema) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      return auth.listSessions(p, req.query.all === true && p.user.role === 'admin');
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      config: { access: 'viewer', audit: { action: 'session_revoked' } },
      schema: {
        tags: ['auth'],
        summary: "Revoke a session (your own; admin: anyone's)",
        params: Strict({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Ok },
      },
    },
    async (req) => {
      await auth.deleteSession(principalOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/auth/password',
    {
      config: { access: 'viewer', audit: { action: 'password_changed' } },
      schema: {
        tags: ['auth'],
        summary: 'Change your password; your other sessions are revoked',
        body: Strict({
          current_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
          new_password: Password,
        }),
        response: { 200: Ok },
      },
    },
    async (req) => {
      await auth.changePassword(principalOf(req), req.body.current_password, req.body.new_password);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/invites',
    {
      config: {
        access: 'admin',
        audit: { action: 'invite_created', fields: ['role', 'max_uses', 'expires_in_hours'] },
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an invite code (registration link: /?invite=CODE)',
        body: Strict({
          role: Role,
          expires_in_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 365, default: 72 })),
          max_uses: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
        }),
        response: { 201: InviteSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await auth.createInvite(principalOf(req), req.body)),
  );

  app.get(
    '/api/auth/invites',
    {
      config: { access: 'admin' },
      schema: { tags: ['auth'], summary: 'List invites', response: { 200: Type.Array(InviteSchema) } },
    },
    async () => auth.listInvites(),
  );

  app.delete(
    '/api/auth/invites/:code',
    {
      config: { access: 'admin', audit: { action: 'invite_revoked' } },
      schema: {
        tags: ['auth'],
        summary: 'Revoke an invite',
        params: Strict({ code: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: Ok },
      },
    },
    async (req) => {
      await auth.revokeInvite(req.params.code);
      return { ok: true as const };
    },
  );
}
