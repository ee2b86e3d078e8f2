import type { EventBus } from '../../bus.js';
import '../../integrations/pairing/events.js';
import type { RealtimeServer } from './server.js';

/** `pairing_progress` to the sockets of the person who is pairing (their `user:<id>` room), no one else. */
export function pairingEvents(realtime: RealtimeServer, bus: EventBus) {
  const owner = 'realtime:pairing';
  bus.on('pairing_progress', owner, ({ user_id, ...event }) => {
    realtime.io.to(`user:${user_id}`).emit('pairing_progress', event);
  });
  return () => bus.removeOwner(owner);
}
