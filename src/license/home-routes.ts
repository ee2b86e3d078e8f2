import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../api/http/server.js';
import { Strict } from '../api/http/schemas.js';
import type { HomeLicense } from './home.js';

export const LicenseStatusSchema = Type.Object({
  state: Type.String({ enum: ['unlicensed', 'valid', 'expired', 'invalid'] }),
  home_id: Type.String({ description: 'The stable id of this installation' }),
  customer: Type.Optional(Type.String()),
  valid_until: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'null: valid without end' }),
  ),
  issued_at: Type.Optional(Type.String()),
  server: Type.Optional(Type.String({ description: 'The license server that issued it' })),
  key: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String({ description: 'Why the stored license is invalid' })),
});

/** The home role's license settings. Admin only: the key is a credential of the installation. */
export function homeLicenseRoutes(app: HttpApp, license: HomeLicense) {
  app.get(
    '/api/settings/license',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        summary: "This home's license, verified offline now",
        description:
          'An unlicensed home works fully; the license identifies the installation, it does not unlock features. Viewers see the same state without the key in GET /api/ai/status (`license`).',
        response: { 200: LicenseStatusSchema },
      },
    },
    async () => license.status({ withKey: true }),
  );

  app.post(
    '/api/settings/license',
    {
      config: { access: 'admin', audit: { action: 'license_activated', fields: ['server'] } },
      schema: {
        tags: ['settings'],
        summary: 'Activate a license key on a license server and store the signed license',
        description:
          "Fetches the server's public key and the signed document for this home_id, verifies it and stores both. The server's refusals pass through: LICENSE_UNKNOWN (404), LICENSE_REVOKED / LICENSE_EXPIRED (403), LICENSE_EXHAUSTED (409), THROTTLED (429); an unreachable or wrong server gives LICENSE_SERVER_ERROR (502).",
        body: Strict({
          server: Type.String({
            minLength: 8,
            maxLength: 2048,
            pattern: '^https?://[^\\s]+$',
            description: 'Base URL of the license server, e.g. https://hearth.example.com',
          }),
          key: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        response: { 200: LicenseStatusSchema },
      },
    },
    async (req) => license.activate(req.body.server, req.body.key),
  );
}
