import type { EventBus } from '../bus.js';
import type { Clock, TimerHandle } from '../clock.js';
import { Errors } from '../errors.js';
import type { HomeService } from '../home/service.js';
import type { Cause, EntityState } from '../home/types.js';

/**
 * Presence: writes person entities' state ('home' / 'away'). Sources are `POST /api/home/presence`
 * (phone geofence apps, webhooks) and device trackers whose `person` attribute names a person.
 * Arrival applies at once; leaving applies after `leaveDelayMs` unless the person comes back
 * first, so a phone that drops off Wi-Fi for a minute does not switch the house to "away".
 *
 * The person entity stays owned by its integration (the demo home owns `person.resident`);
 * presence writes its state through `HomeService.applyReport` with the reporter as the cause,
 * so history answers "who said I left?".
 */
export class PresenceService {
  private readonly pendingLeave = new Map<string, { timer: TimerHandle; due: number }>();

  constructor(
    private readonly home: HomeService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    readonly leaveDelayMs: number,
  ) {}

  start() {
    this.bus.on('state_changed', 'presence', (e) => {
      if (e.domain !== 'device_tracker') return;
      const person = e.new_state.attributes.person;
      if (typeof person !== 'string' || !this.home.registry.get(person)) return;
      const s = e.new_state.available ? e.new_state.state : null;
      if (s === 'home') this.report(person, 'home', { type: 'device', id: e.entity_id });
      else if (s === 'not_home' || s === 'away')
        this.report(person, 'away', { type: 'device', id: e.entity_id });
    });
  }

  stop() {
    this.bus.removeOwner('presence');
    for (const p of this.pendingLeave.values()) this.clock.clearTimeout(p.timer);
    this.pendingLeave.clear();
  }

  /** Sets a person home (now) or away (after the debounce). Returns the state now and any pending leave. */
  report(
    person: string,
    state: 'home' | 'away',
    cause: Cause,
  ): { person: string; state: EntityState; away_at: string | null } {
    const e = this.home.registry.get(person);
    if (!e) throw Errors.notFound('Person', person);
    if (e.domain !== 'person')
      throw Errors.validation(`person must be a person entity (person.…), not ${person}`, {
        field: 'person',
      });
    const pending = this.pendingLeave.get(person);
    if (state === 'home') {
      if (pending) this.clock.clearTimeout(pending.timer);
      this.pendingLeave.delete(person);
      this.home.applyReport(person, 'home', undefined, cause);
    } else if (!pending && e.state !== 'away') {
      if (this.leaveDelayMs <= 0) this.home.applyReport(person, 'away', undefined, cause);
      else {
        const due = this.clock.now() + this.leaveDelayMs;
        const timer = this.clock.setTimeout(() => {
          this.pendingLeave.delete(person);
          this.home.applyReport(person, 'away', undefined, cause);
        }, this.leaveDelayMs);
        this.pendingLeave.set(person, { timer, due });
      }
    }
    const p = this.pendingLeave.get(person);
    return {
      person,
      state: this.home.registry.get(person)?.state ?? null,
      away_at: p ? new Date(p.due).toISOString() : null,
    };
  }
}
