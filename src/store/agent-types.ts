/** A one-shot command the Home agent runs later ("turn off the kitchen light in 10 minutes"). */
export interface AgentTimerRow {
  id: string;
  /** The person who asked: the commands run on their behalf (undo, history). */
  user_id: string;
  /** What will happen, in words ("turn off the Kitchen Light"). */
  label: string;
  commands: { entity_id: string; action: string; params: Record<string, unknown> }[];
  due_at: string;
  created_at: string;
}

export interface AgentTimerRepository {
  list(): Promise<AgentTimerRow[]>;
  insert(row: AgentTimerRow): Promise<void>;
  /** Deletes a timer; false when it was not there (already run or cancelled). */
  delete(id: string): Promise<boolean>;
}
