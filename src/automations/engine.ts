import type { EventBus } from '../bus.js';
import type { Clock, TimerHandle } from '../clock.js';
import { Errors } from '../errors.js';
import type { StateChangedEvent } from '../home/events.js';
import type { SceneService } from '../home/scenes/service.js';
import type { HomeService } from '../home/service.js';
import { hyphenId } from '../home/slug.js';
import type { Logger } from '../log.js';
import type { AutomationRepository, AutomationRow } from '../store/index.js';
import { evaluate, isHome, type ConditionEnv } from './conditions.js';
import './events.js';
import '../settings/events.js';
import { modeOf, triggersOf, type Automation, type AutomationDefinition, type Trigger, type TriggerData } from './model.js';
import type { Notifications } from './notifications.js';
import { Run, type RunDeps } from './runner.js';
import { Scheduler } from './scheduler.js';
import { nextSolar, type Location } from './solar.js';
import { newTrace, TraceLog, type Trace } from './traces.js';
import { describeTrigger, enters, holds, isStateTrigger, presenceFires, stateOf, type StateTrigger } from './triggers.js';
import { nextTimeOccurrence } from './zoned.js';

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

export interface HomePlace {
  readonly timeZone: string;
  readonly location: Location | undefined;
}

/** Queued and parallel modes keep at most this many runs waiting or going per automation. */
export const MAX_RUNS = 10;

interface Loaded {
  a: Automation;
  fired: Record<string, string>;
  runs: Set<Run>;
  queue: Trace[];
  dirty: boolean;
}

interface Ref {
  id: string;
  index: number;
  trigger: Trigger;
}

/**
 * The automation engine: keeps automations, indexes their state triggers by entity (a state
 * change looks only at the automations naming that entity), schedules time and solar triggers,
 * evaluates conditions, applies the mode and runs actions — tracing every evaluation.
 */
export class AutomationEngine {
  private readonly items = new Map<string, Loaded>();
  private readonly byEntity = new Map<string, Ref[]>();
  private presenceRefs: Ref[] = [];
  private readonly forTimers = new Map<string, TimerHandle>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly scheduler: Scheduler;
  readonly traces: TraceLog;
  private readonly runDeps: RunDeps;
  private started = false;
  /** Runs whose actions wait until every trigger due at the same instant has been evaluated. */
  private held: (() => void)[] | undefined;

  constructor(private readonly o: EngineOptions) {
    this.scheduler = new Scheduler(o.clock, (due) => this.onDue(due));
    this.traces = new TraceLog(o.repo, o.clock, o.log, () => this.flushMarks());
    this.runDeps = {
      home: o.home, scenes: o.scenes, notifications: o.notifications, clock: o.clock, repo: o.repo,
      env: () => this.env(), watch: (entities, recheck) => this.watch(entities, recheck),
    };
  }

  private nowIso() {
    return new Date(this.o.clock.now()).toISOString();
  }

  env(now = this.o.clock.now(), overrides: Record<string, unknown> = {}): ConditionEnv {
    const home = this.o.home;
    return {
      now, tz: this.o.place.timeZone, location: this.o.place.location,
      entity: (id) => (id in overrides ? { state: overrides[id], available: true } : home.registry.get(id)),
      persons: () => home.entities({ domain: 'person' }).map((p) => ({ entity_id: p.entity_id, state: p.entity_id in overrides ? overrides[p.entity_id] : p.available ? p.state : 'unavailable' })),
    };
  }

  /** Loads automations, resumes persisted delays and waits, then listens. Call after the registry is restored. */
  async start() {
    for (const row of await this.o.repo.list()) this.items.set(row.id, this.fromRow(row));
    for (const item of this.items.values()) if (item.a.enabled) this.activate(item, true);
    this.o.bus.on('state_changed', 'automations', (e) => this.onStateChanged(e));
    this.o.bus.on('settings_changed', 'automations', () => this.rearm());
    this.started = true;
    for (const p of await this.o.repo.listPending()) {
      const item = this.items.get(p.automation_id);
      if (!item || !item.a.enabled) {
        await this.o.repo.deletePending(p.run_id);
        continue;
      }
      const run = new Run(this.runDeps, item.a, p.trace as unknown as Trace, p.run_id);
      this.o.log.info({ automation: item.a.id, run: p.run_id, step: p.step, due_at: p.due_at }, 'resuming a pending automation run');
      this.launch(item, run, () => run.resume(p.step, p.kind, Date.parse(p.due_at)));
    }
  }

