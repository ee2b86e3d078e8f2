import { Type } from '@sinclair/typebox';
import { createReadStream, statSync } from 'node:fs';
import type { HttpApp } from '../api/http/server.js';
import type { CoreContext } from '../context.js';
import { renderInstallScript } from './install-script.js';
import type { ReleaseBuilder } from './release.js';

/** `GET /install` and `GET /install/hearth.tgz` — only registered in the license-server role, so the home role answers 404. */
export function installRoutes(app: HttpApp, ctx: CoreContext, release: ReleaseBuilder) {
  app.get(
    '/install',
    {
      config: { access: 'public' },
      schema: {
        tags: ['license'],
        summary: 'The POSIX shell install script (license-server role only)',
        description:
          'Usage: `curl -fsSL https://server/install | sudo sh -s -- --license KEY`. Options: `--license KEY`, `--prefix DIR` (scratch root), `--skip-deps`, `--no-start`. The server URL written into it is HEARTH_PUBLIC_URL, or else the one this request used.',
        produces: ['text/x-shellscript'],
        response: { 200: Type.String() },
      },
    },
    async (req, reply) => {
      const publicUrl = ctx.config.public_url ?? `${req.protocol}://${req.host}`;
      return reply
        .type('text/x-shellscript; charset=utf-8')
        .send(renderInstallScript({ publicUrl, version: ctx.version }));
    },
  );

  app.get(
    '/install/hearth.tgz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['license'],
        summary: 'The release tarball the install script downloads (license-server role only)',
        description:
          'The running version packed with `npm pack` (dist/, bin/, README.md, package.json, npm-shrinkwrap.json). Built once per start at the first request, which therefore takes a few seconds.',
        produces: ['application/gzip'],
        response: { 200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }) },
      },
    },
    async (_req, reply) => {
      const file = await release.tarball();
      return reply
        .type('application/gzip')
        .header('content-length', statSync(file).size)
        .header('content-disposition', `attachment; filename="${release.fileName}"`)
        .send(createReadStream(file));
    },
  );
}
