/**
 * The Z-Wave network as the last getNodes described it: each node with its entities and
 * status, and the lookups built from them (an entity by unique id, the readers of a value),
 * and how a node is announced to the home.
 */
import type { IntegrationHost } from '../../home/integration.js';
import { isObject } from '../mqtt/topics.js';
import { validateNode } from './validate.js';
import { mapNode, nodeLabel, type ZEntity, type ZNode } from './values.js';

export interface NodeRuntime {
  id: number;
  node: ZNode;
  entities: ZEntity[];
  status: string | undefined;
}

interface Reader {
  entity: ZEntity;
  read: ZEntity['reads'][string];
}

export class NodeTable {
  private readonly byId = new Map<number, NodeRuntime>();
  private readonly byUid = new Map<string, { node: NodeRuntime; entity: ZEntity }>();
  /** `<node id>:<value key>` → readers. */
  private readonly readers = new Map<string, Reader[]>();

  get size() {
    return this.byId.size;
  }

  has(id: number) {
    return this.byId.has(id);
  }

  get(id: number) {
    return this.byId.get(id);
  }

  keys() {
    return this.byId.keys();
  }

  values() {
    return this.byId.values();
  }

  /** An entity and its node by the entity's unique id. */
  entity(uniqueId: string) {
    return this.byUid.get(uniqueId);
  }

  /** The entities that read a node's value. */
  readersOf(nodeId: number, key: string): Reader[] | undefined {
    return this.readers.get(`${nodeId}:${key}`);
  }

  /** A discovery's result replaces the table; the lookups are rebuilt from it. */
  replace(next: ReadonlyMap<number, NodeRuntime>) {
    this.byId.clear();
    for (const [id, r] of next) this.byId.set(id, r);
    this.byUid.clear();
    this.readers.clear();
    for (const r of this.byId.values()) {
      for (const e of r.entities) {
        this.byUid.set(e.unique_id, { node: r, entity: e });
        for (const [key, read] of Object.entries(e.reads)) {
          const id = `${r.id}:${key}`;
          const list = this.readers.get(id) ?? [];
          list.push({ entity: e, read });
          this.readers.set(id, list);
        }
      }
    }
  }
}

/** What a getNodes result holds: the nodes (in order, to announce) and the virtual ones. */
export interface NodesRead {
  next: Map<number, NodeRuntime>;
  /** Each node as it is to be announced, in getNodes' order. */
  announce: NodeRuntime[];
  /** Virtual nodes (broadcast, multicast groups): their topics are known, they get no entities. */
  virtual: ZNode[];
}

/**
 * Reads a getNodes result node by node, each validated and mapped on its own: one malformed
 * node costs only itself, and a node that was fine before keeps what Hearth knew of it.
 * `bad` hears each problem by a key (logged once per key).
 */
export function readNodes(
  result: unknown[],
  known: NodeTable,
  bad: (key: string, reason: string) => void,
): NodesRead {
  const next = new Map<number, NodeRuntime>();
  const announce: NodeRuntime[] = [];
  const virtual: ZNode[] = [];
  for (const raw of result) {
    const checked = validateNode(raw);
    if (checked.kind === 'skip') {
      if (checked.node) virtual.push(checked.node);
      continue;
    }
    if (checked.kind === 'bad') {
      const id = isObject(raw) && typeof raw.id === 'number' ? raw.id : '?';
      bad(`node${id}:invalid`, `node ${id}: ${checked.reason}`);
      if (typeof id === 'number' && known.has(id)) {
        next.set(id, known.get(id)!);
        announce.push(known.get(id)!);
      }
      continue;
    }
    const n = checked.node;
    for (const problem of checked.problems) bad(`node${n.id}:${problem}`, `node ${n.id}: ${problem}`);
    let entities: ZEntity[];
    try {
      entities = mapNode(n);
    } catch (err) {
      bad(`node${n.id}:map`, `node ${n.id}: ${(err as Error).message}`);
      continue;
    }
    const runtime: NodeRuntime = { id: n.id, node: n, entities, status: n.status ?? known.get(n.id)?.status };
    next.set(n.id, runtime);
    announce.push(runtime);
  }
  return { next, announce, virtual };
}

/** Announces a node as a device and its entities, in the node's location (if any). */
export function announceNode(host: IntegrationHost, r: NodeRuntime) {
  const n = r.node;
  host.announceDevice({
    id: `node${n.id}`,
    name: nodeLabel(n),
    manufacturer: n.manufacturer ?? null,
    model: n.productLabel ?? null,
    identifiers: { zwave_node: String(n.id) },
    area: orNull(n.loc),
  });
  for (const e of r.entities)
    host.announceEntity({
      unique_id: e.unique_id,
      domain: e.domain,
      name: e.name,
      device_id: `node${n.id}`,
      capabilities: e.capabilities,
      attributes: e.attributes,
      area: orNull(n.loc),
    });
}

const orNull = (s: string | undefined) => (s === undefined || s === '' ? null : s);
