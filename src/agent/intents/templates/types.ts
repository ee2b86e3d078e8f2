/** One group of sentence templates that share an intent, fixed slots and constraints. */
export interface IntentGroup {
  /** Home Assistant intent name (HassTurnOn, HassLightSet, ...). */
  intent: string;
  /** Slots every sentence of the group sets (e.g. {domain: 'light'}, {brightness_step: 'up'}). */
  slots?: Record<string, unknown>;
  /** Constraints on the entity a {name} slot refers to. */
  requires?: { domain?: string[] };
  /**
   * Whether the caller's area fills in a missing location (default true). Questions about
   * groups ("are all switches on?") keep it off: they mean the whole home.
   */
  context_area?: boolean;
  sentences: string[];
}
