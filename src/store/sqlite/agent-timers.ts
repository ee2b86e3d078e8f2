import type { AgentTimerRepository, AgentTimerRow } from '../agent-types.js';
import type { Db } from './database.js';
import type { Migration } from './migrations.js';

/** Migrations 40–49 belong to the agents. */
export const AGENT_MIGRATIONS: Migration[] = [
  {
    id: 40,
    name: 'agent: one-shot timers',
    sql: `
      CREATE TABLE agent_timers (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        label TEXT NOT NULL,
        commands TEXT NOT NULL,
        due_at TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX agent_timers_due ON agent_timers(due_at);
    `,
  },
];

export class SqliteAgentTimers implements AgentTimerRepository {
  private readonly q;

  constructor(db: Db) {
    this.q = {
      list: db.prepare('SELECT * FROM agent_timers ORDER BY due_at, id'),
      insert: db.prepare(
        'INSERT INTO agent_timers (id, user_id, label, commands, due_at, created_at) VALUES (@id, @user_id, @label, @commands, @due_at, @created_at)',
      ),
      delete: db.prepare('DELETE FROM agent_timers WHERE id = ?'),
    };
  }

  async list(): Promise<AgentTimerRow[]> {
    return (this.q.list.all() as Record<string, string>[]).map((r) => ({
      id: r.id!,
      user_id: r.user_id!,
      label: r.label!,
      commands: JSON.parse(r.commands!) as AgentTimerRow['commands'],
      due_at: r.due_at!,
      created_at: r.created_at!,
    }));
  }

  async insert(row: AgentTimerRow): Promise<void> {
    this.q.insert.run({ ...row, commands: JSON.stringify(row.commands) });
  }

  async delete(id: string): Promise<boolean> {
    return this.q.delete.run(id).changes > 0;
  }
}
