import { Type } from '@sinclair/typebox';
import type { AuditLog } from '../../../auth/audit.js';
import type { AuthService } from '../../../auth/index.js';
import { RefTo, StringEnum, Strict } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';

const Scope = StringEnum(['read', 'control', 'admin'], {
  description:
    '`read`: what a viewer may do; `control`: a user; `admin`: an admin — never more than your own role',
});

const ApiToken = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    user_id: Type.String(),
    scope: Scope,
    areas: Type.Union([Type.Array(Type.String()), Type.Null()]),
    entities: Type.Union([Type.Array(Type.String()), Type.Null()]),
    created_at: Type.String(),
    last_used_at: Type.Union([Type.String(), Type.Null()]),
    expires_at: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ApiToken' },
);

const CreateBody = Strict({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  scope: Scope,
  areas: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 100,
      description: 'Area ids: the token sees and controls only entities in these areas (and `entities`)',
    }),
  ),
  entities: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-z_]+\\.[a-z0-9_]+$', maxLength: 255 }), {
      maxItems: 1000,
      description: 'Entity ids the token may see and control',
    }),
  ),
  expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
});

const AuditEntry = Type.Object(
  {
    id: Type.Integer(),
    at: Type.String(),
    action: Type.String(),
    actor_id: Type.Union([Type.String(), Type.Null()]),
    actor_username: Type.Union([Type.String(), Type.Null()]),
    via: Type.Union([Type.String(), Type.Null()], { description: '`session`, `token:<id>` or null' }),
    ip: Type.Union([Type.String(), Type.Null()]),
    target: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  },
  { $id: 'AuditEntry' },
);

/** Long-lived scoped API tokens and the audit log (issue 17 §6). */
export function tokenRoutes(app: HttpApp, auth: AuthService, audit: AuditLog) {
  app.addSchema(ApiToken);
  app.addSchema(AuditEntry);

  app.post(
    '/api/tokens',
    {
      config: {
        access: 'user',
        audit: {
          action: 'api_token_created',
          fields: ['name', 'scope', 'areas', 'entities', 'expires_in_days'],
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Create a long-lived API token for an integration or a script',
        description:
          'The answer holds the secret `token` (`hth_…`, send it as `Authorization: Bearer`); it is shown this once and stored only hashed. ' +
          'A token acts with its scope, never more than your role; with `areas`/`entities` it sees and controls only those entities and can use only the entity routes. ' +
          'Tokens cannot manage accounts, sessions or tokens.',
        body: CreateBody,
        response: { 201: Type.Composite([Type.Omit(ApiToken, []), Type.Object({ token: Type.String() })]) },
      },
    },
    async (req, reply) => reply.status(201).send(await auth.tokens.create(principalOf(req).user, req.body)),
  );

  app.get(
    '/api/tokens',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: "Your live API tokens (admins: `?all=true` for everyone's); never the secrets",
        querystring: Strict({ all: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Array(RefTo(ApiToken)) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      return auth.tokens.list(p.user, req.query.all === true && p.user.role === 'admin');
    },
  );

  app.delete(
    '/api/tokens/:id',
    {
      config: { access: 'user', audit: { action: 'api_token_revoked' } },
      schema: {
        tags: ['auth'],
        summary: "Revoke an API token (yours; admins: anyone's); it stops working at once",
        params: Strict({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: RefTo(ApiToken) },
      },
    },
    async (req) => auth.tokens.revoke(principalOf(req).user, req.params.id),
  );

  app.get(
    '/api/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auth'],
        summary: 'The audit log, newest first, a page at a time',
        description:
          'Logins and failed logins, registrations, role and account changes, invites, approvals, session and API token revocations, license and settings changes. ' +
          "Page with `before` = the previous page's `next_before` (null on the last page). Kept for HEARTH_AUDIT_DAYS.",
        querystring: Strict({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
          before: Type.Optional(Type.Integer({ minimum: 1 })),
          action: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        }),
        response: {
          200: Type.Object({
            entries: Type.Array(RefTo(AuditEntry)),
            next_before: Type.Union([Type.Integer(), Type.Null()]),
          }),
        },
      },
    },
    async (req) =>
      audit.page({ limit: req.query.limit ?? 100, before: req.query.before, action: req.query.action }),
  );
}
