import { Type } from '@sinclair/typebox';
import type { CoreContext } from '../../../context.js';
import { Ok, Role, StringEnum, Strict } from '../schemas.js';
import type { HttpApp } from '../server.js';
import { AdminUserSchema } from './people-schemas.js';

const UserId = Strict({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export function userRoutes(app: HttpApp, ctx: CoreContext) {
  const { auth } = ctx;

  app.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'List users (filter ?status=pending for approvals)',
        querystring: Strict({ status: Type.Optional(StringEnum(['pending', 'active'])) }),
        response: { 200: Type.Array(AdminUserSchema) },
      },
    },
    async (req) => auth.listUsers(req.query.status),
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: 'admin', audit: { action: 'user_changed', fields: ['role', 'disabled'] } },
      schema: {
        tags: ['users'],
        summary: "Change a user's role or disable/enable them (takes effect at once)",
        params: UserId,
        body: Strict(
          { role: Type.Optional(Role), disabled: Type.Optional(Type.Boolean()) },
          { minProperties: 1 },
        ),
        response: { 200: AdminUserSchema },
      },
    },
    async (req) => auth.updateUser(req.params.id, req.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'admin', audit: { action: 'user_deleted' } },
      schema: {
        tags: ['users'],
        summary: 'Delete a user and their sessions',
        params: UserId,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await auth.deleteUser(req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/users/:id/approve',
    {
      config: { access: 'admin', audit: { action: 'user_approved', fields: ['role'] } },
      schema: {
        tags: ['users'],
        summary: 'Approve a pending registration (role user unless the body says otherwise)',
        params: UserId,
        body: Type.Optional(Strict({ role: Type.Optional(Role) })),
        response: { 200: AdminUserSchema },
      },
    },
    // An optional body is undefined when none is sent; TypeBox's Static drops that.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    async (req) => auth.approve(req.params.id, req.body?.role),
  );

  app.post(
    '/api/users/:id/reject',
    {
      config: { access: 'admin', audit: { action: 'user_rejected' } },
      schema: {
        tags: ['users'],
        summary: 'Reject (delete) a pending registration',
        params: UserId,
        response: { 200: Ok },
      },
    },
    async (req) => {
      await auth.reject(req.params.id);
      return { ok: true as const };
    },
  );
}
