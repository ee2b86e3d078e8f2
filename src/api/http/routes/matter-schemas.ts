import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schemas of Matter's routes (and the OpenAPI document); the dashboard's Matter page reads
 * the same shapes through their `Static` types.
 */

export const MatterNodeSchema = Type.Object(
  {
    node_id: Type.String({ description: "The node's id on Hearth's fabric" }),
    name: Type.String(),
    vendor: Type.Union([Type.String(), Type.Null()]),
    product: Type.Union([Type.String(), Type.Null()]),
    reachable: Type.Boolean({
      description: 'false while the node does not answer (its entities are unavailable)',
    }),
    devices: Type.Array(Type.String(), {
      description: 'Hearth device ids: the node, and one per bridged device',
    }),
    entities: Type.Array(Type.String()),
  },
  { $id: 'MatterNode' },
);

export const MatterStatusSchema = Type.Object({
  state: Type.String({ description: 'off, starting, online or error' }),
  detail: Type.Optional(Type.String()),
  enabled: Type.Boolean(),
  nodes: Type.Integer(),
});

/** A node shared with another Matter app: the codes of the pairing window Hearth opened. */
export const SharedNodeSchema = Type.Object({
  node_id: Type.String(),
  manual_code: Type.String(),
  qr_code: Type.String(),
  expires_in: Type.Integer({ description: 'Seconds the pairing window stays open' }),
});

export type MatterNode = Static<typeof MatterNodeSchema>;
export type MatterStatus = Static<typeof MatterStatusSchema>;
export type SharedNode = Static<typeof SharedNodeSchema>;
