import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../src/api/http/server.js';
import { roleAllows } from '../../src/auth/roles.js';
import { loginUser, startTestApp, withUsers } from '../../src/test-support/harness.js';
import { fillPath, type JsonSchema } from '../../src/test-support/schema-samples.js';

/**
 * The role × route matrix, generated from the app's own route table: a route added later is
 * covered without touching this file, and a route with a missing or wrong guard fails here.
 */

type Caller = 'none' | 'viewer' | 'user' | 'admin';
const CALLERS: Caller[] = ['none', 'viewer', 'user', 'admin'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The only routes anyone may call without a token (§5.4), besides non-API pages. */
const PUBLIC_API = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  // Onboarding: whether the first admin must still be created (a boolean, nothing else; issue 7).
  'GET /api/auth/setup',
]);
/** Account self-service a viewer may do although it is not a read (§5.6: viewer is otherwise read-only). */
const VIEWER_WRITES = new Set([
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'DELETE /api/auth/sessions/:id',
  'PUT /api/auth/password',
  // Chat is how viewers ask questions; the Home agent itself refuses a viewer's commands (issue 6).
  'POST /api/ai/chat',
  // Voice is chat by speech: the same agents refuse a viewer's commands.
  'POST /api/ai/voice',
  // Read marks on notifications are the caller's own (issue 16).
  'POST /api/home/notifications/read',
]);

const t = await startTestApp();
const routes: RouteInfo[] = t.app.routes.filter((r) => r.method !== 'HEAD');
const key = (r: RouteInfo) => `${r.method} ${r.url}`;

const tokens = {} as Record<Exclude<Caller, 'none'>, string>;
beforeAll(async () => {
  const users = await withUsers(t);
  tokens.admin = users.adminToken;
  tokens.user = (await users.make('matrix-user', 'user')).token;
  tokens.viewer = (await users.make('matrix-viewer', 'viewer')).token;
});
afterAll(async () => t.stop());

/** A live token for the caller: a route like logout or refresh may have revoked the last one. */
async function tokenFor(caller: Exclude<Caller, 'none'>): Promise<string> {
  const me = await t.api('GET', '/api/auth/me', { token: tokens[caller] });
  if (me.status !== 200) {
    tokens[caller] = (await loginUser(t, caller === 'admin' ? 'admin' : `matrix-${caller}`)).access_token;
  }
  return tokens[caller];
}

function call(route: RouteInfo, token: string | undefined) {
  const path = fillPath(route.url, route.schema.params as JsonSchema | undefined);
  return t.api(route.method, path, { token, ...(BODY_METHODS.has(route.method) ? { body: {} } : {}) });
}

describe('the route table', () => {
  it('is not empty and has the foundation routes', () => {
    expect(routes.map(key)).toEqual(
      expect.arrayContaining(['GET /health', 'POST /api/auth/login', 'GET /api/users']),
    );
  });

  it('needs a token for every API route except login and register', () => {
    const open = routes.filter((r) => r.access === 'public' && r.url.startsWith('/api/')).map(key);
    expect(open.filter((k) => !PUBLIC_API.has(k))).toEqual([]);
  });

  it('has only GET routes outside /api that are public (pages, documents)', () => {
    const odd = routes
      .filter((r) => !r.url.startsWith('/api/') && r.access === 'public' && r.method !== 'GET')
      .map(key);
    expect(odd).toEqual([]);
  });

  it('keeps viewers read-only: every write needs the user role or higher, except account self-service', () => {
    const writes = routes.filter((r) => r.method !== 'GET' && r.access === 'viewer').map(key);
    expect(writes.filter((k) => !VIEWER_WRITES.has(k))).toEqual([]);
  });
});

