import { randomUUID } from 'node:crypto';
import type { Clock, TimerHandle } from '../clock.js';
import type { SceneService } from '../home/scenes/service.js';
import type { HomeService } from '../home/service.js';
import type { AutomationRepository } from '../store/index.js';
import { entitiesOf, evaluate, type ConditionEnv } from './conditions.js';
import {
  isDelayAction,
  isEntityAction,
  isNotifyAction,
  isSceneAction,
  isWaitAction,
  type Action,
  type Automation,
  type Condition,
} from './model.js';
import type { Notifications } from './notifications.js';
import type { ActionTrace, Trace } from './traces.js';

export interface RunDeps {
  home: HomeService;
  scenes: SceneService | undefined;
  notifications: Notifications;
  clock: Clock;
  repo: AutomationRepository;
  env(): ConditionEnv;
  /** Registers a wait: `recheck` is called when one of `entities` changes; returns the unregister function. */
  watch(entities: string[], recheck: () => void): () => void;
}

type Wake = 'go' | 'timeout' | 'cancelled' | 'suspended';

/**
 * One run of an automation's actions, in order. Delays and waits are persisted with their
 * absolute due time before the run sleeps, so a restart resumes them (`resume`). A device action
 * that fails (unknown entity, refused by validation, unavailable, or reported failed) stops the
 * run with `failed`; `timeout`/`accepted` outcomes are recorded and the run goes on.
 */
export class Run {
  readonly id: string;
  private wake: ((w: Wake) => void) | undefined;
  private stopReason: Wake | undefined;
  private cancelMessage: string | null = null;

  constructor(
    private readonly deps: RunDeps,
    readonly automation: Automation,
    readonly trace: Trace,
    runId?: string,
  ) {
    this.id = runId ?? randomUUID();
  }

  private nowIso() {
    return new Date(this.deps.clock.now()).toISOString();
  }

  /** Stops the run: `cancelled` ends its trace; `suspended` (shutdown) keeps its persisted delay or wait for the next start. */
  stop(how: 'cancelled' | 'suspended', message: string | null = null) {
    this.stopReason = how;
    this.cancelMessage = message;
    this.wake?.(how);
  }

  /** Runs from `step`; resolves when the run ends (or is suspended: then undefined). */
  async execute(step = 0): Promise<Trace | undefined> {
    const actions = this.automation.actions;
    for (let i = step; i < actions.length; i++) {
      if (this.stopReason) return this.end();
      const ok = await this.step(i, actions[i]!);
      if (ok === 'suspended') return undefined;
      if (ok !== 'go') return this.end(ok);
    }
    return this.end();
  }

  /** Continues a run persisted before a restart: its delay or wait at `step` until `dueAt`. */
  async resume(step: number, kind: 'delay' | 'wait', dueAt: number): Promise<Trace | undefined> {
    const action = this.automation.actions[step];
    const entry =
      this.trace.actions.find((a) => a.index === step) ?? this.entryFor(step, action ?? { delay: 0 });
    let w: Wake;
    if (kind === 'delay' || !action || !isWaitAction(action))
      w = await this.sleep(dueAt, step, 'delay', entry, false);
    else w = await this.waitFor(action.wait, dueAt, step, entry, false);
    if (w === 'suspended') return undefined;
    if (w !== 'go') return this.end(w);
    return this.execute(step + 1);
  }

  private end(w?: Wake | 'failed'): Trace {
    const t = this.trace;
    t.finished_at = this.nowIso();
    if (this.stopReason === 'cancelled' || w === 'cancelled') {
      t.result = 'cancelled';
      t.reason = this.cancelMessage ?? 'cancelled';
    } else if (w === 'timeout') {
      t.result = 'timeout';
      t.reason ??= 'a wait ran out of time';
    } else if (w === 'failed') {
      t.result = 'failed';
    } else {
      t.result = 'finished';
    }
    return t;
  }

  private entryFor(index: number, action: Action): ActionTrace {
    const kind = isEntityAction(action)
      ? 'entity'
      : isSceneAction(action)
        ? 'scene'
        : isDelayAction(action)
          ? 'delay'
          : isNotifyAction(action)
            ? 'notify'
            : 'wait';
    const target = isEntityAction(action) ? action.entity : isSceneAction(action) ? action.scene : null;
    const entry: ActionTrace = {
      index,
      kind,
      target,
      started_at: this.nowIso(),
      finished_at: null,
      outcome: 'running',
    };
    this.trace.actions.push(entry);
    return entry;
  }

  private fail(entry: ActionTrace, message: string): 'failed' {
    entry.outcome = 'failed';
    entry.error = message;
    entry.finished_at = this.nowIso();
    this.trace.reason = `actions[${entry.index}] failed: ${message}`;
    return 'failed';
  }

