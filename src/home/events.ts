import type { Cause, CommandResult, Device, Entity, EntityState, Attributes } from './types.js';

/** A state as events carry it. */
export interface StateSnapshot {
  state: EntityState;
  attributes: Attributes;
  available: boolean;
  last_changed: string;
  last_updated: string;
}

export interface StateChangedEvent {
  entity_id: string;
  domain: string;
  area: string | null;
  old_state: StateSnapshot | null;
  new_state: StateSnapshot;
  cause: Cause;
  correlation_id: string | null;
}

declare module '../bus.js' {
  interface EventMap {
    /** An entity's state, attributes or availability changed. */
    state_changed: StateChangedEvent;
    entity_added: { entity: Entity };
    /** Registry metadata (name, area, labels, aliases, capabilities) changed. */
    entity_updated: { entity: Entity };
    entity_removed: { entity_id: string; domain: string; area: string | null };
    device_availability: { device: Device; available: boolean };
    /** The final outcome of a command (also for ones answered `accepted`). */
    command_result: CommandResult & { cause: Cause; area: string | null; domain: string };
    scene_activated: { scene_id: string; name: string; cause: Cause; results: CommandResult[] };
  }
}
