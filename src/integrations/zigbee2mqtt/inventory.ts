/**
 * The bridge's inventory — the retained `bridge/devices` and `bridge/groups` — read as the
 * devices and groups Hearth announces: which exposes each offers (none while a device is
 * still interviewing, read-only when Zigbee2MQTT does not support it), a group's exposes from
 * its members', and a signature that says when a device's description changed.
 */
import { isObject } from '../mqtt/topics.js';
import { groupExposes } from './groups.js';
import type { Expose, Z2mDevice } from './types.js';

/** One device or group as it is announced. */
export interface NodeDescription {
  /** IEEE address, or `group_<id>`. */
  key: string;
  /** What `/set` and `/get` address: the IEEE address (survives renames) or a group's name. */
  target: string;
  name: string;
  exposes: Expose[];
  readOnly: boolean;
  /** The description as Zigbee2MQTT gave it: a change means the entities are mapped again. */
  signature: string;
  device: {
    id: string;
    name: string;
    manufacturer: string | null;
    model: string | null;
    identifiers: Record<string, string>;
  };
  /** The device as Zigbee2MQTT described it (absent for a group). */
  z2m?: Z2mDevice;
}

/**
 * Devices first (the coordinator left out), then groups. `bad` hears a device entry Hearth
 * cannot read at all; it is skipped.
 */
export function readInventory(
  devicesRaw: unknown[],
  groupsRaw: unknown[],
  bad: (reason: string) => void,
): NodeDescription[] {
  const out: NodeDescription[] = [];
  const byIeee = new Map<string, Z2mDevice>();
  for (const raw of devicesRaw) {
    if (!isObject(raw) || typeof raw.ieee_address !== 'string' || typeof raw.friendly_name !== 'string') {
      bad('a device without ieee_address or friendly_name');
      continue;
    }
    const d = raw as unknown as Z2mDevice;
    if (d.type === 'Coordinator') continue;
    byIeee.set(d.ieee_address, d);
    out.push(describeDevice(d));
  }
  for (const raw of groupsRaw) {
    if (!isObject(raw) || typeof raw.id !== 'number' || typeof raw.friendly_name !== 'string') continue;
    const members = Array.isArray(raw.members) ? raw.members : [];
    const memberExposes = members.flatMap((m) =>
      isObject(m) && typeof m.ieee_address === 'string'
        ? [byIeee.get(m.ieee_address)?.definition?.exposes ?? []]
        : [],
    );
    const key = `group_${raw.id}`;
    out.push({
      key,
      target: raw.friendly_name,
      name: raw.friendly_name,
      exposes: groupExposes(memberExposes),
      readOnly: false,
      signature: `${JSON.stringify(raw)}${memberExposes.length}`,
      device: {
        id: key,
        name: raw.friendly_name,
        model: 'Zigbee group',
        manufacturer: 'Zigbee2MQTT',
        identifiers: { zigbee_group: String(raw.id) },
      },
    });
  }
  return out;
}

function describeDevice(d: Z2mDevice): NodeDescription {
  const def = d.definition;
  const interviewed = d.interview_state
    ? d.interview_state === 'SUCCESSFUL'
    : d.interview_completed !== false && d.interviewing !== true;
  // Devices still interviewing, failed, or disabled get no entities; unsupported ones only read-only entities.
  const usable = interviewed && !d.disabled && def && Array.isArray(def.exposes);
  const readOnly = d.supported === false || def?.source === 'generated';
  const exposes: Expose[] = usable ? def.exposes! : [];
  return {
    key: d.ieee_address,
    target: d.ieee_address,
    name: d.friendly_name,
    exposes,
    readOnly,
    signature: JSON.stringify(d),
    device: {
      id: d.ieee_address,
      name: d.friendly_name,
      manufacturer: def?.vendor ?? d.manufacturer ?? null,
      model: def?.model ?? d.model_id ?? null,
      identifiers: { ieee: d.ieee_address, zigbee2mqtt: `zigbee2mqtt_${d.ieee_address}` },
    },
    z2m: d,
  };
}
