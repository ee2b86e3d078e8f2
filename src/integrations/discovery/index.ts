export type { DiscoveredDevice, Found } from './offers.js';
export { OfferTable } from './offers.js';
export type { DiscoveryProtocol } from './protocol.js';
export { DiscoveryService, DISCOVERY_TIMING, type DiscoveryTiming } from './service.js';
export { MdnsDiscovery } from './mdns.js';
export { WsDiscovery } from './ws-discovery.js';
export { KasaDiscovery } from './kasa-udp.js';
import type { Logger } from '../../log.js';
import { KasaDiscovery } from './kasa-udp.js';
import { MdnsDiscovery } from './mdns.js';
import { WsDiscovery } from './ws-discovery.js';
import type { DiscoveryProtocol } from './protocol.js';

/** The protocols Hearth uses when `HEARTH_DISCOVERY=on`: mDNS, ONVIF WS-Discovery, Kasa's UDP broadcast. */
export function networkProtocols(log: Logger): DiscoveryProtocol[] {
  return [
    new MdnsDiscovery(log.child({ protocol: 'mdns' })),
    new WsDiscovery(log.child({ protocol: 'ws-discovery' })),
    new KasaDiscovery(log.child({ protocol: 'kasa' })),
  ];
}
