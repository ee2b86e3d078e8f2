import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import { Errors } from '../../../errors.js';
import type { HttpApp } from '../server.js';

/** Where `vite build` puts the dashboard: `<package>/dist/web` (same path from src/ under tsx and from dist/). */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../../dist/web', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built dashboard (a handful of files, so a small route of ours rather than a plugin):
 * `/` is the app (its views are `#hash` routes, so no other page path exists), hashed
 * `/assets/*` are cached for good and `index.html` is revalidated. Everything else stays a 404
 * in the error shape: unknown `/api/*` routes, and paths other roles own (`/install` is the
 * license server's). Registers nothing when the UI has not been built.
 */
export function webRoutes(app: HttpApp, dir: string = DEFAULT_WEB_DIR): boolean {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.info({ dir: root }, 'dashboard not built (npm run build); serving the API only');
    return false;
  }

  const send = (reply: FastifyReply, file: string) => {
    const ext = extname(file);
    const immutable = file.startsWith(join(root, 'assets') + sep);
    return reply
      .type(TYPES[ext] ?? 'application/octet-stream')
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(readFileSync(file));
  };

  const opts = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get('/', opts, async (_req, reply) => send(reply, indexFile));
  app.get('/index.html', opts, async (_req, reply) => send(reply, indexFile));
  app.get('/assets/*', opts, async (req, reply) => {
    const path = decodeSafely(req.url.split('?')[0]!);
    const assets = join(root, 'assets');
    const file = resolve(root, '.' + path);
    // Anything resolving outside the assets dir (../, encoded or not, NUL bytes) is unknown.
    if (
      path.includes('\0') ||
      !file.startsWith(assets + sep) ||
      !existsSync(file) ||
      !statSync(file).isFile()
    ) {
      throw Errors.routeNotFound(req.method, req.url.split('?')[0]!);
    }
    return send(reply, file);
  });
  return true;
}

function decodeSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
