import type { FastifyRequest } from 'fastify';
import { grantCovers } from '../../auth/api-tokens.js';
import { Errors } from '../../errors.js';
import type { Entity } from '../../home/types.js';

/**
 * What an API token limited to areas or entities sees (routes marked `config.entityScoped`):
 * outside its reach an entity is as unknown as a missing one (404, no existence oracle).
 */
export function visibleEntity(req: FastifyRequest, entity: Entity): Entity {
  if (!grantCovers(req.principal?.token, entity)) throw Errors.notFound('Entity', entity.entity_id);
  return entity;
}

export function visibleEntities(req: FastifyRequest, entities: Entity[]): Entity[] {
  const grant = req.principal?.token;
  return grant ? entities.filter((e) => grantCovers(grant, e)) : entities;
}
