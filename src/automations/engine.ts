import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import { Errors } from '../errors.js';
import type { SceneService } from '../home/scenes/service.js';
import type { HomeService } from '../home/service.js';
import { hyphenId } from '../home/slug.js';
import type { Logger } from '../log.js';
import type { AutomationRepository, AutomationRow } from '../store/index.js';
import type { ConditionEnv } from './conditions.js';
import './events.js';
import '../settings/events.js';
import type { LoadedAutomation } from './loaded.js';
import { triggersOf, type Automation, type AutomationDefinition } from './model.js';
import type { Notifications } from './notifications.js';
import { Run, type RunDeps } from './runner.js';
import { Runs } from './runs.js';
import { StateTriggers } from './state-triggers.js';
import { TimeTriggers, type HomePlace } from './time-triggers.js';
import { TraceLog, type Trace } from './traces.js';
import { validateEntityActions } from './validate.js';

export type { HomePlace } from './time-triggers.js';

export interface EngineOptions {
  home: HomeService;
  scenes: SceneService | undefined;
  repo: AutomationRepository;
  notifications: Notifications;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  /** The home's time zone and location, read fresh each time (they change at run time, see `settings_changed`). */
  place: HomePlace;
}

/**
 * The automation engine: keeps the automations (create, update, enable, delete, persisted as
 * rows) and wires the three parts that act on them — state and presence triggers indexed by
 * entity (`state-triggers.ts`), time and solar triggers on the scheduler (`time-triggers.ts`),
 * and conditions, modes and runs (`runs.ts`) — tracing every evaluation.
 */
export class AutomationEngine {
  private readonly items = new Map<string, LoadedAutomation>();
  private readonly stateTriggers: StateTriggers;
  private readonly timeTriggers: TimeTriggers;
  private readonly runs: Runs;
  private readonly runDeps: RunDeps;
  readonly traces: TraceLog;
  private started = false;

  constructor(private readonly o: EngineOptions) {
    this.traces = new TraceLog(o.repo, o.clock, o.log, () => this.flushMarks());
    this.stateTriggers = new StateTriggers({
      home: o.home,
      clock: o.clock,
      fire: (id, data) => {
        const item = this.items.get(id);
        if (item) this.runs.fire(item, data);
      },
    });
    this.timeTriggers = new TimeTriggers({
      clock: o.clock,
      log: o.log,
      repo: o.repo,
      place: o.place,
      items: this.items,
      fire: (batch) => this.runs.fireTogether(batch),
    });
    this.runDeps = {
      home: o.home,
      scenes: o.scenes,
      notifications: o.notifications,
      clock: o.clock,
      repo: o.repo,
      env: () => this.env(),
      watch: (entities, recheck) => this.stateTriggers.watch(entities, recheck),
    };
    this.runs = new Runs({
      bus: o.bus,
      clock: o.clock,
      log: o.log,
      traces: this.traces,
      items: this.items,
      runDeps: this.runDeps,
      env: (now) => this.env(now),
      running: () => this.started,
    });
  }

  private nowIso() {
    return new Date(this.o.clock.now()).toISOString();
  }

  env(now = this.o.clock.now(), overrides: Record<string, unknown> = {}): ConditionEnv {
    const home = this.o.home;
    return {
      now,
      tz: this.o.place.timeZone,
      location: this.o.place.location,
      entity: (id) => (id in overrides ? { state: overrides[id], available: true } : home.registry.get(id)),
      persons: () =>
        home.entities({ domain: 'person' }).map((p) => ({
          entity_id: p.entity_id,
          state: p.entity_id in overrides ? overrides[p.entity_id] : p.available ? p.state : 'unavailable',
        })),
    };
  }

  /** Loads automations, resumes persisted delays and waits, then listens. Call after the registry is restored. */
  async start() {
    for (const row of await this.o.repo.list()) this.items.set(row.id, this.fromRow(row));
    for (const item of this.items.values()) if (item.a.enabled) this.activate(item, true);
    this.o.bus.on('state_changed', 'automations', (e) => this.stateTriggers.onStateChanged(e));
    this.o.bus.on('settings_changed', 'automations', () => this.timeTriggers.rearm());
    this.started = true;
    for (const p of await this.o.repo.listPending()) {
      const item = this.items.get(p.automation_id);
      if (!item?.a.enabled) {
        await this.o.repo.deletePending(p.run_id);
        continue;
      }
      const run = new Run(this.runDeps, item.a, p.trace as unknown as Trace, p.run_id);
      this.o.log.info(
        { automation: item.a.id, run: p.run_id, step: p.step, due_at: p.due_at },
        'resuming a pending automation run',
      );
      this.runs.resume(item, run, () => run.resume(p.step, p.kind, Date.parse(p.due_at)));
    }
  }

  async stop() {
    this.started = false;
    this.o.bus.removeOwner('automations');
    this.timeTriggers.stop();
    this.stateTriggers.stop();
    for (const item of this.items.values()) {
      for (const run of item.runs) {
        run.stop('suspended');
        this.traces.suspend(run.trace);
      }
    }
    await this.traces.stop();
  }

