import { Type } from '@sinclair/typebox';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupDataDir, CliError } from '../../../cli/backup.js';
import { restorePending, stageRestore } from '../../../cli/restore-staged.js';
import { Errors } from '../../../errors.js';
import { Strict } from '../schemas.js';
import type { HttpApp } from '../server.js';

/** The largest backup the dashboard uploads (history makes the database the biggest part). */
const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;
const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

/**
 * Backups from the dashboard (admin): download one made online (the same archive as
 * `hearth backup`), and restore one while Hearth runs: it is checked and staged now, and swapped
 * in at the next start (`POST /api/backup/restore` answers `restart_required`).
 */
export function backupRoutes(app: HttpApp, opts: { dataDir: string; version: string }) {
  for (const type of ARCHIVE_TYPES)
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_ARCHIVE_BYTES }, (_req, body, done) =>
      done(null, body),
    );

  app.get(
    '/api/backup',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['backup'],
        summary: 'Download a backup of the whole home (.tar.gz, made while Hearth runs)',
        description:
          'The archive holds the database, settings and secrets (token and license keys): keep it private.',
        querystring: Strict({}),
        produces: ['application/gzip'],
        response: {
          // Documented as a binary string; the handler streams the file.
          200: Type.Unsafe<NodeJS.ReadableStream>(
            Type.String({
              format: 'binary',
              description: 'the .tar.gz archive (Content-Type application/gzip)',
            }),
          ),
        },
      },
    },
    async (_req, reply) => {
      const dir = mkdtempSync(join(tmpdir(), 'hearth-download-'));
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      const name = `hearth-backup-${stamp}.tar.gz`;
      let made: Awaited<ReturnType<typeof backupDataDir>>;
      try {
        made = await backupDataDir(opts.dataDir, join(dir, name), opts.version);
      } catch (err) {
        rmSync(dir, { recursive: true, force: true });
        throw err;
      }
      const { file, bytes } = made;
      const stream = createReadStream(file);
      stream.on('close', () => rmSync(dir, { recursive: true, force: true }));
      app.log.info({ bytes }, 'backup downloaded');
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', String(bytes))
        .header('cache-control', 'no-store')
        .send(stream as never);
    },
  );

  app.get(
    '/api/backup/restore',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['backup'],
        summary: 'Whether a restored backup waits for the next start',
        response: { 200: Type.Object({ restart_required: Type.Boolean() }) },
      },
    },
    async () => ({ restart_required: restorePending(opts.dataDir) }),
  );

  app.post(
    '/api/backup/restore',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['backup'],
        summary: 'Restore a backup: checked and staged now, swapped in when Hearth next starts',
        description:
          'Send the .tar.gz as the body with Content-Type application/gzip. Nothing changes until the restart (systemctl restart hearth); the replaced files are kept in <data dir>/backups/before-restore-<time>.',
        response: {
          202: Type.Object({
            restart_required: Type.Literal(true),
            backup: Type.Object({
              version: Type.Union([Type.String(), Type.Null()]),
              created_at: Type.Union([Type.String(), Type.Null()]),
            }),
          }),
        },
      },
    },
    async (req, reply) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0)
        throw Errors.validation(
          'Send the backup file itself as the body, with Content-Type application/gzip.',
          {
            field: 'body',
          },
        );
      const dir = mkdtempSync(join(tmpdir(), 'hearth-upload-'));
      let manifest: Awaited<ReturnType<typeof stageRestore>>;
      try {
        const archive = join(dir, 'backup.tar.gz');
        writeFileSync(archive, req.body, { mode: 0o600 });
        manifest = await stageRestore(opts.dataDir, archive).catch((err: unknown) => {
          if (err instanceof CliError)
            throw Errors.validation(err.message.replace(archive, 'The file'), { field: 'body' });
          throw err;
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      app.log.warn({ version: manifest.version ?? null }, 'backup staged for restore at the next start');
      return reply.status(202).send({
        restart_required: true as const,
        backup: { version: manifest.version ?? null, created_at: manifest.created_at ?? null },
      });
    },
  );
}
