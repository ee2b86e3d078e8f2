import type { DiscoveredDevice } from './offers.js';

declare module '../../bus.js' {
  interface EventMap {
    /**
     * A device discovery found for the first time (not already paired); realtime sends it as the
     * Socket.IO event `device_discovered` to admins' sockets only.
     */
    device_discovered: DiscoveredDevice;
  }
}