  async stop() {
    this.started = false;
    this.o.bus.removeOwner('automations');
    this.scheduler.stop();
    for (const t of this.forTimers.values()) this.o.clock.clearTimeout(t);
    this.forTimers.clear();
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
    if (!item) return null;
    let best: number | undefined;
    triggersOf(item.a).forEach((_t, i) => {
      const due = this.scheduler.dueOf(`${id}#${i}`);
      if (due !== undefined && (best === undefined || due < best)) best = due;
    });
    return best === undefined ? null : new Date(best).toISOString();
  }

  runningCount(id: string): number {
    return this.items.get(id)?.runs.size ?? 0;
  }

  async create(def: AutomationDefinition): Promise<Automation> {
    const base = hyphenId(def.name);
    let id = base;
    for (let n = 2; this.items.has(id); n++) id = `${base}-${n}`;
    const now = this.nowIso();
    const { enabled, ...rest } = def;
    const a: Automation = { ...rest, id, enabled: enabled ?? true, created_at: now, updated_at: now, last_triggered: null, last_evaluated: null };
    const item: Loaded = { a, fired: {}, runs: new Set(), queue: [], dirty: false };
    await this.o.repo.save(this.toRow(item));
    this.items.set(id, item);
    if (a.enabled) this.activate(item, false);
    return a;
  }

