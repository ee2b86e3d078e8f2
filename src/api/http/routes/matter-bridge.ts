import { Type } from '@sinclair/typebox';
import QRCode from 'qrcode';
import type { MatterBridge } from '../../../matter-bridge/bridge.js';
import { MAX_BRIDGED_ENDPOINTS } from '../../../matter-bridge/selection.js';
import { Strict } from '../schemas.js';
import type { HttpApp } from '../server.js';

/**
 * The Matter bridge (Hearth's entities in Apple Home, Google Home, Alexa, SmartThings): its state
 * and pairing codes, enabling it and choosing what it exposes, opening a commissioning window for
 * another ecosystem, removing a controller. Admin only: a pairing code lets another app control
 * the home.
 */

const Names = (description: string) =>
  Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000, description }));

const ExposeSchema = Strict({
  domains: Names(
    'Domains to expose (default: light, switch, cover, climate, fan, sensor, binary_sensor). `lock` and `alarm_control_panel` only when named here or in `entities`.',
  ),
  areas: Names('Only entities in these areas'),
  labels: Names('Only entities with one of these labels'),
  entities: Names('These entities in any case (also locks)'),
  exclude: Names('Never these entities'),
});

const AccessSchema = Type.Union([Type.Literal('control'), Type.Literal('read_only')], {
  description:
    'What paired controllers may do with the exposed entities: `control` (the bridge acts as a Hearth `user`: reads and commands) or `read_only` (as a `viewer`: they see state; commands and writes are refused with Matter status UNSUPPORTED_ACCESS and change nothing). Default `control`.',
});

const StatusSchema = Type.Object({
  enabled: Type.Boolean(),
  access: AccessSchema,
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
  expose: ExposeSchema,
  cap: Type.Integer({ description: 'The most entities the bridge exposes at once' }),
  over_cap: Type.Array(Type.String(), {
    description: 'Chosen but left out: over the cap of bridged endpoints',
  }),
  unsupported: Type.Array(Type.String(), { description: 'Chosen but Matter has no device type for them' }),
  warnings: Type.Array(Type.String()),
});

export function matterBridgeRoutes(app: HttpApp, bridge: MatterBridge) {
  const base = '/api/matter-bridge';
  /** The QR code drawn once per payload (it only changes with the passcode). */
  let drawn: { payload: string; svg: string } | undefined;
  const qrSvg = async (payload: string | null) => {
    if (!payload) return null;
    if (drawn?.payload !== payload)
      drawn = {
        payload,
        svg: await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      };
    return drawn.svg;
  };
  const status = async () => {
    const s = bridge.status();
    const warnings = [
      ...s.sensitive.map(
        (id) => `${id} is exposed: anyone with control of a paired controller can operate it.`,
      ),
      ...(s.over_cap.length
        ? [
            `${s.over_cap.length} chosen entities are over the bridge's cap of ${MAX_BRIDGED_ENDPOINTS} devices and are not exposed: narrow the choice.`,
          ]
        : []),
    ];
    return {
      enabled: s.enabled,
      access: s.access,
      commissioning_open: s.commissioning_open,
      manual_code: s.manual_code,
      qr_payload: s.qr_payload,
      qr_svg: await qrSvg(s.qr_payload),
      fabrics: s.fabrics,
      exposed: s.exposed,
      expose: s.expose,
      cap: MAX_BRIDGED_ENDPOINTS,
      over_cap: s.over_cap,
      unsupported: s.unsupported,
      warnings,
    };
  };

  app.get(
    base,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter-bridge'],
        summary: 'The Matter bridge: on or off, pairing codes, paired controllers, what it exposes',
        response: { 200: StatusSchema },
      },
    },
    status,
  );

  app.patch(
    base,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter-bridge'],
        summary:
          'Enable or disable the Matter bridge, choose what it exposes and whether controllers may control it',
        body: Strict({
          enabled: Type.Optional(Type.Boolean()),
          expose: Type.Optional(ExposeSchema),
          access: Type.Optional(AccessSchema),
        }),
        response: { 200: StatusSchema },
      },
    },
    async (req) => {
      await bridge.update(req.body);
      return await status();
    },
  );

  app.post(
    `${base}/commissioning`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter-bridge'],
        summary: 'Open the commissioning window again (15 min) so another ecosystem can pair (multi-admin)',
        response: { 200: StatusSchema },
      },
    },
    async () => {
      await bridge.openCommissioning();
      return await status();
    },
  );

  app.delete(
    `${base}/fabrics/:index`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['matter-bridge'],
        summary: 'Remove a paired controller (fabric): it loses all access to the bridge',
        description:
          'Answers the bridge status after the removal. Removing the last fabric resets the bridge to commissionable (same codes).',
        params: Strict({ index: Type.Integer({ minimum: 1, maximum: 254 }) }),
        response: { 200: StatusSchema },
      },
    },
    async (req) => {
      await bridge.removeFabric(req.params.index);
      return await status();
    },
  );
}
