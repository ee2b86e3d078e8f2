import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import {
  DEVICE_LIMITS,
  asText,
  boundAttributes,
  boundDevice,
  boundEntity,
  boundId,
  boundState,
  type Trimmed,
} from './bounds.js';
import type { CommandTracker } from './commands.js';
import type { Integration, IntegrationHost } from './integration.js';
import type { EntityRegistry } from './registry.js';
import type { DeviceReports } from './reports.js';

/** What an integration's host reaches in the core. */
export interface HostCore {
  log: Logger;
  clock: Clock;
  bus: EventBus;
  registry: EntityRegistry;
  reports: DeviceReports;
  tracker: CommandTracker;
}

/**
 * The edge between integrations and the core. Everything an integration says goes through the
 * bounds of `bounds.ts` here (names, ids, states, attributes), so no integration can put an
 * unbounded name into the registry or the agent, and a throwing report never escapes.
 */
export function integrationHost(integration: Integration, core: HostCore): IntegrationHost {
  const id = integration.id;
  const log = core.log.child({ part: `integration:${id}` });
  const warned = new Set<string>();
  /** Logs what had to be cut, once per device/entity (a chatty device cannot flood the log). */
  const note = (key: string, trimmed: Trimmed) => {
    if (trimmed.length === 0 || warned.has(key)) return;
    if (warned.size >= 10_000) warned.clear();
    warned.add(key);
    log.warn(
      { source: key.slice(0, 120), problems: trimmed.slice(0, 5) },
      'device data out of bounds; cut to fit',
    );
  };
  return {
    log,
    clock: core.clock,
    beginDiscovery: () => core.reports.beginDiscovery(id),
    endDiscovery: () => core.reports.endDiscovery(id),
    announceDevice: (d) => {
      const trimmed: Trimmed = [];
      const device = boundDevice(d, trimmed);
      note(`device:${device.id}`, trimmed);
      return core.registry.announceDevice(id, device);
    },
    announceEntity: (a) => {
      const trimmed: Trimmed = [];
      const bounded = boundEntity(a, trimmed);
      note(`entity:${bounded?.unique_id ?? asText(a.unique_id).slice(0, 100)}`, trimmed);
      if (!bounded) return '';
      const { entity, added, changed } = core.registry.announceEntity(id, bounded);
      core.reports.discovered(id, entity.entity_id);
      if (added) core.bus.emit('entity_added', { entity });
      else if (changed) core.bus.emit('entity_updated', { entity });
      return entity.entity_id;
    },
    removeDevice: (deviceId) => {
      const fullId = `${id}:${boundId(deviceId, [])}`;
      const device = core.registry.devices.get(fullId);
      for (const entityId of [...(device?.entities ?? [])]) core.reports.removeEntity(entityId);
      core.registry.removeDevice(fullId);
    },
    removeEntity: (uniqueId) => {
      const entityId = core.registry.entityIdFor(id, boundId(uniqueId, []));
      if (entityId) core.reports.removeEntity(entityId);
    },
    reportState: (uniqueId, state, attributes) => {
      const entityId = core.registry.entityIdFor(id, boundId(uniqueId, []));
      if (!entityId) return;
      const trimmed: Trimmed = [];
      const s = boundState(state, trimmed);
      const attrs = boundAttributes(attributes, trimmed);
      note(`state:${entityId}`, trimmed);
      core.reports.applyReport(entityId, s, attrs);
    },
    reportAvailability: (target, available) =>
      core.reports.reportAvailability(
        id,
        target === 'all'
          ? target
          : 'unique_id' in target
            ? { unique_id: boundId(target.unique_id, []) }
            : { device_id: boundId(target.device_id, []) },
        available,
      ),
    reportCommandError: (uniqueId, message) => {
      const entityId = core.registry.entityIdFor(id, boundId(uniqueId, []));
      if (entityId) core.tracker.fail(entityId, asText(message).slice(0, DEVICE_LIMITS.attributeString));
    },
  };
}
