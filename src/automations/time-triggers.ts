import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { AutomationRepository } from '../store/index.js';
import { triggerKey, type Automations, type LoadedAutomation } from './loaded.js';
import { triggersOf, type Trigger, type TriggerData } from './model.js';
import { Scheduler } from './scheduler.js';
import { nextSolar, type Location } from './solar.js';
import { describeTrigger } from './triggers.js';
import { nextTimeOccurrence } from './zoned.js';

export interface HomePlace {
  readonly timeZone: string;
  readonly location: Location | undefined;
}

export interface TimeTriggerOptions {
  clock: Clock;
  log: Logger;
  repo: AutomationRepository;
  /** The home's time zone and location, read fresh each time (they change at run time). */
  place: HomePlace;
  items: Automations;
  /** Triggers due at one instant, fired together (their actions start once all are evaluated). */
  fire(batch: { item: LoadedAutomation; data: TriggerData }[]): void;
}

/**
 * Time and solar triggers: the next occurrence of each in the scheduler, the occurrences that
 * fired remembered (and persisted) before the automation acts on them, and every schedule
 * recomputed when the home's zone or location changes.
 */
export class TimeTriggers {
  private readonly scheduler: Scheduler;

  constructor(private readonly o: TimeTriggerOptions) {
    this.scheduler = new Scheduler(o.clock, (due) => this.onDue(due));
  }

  /**
   * Schedules the automation's time and solar triggers. At start, an occurrence missed while
   * Hearth was down is replayed only if the automation opts in with `catch_up`.
   */
  add(item: LoadedAutomation, atStart: boolean) {
    const catchUp = atStart ? (item.a.catch_up ?? 0) * 1000 : 0;
    const after = this.o.clock.now() - catchUp;
    triggersOf(item.a).forEach((trigger, index) => {
      if (trigger.type === 'time' || trigger.type === 'solar') this.schedule(item, index, trigger, after);
    });
  }

  remove(id: string, triggers: Trigger[]) {
    triggers.forEach((_t, index) => this.scheduler.delete(triggerKey(id, index)));
  }

  /** The earliest scheduled occurrence of the automation (epoch ms), or undefined. */
  nextDue(item: LoadedAutomation): number | undefined {
    let best: number | undefined;
    triggersOf(item.a).forEach((_t, i) => {
      const due = this.scheduler.dueOf(triggerKey(item.a.id, i));
      if (due !== undefined && (best === undefined || due < best)) best = due;
    });
    return best;
  }

  stop() {
    this.scheduler.stop();
  }

  /**
   * The home's zone or location changed: every time and solar trigger gets its next
   * occurrence from the new calendar and sun, counted from now (a 07:00 trigger moved to a zone
   * where it is not yet 07:00 fires there today).
   */
  rearm() {
    const now = this.o.clock.now();
    let count = 0;
    for (const item of this.o.items.values()) {
      if (!item.a.enabled) continue;
      triggersOf(item.a).forEach((trigger, index) => {
        if (trigger.type !== 'time' && trigger.type !== 'solar') return;
        this.schedule(item, index, trigger, now);
        count++;
      });
    }
    this.o.log.info(
      { triggers: count, time_zone: this.o.place.timeZone },
      're-armed time and solar triggers for the new home settings',
    );
  }

  /** The next occurrence after `after` and after the last one that fired (never the same one twice). */
  private schedule(item: LoadedAutomation, index: number, trigger: Trigger, after: number) {
    const last = item.fired[String(index)];
    const fired = last ? Date.parse(last) : -Infinity;
    this.scheduler.set(triggerKey(item.a.id, index), this.next(trigger, Math.max(fired, after)));
  }

  private next(t: Trigger, after: number): number | undefined {
    const { timeZone, location } = this.o.place;
    if (t.type === 'time') return nextTimeOccurrence(t.at, t.days, after, timeZone);
    if (t.type === 'solar')
      return location ? nextSolar(t.event, t.offset ?? 0, after, location, timeZone) : undefined;
    return undefined;
  }

  private onDue(batch: { key: string; due: number }[]) {
    const firing: { item: LoadedAutomation; data: TriggerData }[] = [];
    for (const { key, due } of batch) {
      const [id, idx] = key.split('#') as [string, string];
      const item = this.o.items.get(id);
      const trigger = item ? triggersOf(item.a)[Number(idx)] : undefined;
      if (!item || !trigger || !item.a.enabled) continue;
      item.fired = { ...item.fired, [idx]: new Date(due).toISOString() };
      this.scheduler.set(key, this.next(trigger, due));
      firing.push({
        item,
        data: {
          index: Number(idx),
          type: trigger.type,
          description: describeTrigger(trigger),
          scheduled_for: new Date(due).toISOString(),
        },
      });
    }
    // Remember the occurrences before acting on them: a crash or restart now never fires them
    // again. One transaction for all that fell due together: a commit waits for the disk, and
    // one commit per automation made the twentieth of a minute's automations ~100 ms late.
    const ids = [...new Set(firing.map((f) => f.item.a.id))];
    void this.o.repo
      .saveFired(ids.map((id) => ({ id, fired: this.o.items.get(id)!.fired })))
      .catch((err: unknown) =>
        this.o.log.error({ err, automations: ids }, 'could not persist fired occurrences'),
      );
    this.o.fire(firing);
  }
}
