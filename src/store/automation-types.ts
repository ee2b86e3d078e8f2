/** Persistent records of automations: definitions, runtime marks, traces, pending runs, notifications. */

export interface AutomationRow {
  id: string;
  name: string;
  /** The definition as the person wrote it (trigger(s), conditions, actions, mode, catch_up…). */
  definition: Record<string, unknown>;
  enabled: boolean;
  created_at: string;
  updated_at: string;
  last_triggered: string | null;
  last_evaluated: string | null;
  /** Last fired occurrence per time/solar trigger index (ISO): a restart never fires one twice. */
  fired: Record<string, string>;
}

export interface TraceRow {
  id: string;
  automation_id: string;
  started_at: string;
  result: string;
  data: Record<string, unknown>;
}

/** A run waiting on a delay or a wait, with its absolute due time, resumed after a restart. */
export interface PendingRunRow {
  run_id: string;
  automation_id: string;
  step: number;
  kind: 'delay' | 'wait';
  due_at: string;
  trace: Record<string, unknown>;
}

export interface NotificationRow {
  id: string;
  message: string;
  source_type: string;
  source_id: string | null;
  created_at: string;
}

export interface AutomationRepository {
  list(): Promise<AutomationRow[]>;
  save(row: AutomationRow): Promise<void>;
  delete(id: string): Promise<void>;
  /** Runtime marks, written behind in batches. */
  saveMarks(marks: { id: string; last_triggered: string | null; last_evaluated: string | null }[]): Promise<void>;
  /** Written at once, before the actions run; every occurrence due at one instant in one transaction. */
  saveFired(rows: { id: string; fired: Record<string, string> }[]): Promise<void>;
  /** Appends traces and keeps only the newest `keep` per automation. */
  appendTraces(rows: TraceRow[], keep: number): Promise<void>;
  traces(automationId: string, limit: number): Promise<TraceRow[]>;
  savePending(row: PendingRunRow): Promise<void>;
  deletePending(runId: string): Promise<void>;
  listPending(): Promise<PendingRunRow[]>;
  addNotification(row: NotificationRow): Promise<void>;
  notifications(limit: number): Promise<NotificationRow[]>;
}
