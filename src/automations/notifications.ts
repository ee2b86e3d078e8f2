import { randomUUID } from 'node:crypto';
import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import type { AutomationRepository, NotificationRow, NotificationView } from '../store/index.js';
import './events.js';

export interface NotificationOptions {
  /** A condition that needs a person: at most one open notification per key, resolved when it clears. */
  key?: string;
  audience?: 'all' | 'admin';
  /** Where in the dashboard to act on it. */
  link?: string;
}

/**
 * Stored messages for the household; each is also a `notification` event (Socket.IO fans it
 * out). Read marks are per person. Keyed notifications stand for a condition that needs someone
 * (a device gone for long, a user waiting for approval…) and are resolved when it clears.
 */
export class Notifications {
  constructor(
    private readonly repo: AutomationRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  private now() {
    return new Date(this.clock.now()).toISOString();
  }

  async add(
    message: string,
    source: { type: string; id?: string },
    opts: NotificationOptions = {},
  ): Promise<NotificationRow> {
    const row: NotificationRow = {
      id: randomUUID(),
      message,
      source_type: source.type,
      source_id: source.id ?? null,
      created_at: this.now(),
      key: opts.key ?? null,
      audience: opts.audience ?? 'all',
      link: opts.link ?? null,
      resolved_at: null,
    };
    await this.repo.addNotification(row);
    this.bus.emit('notification', row);
    return row;
  }

  /** Adds a keyed notification unless one with the key is still open; answers the open one. */
  async raise(
    key: string,
    message: string,
    source: { type: string; id?: string },
    opts: Omit<NotificationOptions, 'key'> = {},
  ): Promise<NotificationRow> {
    return (await this.repo.openNotification(key)) ?? this.add(message, source, { ...opts, key });
  }

  /** The condition behind `key` cleared: its open notification is resolved (it stays in the list). */
  async resolve(key: string): Promise<void> {
    const open = await this.repo.openNotification(key);
    if (!open) return;
    await this.repo.resolveNotification(open.id, this.now());
    this.bus.emit('notification_resolved', { id: open.id, key, audience: open.audience });
  }

  /** Keys of the open keyed notifications. */
  async openKeys(): Promise<string[]> {
    return (await this.repo.openNotifications()).map((n) => n.key!);
  }

  list(limit = 50): Promise<NotificationRow[]> {
    return this.repo.notifications(limit);
  }

  listFor(user: { id: string; role: string }, limit = 50): Promise<NotificationView[]> {
    return this.repo.notificationsFor(user.id, user.role === 'admin', limit);
  }

  async markRead(user: { id: string; role: string }, ids: string[] | 'all'): Promise<number> {
    const changed = await this.repo.markNotificationsRead(user.id, user.role === 'admin', ids, this.now());
    this.bus.emit('notifications_read', { user_id: user.id, ids });
    return changed;
  }
}
