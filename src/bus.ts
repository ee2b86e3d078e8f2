import type { Logger } from './log.js';

/**
 * Event name -> payload. Each part declares its own events by merging into this interface
 * (`declare module '../bus.js' { interface EventMap { ... } }`), so the bus stays typed
 * without one file knowing every part.
 */
export interface EventMap {
  /** A session ended (logout, refresh, revoke, password change): realtime drops its sockets. */
  session_revoked: { session_id: string; user_id: string };
  /** A user's role, disabled flag or existence changed: realtime re-checks or drops their sockets. */
  user_changed: { user_id: string; reason: 'role' | 'disabled' | 'deleted' | 'enabled' };
}

export type EventName = keyof EventMap;
type Listener<K extends EventName> = (payload: EventMap[K]) => void;

interface Registration {
  owner: string;
  fn: (payload: never) => void;
}

/**
 * A synchronous, typed event bus. Listeners run in registration order; one that throws is
 * logged with its owner and never stops the others or the emitter.
 */
export class EventBus {
  private readonly listeners = new Map<EventName, Registration[]>();

  constructor(private readonly log: Logger) {}

  on<K extends EventName>(event: K, owner: string, fn: Listener<K>): () => void {
    const list = this.listeners.get(event) ?? [];
    const reg: Registration = { owner, fn: fn };
    this.listeners.set(event, [...list, reg]);
    return () => {
      const current = this.listeners.get(event) ?? [];
      this.listeners.set(
        event,
        current.filter((r) => r !== reg),
      );
    };
  }

  emit<K extends EventName>(event: K, payload: EventMap[K]): void {
    const list = this.listeners.get(event);
    if (!list) return;
    for (const reg of list) {
      try {
        (reg.fn as Listener<K>)(payload);
      } catch (err) {
        this.log.error({ err, event, owner: reg.owner }, 'event listener failed');
      }
    }
  }

  /** Removes every listener a part registered (called from that part's `stop()`). */
  removeOwner(owner: string): void {
    for (const [event, list] of this.listeners) {
      this.listeners.set(
        event,
        list.filter((r) => r.owner !== owner),
      );
    }
  }

  listenerCount(event: EventName): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}
