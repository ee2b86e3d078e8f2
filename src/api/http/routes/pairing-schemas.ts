import { Type, type Static } from '@sinclair/typebox';
import { RefTo } from '../schemas.js';
import { DeviceSchema, EntitySchema } from './home-schemas.js';

/**
 * Wire schemas of adding devices (the pairing and discovery routes, and the OpenAPI document):
 * the integrations a person can add devices to and what each pairing asks for, the devices added,
 * and the offers discovery found. The dashboard's Add device page reads them through their
 * `Static` types.
 */

export const PairingFormSchema = Type.Object({
  code: Type.Optional(Type.String({ enum: ['required', 'optional'] })),
  address: Type.Optional(Type.String({ enum: ['required', 'optional'] })),
  credentials: Type.Optional(Type.String({ enum: ['required', 'optional'] })),
  button: Type.Optional(Type.Boolean()),
});

export const PairedDeviceSchema = Type.Object({
  id: Type.String({ description: "the integration's own id; Hearth's device id is <integration>:<id>" }),
  name: Type.String(),
  manufacturer: Type.Union([Type.String(), Type.Null()]),
  model: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  devices: Type.Optional(Type.Array(Type.String(), { description: "a bridge's own devices" })),
});

/** An integration a person can add devices to. */
export const PairableSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  pairing: PairingFormSchema,
  loaded: Type.Boolean(),
  devices: Type.Integer(),
});

/** A device discovery found on the network, offered to be added. */
export const DiscoveredSchema = Type.Object({
  integration: Type.String({
    description: 'the pairable integration that adds it: shelly, wled, hue, kasa, onvif',
  }),
  address: Type.String({ description: 'give this to POST /api/home/integrations/{integration}/pair' }),
  name: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  first_seen: Type.String({ format: 'date-time' }),
  last_seen: Type.String({ format: 'date-time' }),
});

/** What pairing answers: the device added and its entities. */
export const PairResultSchema = Type.Object({
  pairing_id: Type.String(),
  device: RefTo(DeviceSchema),
  entities: Type.Array(RefTo(EntitySchema)),
});

export type Pairable = Static<typeof PairableSchema>;
export type PairedDevice = Static<typeof PairedDeviceSchema>;
export type PairResult = Static<typeof PairResultSchema>;
export type DiscoveredOffer = Static<typeof DiscoveredSchema>;