  private async step(index: number, action: Action): Promise<Wake | 'failed'> {
    const entry = this.entryFor(index, action);
    const { home, clock } = this.deps;
    const cause = { type: 'automation' as const, id: this.automation.id };
    try {
      if (isEntityAction(action)) {
        const { entity, action: verb, ...params } = action;
        if (!home.registry.get(entity)) return this.fail(entry, `unknown entity ${entity}`);
        const r = await home.execute({ entity_id: entity, action: verb, params, cause });
        entry.outcome = r.outcome;
        entry.details = { state: r.state, correlation_id: r.correlation_id };
        entry.finished_at = this.nowIso();
        if (r.outcome === 'failed') return this.fail(entry, r.error ?? `${entity} reported a failure`);
        return 'go';
      }
      if (isSceneAction(action)) {
        if (!this.deps.scenes) return this.fail(entry, 'scenes are not available');
        const r = await this.deps.scenes.activate(action.scene, { cause });
        const failed = r.results.filter((x) => x.outcome === 'failed');
        entry.details = {
          results: r.results.map((x) => ({
            entity_id: x.entity_id,
            outcome: x.outcome,
            ...(x.error ? { error: x.error } : {}),
          })),
        };
        entry.finished_at = this.nowIso();
        if (failed.length > 0)
          return this.fail(
            entry,
            `${failed.length} of ${r.results.length} entities failed (${failed.map((x) => x.entity_id).join(', ')})`,
          );
        entry.outcome = 'done';
        return 'go';
      }
      if (isNotifyAction(action)) {
        const n = await this.deps.notifications.add(action.notify, {
          type: 'automation',
          id: this.automation.id,
        });
        entry.outcome = 'done';
        entry.details = { notification_id: n.id };
        entry.finished_at = this.nowIso();
        return 'go';
      }
      if (isDelayAction(action))
        return await this.sleep(clock.now() + action.delay * 1000, index, 'delay', entry, true);
      if (isWaitAction(action))
        return await this.waitFor(action.wait, clock.now() + action.timeout * 1000, index, entry, true);
      return this.fail(entry, 'unknown action');
    } catch (err) {
      return this.fail(entry, err instanceof Error ? err.message : String(err));
    }
  }

  private async persist(step: number, kind: 'delay' | 'wait', due: number, entry: ActionTrace) {
    entry.outcome = 'waiting';
    entry.due_at = new Date(due).toISOString();
    await this.deps.repo.savePending({
      run_id: this.id,
      automation_id: this.automation.id,
      step,
      kind,
      due_at: entry.due_at,
      trace: this.trace as never,
    });
  }

  private async sleep(
    due: number,
    step: number,
    kind: 'delay',
    entry: ActionTrace,
    fresh: boolean,
  ): Promise<Wake> {
    if (fresh) await this.persist(step, kind, due, entry);
    const w = await this.park(due, () => {});
    return this.settle(w, entry, 'done');
  }

  private async waitFor(
    cond: Condition,
    due: number,
    step: number,
    entry: ActionTrace,
    fresh: boolean,
  ): Promise<Wake> {
    entry.target = `wait for ${cond.type} condition`;
    const first = evaluate(cond, this.deps.env());
    if (first.ok) {
      entry.details = { verdict: first };
      if (!fresh) await this.deps.repo.deletePending(this.id);
      return this.settle('go', entry, 'done');
    }
    if (fresh) await this.persist(step, 'wait', due, entry);
    let unwatch = () => {};
    const w = await this.park(due, (go) => {
      unwatch = this.deps.watch(entitiesOf(cond), () => {
        const v = evaluate(cond, this.deps.env());
        if (v.ok) {
          entry.details = { verdict: v };
          go();
        }
      });
    });
    unwatch();
    if (w === 'timeout') {
      this.trace.reason = `actions[${step}] wait timed out after ${Math.round((due - Date.parse(entry.started_at)) / 1000)} s: ${evaluate(cond, this.deps.env()).reason}`;
    }
    return this.settle(w, entry, 'done');
  }

  /** Sleeps until `due` (timeout), until `arm`'s go() (go), or until stopped. */
  private park(due: number, arm: (go: () => void) => void): Promise<Wake> {
    if (this.stopReason) return Promise.resolve(this.stopReason);
    return new Promise<Wake>((resolve) => {
      let timer: TimerHandle | undefined;
      const done = (w: Wake) => {
        if (timer) this.deps.clock.clearTimeout(timer);
        this.wake = undefined;
        resolve(w);
      };
      this.wake = done;
      timer = this.deps.clock.setTimeout(() => done('timeout'), Math.max(0, due - this.deps.clock.now()));
      arm(() => done('go'));
    });
  }

  private async settle(w: Wake, entry: ActionTrace, doneOutcome: string): Promise<Wake> {
    if (w === 'suspended') return w;
    await this.deps.repo.deletePending(this.id);
    entry.finished_at = this.nowIso();
    // A delay "times out" by design: that is its normal end.
    const wake: Wake = entry.kind === 'delay' && w === 'timeout' ? 'go' : w;
    entry.outcome = wake === 'go' ? doneOutcome : wake === 'timeout' ? 'timeout' : 'cancelled';
    return wake;
  }
}
