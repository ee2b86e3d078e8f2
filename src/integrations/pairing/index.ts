export { parseAddress, authorityOf, type DeviceAddress } from './address.js';
export { PAIRABLE_MODULES, type PairableDeps, type PairableModule } from './catalogue.js';
export type { PairingProgressEvent } from './events.js';
export { PairingService, type PairingOutcome } from './service.js';
export { INTEGRATIONS_DIR, IntegrationStorage } from './storage.js';
