import type { EventBus } from '../../bus.js';
import '../../automations/events.js';
import type { RealtimeServer } from './server.js';

/** Automation and notification events to every connected socket (they are household-wide). */
export function automationEvents(realtime: RealtimeServer, bus: EventBus) {
  const owner = 'realtime:automations';
  const io = realtime.io;
  bus.on('automation_triggered', owner, (e) => io.emit('automation_triggered', e));
  bus.on('automation_finished', owner, (e) => io.emit('automation_finished', e));
  bus.on('notification', owner, (e) => io.emit('notification', e));
  return () => bus.removeOwner(owner);
}
