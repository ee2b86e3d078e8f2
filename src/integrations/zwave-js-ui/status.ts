/**
 * The gateway's status as the dashboard shows it: online, starting, offline or error, and
 * when it is not online, what to check in words that name Z-Wave JS UI's own settings.
 */
import type { IntegrationStatus } from '../../home/integration.js';
import { describeLayout, type TopicLayout } from './topics.js';

/** What the integration knows about the gateway right now. */
export interface GatewayFacts {
  connected: boolean;
  prefix: string;
  gateway: string;
  /** The gateway's API topic, `<prefix>/_CLIENTS/ZWAVE_GATEWAY-<name>`. */
  api: string;
  gatewayUp: boolean | undefined;
  driverReady: boolean | undefined;
  nodes: number;
  lastDiscovery: string | null;
  layout: TopicLayout;
  /** A value topic no layout maps (the Manual gateway type). */
  unmapped: string | null;
  /** getNodes' last error message. */
  lastError: string | null;
  /** Another gateway's name seen on the broker. */
  otherGateway: string | null;
}

export function gatewayStatus(f: GatewayFacts): IntegrationStatus {
  const base = {
    prefix: f.prefix,
    gateway: f.gatewayUp === undefined ? 'unknown' : f.gatewayUp ? 'online' : 'offline',
    driver: f.driverReady === undefined ? 'unknown' : f.driverReady ? 'ready' : 'not ready',
    nodes: f.nodes,
    last_discovery: f.lastDiscovery,
    topic_layout: describeLayout(f.layout),
  };
  if (!f.connected) return { state: 'offline', detail: 'The MQTT broker is not reachable.', ...base };
  if (f.gatewayUp === false)
    return { state: 'offline', detail: `Z-Wave JS UI is offline (${f.api}/status).`, ...base };
  if (f.unmapped)
    return {
      state: 'error',
      detail:
        `Z-Wave JS UI publishes value topics Hearth cannot map (e.g. ${f.unmapped}). In Z-Wave JS UI → ` +
        'Settings → MQTT Gateway, set "Gateway type" to "ValueID topics" (or "Named topics") and remove ' +
        'custom value topics; Hearth reads every node name and location setting.',
      ...base,
    };
  if (f.lastDiscovery === null || f.driverReady !== true)
    return { state: 'starting', detail: waitingFor(f), ...base };
  return { state: 'online', ...base };
}

/** What discovery is waiting for, in words that say what to check. */
export function waitingFor(f: GatewayFacts): string {
  if (f.lastError === 'Z-Wave client not connected' || f.driverReady === false)
    return "Waiting for Z-Wave JS UI's Z-Wave driver to be ready; Hearth retries on its own.";
  if (f.otherGateway)
    return (
      `No answer on ${f.api}; a Z-Wave JS UI gateway named "${f.otherGateway}" is on the broker: ` +
      `set HEARTH_ZWAVE_GATEWAY=${f.otherGateway} (its MQTT "Name").`
    );
  if (f.lastError) return `Z-Wave JS UI answered getNodes with "${f.lastError}"; retrying.`;
  return (
    `No answer from Z-Wave JS UI on ${f.api}/api/getNodes: is its MQTT gateway enabled on this ` +
    `broker, with Prefix "${f.prefix}" (HEARTH_ZWAVE_PREFIX) and Name "${f.gateway}" (HEARTH_ZWAVE_GATEWAY)?`
  );
}
