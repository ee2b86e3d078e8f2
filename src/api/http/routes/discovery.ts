import { Type } from '@sinclair/typebox';
import type { DiscoveryService } from '../../../integrations/discovery/index.js';
import type { HttpApp } from '../server.js';
import { DiscoveredSchema } from './pairing-schemas.js';

/**
 * Devices discovery found on the home network and offers to add (admin only). Nothing here pairs
 * a device: an admin adds an offer through `POST /api/home/integrations/{integration}/pair`.
 */
export function discoveryRoutes(app: HttpApp, discovery: DiscoveryService) {
  app.get(
    '/api/home/discovered',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['integrations'],
        summary:
          'Devices found on the network and not yet added (empty while HEARTH_DISCOVERY is off); new ones also arrive as the Socket.IO event device_discovered',
        response: { 200: Type.Array(DiscoveredSchema) },
      },
    },
    async () => discovery.list(),
  );

  app.post(
    '/api/home/discovered/scan',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['integrations'],
        summary:
          'Look for devices now (mDNS, ONVIF WS-Discovery, Kasa UDP) and answer with the offers after a few seconds; 409 DISCOVERY_OFF while HEARTH_DISCOVERY is off',
        response: { 200: Type.Array(DiscoveredSchema) },
      },
    },
    async () => discovery.scanNow(),
  );
}
