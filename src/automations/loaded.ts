import type { Automation } from './model.js';
import type { Run } from './runner.js';
import type { Trace } from './traces.js';

/** An automation as the engine holds it: the definition, its runtime marks and its runs. */
export interface LoadedAutomation {
  a: Automation;
  /** Last fired occurrence per time/solar trigger index (ISO): a restart never fires one twice. */
  fired: Record<string, string>;
  runs: Set<Run>;
  /** Traces waiting for their turn (mode queued). */
  queue: Trace[];
  /** last_triggered / last_evaluated changed since the last write. */
  dirty: boolean;
}

/** The engine's automations by id. */
export type Automations = ReadonlyMap<string, LoadedAutomation>;

/** `<automation id>#<trigger index>`: how schedules and countdowns name one trigger. */
export const triggerKey = (id: string, index: number) => `${id}#${index}`;
