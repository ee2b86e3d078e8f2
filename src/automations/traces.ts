import { randomUUID } from 'node:crypto';
import type { Clock, TimerHandle } from '../clock.js';
import type { Logger } from '../log.js';
import type { AutomationRepository } from '../store/index.js';
import type { Verdict } from './conditions.js';
import type { TriggerData } from './model.js';

/**
 * How an evaluation ended: `blocked` (a condition failed — which one and why is in `reason`),
 * `skipped` (the mode refused a second run), `running`, `finished`, `failed` (an action failed),
 * `timeout` (a wait ran out), `cancelled` (restart mode or a deleted automation stopped it).
 */
export type TraceResult = 'running' | 'finished' | 'failed' | 'blocked' | 'skipped' | 'timeout' | 'cancelled';

export interface ActionTrace {
  index: number;
  kind: 'entity' | 'scene' | 'delay' | 'notify' | 'wait';
  /** entity id, scene id, or the wait's description. */
  target: string | null;
  started_at: string;
  finished_at: string | null;
  /** confirmed/accepted/failed/timeout for device actions; done, waiting, timeout, failed or cancelled otherwise. */
  outcome: string;
  error?: string;
  /** A delay's or wait's absolute due time (ISO). */
  due_at?: string;
  details?: unknown;
}

export interface Trace {
  id: string;
  automation_id: string;
  started_at: string;
  finished_at: string | null;
  result: TraceResult;
  reason: string | null;
  trigger: TriggerData;
  conditions: Verdict[];
  actions: ActionTrace[];
}

export const TRACES_KEPT = 50;

export function newTrace(automationId: string, trigger: TriggerData, now: number): Trace {
  return {
    id: randomUUID(),
    automation_id: automationId,
    started_at: new Date(now).toISOString(),
    finished_at: null,
    result: 'running',
    reason: null,
    trigger,
    conditions: [],
    actions: [],
  };
}

/**
 * Traces are written behind in batches (one transaction a second at most): at a thousand
 * evaluations a second, one fsync per trace would be the bottleneck. Reads flush first, and
 * `stop()` flushes, so a trace is only lost if the process dies within that second.
 */
export class TraceLog {
  private buffer: Trace[] = [];
  private timer: TimerHandle | undefined;
  /** Runs still going: shown first by `list`, stored when they end. */
  private readonly running = new Map<string, Trace>();

  constructor(
    private readonly repo: AutomationRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly beforeFlush: () => Promise<void> = async () => {},
    private readonly flushMs = 1000,
  ) {}

  started(trace: Trace) {
    this.running.set(trace.id, trace);
  }

  /** Records a trace that has reached its end. */
  record(trace: Trace) {
    this.running.delete(trace.id);
    this.buffer.push(trace);
    this.timer ??= this.clock.setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Forgets a running trace without storing it (shutdown: the pending run keeps it). */
  suspend(trace: Trace) {
    this.running.delete(trace.id);
  }

  async flush() {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.buffer;
    this.buffer = [];
    try {
      await this.beforeFlush();
      await this.repo.appendTraces(
        rows.map((t) => ({
          id: t.id,
          automation_id: t.automation_id,
          started_at: t.started_at,
          result: t.result,
          data: t as never,
        })),
        TRACES_KEPT,
      );
    } catch (err) {
      this.log.error({ err }, 'could not store automation traces');
    }
  }

  async list(automationId: string, limit = TRACES_KEPT): Promise<Trace[]> {
    await this.flush();
    const live = [...this.running.values()].filter((t) => t.automation_id === automationId).reverse();
    const stored = (await this.repo.traces(automationId, limit)).map((r) => r.data as unknown as Trace);
    return [...live, ...stored].slice(0, limit);
  }

  async stop() {
    await this.flush();
  }
}
