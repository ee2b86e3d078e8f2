import { actionsToRestore, type SavedState } from './restore.js';
import type { Command } from './types.js';

/**
 * One undo step per person: the states of the entities their last command (or scene
 * activation) touched, taken just before it ran. Kept in memory: undo is for "oops, not that
 * light" a moment later, not across restarts.
 */
export interface UndoStep {
  label: string;
  saved: SavedState[];
  at: number;
}

export class UndoLog {
  private readonly last = new Map<string, UndoStep>();

  record(actor: string, step: UndoStep) {
    this.last.set(actor, step);
  }

  take(actor: string): UndoStep | undefined {
    const step = this.last.get(actor);
    this.last.delete(actor);
    return step;
  }

  /** The commands that put the saved entities back. */
  static commandsFor(step: UndoStep, cause: Command['cause']): Omit<Command, 'actor'>[] {
    return step.saved.flatMap((s) =>
      actionsToRestore(s).map((a) => ({ entity_id: s.entity_id, action: a.action, params: a.params, cause })),
    );
  }
}
