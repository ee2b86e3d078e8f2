import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ErrorObject } from 'ajv';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../../auth/index.js';
import { roleAllows, type Access } from '../../auth/roles.js';
import { AppError, Errors, unexpectedError } from '../../errors.js';
import { isLimited, type TokenGrant } from '../../auth/api-tokens.js';
import { pickFields, type AuditLog, type AuditSpec } from '../../auth/audit.js';
import type { CommandLimits } from '../rate-limit.js';
import {
  OriginPolicy,
  clientErrorHandler,
  corsHeaders,
  frameworkError,
  securityHeaders,
  sendEdgeError,
} from './edges.js';
import type { Logger } from '../../log.js';
import { ErrorBody } from './schemas.js';
import { cachedSerializerFactory } from './serialization.js';
import { describeValidation, validatorCompiler } from './validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; every route must say (a route without it fails at start). */
    access?: Access;
    /** A command to the home (control, scene, undo, chat…): counted against the caller's rate limit. */
    command?: boolean;
    /** Written to the audit log when it succeeds (and `failure` when refused). */
    audit?: AuditSpec;
    /**
     * The route limits what it shows or does to the entities an API token is limited to; a token
     * limited to areas or entities is refused (403 TOKEN_SCOPE) on every other route.
     */
    entityScoped?: boolean;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  Logger,
  TypeBoxTypeProvider
>;

/** A registered route and its access level: the source of the role × route test matrix. */
export interface RouteInfo {
  method: string;
  url: string;
  access: Access;
  /** Counted against the per-user command rate limit. */
  command: boolean;
  hasBody: boolean;
  /** False for routes hidden from the OpenAPI document (only the document itself and the docs UI). */
  documented: boolean;
  /** The JSON Schemas the route validates with, for generic tests (bad input for every route). */
  schema: { body?: unknown; params?: unknown; querystring?: unknown };
}

export interface HttpServerOptions {
  log: Logger;
  bodyLimit: number;
  version: string;
  /** Resolves a bearer token (or throws 401/403); the HTTP layer then checks the route's access. */
  authenticate: (token: string | undefined) => Promise<Principal>;
  /** Rate limits for routes marked `config.command`. */
  limits?: CommandLimits;
  /** Foreign origins a browser may call the API from (`HEARTH_CORS_ORIGINS`). */
  corsOrigins?: readonly string[];
  /** Where routes marked `config.audit` are recorded. */
  audit?: AuditLog;
}

/** The caller of a route whose access is not `public`. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw Errors.unauthenticated();
  return req.principal;
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

export async function createHttpServer(
  opts: HttpServerOptions,
): Promise<{ app: HttpApp; routes: RouteInfo[] }> {
  const app = Fastify({
    loggerInstance: opts.log,
    // Per-request lines are ours (4xx info, 5xx error, in sendError); Fastify's would double them.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: opts.bodyLimit,
    genReqId: () => randomUUID(),
    childLoggerFactory: (logger, bindings) => new LazyRequestLogger(logger, bindings) as unknown as Logger,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: true,
    // The router's and the HTTP parser's own refusals in the one error shape too.
    frameworkErrors: (err, req, reply) => sendEdgeError(req, reply, frameworkError(err)),
    clientErrorHandler,
    schemaController: { compilersFactory: { buildSerializer: cachedSerializerFactory } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as HttpApp;

  app.setValidatorCompiler(validatorCompiler);
  app.addSchema(ErrorBody);

  // An empty body with Content-Type: application/json means "no body", not a parse error,
  // so `curl -X POST -H 'Content-Type: application/json' .../refresh` works.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(Errors.malformedJson(jsonSyntaxProblem(err as Error)), undefined);
    }
  });

  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    const isDocs = route.url === '/docs' || route.url.startsWith('/docs/');
    const config = (route.config ?? {}) as { access?: Access };
    if (isDocs) config.access = 'public';
    if (!config.access)
      throw new Error(`route ${String(route.method)} ${route.url} declares no access level`);
    route.config = config;
    if (route.method === 'HEAD' || isDocs) return;
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const errorRef = { $ref: 'ErrorBody#' };
    schema.response = { ...(schema.response as object), '4XX': errorRef, '5XX': errorRef };
    if (config.access !== 'public') {
      schema.security = [{ bearer: [] }];
      const roles = (['viewer', 'user', 'admin'] as const).filter((r) => roleAllows(r, config.access!));
      schema.description = [schema.description, `Roles: ${roles.join(', ')}.`].filter(Boolean).join(' ');
    }
    route.schema = schema;
    for (const method of [route.method].flat()) {
      routes.push({
        method: String(method),
        url: route.url,
        access: config.access,
        command: (route.config as { command?: boolean }).command === true,
        hasBody: Boolean(schema.body),
        documented: schema.hide !== true,
        schema: { body: schema.body, params: schema.params, querystring: schema.querystring },
      });
    }
  });

  const origins = new OriginPolicy(opts.corsOrigins ?? []);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.headers(securityHeaders(req.url.split('?')[0]!));
    const origin = origins.check(req.headers);
    if (!origin.ok) throw Errors.originNotAllowed(String(req.headers.origin).slice(0, 200));
    if (origin.foreign) {
      const preflight =
        req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      reply.headers(corsHeaders(origin.foreign, preflight));
      if (preflight) return reply.code(204).send();
    }
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const principal = await opts.authenticate(bearerToken(req.headers.authorization));
    if (!roleAllows(principal.user.role, access)) {
      throw Errors.forbidden(`This needs the ${access} role or higher; you are ${principal.user.role}.`);
    }
    if (principal.token) checkTokenReach(req, principal.token);
    req.principal = principal;
  });

  // The audit log: after the answer, so what is recorded is what happened.
  app.addHook('onResponse', async (req, reply) => {
    const spec = req.routeOptions.config.audit;
    if (!spec || !opts.audit) return;
    const status = reply.statusCode;
    const action = status < 400 ? spec.action : status === 401 || status === 403 ? spec.failure : undefined;
    if (!action) return;
    const p = req.principal;
    const body = req.body as Record<string, unknown> | undefined;
    const params = req.params as Record<string, unknown> | undefined;
    const named = typeof body?.username === 'string' ? body.username.slice(0, 64) : null;
    await opts.audit.record({
      action,
      actor_id: p?.user.id ?? null,
      actor_username: p?.user.username ?? named,
      via: p ? (p.token ? `token:${p.token.id}` : 'session') : null,
      ip: req.ip,
      target: params && Object.keys(params).length > 0 ? params : null,
      details: pickFields(body, spec.fields),
    });
  });

  // After validation: a malformed command never reaches a device, so it does not use up the limit.
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config.command && req.principal) opts.limits?.command(req.principal.user.id);
  });

  // A request without a body stands for an empty object on routes that take one: a body whose
  // fields are all optional (approve's `{role?}`) may be left out, and a missing required field
  // is named (`field "role" is required`) instead of "the body must be object".
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined && req.routeOptions.schema?.body) req.body = {};
  });

  app.setNotFoundHandler((req, reply) => {
    sendError(req, reply, Errors.routeNotFound(req.method, req.url.split('?')[0]!.slice(0, 200)));
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    sendError(req, reply, toAppError(err, opts.bodyLimit), err);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Hearth API',
        version: opts.version,
        description:
          'Local smart-home control service. Errors always have the shape {"error":{"code","message","details"?}}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    refResolver: {
      buildLocalReference: (json, _base, _frag, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  return { app, routes };
}

/**
 * What an API token may not reach whatever its scope: account self-service and token management
 * (a leaked token must not mint more or change a password), and — for a token limited to areas or
 * entities — every route that does not itself limit what it shows to those entities.
 */
