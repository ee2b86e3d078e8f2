import type { Clock, TimerHandle } from '../clock.js';
import type { StateChangedEvent } from '../home/events.js';
import type { HomeService } from '../home/service.js';
import { isHome } from './conditions.js';
import { triggerKey, type LoadedAutomation } from './loaded.js';
import type { PresenceTrigger, Trigger, TriggerData } from './model.js';
import {
  describeTrigger,
  enters,
  holds,
  isStateTrigger,
  presenceFires,
  stateOf,
  type StateTrigger,
} from './triggers.js';

interface Ref<T> {
  id: string;
  index: number;
  trigger: T;
}

export interface StateTriggerOptions {
  home: HomeService;
  clock: Clock;
  /** A trigger fired: the engine evaluates the automation's conditions and applies its mode. */
  fire(id: string, data: TriggerData): void;
}

/**
 * State and presence triggers, indexed by the entity they name (a state change looks only at
 * the automations naming that entity), with their `for` countdowns; and the waits of running
 * actions (`watch`), rechecked on every change of the entities they read.
 */
export class StateTriggers {
  private readonly byEntity = new Map<string, Ref<StateTrigger>[]>();
  private presence: Ref<PresenceTrigger>[] = [];
  private readonly countdowns = new Map<string, TimerHandle>();
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(private readonly o: StateTriggerOptions) {}

  /** Indexes the automation's state and presence triggers; at start, resumes running `for` countdowns. */
  add(item: LoadedAutomation, triggers: Trigger[], atStart: boolean) {
    triggers.forEach((trigger, index) => {
      if (isStateTrigger(trigger)) {
        const ref = { id: item.a.id, index, trigger };
        const list = this.byEntity.get(trigger.entity) ?? [];
        list.push(ref);
        this.byEntity.set(trigger.entity, list);
        if (atStart && trigger.for) this.restoreCountdown(ref);
      } else if (trigger.type === 'presence') {
        this.presence.push({ id: item.a.id, index, trigger });
      }
    });
  }

  remove(id: string, triggers: Trigger[]) {
    triggers.forEach((trigger, index) => {
      if (isStateTrigger(trigger)) {
        const list = (this.byEntity.get(trigger.entity) ?? []).filter((r) => r.id !== id);
        if (list.length === 0) this.byEntity.delete(trigger.entity);
        else this.byEntity.set(trigger.entity, list);
      }
      this.cancelCountdown(triggerKey(id, index));
    });
    this.presence = this.presence.filter((r) => r.id !== id);
  }

  stop() {
    for (const t of this.countdowns.values()) this.o.clock.clearTimeout(t);
    this.countdowns.clear();
  }

  onStateChanged(e: StateChangedEvent) {
    for (const ref of this.byEntity.get(e.entity_id) ?? []) {
      const t = ref.trigger;
      const key = triggerKey(ref.id, ref.index);
      if (enters(t, e)) {
        const data = { from_state: stateOf(e.old_state), to_state: stateOf(e.new_state) };
        if (t.for) this.armCountdown(ref, t.for * 1000, data);
        else this.fire(ref, { entity_id: e.entity_id, ...data });
      } else if (this.countdowns.has(key) && !holds(t, e.new_state)) {
        this.cancelCountdown(key);
      }
    }
    if (e.domain === 'person' && this.presence.length > 0) {
      const othersHome = this.o.home
        .entities({ domain: 'person' })
        .filter((p) => p.entity_id !== e.entity_id && p.available && isHome(p.state)).length;
      for (const ref of this.presence) {
        if (!presenceFires(ref.trigger, e, othersHome)) continue;
        this.fire(ref, {
          person: e.entity_id,
          from_state: stateOf(e.old_state),
          to_state: stateOf(e.new_state),
        });
      }
    }
    for (const key of [e.entity_id, ...(e.domain === 'person' ? ['person.*'] : [])]) {
      const set = this.waiters.get(key);
      if (set) for (const recheck of [...set]) recheck();
    }
  }

  /** Registers a wait: `recheck` runs when one of `entities` changes; returns the unregister function. */
  watch(entities: string[], recheck: () => void): () => void {
    for (const id of entities) {
      const set = this.waiters.get(id) ?? new Set();
      set.add(recheck);
      this.waiters.set(id, set);
    }
    return () => {
      for (const id of entities) {
        const set = this.waiters.get(id);
        set?.delete(recheck);
        if (set?.size === 0) this.waiters.delete(id);
      }
    };
  }

  private fire(ref: Ref<StateTrigger | PresenceTrigger>, data: Partial<TriggerData>) {
    this.o.fire(ref.id, {
      index: ref.index,
      type: ref.trigger.type,
      description: describeTrigger(ref.trigger),
      ...(ref.trigger.type === 'presence' ? {} : { entity_id: ref.trigger.entity }),
      ...data,
    });
  }

  /** After a restart, a `for` countdown that was running resumes from the entity's last change. */
  private restoreCountdown(ref: Ref<StateTrigger>) {
    const t = ref.trigger;
    const e = this.o.home.registry.get(t.entity);
    if (
      !e ||
      !holds(t, {
        state: e.state,
        attributes: e.attributes,
        available: e.available,
        last_changed: e.last_changed,
        last_updated: e.last_updated,
      })
    )
      return;
    const due = Date.parse(e.last_changed) + (t.for ?? 0) * 1000;
    const now = this.o.clock.now();
    if (due > now) this.armCountdown(ref, due - now, { from_state: null, to_state: e.state });
  }

  private armCountdown(ref: Ref<StateTrigger>, ms: number, data: { from_state: unknown; to_state: unknown }) {
    const key = triggerKey(ref.id, ref.index);
    this.cancelCountdown(key);
    this.countdowns.set(
      key,
      this.o.clock.setTimeout(() => {
        this.countdowns.delete(key);
        this.fire(ref, data);
      }, ms),
    );
  }

  private cancelCountdown(key: string) {
    const t = this.countdowns.get(key);
    if (t) this.o.clock.clearTimeout(t);
    this.countdowns.delete(key);
  }
}