  // --- definitions -------------------------------------------------------------------------

  list(): Automation[] {
    return [...this.items.values()].map((i) => i.a);
  }

  get(id: string): Automation {
    const item = this.items.get(id);
    if (!item) throw Errors.notFound('Automation', id);
    return item.a;
  }

  /** The earliest scheduled time or solar occurrence (ISO), or null. */
  nextTriggerAt(id: string): string | null {
    const item = this.items.get(id);
    const best = item && this.timeTriggers.nextDue(item);
    return best === undefined ? null : new Date(best).toISOString();
  }

  runningCount(id: string): number {
    return this.items.get(id)?.runs.size ?? 0;
  }

  async create(def: AutomationDefinition): Promise<Automation> {
    validateEntityActions(def, (id) => this.o.home.registry.get(id));
    const base = hyphenId(def.name);
    let id = base;
    for (let n = 2; this.items.has(id); n++) id = `${base}-${n}`;
    const now = this.nowIso();
    const { enabled, ...rest } = def;
    const a: Automation = {
      ...rest,
      id,
      enabled: enabled ?? true,
      created_at: now,
      updated_at: now,
      last_triggered: null,
      last_evaluated: null,
    };
    const item: LoadedAutomation = { a, fired: {}, runs: new Set(), queue: [], dirty: false };
    await this.o.repo.save(this.toRow(item));
    this.items.set(id, item);
    if (a.enabled) this.activate(item, false);
    return a;
  }

  async update(id: string, def: AutomationDefinition): Promise<Automation> {
    const item = this.items.get(id);
    if (!item) throw Errors.notFound('Automation', id);
    validateEntityActions(def, (entityId) => this.o.home.registry.get(entityId));
    this.deactivate(item);
    const { enabled, ...rest } = def;
    const old = item.a;
    item.a = {
      ...rest,
      id,
      enabled: enabled ?? old.enabled,
      created_at: old.created_at,
      updated_at: this.nowIso(),
      last_triggered: old.last_triggered,
      last_evaluated: old.last_evaluated,
    };
    await this.o.repo.save(this.toRow(item));
    if (item.a.enabled) this.activate(item, false);
    return item.a;
  }

  async setEnabled(id: string, enabled: boolean): Promise<Automation> {
    const item = this.items.get(id);
    if (!item) throw Errors.notFound('Automation', id);
    if (item.a.enabled === enabled) return item.a;
    this.deactivate(item);
    item.a = { ...item.a, enabled, updated_at: this.nowIso() };
    await this.o.repo.save(this.toRow(item));
    if (enabled) this.activate(item, false);
    return item.a;
  }

  async remove(id: string) {
    const item = this.items.get(id);
    if (!item) throw Errors.notFound('Automation', id);
    this.deactivate(item);
    for (const run of item.runs) run.stop('cancelled', 'the automation was deleted');
    this.items.delete(id);
    await this.o.repo.delete(id);
  }

  private fromRow(row: AutomationRow): LoadedAutomation {
    const def = row.definition as unknown as AutomationDefinition;
    return {
      a: {
        ...def,
        id: row.id,
        name: row.name,
        enabled: row.enabled,
        created_at: row.created_at,
        updated_at: row.updated_at,
        last_triggered: row.last_triggered,
        last_evaluated: row.last_evaluated,
      },
      fired: row.fired,
      runs: new Set(),
      queue: [],
      dirty: false,
    };
  }

  private toRow(item: LoadedAutomation): AutomationRow {
    const { id, enabled, created_at, updated_at, last_triggered, last_evaluated, ...definition } = item.a;
    return {
      id,
      name: item.a.name,
      definition: definition,
      enabled,
      created_at,
      updated_at,
      last_triggered,
      last_evaluated,
      fired: item.fired,
    };
  }

  private async flushMarks() {
    const marks = [...this.items.values()].filter((i) => i.dirty);
    for (const i of marks) i.dirty = false;
    await this.o.repo.saveMarks(
      marks.map((i) => ({
        id: i.a.id,
        last_triggered: i.a.last_triggered,
        last_evaluated: i.a.last_evaluated,
      })),
    );
  }

  // --- triggers ----------------------------------------------------------------------------

  private activate(item: LoadedAutomation, atStart: boolean) {
    this.stateTriggers.add(item, triggersOf(item.a), atStart);
    this.timeTriggers.add(item, atStart);
  }

  private deactivate(item: LoadedAutomation) {
    const triggers = triggersOf(item.a);
    this.stateTriggers.remove(item.a.id, triggers);
    this.timeTriggers.remove(item.a.id, triggers);
  }

  /** Runs the actions now, conditions skipped (mode still applies); traced as a manual run. */
  run(id: string): Trace {
    const item = this.items.get(id);
    if (!item) throw Errors.notFound('Automation', id);
    return this.runs.fire(
      item,
      { index: -1, type: 'manual', description: 'run by hand' },
      { skipConditions: true },
    );
  }
}
