import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, Errors } from '../../errors.js';

/**
 * What every HTTP answer carries and what is refused before any route runs: security headers,
 * the origin policy (CORS), and the one error shape for what the router and Node's HTTP parser
 * answer by themselves (bad URL encoding, overlong parameters, oversized headers, non-HTTP).
 */

/**
 * The dashboard's policy: only its own scripts, styles, and connections (REST and the
 * Socket.IO WebSocket on the same origin), nothing inline, never framed. Checked in Chromium by
 * test/dashboard/security-headers.test.ts. `data:` images: the favicon is an inline SVG.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The API answers JSON: nothing in it may load or run anything, even if opened as a page. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Swagger UI (`/docs`) sets inline styles; it needs no more than that. */
const DOCS_CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function cspFor(path: string): string {
  if (path === '/docs' || path.startsWith('/docs/')) return DOCS_CSP;
  if (path.startsWith('/api/') || path === '/health' || path === '/openapi.json') return API_CSP;
  return DASHBOARD_CSP;
}

/** Headers every response carries; auth answers (tokens, sessions) are never stored by a cache. */
export function securityHeaders(path: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': cspFor(path),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (
    path.startsWith('/api/auth/') ||
    path.startsWith('/api/settings/mqtt-broker') ||
    path.startsWith('/api/tokens')
  )
    headers['cache-control'] = 'no-store';
  return headers;
}

/**
 * Which foreign origins may call the API from a browser. Same-origin requests (the dashboard)
 * and requests without an `Origin` (curl, scripts, bridges) are always allowed; any other origin
 * only when listed in `HEARTH_CORS_ORIGINS`.
 */
export class OriginPolicy {
  private readonly allowed: Set<string>;

  constructor(origins: readonly string[]) {
    this.allowed = new Set(origins.map(normalizeOrigin).filter((o): o is string => o !== undefined));
  }

  /** `true` when the request may go on; `foreign` when it is an allowed cross-origin one. */
  check(headers: IncomingHttpHeaders): { ok: boolean; foreign?: string } {
    const origin = headers.origin;
    if (origin === undefined) return { ok: true };
    const normalized = normalizeOrigin(origin);
    if (normalized !== undefined && sameHost(normalized, headers.host)) return { ok: true };
    if (normalized !== undefined && this.allowed.has(normalized)) return { ok: true, foreign: normalized };
    return { ok: false };
  }
}

function normalizeOrigin(origin: string): string | undefined {
  try {
    const u = new URL(origin.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

function sameHost(origin: string, host: string | undefined): boolean {
  return new URL(origin).host === host?.toLowerCase();
}

/** Answers a preflight for an allowed foreign origin, or sets the CORS headers on a real request. */
export function corsHeaders(origin: string, preflight: boolean): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    vary: 'Origin',
    ...(preflight
      ? {
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-max-age': '600',
        }
      : { 'access-control-expose-headers': 'retry-after, x-request-id' }),
  };
}

/** The router's own refusals (bad percent-encoding, an overlong path parameter) as coded errors. */
export function frameworkError(err: { code?: string }): AppError {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return Errors.uriTooLong();
  if (err.code === 'FST_ERR_BAD_URL') return Errors.badUrl();
  return new AppError('BAD_REQUEST', 400, 'The request could not be routed.');
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers or request line
 * over 16 KB → 431, a timeout → 408, anything that is not HTTP → 400). Answered here in the one
 * error shape, with the security headers, then the connection is closed as Node would.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const appErr =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? Errors.headersTooLarge()
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT', 408, 'The request took too long to arrive.')
        : Errors.badHttp();
  const body = JSON.stringify(appErr.toJSON());
  const headers = {
    ...securityHeaders('/api/'),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appErr.status} ${STATUS_CODES[appErr.status]}\r\n` +
        Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        `\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Sends an error from outside the route's own handling (framework errors) with the usual headers. */
export function sendEdgeError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const path = req.url.split('?')[0]!;
  void reply
    .headers(securityHeaders(path))
    .status(err.status)
    .type('application/json')
    .send(JSON.stringify(err.toJSON()));
}
