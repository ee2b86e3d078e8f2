import { sanitize, type ZNode, type ZValue } from './values.js';

/**
 * The topic layouts Z-Wave JS UI's gateway can publish (`nodeTopic`/`valueTopic` in its
 * Gateway.ts): gateway type "ValueID topics" (0, the default) with or without node names
 * (`nodeNames`), "Named topics" (1), each with or without the location (`ignoreLoc`). Hearth
 * cannot ask which one is set, so it learns it from the topics it sees (`TopicMap` below). The third
 * type, "Manual" (2), publishes only values configured by hand under chosen topics: nothing to
 * learn from, and said so in the status.
 */
export interface TopicLayout {
  type: 'valueid' | 'named';
  nodeNames: boolean;
  ignoreLoc: boolean;
}

export const LAYOUTS: readonly TopicLayout[] = [
  { type: 'valueid', nodeNames: true, ignoreLoc: false }, // Z-Wave JS UI's defaults first
  { type: 'valueid', nodeNames: true, ignoreLoc: true },
  { type: 'valueid', nodeNames: false, ignoreLoc: false },
  { type: 'valueid', nodeNames: false, ignoreLoc: true },
  { type: 'named', nodeNames: true, ignoreLoc: false },
  { type: 'named', nodeNames: true, ignoreLoc: true },
];

/** How a layout is spelled in Z-Wave JS UI's settings (Settings → MQTT Gateway). */
export function describeLayout(l: TopicLayout): string {
  const type = l.type === 'named' ? 'Named topics' : 'ValueID topics';
  const names = l.type === 'valueid' ? (l.nodeNames ? ', Use nodes name' : ', node ids') : '';
  return `${type}${names}${l.ignoreLoc ? ', Ignore location' : ''}`;
}

/** Command class names of "Named topics" (Z-Wave JS UI's Constants.ts `_commandClassMap`, the ones Hearth reads). */
const CC_NAMES: Record<number, string> = {
  0x20: 'basic',
  0x25: 'switch_binary',
  0x26: 'switch_multilevel',
  0x30: 'sensor_binary',
  0x31: 'sensor_multilevel',
  0x32: 'meter',
  0x40: 'thermostat_mode',
  0x43: 'thermostat_setpoint',
  0x62: 'door_lock',
  0x71: 'notification',
  0x80: 'battery',
};

const noSlash = (s: string | number) => String(s).replace(/\//g, '-');

/** `[<loc>/]<name | nodeID_<id> | id>`, each part sanitised. */
export function nodeTopic(n: ZNode, l: TopicLayout): string {
  const parts: (string | number)[] = [];
  if (n.loc && !l.ignoreLoc) parts.push(n.loc);
  if (l.type === 'valueid' && !l.nodeNames) parts.push(n.id);
  else parts.push(n.name !== undefined && n.name !== '' ? n.name : `nodeID_${n.id}`);
  return parts.map(sanitize).join('/');
}

/** A value's topic below the prefix, or undefined when the layout cannot name it. */
export function valueTopic(n: ZNode, v: ZValue, l: TopicLayout): string | undefined {
  const tail: (string | number)[] = [];
  if (l.type === 'named') {
    const cc = CC_NAMES[v.commandClass] ?? `unknownClass_${v.commandClass}`;
    if (v.propertyName === undefined) return undefined;
    tail.push(cc, `endpoint_${v.endpoint ?? 0}`, noSlash(v.propertyName));
  } else tail.push(v.commandClass, v.endpoint ?? 0, noSlash(v.property));
  if (v.propertyKey !== undefined) tail.push(noSlash(v.propertyKey));
  return `${nodeTopic(n, l)}/${tail.map(sanitize).join('/')}`;
}

/** Where a value topic (below the prefix) points: the node and the value's key. */
export interface ValuePlace {
  node: number;
  key: string;
}

/**
 * Every layout's topics for the nodes Hearth knows, and which layout Z-Wave JS UI uses: a
 * value topic found in another layout's table is evidence for that layout, and the layout
 * with the most evidence wins.
 */
export class TopicMap {
  /** Per layout: value topic (below the prefix) → node id and value key; node topic → node id. */
  private valueTopics: Map<string, ValuePlace>[] = LAYOUTS.map(() => new Map<string, ValuePlace>());
  private nodeTopics: Map<string, number>[] = LAYOUTS.map(() => new Map<string, number>());
  private readonly evidence = LAYOUTS.map(() => 0);
  private current = 0;

  /** The layout Hearth reads topics by. */
  get layout(): TopicLayout {
    return LAYOUTS[this.current]!;
  }

  /** Whether any value topic ever fitted any layout. */
  get recognised(): boolean {
    return this.evidence.some((n) => n > 0);
  }

  /**
   * Rebuilds every layout's tables. Virtual nodes (broadcast, multicast groups) have value
   * topics but no node topic; `keyOf` names a value as the readers do.
   */
  rebuild(virtual: readonly ZNode[], nodes: Iterable<ZNode>, keyOf: (v: ZValue) => string) {
    this.valueTopics = LAYOUTS.map(() => new Map<string, ValuePlace>());
    this.nodeTopics = LAYOUTS.map(() => new Map<string, number>());
    for (const n of virtual)
      LAYOUTS.forEach((l, i) => {
        for (const v of Object.values(n.values ?? {})) {
          const t = valueTopic(n, v, l);
          if (t) this.valueTopics[i]!.set(t, { node: n.id, key: keyOf(v) });
        }
      });
    for (const n of nodes)
      LAYOUTS.forEach((l, i) => {
        this.nodeTopics[i]!.set(nodeTopic(n, l), n.id);
        for (const v of Object.values(n.values ?? {})) {
          const t = valueTopic(n, v, l);
          if (t) this.valueTopics[i]!.set(t, { node: n.id, key: keyOf(v) });
        }
      });
  }

  /**
   * A value topic: found in the current layout, its place; found in others, evidence for them
   * (`switched` when another layout now has more and names the topic).
   */
  placeValue(rest: string): { hit: ValuePlace | undefined; switched: boolean } {
    let hit: ValuePlace | undefined;
    let best = this.current;
    for (let i = 0; i < LAYOUTS.length; i++) {
      const h = this.valueTopics[i]!.get(rest);
      if (!h) continue;
      this.evidence[i]!++;
      if (i === this.current) hit = h;
    }
    for (let i = 0; i < LAYOUTS.length; i++) if (this.evidence[i]! > this.evidence[best]!) best = i;
    if (best !== this.current && this.valueTopics[best]!.has(rest)) {
      this.current = best;
      return { hit: this.valueTopics[best]!.get(rest), switched: true };
    }
    return { hit, switched: false };
  }

  /** The node a node topic names, in the current layout first, then in any. */
  nodeAt(nodePart: string): number | undefined {
    const here = this.nodeTopics[this.current]!.get(nodePart);
    if (here !== undefined) return here;
    for (const m of this.nodeTopics) {
      const id = m.get(nodePart);
      if (id !== undefined) return id;
    }
    return undefined;
  }
}
