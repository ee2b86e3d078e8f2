import { Type } from '@sinclair/typebox';
import { Errors } from '../../../errors.js';
import type { CameraPictures } from '../../../home/integration.js';
import type { HomeService } from '../../../home/service.js';
import { Strict } from '../schemas.js';
import type { HttpApp } from '../server.js';
import { visibleEntity } from '../token-scope.js';
import { MotionSnapshotSchema, SnapshotId } from './camera-schemas.js';
import type { FastifyRequest } from 'fastify';

const EntityId = Type.String({
  pattern: '^camera\\.[a-z0-9_]+$',
  maxLength: 255,
  description: 'a camera entity',
});
const Jpeg = Type.Unsafe<Buffer>(
  Type.String({ format: 'binary', description: 'a JPEG (Content-Type image/jpeg)' }),
);

/**
 * Camera pictures through Hearth (any role, API tokens limited to the camera's area included):
 * Hearth fetches the snapshot from the camera with the camera's credentials, which never reach
 * the browser, and serves the snapshots it kept for motion events.
 */
export function cameraRoutes(app: HttpApp, home: HomeService) {
  const camera = (req: FastifyRequest, entityId: string): { pictures: CameraPictures; uniqueId: string } => {
    const entity = visibleEntity(req, home.entity(entityId));
    const pictures = home.integrationList().find((i) => i.id === entity.integration)?.cameras;
    const uniqueId = home.registry.uniqueIdOf(entity.entity_id);
    if (!pictures || !uniqueId || pictures.motionSnapshots(uniqueId) === undefined)
      throw Errors.notFound('Camera with snapshots', entity.entity_id);
    return { pictures, uniqueId };
  };
  const jpeg = {
    'content-type': 'image/jpeg',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };

  app.get(
    '/api/home/entities/:entity_id/snapshot',
    {
      config: { access: 'viewer', entityScoped: true },
      schema: {
        tags: ['home'],
        summary: "A snapshot from the camera now (Hearth fetches it with the camera's credentials)",
        params: Strict({ entity_id: EntityId }),
        produces: ['image/jpeg'],
        response: { 200: Jpeg },
      },
    },
    async (req, reply) => {
      const { pictures, uniqueId } = camera(req, req.params.entity_id);
      const bytes = await pictures.snapshot(uniqueId);
      return reply.headers(jpeg).send(bytes);
    },
  );

  app.get(
    '/api/home/entities/:entity_id/snapshots',
    {
      config: { access: 'viewer', entityScoped: true },
      schema: {
        tags: ['home'],
        summary: 'Snapshots kept for motion events while the camera was active, newest first',
        params: Strict({ entity_id: EntityId }),
        response: { 200: Type.Array(MotionSnapshotSchema) },
      },
    },
    async (req) => {
      const { pictures, uniqueId } = camera(req, req.params.entity_id);
      return pictures.motionSnapshots(uniqueId) ?? [];
    },
  );

  app.get(
    '/api/home/entities/:entity_id/snapshots/:snapshot_id',
    {
      config: { access: 'viewer', entityScoped: true },
      schema: {
        tags: ['home'],
        summary: 'One kept motion snapshot',
        params: Strict({ entity_id: EntityId, snapshot_id: SnapshotId }),
        produces: ['image/jpeg'],
        response: { 200: Jpeg },
      },
    },
    async (req, reply) => {
      const { pictures, uniqueId } = camera(req, req.params.entity_id);
      const bytes = pictures.motionSnapshot(uniqueId, req.params.snapshot_id);
      if (!bytes) throw Errors.notFound('Snapshot', req.params.snapshot_id);
      return reply.headers({ ...jpeg, 'cache-control': 'private, max-age=86400, immutable' }).send(bytes);
    },
  );
}
