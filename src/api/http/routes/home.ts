import { visibleEntities, visibleEntity } from '../token-scope.js';
import { Type } from '@sinclair/typebox';
import { Errors } from '../../../errors.js';
import type { AreaOrder } from '../../../home/area-order.js';
import type { HomeService } from '../../../home/service.js';
import { objectIdFrom } from '../../../home/slug.js';
import { Ok, RefTo, Strict, StringEnum } from '../schemas.js';
import type { HttpApp } from '../server.js';
import { AreaSchema, DeviceSchema, EntityIdParam, EntitySchema } from './home-schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const NullableName = Type.Union([Name, Type.Null()]);
const AreaRef = Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], {
  description: 'area id, or null to clear',
});

/** Entities, devices and areas: reading the home, and the admin's registry edits (history: history.ts). */
export function homeRoutes(app: HttpApp, home: HomeService, areaOrder: AreaOrder) {
  for (const s of [EntitySchema, DeviceSchema, AreaSchema]) app.addSchema(s);
  const areaId = (ref: string | null | undefined) => {
    if (ref === undefined || ref === null) return ref;
    const area = home.registry.findArea(ref);
    if (!area)
      throw Errors.validation(`Unknown area "${ref}"; create it first with POST /api/home/areas.`, {
        field: 'area',
      });
    return area.id;
  };

  app.get(
    '/api/home/entities',
    {
      config: { access: 'viewer', entityScoped: true },
      schema: {
        tags: ['home'],
        summary: 'List entities with their live state',
        querystring: Strict({
          domain: Type.Optional(Type.String()),
          area: Type.Optional(Type.String()),
          integration: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Array(RefTo(EntitySchema)) },
      },
    },
    async (req, reply) => {
      // Plain JSON.stringify: free-form attributes make the schema serializer several times slower
      // on a 5,000-entity home (bench/RESULTS.md); the schema still documents the shape.
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(visibleEntities(req, home.entities(req.query))) as never);
    },
  );

  app.get(
    '/api/home/entities/:entity_id',
    {
      config: { access: 'viewer', entityScoped: true },
      schema: {
        tags: ['home'],
        summary: 'One entity',
        params: EntityIdParam,
        response: { 200: RefTo(EntitySchema) },
      },
    },
    async (req) => visibleEntity(req, home.entity(req.params.entity_id)),
  );

  app.patch(
    '/api/home/entities/:entity_id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['home'],
        summary: 'Rename an entity, move it to an area, set labels or aliases (kept across re-discovery)',
        params: EntityIdParam,
        body: Strict(
          {
            name: Type.Optional(NullableName),
            area: Type.Optional(AreaRef),
            labels: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 })),
            aliases: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }),
            ),
          },
          { minProperties: 1 },
        ),
        response: { 200: RefTo(EntitySchema) },
      },
    },
    async (req) => {
      home.entity(req.params.entity_id);
      const { area, ...rest } = req.body;
      const entity = await home.registry.patchEntity(req.params.entity_id, {
        ...rest,
        ...(area !== undefined ? { area: areaId(area) } : {}),
      });
      app.log.info({ entity_id: entity.entity_id, fields: Object.keys(req.body) }, 'entity edited');
      home.entityEdited(entity);
      return entity;
    },
  );

  app.get(
    '/api/home/devices',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['home'],
        summary: 'List devices',
        response: { 200: Type.Array(RefTo(DeviceSchema)) },
      },
    },
    async () => [...home.registry.devices.values()],
  );

  app.patch(
    '/api/home/devices/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['home'],
        summary: 'Rename a device or move it (and its entities without their own area) to an area',
        params: Strict({ id: Type.String({ minLength: 1, maxLength: 300 }) }),
        body: Strict(
          { name: Type.Optional(NullableName), area: Type.Optional(AreaRef) },
          { minProperties: 1 },
        ),
        response: { 200: RefTo(DeviceSchema) },
      },
    },
    async (req) => {
      if (!home.registry.devices.has(req.params.id)) throw Errors.notFound('Device', req.params.id);
      const { area, ...rest } = req.body;
      const device = await home.registry.patchDevice(req.params.id, {
        ...rest,
        ...(area !== undefined ? { area: areaId(area) } : {}),
      });
      for (const id of device.entities) home.entityEdited(home.entity(id));
      return device;
    },
  );

  app.get(
    '/api/home/areas',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['home'],
        summary: 'List areas (rooms), in the order the household arranged them',
        response: { 200: Type.Array(RefTo(AreaSchema)) },
      },
    },
    async () => areaOrder.sort([...home.registry.areas.values()]),
  );

  app.put(
    '/api/home/areas/order',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['home'],
        summary: 'Arrange the rooms: area ids in the order to show them (others follow by name)',
        body: Strict({
          ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500 }),
        }),
        response: { 200: Type.Array(RefTo(AreaSchema)) },
      },
    },
    async (req) => {
      for (const id of req.body.ids)
        if (!home.registry.areas.has(id)) throw Errors.validation(`Unknown area "${id}".`, { field: 'ids' });
      await areaOrder.set(req.body.ids);
      return areaOrder.sort([...home.registry.areas.values()]);
    },
  );

  app.post(
    '/api/home/areas',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['home'],
        summary: 'Create an area; its id is the name in snake_case',
        body: Strict({ name: Name, floor: Type.Optional(NullableName) }),
        response: { 201: RefTo(AreaSchema) },
      },
    },
    async (req, reply) => {
      const id = objectIdFrom(req.body.name);
      if (home.registry.areas.has(id))
        throw Errors.conflict(`An area with the id "${id}" already exists.`, { field: 'name', id });
      const area = { id, name: req.body.name, floor: req.body.floor ?? null };
      await home.registry.saveArea(area);
      return reply.status(201).send(area);
    },
  );

  app.patch(
    '/api/home/areas/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['home'],
        summary: 'Rename an area or set its floor (the id stays)',
        params: Strict({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        body: Strict({ name: Type.Optional(Name), floor: Type.Optional(NullableName) }, { minProperties: 1 }),
        response: { 200: RefTo(AreaSchema) },
      },
    },
    async (req) => {
      const area = home.registry.areas.get(req.params.id);
      if (!area) throw Errors.notFound('Area', req.params.id);
      const next = {
        ...area,
        ...(req.body.name !== undefined ? { name: req.body.name } : {}),
        ...(req.body.floor !== undefined ? { floor: req.body.floor } : {}),
      };
      await home.registry.saveArea(next);
      return next;
    },
  );

  app.delete(
    '/api/home/areas/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['home'],
        summary: 'Delete an area; its entities and devices keep working without one',
        params: Strict({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Ok },
      },
    },
    async (req) => {
      if (!home.registry.areas.has(req.params.id)) throw Errors.notFound('Area', req.params.id);
      await home.registry.deleteArea(req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/home/integrations',
    {
      config: { access: 'viewer' },
      schema: {
        tags: ['home'],
        summary: 'Integrations and their status',
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.String(),
              name: Type.String(),
              kind: StringEnum(['transport', 'integration'], {
                description: 'a transport (the MQTT connection) carries integrations and owns no devices',
              }),
              status: Type.Record(Type.String(), Type.Unknown()),
              entities: Type.Integer(),
              devices: Type.Integer(),
            }),
          ),
        },
      },
    },
    async () =>
      home.statusList().map((i) => ({
        ...i,
        entities: home.entities({ integration: i.id }).length,
        devices: [...home.registry.devices.values()].filter((d) => d.integration === i.id).length,
      })),
  );
}
