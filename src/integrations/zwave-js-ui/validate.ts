import { isObject } from '../mqtt/topics.js';
import type { ZNode, ZValue } from './values.js';

/** Longer names and locations are not a Z-Wave JS UI's; a node carrying one is refused. */
const MAX_TEXT = 255;
const MAX_VALUES = 2_000;

export type CheckedNode =
  | { kind: 'ok'; node: ZNode; problems: string[] }
  /** Not a device of the home: the controller, the broadcast node, a multicast group. */
  | { kind: 'skip'; node?: ZNode }
  | { kind: 'bad'; reason: string };

const isText = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.length <= MAX_TEXT);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const isKey = (v: unknown) => (typeof v === 'string' && v.length <= MAX_TEXT) || Number.isInteger(v);

/**
 * One `getNodes` entry checked on its own (issue 17): a node with a name that is not a string,
 * or an id that is not a node id, is refused — alone, never the whole discovery. Malformed
 * values are dropped one by one; optional fields of the wrong type are left out.
 */
export function validateNode(raw: unknown): CheckedNode {
  if (!isObject(raw)) return { kind: 'bad', reason: 'not an object' };
  const id = raw.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 0xffff)
    return {
      kind: 'bad',
      reason: `id ${(JSON.stringify(id) as string | undefined)?.slice(0, 40)} is not a node id`,
    };
  if (!isText(raw.name)) return { kind: 'bad', reason: 'name is not a string (or is too long)' };
  if (!isText(raw.loc)) return { kind: 'bad', reason: 'location is not a string (or is too long)' };
  const problems: string[] = [];
  const values: Record<string, ZValue> = {};
  if (raw.values !== undefined && raw.values !== null && !isObject(raw.values))
    problems.push('values is not an object');
  let count = 0;
  for (const [k, v] of Object.entries(isObject(raw.values) ? raw.values : {})) {
    if (++count > MAX_VALUES) {
      problems.push(`more than ${MAX_VALUES} values`);
      break;
    }
    const value = checkValue(v);
    if (value) values[k] = value;
    else if (problems.length < 5) problems.push(`value ${k.slice(0, 60)} is malformed`);
  }
  const node: ZNode = { id, values };
  if (typeof raw.name === 'string') node.name = raw.name;
  if (typeof raw.loc === 'string') node.loc = raw.loc;
  for (const f of ['manufacturer', 'productLabel', 'productDescription', 'status'] as const) {
    const s = str(raw[f]);
    if (s !== undefined) node[f] = s.slice(0, MAX_TEXT);
  }
  if (typeof raw.ready === 'boolean') node.ready = raw.ready;
  if (typeof raw.available === 'boolean') node.available = raw.available;
  if (isObject(raw.deviceClass))
    node.deviceClass = {
      ...(finite(raw.deviceClass.basic) !== undefined ? { basic: finite(raw.deviceClass.basic)! } : {}),
      ...(finite(raw.deviceClass.generic) !== undefined ? { generic: finite(raw.deviceClass.generic)! } : {}),
      ...(finite(raw.deviceClass.specific) !== undefined
        ? { specific: finite(raw.deviceClass.specific)! }
        : {}),
    };
  if (Array.isArray(raw.endpoints))
    node.endpoints = raw.endpoints.flatMap((e) =>
      isObject(e) && Number.isInteger(e.index)
        ? [
            {
              index: e.index as number,
              ...(isObject(e.deviceClass)
                ? {
                    deviceClass: {
                      ...(finite(e.deviceClass.generic) !== undefined
                        ? { generic: finite(e.deviceClass.generic)! }
                        : {}),
                      ...(finite(e.deviceClass.specific) !== undefined
                        ? { specific: finite(e.deviceClass.specific)! }
                        : {}),
                    },
                  }
                : {}),
            },
          ]
        : [],
    );
  // Virtual nodes (Z-Wave JS UI's broadcast node 255/4095 and multicast groups): writing to
  // one writes to many devices. Their topics are known (not "unmapped"), they get no entities.
  if (raw.virtual === true) return { kind: 'skip', node: { ...node, virtual: true } };
  if (raw.isControllerNode === true || (id === 1 && raw.values === undefined)) return { kind: 'skip' };
  return { kind: 'ok', node, problems };
}

function checkValue(v: unknown): ZValue | undefined {
  if (!isObject(v)) return undefined;
  if (!Number.isInteger(v.commandClass) || !isKey(v.property)) return undefined;
  if (v.endpoint !== undefined && !Number.isInteger(v.endpoint)) return undefined;
  if (v.propertyKey !== undefined && v.propertyKey !== null && !isKey(v.propertyKey)) return undefined;
  const out: ZValue = {
    commandClass: v.commandClass as number,
    endpoint: (v.endpoint as number | undefined) ?? 0,
    property: v.property as string | number,
  };
  if (v.propertyKey !== undefined && v.propertyKey !== null)
    out.propertyKey = v.propertyKey as string | number;
  for (const f of ['propertyName', 'propertyKeyName', 'label', 'type', 'unit'] as const) {
    const s = str(v[f]);
    if (s !== undefined) out[f] = s.slice(0, MAX_TEXT);
  }
  for (const f of ['min', 'max'] as const) if (finite(v[f]) !== undefined) out[f] = finite(v[f])!;
  for (const f of ['readable', 'writeable'] as const) if (typeof v[f] === 'boolean') out[f] = v[f];
  if (Array.isArray(v.states))
    out.states = v.states.filter(
      (s): s is { value: number | boolean; text: string } =>
        isObject(s) &&
        typeof s.text === 'string' &&
        (typeof s.value === 'number' || typeof s.value === 'boolean'),
    );
  else if (isObject(v.states))
    out.states = Object.fromEntries(
      Object.entries(v.states).filter(([, t]) => typeof t === 'string'),
    ) as Record<string, string>;
  if (isObject(v.ccSpecific)) out.ccSpecific = v.ccSpecific;
  if ('value' in v) out.value = v.value;
  return out;
}
