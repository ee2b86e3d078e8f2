import type { Logger } from '../../log.js';
import { KasaDiscovery } from './kasa-udp.js';
import { MdnsDiscovery } from './mdns.js';
import type { DiscoveryProtocol } from './protocol.js';
import { WsDiscovery } from './ws-discovery.js';

/**
 * The protocols Hearth uses when `HEARTH_DISCOVERY=on`: mDNS, ONVIF WS-Discovery, Kasa's UDP
 * broadcast. Imported only then (a dynamic `import()`), so a Hearth with discovery off never
 * loads bonjour-service.
 */
export function networkProtocols(log: Logger): DiscoveryProtocol[] {
  return [
    new MdnsDiscovery(log.child({ protocol: 'mdns' })),
    new WsDiscovery(log.child({ protocol: 'ws-discovery' })),
    new KasaDiscovery(log.child({ protocol: 'kasa' })),
  ];
}
