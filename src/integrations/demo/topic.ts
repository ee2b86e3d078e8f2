import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The start of every demo base topic (`hearth-demo-<id>`); never `zigbee2mqtt`. */
export const DEMO_TOPIC_PREFIX = 'hearth-demo';
const FILE = 'demo-bridge-id';

/**
 * The demo's simulated Zigbee2MQTT bridge needs a base topic of its own per Hearth: two Hearths
 * on one broker (the documented fallback when port 1883 is taken) would otherwise drive each
 * other's demo devices, and one stopping would take the other's demo offline (its last will).
 * The id is generated once and kept in the data dir, so a restart finds its own retained topics.
 */
export function demoBaseTopic(dataDir: string): string {
  const file = join(dataDir, FILE);
  let id = '';
  try {
    id = readFileSync(file, 'utf8').trim();
  } catch {
    // first start with this data dir
  }
  if (!/^[a-z0-9]{4,32}$/.test(id)) {
    id = randomBytes(4).toString('hex');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${id}\n`);
  }
  return `${DEMO_TOPIC_PREFIX}-${id}`;
}
