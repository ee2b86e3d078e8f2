import type { EventBus } from '../../bus.js';
import '../../integrations/discovery/events.js';
import type { RealtimeServer, SocketData } from './server.js';

/**
 * `device_discovered` to admins' sockets only. The role is read from each socket's principal when
 * the event goes out (it is refreshed when a user changes), so a demoted admin stops receiving
 * offers at once. Offers are rare (one per new device), so looking over this process's sockets is cheap.
 */
export function discoveryEvents(realtime: RealtimeServer, bus: EventBus) {
  const owner = 'realtime:discovery';
  bus.on('device_discovered', owner, (offer) => {
    for (const socket of realtime.io.of('/').sockets.values()) {
      if ((socket.data as SocketData).principal.user.role === 'admin')
        socket.emit('device_discovered', offer);
    }
  });
  return () => bus.removeOwner(owner);
}
