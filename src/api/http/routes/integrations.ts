import { Type } from '@sinclair/typebox';
import type { PairingService } from '../../../integrations/pairing/index.js';
import { Ok, Strict } from '../schemas.js';
import { principalOf, type HttpApp } from '../server.js';
import { PairableSchema, PairedDeviceSchema, PairResultSchema } from './pairing-schemas.js';

const IntegrationParam = Type.String({
  pattern: '^[a-z0-9][a-z0-9_-]{0,63}$',
  description: 'e.g. shelly, hue, matter',
});

export const PairBody = Strict(
  {
    code: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 300,
        description: 'a pairing code, e.g. a Matter manual code (11 or 21 digits) or an MT: QR payload',
      }),
    ),
    address: Type.Optional(
      Type.String({ minLength: 1, maxLength: 300, description: 'host or IP address, optionally :port' }),
    ),
    username: Type.Optional(Type.String({ maxLength: 128 })),
    password: Type.Optional(
      Type.String({ maxLength: 256, description: 'stored for the device; never returned' }),
    ),
    pairing_id: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{1,64}$',
        description: 'chosen by the client to match the pairing_progress events to this request',
      }),
    ),
  },
  {
    examples: [
      { address: '192.168.1.20' },
      { address: '192.168.1.21:80', username: 'admin', password: '…' },
      { code: '34970112332' },
    ],
  },
);

/**
 * Adding and removing devices by hand (admin only): the pairing seam over REST. Progress of a
 * pairing reaches the asking admin's sockets as `pairing_progress` events.
 */
export function integrationRoutes(app: HttpApp, pairing: PairingService) {
  app.get(
    '/api/home/integrations/pairable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['integrations'],
        summary:
          'Integrations a person can add devices to, what each pairing takes, and whether its code is loaded',
        response: {
          200: Type.Array(PairableSchema),
        },
      },
    },
    async () => pairing.list(),
  );

  app.get(
    '/api/home/integrations/:integration_id/devices',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['integrations'],
        summary: 'Devices added to this integration (never their credentials)',
        params: Strict({ integration_id: IntegrationParam }),
        response: { 200: Type.Array(PairedDeviceSchema) },
      },
    },
    async (req) => pairing.devices(req.params.integration_id),
  );

  app.post(
    '/api/home/integrations/:integration_id/pair',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['integrations'],
        summary:
          'Add a device: by address (and credentials), by pairing code, or through a bridge whose button must be pressed (409 BUTTON_NOT_PRESSED until it is)',
        params: Strict({ integration_id: IntegrationParam }),
        body: PairBody,
        response: {
          201: PairResultSchema,
        },
      },
    },
    async (req, reply) => {
      const result = await pairing.pair(req.params.integration_id, req.body, principalOf(req).user.id);
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/home/integrations/:integration_id/devices/:device_id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['integrations'],
        summary: 'Remove a device: forget its credentials, disconnect, remove its entities',
        params: Strict({
          integration_id: IntegrationParam,
          device_id: Type.String({
            minLength: 1,
            maxLength: 300,
            description: "Hearth's device id or the integration's own",
          }),
        }),
        response: { 200: Ok },
      },
    },
    async (req) => {
      await pairing.unpair(req.params.integration_id, req.params.device_id);
      return { ok: true as const };
    },
  );
}