describe.each(routes.map((r) => [key(r), r] as const))('%s', (_name, route) => {
  for (const caller of CALLERS) {
    const allowed = route.access === 'public' || (caller !== 'none' && roleAllows(caller, route.access));
    const expectation = allowed
      ? 'is let through'
      : caller === 'none'
        ? 'is refused with 401'
        : 'is refused with 403';
    const who = { none: 'a caller without a token', viewer: 'a viewer', user: 'a user', admin: 'an admin' }[
      caller
    ];
    it(`${who} ${expectation} (access: ${route.access})`, async () => {
      const token = caller === 'none' ? undefined : await tokenFor(caller);
      const res = await call(route, token);
      if (allowed) {
        expect([401, 403], `${key(route)} as ${caller}: ${JSON.stringify(res.body)}`).not.toContain(
          res.status,
        );
      } else if (caller === 'none') {
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('UNAUTHENTICATED');
      } else {
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
      expect(res.status, 'never a server error').toBeLessThan(500);
    });
  }
});

describe('HEAD twins of GET routes', () => {
  it('are guarded like the GET route (401 without a token)', async () => {
    const guarded = routes.filter((r) => r.method === 'GET' && r.access !== 'public');
    const open: string[] = [];
    for (const route of guarded) {
      const res = await fetch(t.url + fillPath(route.url, route.schema.params as JsonSchema | undefined), {
        method: 'HEAD',
      });
      if (res.status !== 401 && res.status !== 404) open.push(`${key(route)} → HEAD ${res.status}`);
    }
    expect(open).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('documents every route with its method, a success response schema and the bearer requirement', async () => {
    const doc = (await t.api('GET', '/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
            security?: unknown;
          }
        >
      >;
    };
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.documented)) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${key(route)}: missing`);
        continue;
      }
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (!success.some(([, r]) => Object.values(r.content ?? {}).some((c) => c.schema)))
        problems.push(`${key(route)}: no 2xx response schema`);
      if (route.access !== 'public' && !op.security) problems.push(`${key(route)}: no bearer security`);
      for (const status of ['4XX', '5XX'])
        if (!op.responses?.[status]) problems.push(`${key(route)}: no ${status} error schema`);
    }
    expect(problems).toEqual([]);
  });

  it('hides no API route', () => {
    expect(routes.filter((r) => !r.documented && r.url.startsWith('/api/')).map(key)).toEqual([]);
  });
});

/**
 * The same matrix for API tokens (issue 17 §6): a `read` token reaches what a viewer reaches,
 * `control` what a user reaches, `admin` what an admin reaches — except account, session and
 * token management, which no token may touch (403 TOKEN_SCOPE). Tokens belong to the admin, so
 * the scope alone sets the ceiling.
 */
const TOKEN_SCOPES = { read: 'viewer', control: 'user', admin: 'admin' } as const;
const SESSION_ONLY = (r: RouteInfo) =>
  r.url.startsWith('/api/tokens') || (r.url.startsWith('/api/auth/') && r.url !== '/api/auth/me');

const apiTokens = {} as Record<keyof typeof TOKEN_SCOPES, string>;
beforeAll(async () => {
  for (const scope of Object.keys(TOKEN_SCOPES) as (keyof typeof TOKEN_SCOPES)[]) {
    const res = await t.api('POST', '/api/tokens', {
      token: await tokenFor('admin'),
      body: { name: `matrix ${scope}`, scope },
    });
    apiTokens[scope] = res.body.token;
  }
});

describe.each(routes.filter((r) => r.access !== 'public').map((r) => [key(r), r] as const))(
  '%s with an API token',
  (_name, route) => {
    for (const [scope, role] of Object.entries(TOKEN_SCOPES) as [keyof typeof TOKEN_SCOPES, Caller][]) {
      const expected = !roleAllows(role as Exclude<Caller, 'none'>, route.access)
        ? 'FORBIDDEN'
        : SESSION_ONLY(route)
          ? 'TOKEN_SCOPE'
          : 'through';
      it(`a ${scope} token is ${expected === 'through' ? 'let through' : `refused with 403 ${expected}`}`, async () => {
        const res = await call(route, apiTokens[scope]);
        if (expected === 'through') expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
        else {
          expect(res.status, JSON.stringify(res.body)).toBe(403);
          expect(res.body.error.code).toBe(expected);
        }
        expect(res.status, 'never a server error').toBeLessThan(500);
      });
    }
  },
);
