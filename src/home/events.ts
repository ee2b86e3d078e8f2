import type { Cause, CommandResult, Device, Entity, StateChangedEvent } from './types.js';

export type { StateChangedEvent, StateSnapshot } from './types.js';

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
