import { Type } from '@sinclair/typebox';
import { StringEnum } from '../schemas.js';

/** Wire schemas of the home core, shared by its routes (and the OpenAPI document). */
const Any = Type.Unknown();
const StateValue = Type.Union([Type.String(), Type.Number(), Type.Null()]);

export const CapabilitiesSchema = Type.Object(
  { actions: Type.Array(Type.String()) },
  { additionalProperties: true },
);

export const EntitySchema = Type.Object(
  {
    entity_id: Type.String({ description: '<domain>.<object_id>' }),
    name: Type.String(),
    domain: Type.String(),
    area: Type.Union([Type.String(), Type.Null()]),
    device_id: Type.Union([Type.String(), Type.Null()]),
    integration: Type.String(),
    state: StateValue,
    attributes: Type.Record(Type.String(), Any),
    capabilities: CapabilitiesSchema,
    available: Type.Boolean(),
    labels: Type.Array(Type.String()),
    aliases: Type.Array(Type.String()),
    last_changed: Type.String(),
    last_updated: Type.String(),
    desired: Type.Union([
      Type.Object({
        action: Type.String(),
        params: Type.Record(Type.String(), Any),
        correlation_id: Type.String(),
        since: Type.String(),
      }),
      Type.Null(),
    ]),
  },
  { $id: 'Entity' },
);

export const DeviceSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    integration: Type.String(),
    manufacturer: Type.Union([Type.String(), Type.Null()]),
    model: Type.Union([Type.String(), Type.Null()]),
    identifiers: Type.Record(Type.String(), Type.String()),
    area: Type.Union([Type.String(), Type.Null()]),
    available: Type.Boolean(),
    entities: Type.Array(Type.String()),
  },
  { $id: 'Device' },
);

export const AreaSchema = Type.Object(
  { id: Type.String(), name: Type.String(), floor: Type.Union([Type.String(), Type.Null()]) },
  { $id: 'Area' },
);

export const OutcomeSchema = StringEnum(['confirmed', 'accepted', 'failed', 'timeout']);

export const CommandResultSchema = Type.Object(
  {
    entity_id: Type.String(),
    action: Type.String(),
    outcome: OutcomeSchema,
    state: StateValue,
    correlation_id: Type.String(),
    error: Type.Optional(Type.String()),
  },
  { $id: 'CommandResult' },
);

export const EntityIdParam = Type.Object(
  { entity_id: Type.String({ pattern: '^[a-z_]+\\.[a-z0-9_]+$', maxLength: 255 }) },
  { additionalProperties: false },
);
