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
  /**
   * Set on notifications about a condition that needs a person (`device_unavailable:<id>`…):
   * at most one open per key; it is resolved when the condition clears.
   */
  key: string | null;
  /** Who sees it: everyone, or administrators only (a user waiting for approval). */
  audience: 'all' | 'admin';
  /** Where in the dashboard to act on it (`#admin`, `#automations?traces=<id>`). */
  link: string | null;
  resolved_at: string | null;
}

/** A notification as one person sees it. */
export interface NotificationView extends NotificationRow {
  read: boolean;
}

export interface AutomationRepository {
  list(): Promise<AutomationRow[]>;
  save(row: AutomationRow): Promise<void>;
  delete(id: string): Promise<void>;
  /** Runtime marks, written behind in batches. */
  saveMarks(
    marks: { id: string; last_triggered: string | null; last_evaluated: string | null }[],
  ): Promise<void>;
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
  /** Newest first, as `userId` sees them (read or not); admins also get the admin-only ones. */
  notificationsFor(userId: string, admin: boolean, limit: number): Promise<NotificationView[]>;
  /** Marks notifications read for one person (`ids`, or every one they can see); returns how many changed. */
  markNotificationsRead(userId: string, admin: boolean, ids: string[] | 'all', at: string): Promise<number>;
  /** The open (unresolved) notification with this key, if any. */
  openNotification(key: string): Promise<NotificationRow | undefined>;
  /** Open keyed notifications (for checking which conditions have cleared). */
  openNotifications(): Promise<NotificationRow[]>;
  resolveNotification(id: string, at: string): Promise<void>;
}
