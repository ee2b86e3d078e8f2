/**
 * A commissioned node as Hearth devices and entities: the node itself is a device, each bridged
 * device beside it another, and each endpoint's clusters become entities by the mappings of
 * clusters.ts. The bindings kept per entity let reports and commands reach the right endpoint.
 */
import type { Endpoint, PairedNode } from '@project-chip/matter.js/device';
import type { IntegrationHost } from '../../home/integration.js';
import {
  MAPPINGS,
  DeviceType,
  type EndpointView,
  type EntityMapping,
  type Memo,
  textOf,
} from './clusters.js';

export interface EntityBinding {
  uniqueId: string;
  entityId: string;
  deviceId: string;
  endpoint: EndpointView;
  mapping: EntityMapping;
  memo: Memo;
}

export interface NodeRecord {
  id: string;
  paired: PairedNode;
  reachable: boolean;
  /** Entities by unique_id. */
  entities: Map<string, EntityBinding>;
  /** Entities by endpoint number (a report re-reads every entity of its endpoint). */
  byEndpoint: Map<number, EntityBinding[]>;
  devices: Set<string>;
  name: string;
  /** The node announced its shutdown; reports count as life again only after it reconnected. */
  shutDown: boolean;
}

/**
 * (Re-)announces the node's devices and entities from its current structure, and rebuilds its
 * entity bindings; `deviceNames` keeps each device's name for the parts announced under it.
 */
export function announceNode(host: IntegrationHost, n: NodeRecord, deviceNames: Map<string, string>) {
  const info = n.paired.basicInformation;
  n.name = textOf(info?.nodeLabel) ?? textOf(info?.productName) ?? `Matter node ${n.id}`;
  const nodeDevice = n.id;
  const deviceOf = new Map<number, string>();
  const seen = new Set<string>();
  // The node itself is always a device (for a bridge: the bridge), bridged devices sit beside it.
  host.announceDevice({
    id: nodeDevice,
    name: n.name,
    manufacturer: info?.vendorName ?? null,
    model: info?.productName ?? null,
    identifiers: {
      matter_node_id: n.id,
      ...(info?.uniqueId ? { matter_unique_id: info.uniqueId } : {}),
      ...(info?.serialNumber ? { serial_number: info.serialNumber } : {}),
    },
  });
  n.devices.add(nodeDevice);
  for (const ep of endpoints(n.paired)) {
    const view = viewOf(ep);
    const bridged = view.state('bridgedDeviceBasicInformation');
    let deviceId = nodeDevice;
    let deviceName = n.name;
    if (bridged || view.deviceTypes.includes(DeviceType.bridgedNode)) {
      deviceId = `${n.id}-${view.number}`;
      const uniqueId = textOf(bridged?.uniqueId);
      deviceName = textOf(bridged?.nodeLabel) ?? textOf(bridged?.productName) ?? `${n.name} ${view.number}`;
      host.announceDevice({
        id: deviceId,
        name: deviceName,
        manufacturer: textOf(bridged?.vendorName) ?? info?.vendorName ?? null,
        model: textOf(bridged?.productName) ?? null,
        identifiers: {
          matter_node_id: n.id,
          matter_endpoint: String(view.number),
          ...(uniqueId ? { matter_unique_id: uniqueId } : {}),
        },
      });
      n.devices.add(deviceId);
    } else {
      // A composed device's parts (and an aggregator's bridged children) belong to the
      // bridged device they sit under.
      const owner = ownerOf(n.paired, view.number, deviceOf, deviceNames);
      if (owner) {
        deviceId = owner.id;
        deviceName = owner.name;
      }
    }
    deviceOf.set(view.number, deviceId);
    deviceNames.set(deviceId, deviceName);
    const isAggregator = view.deviceTypes.includes(DeviceType.aggregator);
    for (const mapping of MAPPINGS) {
      if (isAggregator || !mapping.applies(view)) continue;
      if (view.number === 0 && mapping.key !== 'battery') continue;
      const uniqueId = `${n.id}/${view.number}/${mapping.key}`;
      const shape = mapping.shape(view);
      const entityId = host.announceEntity({
        unique_id: uniqueId,
        domain: shape.domain,
        name: shape.suffix ? `${deviceName} ${shape.suffix}` : deviceName,
        device_id: deviceId,
        capabilities: shape.capabilities,
        attributes: { ...shape.attributes, matter_endpoint: view.number },
      });
      seen.add(uniqueId);
      const existing = n.entities.get(uniqueId);
      n.entities.set(uniqueId, {
        uniqueId,
        entityId,
        deviceId,
        endpoint: view,
        mapping,
        memo: existing?.memo ?? {},
      });
    }
  }
  for (const uniqueId of [...n.entities.keys()]) {
    if (!seen.has(uniqueId)) {
      n.entities.delete(uniqueId);
      host.removeEntity(uniqueId);
    }
  }
  n.byEndpoint.clear();
  for (const b of n.entities.values()) {
    const list = n.byEndpoint.get(b.endpoint.number) ?? [];
    list.push(b);
    n.byEndpoint.set(b.endpoint.number, list);
  }
}

/** Every endpoint of the node, depth first (bridged devices sit under the aggregator). */
function endpoints(paired: PairedNode): Endpoint[] {
  const out: Endpoint[] = [];
  const seen = new Set<number>();
  const visit = (ep: Endpoint) => {
    const num = ep.getNumber();
    if (seen.has(num)) return;
    seen.add(num);
    out.push(ep);
    for (const child of ep.getChildEndpoints()) visit(child);
  };
  const root = paired.getRootEndpoint();
  if (root) visit(root);
  for (const ep of paired.parts.values()) visit(ep);
  return out;
}

/** An endpoint as the mappings of clusters.ts see it: its state, features, commands and writes. */
function viewOf(ep: Endpoint): EndpointView {
  const deviceTypes = ep.getDeviceTypes().map((d) => d.code as number);
  return {
    number: ep.getNumber(),
    deviceTypes,
    state: (cluster) => ep.maybeStateOf(cluster),
    features: (cluster) => ep.maybeFeaturesOf(cluster) ?? {},
    invoke: async (cluster, command, request) => {
      const fn = ep.commandsOf(cluster)[command];
      if (!fn) throw new Error(`the device has no ${cluster}.${command} command`);
      return fn(request);
    },
    write: (cluster, values) => ep.setStateOf(cluster, values as never),
  };
}

/** The bridged device an endpoint belongs to: the nearest ancestor announced as one. */
function ownerOf(
  paired: PairedNode,
  endpoint: number,
  deviceOf: Map<number, string>,
  deviceNames: Map<string, string>,
) {
  for (const [num, deviceId] of deviceOf) {
    if (num === 0) continue;
    const ep = paired.getDeviceById(num);
    const under = (e: Endpoint | undefined): boolean =>
      !!e && e.getChildEndpoints().some((c) => c.getNumber() === endpoint || under(c));
    if (deviceId.includes('-') && under(ep)) return { id: deviceId, name: deviceNames.get(deviceId)! };
  }
  return undefined;
}
