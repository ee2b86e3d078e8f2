import { join } from 'node:path';
import type { HttpApp } from '../api/http/server.js';
import type { CoreContext } from '../context.js';
import type { StatusBoard } from '../status.js';
import { loadOrCreateSigningKey } from './document.js';
import { HomeLicense } from './home.js';
import { homeLicenseRoutes } from './home-routes.js';
import { installRoutes } from './install-route.js';
import { LicenseIssuer } from './issuer.js';
import { ReleaseBuilder } from './release.js';
import { licenseServerRoutes } from './server-routes.js';

export { HomeLicense, type LicenseStatus } from './home.js';
export { canonicalLicense, verifyLicense, type LicenseDocument } from './document.js';

/**
 * The license-server role: the signing key (generated on first start in
 * `<data dir>/secrets/license-signing.key`, mode 0600), the install endpoints and the license
 * endpoints.
 */
export function licenseServer(http: HttpApp, ctx: CoreContext) {
  const signingKey = loadOrCreateSigningKey(join(ctx.config.data_dir, 'secrets', 'license-signing.key'));
  const log = ctx.log.child({ part: 'license-server' });
  const issuer = new LicenseIssuer({ licenses: ctx.store.licenses, signingKey, clock: ctx.clock, log });
  const release = new ReleaseBuilder({
    cacheDir: join(ctx.config.data_dir, 'release'),
    version: ctx.version,
    log,
  });
  installRoutes(http, ctx, release);
  licenseServerRoutes(http, issuer);
  return { issuer, release };
}

/** The home role's side: a stable home id, the stored license, its status section and settings endpoints. */
export function homeLicense(http: HttpApp, ctx: CoreContext & { status: StatusBoard }): HomeLicense {
  const license = new HomeLicense({
    store: ctx.store,
    clock: ctx.clock,
    log: ctx.log.child({ part: 'license' }),
  });
  ctx.status.set('license', () => license.status());
  homeLicenseRoutes(http, license);
  return license;
}
