import type { EventBus } from '../../bus.js';
import '../../automations/events.js';
import type { RealtimeServer } from './server.js';

const ADMINS = 'role:admin';

/**
 * Automation and notification events. Household-wide ones go to every socket; notifications for
 * administrators only (a user waiting for approval) to admins' sockets; read marks to the
 * person's own sockets, so a bell read on the phone clears on the wall tablet too.
 */
export function automationEvents(realtime: RealtimeServer, bus: EventBus) {
  const owner = 'realtime:automations';
  realtime.onConnect((socket) => {
    if (socket.data.principal.user.role === 'admin') void socket.join(ADMINS);
  });
  const audience = (e: { audience?: string }) => (e.audience === 'admin' ? [ADMINS] : undefined);
  // Through the same batches as the home events, so a trigger never overtakes the state change behind it.
  bus.on('automation_triggered', owner, (e) => realtime.broadcast(undefined, 'automation_triggered', e));
  bus.on('automation_finished', owner, (e) => realtime.broadcast(undefined, 'automation_finished', e));
  bus.on('notification', owner, (e) => realtime.broadcast(audience(e), 'notification', e));
  bus.on('notification_resolved', owner, (e) =>
    realtime.broadcast(audience(e), 'notification_resolved', { id: e.id, key: e.key }),
  );
  bus.on('notifications_read', owner, (e) =>
    realtime.broadcast([`user:${e.user_id}`], 'notifications_read', { ids: e.ids }),
  );
  return () => bus.removeOwner(owner);
}