  async update(id: string, def: AutomationDefinition): Promise<Automation> {
    const item = this.items.get(id);
    if (!item) throw Errors.notFound('Automation', id);
    this.deactivate(item);
    const { enabled, ...rest } = def;
    const old = item.a;
    item.a = { ...rest, id, enabled: enabled ?? old.enabled, created_at: old.created_at, updated_at: this.nowIso(), last_triggered: old.last_triggered, last_evaluated: old.last_evaluated };
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

  private fromRow(row: AutomationRow): Loaded {
    const def = row.definition as unknown as AutomationDefinition;
    return {
      a: { ...def, id: row.id, name: row.name, enabled: row.enabled, created_at: row.created_at, updated_at: row.updated_at, last_triggered: row.last_triggered, last_evaluated: row.last_evaluated },
      fired: row.fired, runs: new Set(), queue: [], dirty: false,
    };
  }

  private toRow(item: Loaded): AutomationRow {
    const { id, enabled, created_at, updated_at, last_triggered, last_evaluated, ...definition } = item.a;
    return { id, name: item.a.name, definition: definition as never, enabled, created_at, updated_at, last_triggered, last_evaluated, fired: item.fired };
  }

  private async flushMarks() {
    const marks = [...this.items.values()].filter((i) => i.dirty);
    for (const i of marks) i.dirty = false;
    await this.o.repo.saveMarks(marks.map((i) => ({ id: i.a.id, last_triggered: i.a.last_triggered, last_evaluated: i.a.last_evaluated })));
  }

  // --- indexing and scheduling ---------------------------------------------------------------

  private activate(item: Loaded, atStart: boolean) {
    const now = this.o.clock.now();
    triggersOf(item.a).forEach((trigger, index) => {
      const ref = { id: item.a.id, index, trigger };
      if (isStateTrigger(trigger)) {
        const list = this.byEntity.get(trigger.entity) ?? [];
        list.push(ref);
        this.byEntity.set(trigger.entity, list);
        if (atStart && trigger.for) this.restoreFor(ref, trigger);
      } else if (trigger.type === 'presence') {
        this.presenceRefs.push(ref);
      } else {
        // Missed occurrences are not replayed unless the automation opts in with catch_up.
        const catchUp = atStart ? (item.a.catch_up ?? 0) * 1000 : 0;
        this.schedule(item, index, trigger, now - catchUp);
      }
    });
  }

  /** The next occurrence after `after` and after the last one that fired (never the same one twice). */
  private schedule(item: Loaded, index: number, trigger: Trigger, after: number) {
    const fired = item.fired[String(index)] ? Date.parse(item.fired[String(index)]!) : -Infinity;
    this.scheduler.set(`${item.a.id}#${index}`, this.nextDue(trigger, Math.max(fired, after)));
  }

  /**
   * The home's zone or location changed: every time and solar trigger gets its next
   * occurrence from the new calendar and sun, counted from now (a 07:00 trigger moved to a zone
   * where it is not yet 07:00 fires there today).
   */
  private rearm() {
    const now = this.o.clock.now();
    let count = 0;
    for (const item of this.items.values()) {
      if (!item.a.enabled) continue;
      triggersOf(item.a).forEach((trigger, index) => {
        if (trigger.type !== 'time' && trigger.type !== 'solar') return;
        this.schedule(item, index, trigger, now);
        count++;
      });
    }
    this.o.log.info({ triggers: count, time_zone: this.o.place.timeZone }, 're-armed time and solar triggers for the new home settings');
  }

  private deactivate(item: Loaded) {
    const id = item.a.id;
    triggersOf(item.a).forEach((trigger, index) => {
      const key = `${id}#${index}`;
      if (isStateTrigger(trigger)) {
        const list = (this.byEntity.get(trigger.entity) ?? []).filter((r) => r.id !== id);
        if (list.length === 0) this.byEntity.delete(trigger.entity);
        else this.byEntity.set(trigger.entity, list);
      }
      const t = this.forTimers.get(key);
      if (t) this.o.clock.clearTimeout(t);
      this.forTimers.delete(key);
      this.scheduler.delete(key);
    });
    this.presenceRefs = this.presenceRefs.filter((r) => r.id !== id);
  }

  private nextDue(t: Trigger, after: number): number | undefined {
    const { timeZone, location } = this.o.place;
    if (t.type === 'time') return nextTimeOccurrence(t.at, t.days, after, timeZone);
    if (t.type === 'solar') return location ? nextSolar(t.event, t.offset ?? 0, after, location, timeZone) : undefined;
    return undefined;
  }

  private onDue(batch: { key: string; due: number }[]) {
    const firing: { item: Loaded; index: number; trigger: Trigger; due: number }[] = [];
    for (const { key, due } of batch) {
      const [id, idx] = key.split('#') as [string, string];
      const item = this.items.get(id);
      const trigger = item ? triggersOf(item.a)[Number(idx)] : undefined;
      if (!item || !trigger || !item.a.enabled) continue;
      item.fired = { ...item.fired, [idx]: new Date(due).toISOString() };
      this.scheduler.set(key, this.nextDue(trigger, due));
      firing.push({ item, index: Number(idx), trigger, due });
    }
    // Remember the occurrences before acting on them: a crash or restart now never fires them
    // again. One transaction for all that fell due together: a commit waits for the disk, and
    // one commit per automation made the twentieth of a minute's automations ~100 ms late.
    const ids = [...new Set(firing.map((f) => f.item.a.id))];
    void this.o.repo.saveFired(ids.map((id) => ({ id, fired: this.items.get(id)!.fired })))
      .catch((err) => this.o.log.error({ err, automations: ids }, 'could not persist fired occurrences'));
    // Actions start once all of them are evaluated: the automations due on one minute fire on
    // time instead of each waiting for the others' first actions (a notify or a device command
    // writes to the database before its first await).
    this.held = [];
    try {
      for (const { item, index, trigger, due } of firing) {
        this.fire(item, { index, type: trigger.type, description: describeTrigger(trigger), scheduled_for: new Date(due).toISOString() });
      }
    } finally {
      const held = this.held;
      this.held = undefined;
      for (const start of held) start();
    }
  }

  /** After a restart, a `for` countdown that was running resumes from the entity's last change. */
  private restoreFor(ref: Ref, t: StateTrigger) {
    const e = this.o.home.registry.get(t.entity);
    if (!e || !holds(t, { state: e.state, attributes: e.attributes, available: e.available, last_changed: e.last_changed, last_updated: e.last_updated })) return;
    const due = Date.parse(e.last_changed) + (t.for ?? 0) * 1000;
    if (due > this.o.clock.now()) this.armFor(ref, t, due - this.o.clock.now(), { from_state: null, to_state: e.state });
  }

  private armFor(ref: Ref, t: StateTrigger, ms: number, data: { from_state: unknown; to_state: unknown }) {
    const key = `${ref.id}#${ref.index}`;
    const old = this.forTimers.get(key);
    if (old) this.o.clock.clearTimeout(old);
    this.forTimers.set(key, this.o.clock.setTimeout(() => {
      this.forTimers.delete(key);
      const item = this.items.get(ref.id);
      if (item) this.fire(item, { index: ref.index, type: t.type, description: describeTrigger(t), entity_id: t.entity, ...data });
    }, ms));
  }

  // --- state changes -----------------------------------------------------------------------

  private onStateChanged(e: StateChangedEvent) {
    const refs = this.byEntity.get(e.entity_id);
    if (refs) {
      for (const ref of refs) {
        const t = ref.trigger as StateTrigger;
        const key = `${ref.id}#${ref.index}`;
        if (enters(t, e)) {
          const data = { from_state: stateOf(e.old_state), to_state: stateOf(e.new_state) };
          if (t.for) this.armFor(ref, t, t.for * 1000, data);
          else {
            const item = this.items.get(ref.id);
            if (item) this.fire(item, { index: ref.index, type: t.type, description: describeTrigger(t), entity_id: e.entity_id, ...data });
          }
        } else if (this.forTimers.has(key) && !holds(t, e.new_state)) {
          this.o.clock.clearTimeout(this.forTimers.get(key)!);
          this.forTimers.delete(key);
        }
      }
    }
    if (e.domain === 'person' && this.presenceRefs.length > 0) {
      const othersHome = this.o.home.entities({ domain: 'person' }).filter((p) => p.entity_id !== e.entity_id && p.available && isHome(p.state)).length;
      for (const ref of this.presenceRefs) {
        if (ref.trigger.type !== 'presence' || !presenceFires(ref.trigger, e, othersHome)) continue;
        const item = this.items.get(ref.id);
        if (item) this.fire(item, { index: ref.index, type: 'presence', description: describeTrigger(ref.trigger), person: e.entity_id, from_state: stateOf(e.old_state), to_state: stateOf(e.new_state) });
      }
    }
    for (const key of [e.entity_id, ...(e.domain === 'person' ? ['person.*'] : [])]) {
      const set = this.waiters.get(key);
      if (set) for (const recheck of [...set]) recheck();
    }
  }

  private watch(entities: string[], recheck: () => void): () => void {
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

  // --- evaluation, modes and runs ----------------------------------------------------------

  /** Evaluates conditions and applies the mode; returns the trace (still running if actions started). */
  fire(item: Loaded, trigger: TriggerData, opts: { skipConditions?: boolean } = {}): Trace {
    const now = this.o.clock.now();
    const trace = newTrace(item.a.id, trigger, now);
    item.a.last_evaluated = trace.started_at;
    item.dirty = true;
    if (!opts.skipConditions) {
      const env = this.env(now);
      for (const c of item.a.conditions ?? []) {
        const v = evaluate(c, env);
        trace.conditions.push(v);
        if (!v.ok) {
          trace.result = 'blocked';
          trace.reason = v.reason;
          trace.finished_at = trace.started_at;
          this.traces.record(trace);
          return trace;
        }
      }
    }
    const mode = modeOf(item.a);
    if (item.runs.size > 0) {
      if (mode === 'single') return this.skip(trace, `mode single: a run is still going (started ${[...item.runs][0]!.trace.started_at})`);
      if (mode === 'restart') for (const r of item.runs) r.stop('cancelled', 'restarted by a new trigger (mode restart)');
      if (mode === 'queued') {
        if (item.runs.size + item.queue.length >= MAX_RUNS) return this.skip(trace, `mode queued: ${MAX_RUNS} runs already waiting or going`);
        item.queue.push(trace);
        this.traces.started(trace);
        return trace;
      }
      if (mode === 'parallel' && item.runs.size >= MAX_RUNS) return this.skip(trace, `mode parallel: ${MAX_RUNS} runs already going`);
    }
    this.begin(item, trace);
    return trace;
  }

  private skip(trace: Trace, reason: string): Trace {
    trace.result = 'skipped';
    trace.reason = reason;
    trace.finished_at = trace.started_at;
    this.traces.record(trace);
    return trace;
  }

  private begin(item: Loaded, trace: Trace) {
    item.a.last_triggered = this.nowIso();
    item.dirty = true;
    const run = new Run(this.runDeps, item.a, trace);
    this.o.bus.emit('automation_triggered', { automation_id: item.a.id, name: item.a.name, trace_id: trace.id, trigger: trace.trigger });
    this.launch(item, run, () => run.execute(0));
  }

  private launch(item: Loaded, run: Run, go: () => Promise<Trace | undefined>) {
    item.runs.add(run);
    this.traces.started(run.trace);
    if (this.held) this.held.push(() => this.go(item, run, go));
    else this.go(item, run, go);
  }

  private go(item: Loaded, run: Run, go: () => Promise<Trace | undefined>) {
    go()
      .catch((err: unknown) => {
        this.o.log.error({ err, automation: item.a.id }, 'automation run crashed');
        run.trace.result = 'failed';
        run.trace.reason = `internal error: ${err instanceof Error ? err.message : String(err)}`;
        run.trace.finished_at = this.nowIso();
        return run.trace;
      })
      .then((trace) => {
        item.runs.delete(run);
        if (!trace) return; // suspended by shutdown: resumed at the next start
        this.traces.record(trace);
        if (trace.result === 'failed') this.o.log.warn({ automation: item.a.id, trace: trace.id, reason: trace.reason }, 'automation run failed');
        this.o.bus.emit('automation_finished', { automation_id: item.a.id, name: item.a.name, trace_id: trace.id, result: trace.result, reason: trace.reason });
        const next = item.queue.shift();
        if (next && this.started && this.items.get(item.a.id) === item) this.begin(item, next);
      });
  }

  /** Runs the actions now, conditions skipped (mode still applies); traced as a manual run. */
  run(id: string): Trace {
    const item = this.items.get(id);
    if (!item) throw Errors.notFound('Automation', id);
    return this.fire(item, { index: -1, type: 'manual', description: 'run by hand' }, { skipConditions: true });
  }
}
