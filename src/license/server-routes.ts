import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../api/http/server.js';
import { Strict } from '../api/http/schemas.js';
import type { LicenseIssuer } from './issuer.js';

const LicenseKey = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'A license key, e.g. HRTH-7Q2MX-K4D9P-0TV3S-H8RWE',
});
export const HomeId = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'The stable id of a home installation',
});

const License = Type.Object({
  key: Type.String(),
  customer: Type.String(),
  max_homes: Type.Union([Type.Integer(), Type.Null()], {
    description: 'How many different homes may activate the key; null = no limit',
  }),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  revoked_at: Type.Union([Type.String(), Type.Null()]),
  state: Type.String({ enum: ['active', 'revoked', 'expired'] }),
  homes: Type.Array(Type.Object({ home_id: Type.String(), activated_at: Type.String() })),
});

export const LicenseDocumentSchema = Type.Object(
  {
    key: Type.String(),
    customer: Type.String(),
    home_id: Type.String(),
    issued_at: Type.String({ description: 'When this home first activated the key (ISO 8601)' }),
    expires_at: Type.Optional(Type.String({ description: 'Absent: the license does not expire' })),
    signature: Type.String({
      description:
        'Ed25519 signature, base64, over the UTF-8 bytes of the other fields as compact JSON with keys in lexicographic order and absent fields left out',
    }),
  },
  { description: 'A signed license document; verify it with GET /api/licenses/public-key' },
);

/** The license endpoints of the license-server role. */
export function licenseServerRoutes(app: HttpApp, issuer: LicenseIssuer) {
  app.post(
    '/api/licenses',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['license'],
        summary: 'Issue a license key (license-server role)',
        description:
          '`max_homes` defaults to 1 (null = no limit); `expires_at` is an ISO 8601 date-time in the future, absent = never expires.',
        body: Strict({
          customer: Type.String({ minLength: 1, maxLength: 200 }),
          max_homes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])),
          expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
        }),
        response: { 201: License },
      },
    },
    async (req, reply) => reply.status(201).send(await issuer.create(req.body)),
  );

  app.get(
    '/api/licenses',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['license'],
        summary: 'All issued licenses with the homes that activated them (license-server role)',
        response: { 200: Type.Array(License) },
      },
    },
    async () => issuer.list(),
  );

  app.delete(
    '/api/licenses/:key',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['license'],
        summary: 'Revoke a license (license-server role)',
        description:
          'A revoked key cannot be activated or re-activated. Homes verify their stored document offline, so a revocation reaches them only when they next activate.',
        params: Strict({ key: LicenseKey }),
        response: { 200: License },
      },
    },
    async (req) => issuer.revoke(req.params.key),
  );

  app.post(
    '/api/licenses/activate',
    {
      config: { access: 'public' },
      schema: {
        tags: ['license'],
        summary:
          'Activate a license key for a home and get the signed license document (license-server role)',
        description:
          'No token. Re-activating the same home is idempotent. Refused with LICENSE_UNKNOWN (404), LICENSE_REVOKED (403), LICENSE_EXPIRED (403) or LICENSE_EXHAUSTED (409, max_homes reached). Failed attempts are rate-limited per client address: 429 THROTTLED with Retry-After.',
        body: Strict({ key: LicenseKey, home_id: HomeId }),
        response: { 200: LicenseDocumentSchema },
      },
    },
    async (req) => issuer.activate(req.body.key.trim().toUpperCase(), req.body.home_id, req.ip),
  );

  app.get(
    '/api/licenses/public-key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['license'],
        summary: "The public key that verifies this server's license documents (license-server role)",
        response: {
          200: Type.Object({
            algorithm: Type.Literal('Ed25519'),
            public_key_pem: Type.String({
              description: 'SubjectPublicKeyInfo in PEM (-----BEGIN PUBLIC KEY-----)',
            }),
          }),
        },
      },
    },
    async () => ({ algorithm: 'Ed25519' as const, public_key_pem: issuer.publicKeyPem }),
  );
}
