import type {
  AutomationRepository,
  AutomationRow,
  NotificationRow,
  NotificationView,
  PendingRunRow,
  TraceRow,
} from '../automation-types.js';
import { fromJson, type Db } from './database.js';
import type { Migration } from './migrations.js';

/** Migrations 20–29 belong to automations. */
export const AUTOMATION_MIGRATIONS: Migration[] = [
  {
    id: 20,
    name: 'automations: definitions, traces, pending runs, notifications',
    sql: `
      CREATE TABLE automations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        definition TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        last_triggered TEXT,
        last_evaluated TEXT,
        fired TEXT NOT NULL DEFAULT '{}'
      );
      CREATE TABLE automation_traces (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        automation_id TEXT NOT NULL,
        started_at TEXT NOT NULL,
        result TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX automation_traces_by_automation ON automation_traces(automation_id, seq);
      CREATE TABLE automation_pending_runs (
        run_id TEXT PRIMARY KEY,
        automation_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        kind TEXT NOT NULL,
        due_at TEXT NOT NULL,
        trace TEXT NOT NULL
      );
      CREATE TABLE notifications (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        message TEXT NOT NULL,
        source_type TEXT NOT NULL,
        source_id TEXT,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    id: 21,
    name: 'notifications: keys for conditions that need a person, audience, link, read marks per person',
    sql: `
      ALTER TABLE notifications ADD COLUMN key TEXT;
      ALTER TABLE notifications ADD COLUMN audience TEXT NOT NULL DEFAULT 'all';
      ALTER TABLE notifications ADD COLUMN link TEXT;
      ALTER TABLE notifications ADD COLUMN resolved_at TEXT;
      CREATE INDEX notifications_open_key ON notifications(key) WHERE key IS NOT NULL AND resolved_at IS NULL;
      CREATE TABLE notification_reads (
        notification_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        read_at TEXT NOT NULL,
        PRIMARY KEY (notification_id, user_id)
      );
    `,
  },
];

const NOTIFICATION_COLUMNS =
  'id, message, source_type, source_id, created_at, key, audience, link, resolved_at';

export class SqliteAutomations implements AutomationRepository {
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      list: db.prepare('SELECT * FROM automations ORDER BY created_at, id'),
      save: db.prepare(`INSERT INTO automations (id, name, definition, enabled, created_at, updated_at, last_triggered, last_evaluated, fired)
        VALUES (@id, @name, @definition, @enabled, @created_at, @updated_at, @last_triggered, @last_evaluated, @fired)
        ON CONFLICT(id) DO UPDATE SET name = excluded.name, definition = excluded.definition, enabled = excluded.enabled,
          updated_at = excluded.updated_at, last_triggered = excluded.last_triggered, last_evaluated = excluded.last_evaluated, fired = excluded.fired`),
      delete: db.prepare('DELETE FROM automations WHERE id = ?'),
      deleteTraces: db.prepare('DELETE FROM automation_traces WHERE automation_id = ?'),
      deletePendingOf: db.prepare('DELETE FROM automation_pending_runs WHERE automation_id = ?'),
      marks: db.prepare('UPDATE automations SET last_triggered = ?, last_evaluated = ? WHERE id = ?'),
      fired: db.prepare('UPDATE automations SET fired = ? WHERE id = ?'),
      appendTrace: db.prepare(
        'INSERT OR REPLACE INTO automation_traces (id, automation_id, started_at, result, data) VALUES (?, ?, ?, ?, ?)',
      ),
      pruneTraces: db.prepare(`DELETE FROM automation_traces WHERE automation_id = ? AND seq <= (
        SELECT seq FROM automation_traces WHERE automation_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`),
      traces: db.prepare(
        'SELECT id, automation_id, started_at, result, data FROM automation_traces WHERE automation_id = ? ORDER BY seq DESC LIMIT ?',
      ),
      savePending:
        db.prepare(`INSERT INTO automation_pending_runs (run_id, automation_id, step, kind, due_at, trace) VALUES (@run_id, @automation_id, @step, @kind, @due_at, @trace)
        ON CONFLICT(run_id) DO UPDATE SET step = excluded.step, kind = excluded.kind, due_at = excluded.due_at, trace = excluded.trace`),
      deletePending: db.prepare('DELETE FROM automation_pending_runs WHERE run_id = ?'),
      listPending: db.prepare('SELECT * FROM automation_pending_runs ORDER BY due_at'),
      addNotification: db.prepare(
        `INSERT INTO notifications (${NOTIFICATION_COLUMNS})
         VALUES (@id, @message, @source_type, @source_id, @created_at, @key, @audience, @link, @resolved_at)`,
      ),
      notifications: db.prepare(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notifications ORDER BY seq DESC LIMIT ?`,
      ),
      notificationsFor: db.prepare(
        `SELECT ${NOTIFICATION_COLUMNS.replace(/(\w+)/g, 'n.$1')}, r.read_at IS NOT NULL AS read
         FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = @user
         WHERE n.audience = 'all' OR @admin = 1 ORDER BY n.seq DESC LIMIT @limit`,
      ),
      markRead: db.prepare(
        `INSERT OR IGNORE INTO notification_reads (notification_id, user_id, read_at)
         SELECT id, @user, @at FROM notifications WHERE id = @id AND (audience = 'all' OR @admin = 1)`,
      ),
      markAllRead: db.prepare(
        `INSERT OR IGNORE INTO notification_reads (notification_id, user_id, read_at)
         SELECT id, @user, @at FROM notifications WHERE audience = 'all' OR @admin = 1`,
      ),
      openNotification: db.prepare(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE key = ? AND resolved_at IS NULL ORDER BY seq DESC LIMIT 1`,
      ),
      openNotifications: db.prepare(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE key IS NOT NULL AND resolved_at IS NULL`,
      ),
      resolveNotification: db.prepare('UPDATE notifications SET resolved_at = ? WHERE id = ?'),
    };
  }

  async list(): Promise<AutomationRow[]> {
    return (this.q.list.all() as Record<string, unknown>[]).map((r) => ({
      ...(r as unknown as AutomationRow),
      definition: fromJson(r.definition) as Record<string, unknown>,
      enabled: r.enabled === 1,
      fired: fromJson(r.fired) as Record<string, string>,
    }));
  }

  async save(row: AutomationRow) {
    this.q.save.run({
      ...row,
      definition: JSON.stringify(row.definition),
      enabled: row.enabled ? 1 : 0,
      fired: JSON.stringify(row.fired),
    });
  }

  async delete(id: string) {
    this.db.transaction(() => {
      this.q.delete.run(id);
      this.q.deleteTraces.run(id);
      this.q.deletePendingOf.run(id);
    })();
  }

  async saveMarks(marks: { id: string; last_triggered: string | null; last_evaluated: string | null }[]) {
    if (marks.length === 0) return;
    this.db.transaction(() => {
      for (const m of marks) this.q.marks.run(m.last_triggered, m.last_evaluated, m.id);
    })();
  }

  async saveFired(rows: { id: string; fired: Record<string, string> }[]) {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const r of rows) this.q.fired.run(JSON.stringify(r.fired), r.id);
    })();
  }

  async appendTraces(rows: TraceRow[], keep: number) {
    if (rows.length === 0) return;
    this.db.transaction(() => {
      const touched = new Set<string>();
      for (const r of rows) {
        this.q.appendTrace.run(r.id, r.automation_id, r.started_at, r.result, JSON.stringify(r.data));
        touched.add(r.automation_id);
      }
      for (const id of touched) this.q.pruneTraces.run(id, id, keep);
    })();
  }

  async traces(automationId: string, limit: number): Promise<TraceRow[]> {
    return (this.q.traces.all(automationId, limit) as Record<string, unknown>[]).map((r) => ({
      ...(r as unknown as TraceRow),
      data: fromJson(r.data) as Record<string, unknown>,
    }));
  }

  async savePending(row: PendingRunRow) {
    this.q.savePending.run({ ...row, trace: JSON.stringify(row.trace) });
  }

  async deletePending(runId: string) {
    this.q.deletePending.run(runId);
  }

  async listPending(): Promise<PendingRunRow[]> {
    return (this.q.listPending.all() as Record<string, unknown>[]).map((r) => ({
      ...(r as unknown as PendingRunRow),
      trace: fromJson(r.trace) as Record<string, unknown>,
    }));
  }

  async addNotification(row: NotificationRow) {
    this.q.addNotification.run(row);
  }

  async notifications(limit: number): Promise<NotificationRow[]> {
    return this.q.notifications.all(limit) as NotificationRow[];
  }

  async notificationsFor(userId: string, admin: boolean, limit: number): Promise<NotificationView[]> {
    const rows = this.q.notificationsFor.all({
      user: userId,
      admin: admin ? 1 : 0,
      limit,
    }) as (NotificationRow & {
      read: number;
    })[];
    return rows.map((r) => ({ ...r, read: r.read === 1 }));
  }

  async markNotificationsRead(userId: string, admin: boolean, ids: string[] | 'all', at: string) {
    const base = { user: userId, admin: admin ? 1 : 0, at };
    if (ids === 'all') return this.q.markAllRead.run(base).changes;
    let changed = 0;
    this.db.transaction(() => {
      for (const id of ids) changed += this.q.markRead.run({ ...base, id }).changes;
    })();
    return changed;
  }

  async openNotification(key: string): Promise<NotificationRow | undefined> {
    return this.q.openNotification.get(key) as NotificationRow | undefined;
  }

  async openNotifications(): Promise<NotificationRow[]> {
    return this.q.openNotifications.all() as NotificationRow[];
  }

  async resolveNotification(id: string, at: string) {
    this.q.resolveNotification.run(at, id);
  }
}
