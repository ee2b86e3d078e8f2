import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import type { CommandTracker } from './commands.js';
import type { StateSnapshot } from './events.js';
import type { HistoryWriter } from './history.js';
import type { EntityRegistry } from './registry.js';
import type { Attributes, Cause, Entity, EntityState } from './types.js';

export interface ReportsDeps {
  registry: EntityRegistry;
  tracker: CommandTracker;
  history: HistoryWriter;
  bus: EventBus;
  clock: Clock;
}

/**
 * What devices report, applied to the registry: states and attributes (confirming pending
 * commands), the availability of entities and devices, removals, and the reconciliation at the
 * end of a discovery pass. Every change is written to history and told on the bus.
 */
export class DeviceReports {
  /** Per integration in a discovery pass: the entities it announced so far. */
  private readonly discovery = new Map<string, Set<string>>();

  constructor(private readonly d: ReportsDeps) {}

  private nowIso() {
    return new Date(this.d.clock.now()).toISOString();
  }

  removeEntity(entityId: string) {
    const e = this.d.registry.remove(entityId);
    if (!e) return;
    this.d.tracker.fail(entityId, 'the entity was removed');
    this.d.bus.emit('entity_removed', { entity_id: entityId, domain: e.domain, area: e.area });
  }

  /** A discovery pass begins: what the integration announces until it ends is what it still has. */
  beginDiscovery(integration: string) {
    this.discovery.set(integration, new Set());
  }

  /** An entity announced during the integration's discovery pass. */
  discovered(integration: string, entityId: string) {
    this.discovery.get(integration)?.add(entityId);
  }

  endDiscovery(integration: string) {
    const seen = this.discovery.get(integration);
    this.discovery.delete(integration);
    if (!seen) return;
    // Reconciliation: what the integration no longer announces stays in the registry
    // (so its id, name and area survive) but is no longer live.
    for (const { entityId } of this.d.registry.keysOf(integration)) {
      if (!seen.has(entityId)) this.setAvailable(entityId, false);
    }
  }

  private snapshotOf(e: Entity): StateSnapshot {
    return {
      state: e.state,
      attributes: e.attributes,
      available: e.available,
      last_changed: e.last_changed,
      last_updated: e.last_updated,
    };
  }

  /**
   * Applies a device report: merges attributes, confirms pending commands, records history, tells listeners.
   * `cause` says who reported when it is not the device itself (a person's phone setting presence).
   */
  applyReport(
    entityId: string,
    state: EntityState | undefined,
    attributes: Attributes | undefined,
    cause: Cause = { type: 'device' },
  ) {
    const e = this.d.registry.get(entityId);
    if (!e) return;
    const stateChanged = state !== undefined && state !== e.state;
    let attrsChanged = false;
    let nextAttrs = e.attributes;
    if (attributes) {
      for (const k in attributes) {
        if (!sameValue(e.attributes[k], attributes[k])) {
          attrsChanged = true;
          break;
        }
      }
      if (attrsChanged) nextAttrs = { ...e.attributes, ...attributes };
    }
    const newState = state === undefined ? e.state : state;
    // Matched before the entity changes, settled after: `state_changed` comes first and the
    // `command_result` that follows carries the new state (docs/realtime.md).
    const match = this.d.tracker.hasPending(entityId)
      ? this.d.tracker.matchReport(entityId, { state: newState, attributes: nextAttrs })
      : undefined;
    if (stateChanged || attrsChanged || !e.available) {
      const old = this.snapshotOf(e);
      const now = this.nowIso();
      e.state = newState;
      e.attributes = nextAttrs;
      e.available = true;
      e.last_updated = now;
      if (stateChanged || !old.available) e.last_changed = now;
      const by = match?.credited;
      this.recordChange(e, old, by ? by.cause : cause, by?.correlation_id ?? null);
    }
    if (match) this.d.tracker.settleReport(match);
  }

  private recordChange(e: Entity, old: StateSnapshot, cause: Cause, correlation_id: string | null) {
    this.d.registry.touch(e.entity_id);
    this.d.history.append({
      entity_id: e.entity_id,
      state: e.available ? e.state : 'unavailable',
      attributes: e.attributes,
      cause_type: cause.type,
      cause_id: cause.id ?? null,
      cause_user_id: cause.user_id ?? null,
      correlation_id,
      at: e.last_updated,
    });
    this.d.bus.emit('state_changed', {
      entity_id: e.entity_id,
      domain: e.domain,
      area: e.area,
      old_state: old,
      new_state: this.snapshotOf(e),
      cause,
      correlation_id,
    });
  }

  private setAvailable(entityId: string, available: boolean) {
    const e = this.d.registry.get(entityId);
    if (!e || e.available === available) return;
    const old = this.snapshotOf(e);
    e.available = available;
    e.last_updated = this.nowIso();
    if (!available) this.d.tracker.fail(entityId, `${e.name} became unavailable`);
    this.recordChange(e, old, { type: 'device' }, null);
  }

  reportAvailability(
    integration: string,
    target: { unique_id: string } | { device_id: string } | 'all',
    available: boolean,
  ) {
    if (target === 'all') {
      for (const { entityId } of this.d.registry.keysOf(integration)) this.setAvailable(entityId, available);
      for (const d of this.d.registry.devices.values())
        if (d.integration === integration) this.setDeviceAvailable(d.id, available);
      return;
    }
    if ('unique_id' in target) {
      const entityId = this.d.registry.entityIdFor(integration, target.unique_id);
      if (entityId) this.setAvailable(entityId, available);
      return;
    }
    const fullId = `${integration}:${target.device_id}`;
    const device = this.d.registry.devices.get(fullId);
    if (!device) return;
    for (const entityId of device.entities) this.setAvailable(entityId, available);
    this.setDeviceAvailable(fullId, available);
  }

  private setDeviceAvailable(deviceId: string, available: boolean) {
    const d = this.d.registry.setDeviceAvailable(deviceId, available);
    if (d) this.d.bus.emit('device_availability', { device: d, available });
  }
}

/** Equality for attribute values: primitives, and arrays/objects by content. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
