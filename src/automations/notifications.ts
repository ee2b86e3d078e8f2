import { randomUUID } from 'node:crypto';
import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import type { AutomationRepository, NotificationRow } from '../store/index.js';
import './events.js';

/** Stored messages for the household; each is also a `notification` event (Socket.IO fans it out). */
export class Notifications {
  constructor(private readonly repo: AutomationRepository, private readonly bus: EventBus, private readonly clock: Clock) {}

  async add(message: string, source: { type: string; id?: string }): Promise<NotificationRow> {
    const row: NotificationRow = {
      id: randomUUID(), message, source_type: source.type, source_id: source.id ?? null, created_at: new Date(this.clock.now()).toISOString(),
    };
    await this.repo.addNotification(row);
    this.bus.emit('notification', row);
    return row;
  }

  list(limit = 50): Promise<NotificationRow[]> {
    return this.repo.notifications(limit);
  }
}
