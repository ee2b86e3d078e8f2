/**
 * The devices and groups of one bridge as Hearth knows them: each node with its entity specs
 * (mapped from its exposes, again only when its description changed), found by key, by
 * friendly name (state topics) or by an entity's unique id (commands), and how a node is
 * announced to the home with the placement hints.
 */
import { createHash } from 'node:crypto';
import type { Rgb } from '../../home/color.js';
import type { IntegrationHost } from '../../home/integration.js';
import { mapExposes } from './exposes.js';
import type { NodeDescription } from './inventory.js';
import type { EntitySpec } from './types.js';
import type { EntityHint } from './index.js';

export interface Node {
  /** IEEE address, or `group_<id>`. */
  key: string;
  /** What `/set` and `/get` address: the IEEE address (survives renames) or a group's name. */
  target: string;
  name: string;
  specs: EntitySpec[];
  available: boolean | undefined;
  signature: string;
}

export class NodeTable {
  private readonly nodes = new Map<string, Node>();
  private readonly byName = new Map<string, Node>();
  private readonly byUid = new Map<string, { node: Node; spec: EntitySpec }>();
  private readonly colorCache = new Map<string, { xy: { x: number; y: number }; rgb: Rgb }>();

  get(key: string) {
    return this.nodes.get(key);
  }

  keys() {
    return this.nodes.keys();
  }

  values() {
    return this.nodes.values();
  }

  /** The node a state topic names by its friendly name. */
  named(name: string) {
    return this.byName.get(name);
  }

  /** An entity's spec and its node by the entity's unique id. */
  entity(uniqueId: string) {
    return this.byUid.get(uniqueId);
  }

  /**
   * Announces a device or group and its entities (hints applied), removes the entities it no
   * longer has, and keeps the node. May throw `BadPayload` from the exposes.
   */
  announce(host: IntegrationHost, hints: Record<string, EntityHint> | undefined, d: NodeDescription): Node {
    const { key, target, name, exposes, readOnly, device } = d;
    // A digest, not the device's whole JSON (~1–5 KB a device, kept for every device).
    const signature = createHash('sha1').update(d.signature).digest('base64');
    const old = this.nodes.get(key);
    const display = name.replace(/\//g, ' ');
    const specs =
      old?.signature === signature
        ? old.specs
        : mapExposes(exposes, { key, name: display, readOnly }, this.colorCache);
    const deviceArea = hints?.[key]?.area;
    host.announceDevice({
      ...device,
      name: display,
      ...(deviceArea !== undefined ? { area: deviceArea } : {}),
    });
    for (const spec of specs) {
      const hint = hints?.[spec.announcement.unique_id];
      host.announceEntity({
        ...spec.announcement,
        device_id: key,
        ...(hint?.object_id ? { object_id: hint.object_id } : {}),
        ...(hint?.name ? { name: hint.name } : {}),
        ...(hint?.capabilities ? { capabilities: hint.capabilities } : {}),
        ...(hint?.area !== undefined ? { area: hint.area } : {}),
        ...(hint?.labels ? { labels: hint.labels } : {}),
      });
    }
    if (old) {
      if (this.byName.get(old.name) === old) this.byName.delete(old.name);
      for (const s of old.specs) this.byUid.delete(s.announcement.unique_id);
      const kept = new Set(specs.map((s) => s.announcement.unique_id));
      for (const s of old.specs)
        if (!kept.has(s.announcement.unique_id)) host.removeEntity(s.announcement.unique_id);
    }
    const node: Node = { key, target, name, specs, available: old?.available, signature };
    this.nodes.set(key, node);
    this.byName.set(name, node);
    for (const s of specs) this.byUid.set(s.announcement.unique_id, { node, spec: s });
    return node;
  }

  /** Forgets a node and its lookups; returns it when it was known. */
  remove(key: string): Node | undefined {
    const node = this.nodes.get(key);
    if (!node) return undefined;
    this.nodes.delete(key);
    if (this.byName.get(node.name) === node) this.byName.delete(node.name);
    for (const s of node.specs) this.byUid.delete(s.announcement.unique_id);
    return node;
  }
}
