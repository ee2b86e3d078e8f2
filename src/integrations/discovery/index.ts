export type { DiscoveredDevice, Found } from './offers.js';
export { OfferTable } from './offers.js';
export type { DiscoveryProtocol } from './protocol.js';
export { DiscoveryService, DISCOVERY_TIMING, type DiscoveryTiming } from './service.js';
// The protocols themselves (network.ts) are imported only when discovery is on.
