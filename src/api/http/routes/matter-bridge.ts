import { Type } from '@sinclair/typebox';
import QRCode from 'qrcode';
import type { MatterBridge } from '../../../matter-bridge/bridge.js';
import { MAX_BRIDGED_ENDPOINTS } from '../../../matter-bridge/selection.js';
import { Strict } from '../schemas.js';
import type { HttpApp } from '../server.js';
import {
  MatterBridgeAccessSchema,
  MatterBridgeExposeSchema,
  MatterBridgeStatusSchema,
} from './matter-bridge-schemas.js';

/**
 * The Matter bridge (Hearth's entities in Apple Home, Google Home, Alexa, SmartThings): its state
 * and pairing codes, enabling it and choosing what it exposes, opening a commissioning window for
 * another ecosystem, removing a controller. Admin only: a pairing code lets another app control
 * the home.
 */

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
        response: { 200: MatterBridgeStatusSchema },
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
          expose: Type.Optional(MatterBridgeExposeSchema),
          access: Type.Optional(MatterBridgeAccessSchema),
        }),
        response: { 200: MatterBridgeStatusSchema },
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
        response: { 200: MatterBridgeStatusSchema },
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
        response: { 200: MatterBridgeStatusSchema },
      },
    },
    async (req) => {
      await bridge.removeFabric(req.params.index);
      return await status();
    },
  );
}
