import { sanitize, type ZNode, type ZValue } from './values.js';

/**
 * The topic layouts Z-Wave JS UI's gateway can publish (`nodeTopic`/`valueTopic` in its
 * Gateway.ts): gateway type "ValueID topics" (0, the default) with or without node names
 * (`nodeNames`), "Named topics" (1), each with or without the location (`ignoreLoc`). Hearth
 * cannot ask which one is set, so it learns it from the topics it sees (index.ts). The third
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