function checkTokenReach(req: FastifyRequest, token: TokenGrant) {
  const path = req.url.split('?')[0]!;
  if (path.startsWith('/api/tokens') || (path.startsWith('/api/auth/') && path !== '/api/auth/me'))
    throw Errors.tokenScope('API tokens cannot manage accounts, sessions or tokens; log in for that.');
  if (isLimited(token) && !req.routeOptions.config.entityScoped)
    throw Errors.tokenScope('This API token is limited to some areas or entities and cannot use this route.');
}

type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * Fastify makes a child logger for every request to bind its id, and pino's `child()` (with the
 * redaction set up) was ~4 % of a control request's CPU. Almost no request logs anything, so the
 * child is made on first use.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private get log(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }
  get level() {
    return this.parent.level;
  }
  fatal(...a: LogArgs) {
    this.log.fatal(...(a as [unknown]));
  }
  error(...a: LogArgs) {
    this.log.error(...(a as [unknown]));
  }
  warn(...a: LogArgs) {
    this.log.warn(...(a as [unknown]));
  }
  info(...a: LogArgs) {
    this.log.info(...(a as [unknown]));
  }
  debug(...a: LogArgs) {
    this.log.debug(...(a as [unknown]));
  }
  trace(...a: LogArgs) {
    this.log.trace(...(a as [unknown]));
  }
  child(bindings: Record<string, unknown>, options?: Parameters<FastifyBaseLogger['child']>[1]) {
    return this.log.child(bindings, options);
  }
}

/**
 * V8's JSON.parse messages quote a piece of the input (`Unexpected token 'h', "hunter2sec"...`),
 * which may be a password: keep the kind of problem and the position, never the text.
 */
export function jsonSyntaxProblem(err: Error): string {
  const position = /at position (\d+)/.exec(err.message)?.[1];
  const kind = err.message
    .replace(/,? (\.\.\.)?".*$/s, '')
    .replace(/^Unexpected token .*/, 'Unexpected token')
    .replace(/ (in|after) JSON.*$/, '')
    .replace(/ at position \d+.*$/, '')
    .trim();
  return position === undefined ? kind : `${kind} at position ${position}`;
}

function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError, cause?: unknown) {
  if (err.code === 'STORAGE_FULL')
    req.log.warn({ method: req.method, url: req.url.split('?')[0] }, 'write refused: the disk is full');
  // 503 is the home's weather (a device or bridge unreachable), not a fault of Hearth: no stack.
  else if (err.status >= 500 && err.status !== 503)
    req.log.error({ err: cause ?? err, request_id: req.id, url: req.url }, 'request failed');
  else if (err.status === 503)
    req.log.warn(
      { code: err.code, status: err.status, method: req.method, url: req.url.split('?')[0] },
      err.message,
    );
  else
    req.log.info(
      { code: err.code, status: err.status, method: req.method, url: req.url.split('?')[0] },
      err.message,
    );
  if (err.headers) reply.headers(err.headers);
  void reply.status(err.status).type('application/json').send(JSON.stringify(err.toJSON()));
}

function toAppError(err: FastifyError, bodyLimit: number): AppError {
  if (err instanceof AppError) return err;
  if (err.validation) {
    const d = describeValidation(err.validation as ErrorObject[], err.validationContext);
    return Errors.validation(d.message, { field: d.field, problems: d.problems });
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return Errors.payloadTooLarge(bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return Errors.unsupportedMediaType(err.message.replace(/^Unsupported Media Type: /, ''));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return Errors.malformedJson(err.message);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return Errors.validation('The Content-Length header does not match the body.');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError('BAD_REQUEST', err.statusCode, err.message);
  }
  return unexpectedError(err);
}
