import { Type, type Static } from '@sinclair/typebox';
import { Strict } from '../schemas.js';

/**
 * Wire schemas of the Matter bridge's routes (and the OpenAPI document); the dashboard's Matter
 * bridge page reads the same shapes through their `Static` types.
 */

const Names = (description: string) =>
  Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000, description }));

export const MatterBridgeExposeSchema = Strict({
  domains: Names(
    'Domains to expose (default: light, switch, cover, climate, fan, sensor, binary_sensor). `lock` and `alarm_control_panel` only when named here or in `entities`.',
  ),
  areas: Names('Only entities in these areas'),
  labels: Names('Only entities with one of these labels'),
  entities: Names('These entities in any case (also locks)'),
  exclude: Names('Never these entities'),
});

export const MatterBridgeAccessSchema = Type.Union([Type.Literal('control'), Type.Literal('read_only')], {
  description:
    'What paired controllers may do with the exposed entities: `control` (the bridge acts as a Hearth `user`: reads and commands) or `read_only` (as a `viewer`: they see state; commands and writes are refused with Matter status UNSUPPORTED_ACCESS and change nothing). Default `control`.',
});

export const MatterBridgeStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  access: MatterBridgeAccessSchema,
  commissioning_open: Type.Boolean({ description: 'A controller can pair now with the codes below' }),
  manual_code: Type.Union([Type.String(), Type.Null()], { description: '11-digit manual pairing code' }),
  qr_payload: Type.Union([Type.String(), Type.Null()], { description: 'QR code payload (`MT:…`)' }),
  qr_svg: Type.Union([Type.String(), Type.Null()], {
    description: 'The QR code of `qr_payload` as an SVG document, for a screen to show and a phone to scan',
  }),
  fabrics: Type.Array(
    Type.Object({
      index: Type.Integer(),
      label: Type.String({ description: 'What the controller calls itself' }),
      vendor_id: Type.Integer(),
    }),
    { description: 'Controllers (ecosystems) paired with the bridge' },
  ),
  exposed: Type.Array(Type.String(), { description: 'Entity ids bridged now' }),
  expose: MatterBridgeExposeSchema,
  cap: Type.Integer({ description: 'The most entities the bridge exposes at once' }),
  over_cap: Type.Array(Type.String(), {
    description: 'Chosen but left out: over the cap of bridged endpoints',
  }),
  unsupported: Type.Array(Type.String(), { description: 'Chosen but Matter has no device type for them' }),
  warnings: Type.Array(Type.String()),
});

/** What the bridge exposes: domains, areas, labels, entities, exclusions. */
export type MatterBridgeExpose = Static<typeof MatterBridgeExposeSchema>;
export type MatterBridgeStatus = Static<typeof MatterBridgeStatusSchema>;
