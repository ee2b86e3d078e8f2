/**
 * Z-Wave JS UI's payload formats (its "Payload type" setting): a value as `{time, value}`
 * (the default), a whole ValueId with `value`, or the raw value; a node's status likewise.
 */
import { isObject, parseJson } from '../mqtt/topics.js';

/**
 * A value payload's value. `{time}` without a value (a value not known yet) is `undefined`,
 * not malformed.
 */
export function unwrap(payload: Buffer): unknown {
  const p = parseJson(payload);
  if (!p.ok) return payload.toString('utf8');
  if (isObject(p.value)) return 'value' in p.value ? p.value.value : 'time' in p.value ? undefined : p.value;
  return p.value;
}

/**
 * A node status payload: `{nodeId, status}`, `{value: true|false}` or a raw `true`/`false`
 * (alive or dead). `nodeId` only when the payload names it; `status` undefined when it says none.
 */
export function readNodeStatus(payload: Buffer): { nodeId: number | undefined; status: string | undefined } {
  const p = parseJson(payload);
  const value = p.ok ? p.value : payload.toString('utf8');
  const nodeId = isObject(value) && typeof value.nodeId === 'number' ? value.nodeId : undefined;
  let status: string | undefined;
  if (isObject(value) && typeof value.status === 'string') status = value.status;
  else if (typeof value === 'boolean') status = value ? 'Alive' : 'Dead';
  else if (isObject(value) && typeof value.value === 'boolean') status = value.value ? 'Alive' : 'Dead';
  return { nodeId, status };
}
