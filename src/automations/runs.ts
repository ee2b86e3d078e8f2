import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import { evaluate, type ConditionEnv } from './conditions.js';
import type { Automations, LoadedAutomation } from './loaded.js';
import { modeOf, type TriggerData } from './model.js';
import { Run, type RunDeps } from './runner.js';
import { newTrace, type Trace, type TraceLog } from './traces.js';

/** Queued and parallel modes keep at most this many runs waiting or going per automation. */
export const MAX_RUNS = 10;

export interface RunOptions {
  bus: EventBus;
  clock: Clock;
  log: Logger;
  traces: TraceLog;
  items: Automations;
  runDeps: RunDeps;
  env(now: number): ConditionEnv;
  /** False once the engine stops: a queued run does not start then. */
  running(): boolean;
}

/**
 * What happens when a trigger fires: the conditions are evaluated, the mode decides (skip,
 * restart, queue or run alongside), and runs are launched and traced to their end.
 */
export class Runs {
  /** Runs whose actions wait until every trigger due at the same instant has been evaluated. */
  private held: (() => void)[] | undefined;

  constructor(private readonly o: RunOptions) {}

  private nowIso() {
    return new Date(this.o.clock.now()).toISOString();
  }

  /**
   * Fires several triggers due together: the actions start once all of them are evaluated, so
   * the automations due on one minute fire on time instead of each waiting for the others'
   * first actions (a notify or a device command writes to the database before its first await).
   */
  fireTogether(batch: { item: LoadedAutomation; data: TriggerData }[]) {
    this.held = [];
    try {
      for (const { item, data } of batch) this.fire(item, data);
    } finally {
      const held = this.held;
      this.held = undefined;
      for (const start of held) start();
    }
  }

  /** Evaluates conditions and applies the mode; returns the trace (still running if actions started). */
  fire(item: LoadedAutomation, trigger: TriggerData, opts: { skipConditions?: boolean } = {}): Trace {
    const now = this.o.clock.now();
    const trace = newTrace(item.a.id, trigger, now);
    item.a.last_evaluated = trace.started_at;
    item.dirty = true;
    if (!opts.skipConditions) {
      const env = this.o.env(now);
      for (const c of item.a.conditions ?? []) {
        const v = evaluate(c, env);
        trace.conditions.push(v);
        if (!v.ok) {
          trace.result = 'blocked';
          trace.reason = v.reason;
          trace.finished_at = trace.started_at;
          this.o.traces.record(trace);
          return trace;
        }
      }
    }
    const mode = modeOf(item.a);
    if (item.runs.size > 0) {
      if (mode === 'single')
        return this.skip(
          trace,
          `mode single: a run is still going (started ${[...item.runs][0]!.trace.started_at})`,
        );
      if (mode === 'restart')
        for (const r of item.runs) r.stop('cancelled', 'restarted by a new trigger (mode restart)');
      if (mode === 'queued') {
        if (item.runs.size + item.queue.length >= MAX_RUNS)
          return this.skip(trace, `mode queued: ${MAX_RUNS} runs already waiting or going`);
        item.queue.push(trace);
        this.o.traces.started(trace);
        return trace;
      }
      if (mode === 'parallel' && item.runs.size >= MAX_RUNS)
        return this.skip(trace, `mode parallel: ${MAX_RUNS} runs already going`);
    }
    this.begin(item, trace);
    return trace;
  }

  /** Resumes a run persisted at a delay or a wait (after a restart). */
  resume(item: LoadedAutomation, run: Run, go: () => Promise<Trace | undefined>) {
    this.launch(item, run, go);
  }

  private skip(trace: Trace, reason: string): Trace {
    trace.result = 'skipped';
    trace.reason = reason;
    trace.finished_at = trace.started_at;
    this.o.traces.record(trace);
    return trace;
  }

  private begin(item: LoadedAutomation, trace: Trace) {
    item.a.last_triggered = this.nowIso();
    item.dirty = true;
    const run = new Run(this.o.runDeps, item.a, trace);
    this.o.bus.emit('automation_triggered', {
      automation_id: item.a.id,
      name: item.a.name,
      trace_id: trace.id,
      trigger: trace.trigger,
    });
    this.launch(item, run, () => run.execute(0));
  }

  private launch(item: LoadedAutomation, run: Run, go: () => Promise<Trace | undefined>) {
    item.runs.add(run);
    this.o.traces.started(run.trace);
    if (this.held) this.held.push(() => this.go(item, run, go));
    else this.go(item, run, go);
  }

  private go(item: LoadedAutomation, run: Run, go: () => Promise<Trace | undefined>) {
    void go()
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
        this.o.traces.record(trace);
        if (trace.result === 'failed')
          this.o.log.warn(
            { automation: item.a.id, trace: trace.id, reason: trace.reason },
            'automation run failed',
          );
        this.o.bus.emit('automation_finished', {
          automation_id: item.a.id,
          name: item.a.name,
          trace_id: trace.id,
          result: trace.result,
          reason: trace.reason,
        });
        const next = item.queue.shift();
        if (next && this.o.running() && this.o.items.get(item.a.id) === item) this.begin(item, next);
      });
  }
}
