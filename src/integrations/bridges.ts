import type { Clock } from '../clock.js';
import type { Config } from '../config/index.js';
import type { Part } from '../context.js';
import type { HomeService } from '../home/service.js';
import type { Logger } from '../log.js';
import type { StatusBoard } from '../status.js';
import { DemoZigbeeBridge } from './demo/bridge.js';
import { demoBaseTopic } from './demo/topic.js';
import { DemoIntegration, type DemoOptions } from './demo/index.js';
import { ZIGBEE_DOMAINS, demoZigbeeHome } from './demo/zigbee.js';
import { MqttDiscoveryIntegration } from './mqtt-discovery/index.js';
import { MqttService } from './mqtt/index.js';
import { Zigbee2MqttIntegration } from './zigbee2mqtt/index.js';
import { ZwaveJsUiIntegration } from './zwave-js-ui/index.js';

/** `zigbee2mqtt,zigbee2mqtt-garage` or `["zigbee2mqtt","zigbee2mqtt-garage"]` → base topics; `none` → none. */
export function baseTopics(setting: string): string[] {
  const s = setting.trim();
  if (s === 'none') return [];
  let list: unknown = null;
  if (s.startsWith('[')) {
    try {
      list = JSON.parse(s);
    } catch {
      list = null;
    }
  }
  const items = Array.isArray(list) ? list.map(String) : s.split(',');
  return [...new Set(items.map((t) => t.trim().replace(/\/+$/, '')).filter((t) => t !== ''))];
}

export interface BridgeDeps {
  config: Config;
  log: Logger;
  clock: Clock;
  home: HomeService;
  status: StatusBoard;
  demo: DemoOptions;
}

/**
 * Builds the MQTT transport, the bridge integrations that ride on it and the demo home, and adds
 * them to the home. The returned parts must start before the home part (integrations need the
 * connection; the demo's simulated bridge must be on the broker when discovery starts).
 */
export function createBridges({ config, log, clock, home, status, demo }: BridgeDeps): {
  mqtt: MqttService;
  parts: Part[];
} {
  const mqtt = new MqttService(config, log);
  const parts: Part[] = [mqtt];
  home.addTransport(mqtt.asTransport());
  const demoTopic =
    config.demo && config.demo_transport === 'mqtt' ? demoBaseTopic(config.data_dir) : undefined;
  for (const base of baseTopics(config.zigbee2mqtt_base_topics)) {
    if (base === demoTopic) continue;
    home.addIntegration(new Zigbee2MqttIntegration({ connection: mqtt.connection, baseTopic: base }));
  }
  if (config.zwave_prefix !== 'none') {
    home.addIntegration(
      new ZwaveJsUiIntegration({
        connection: mqtt.connection,
        prefix: config.zwave_prefix,
        gateway: config.zwave_gateway,
      }),
    );
  }
  if (config.mqtt_discovery_prefix !== 'none') {
    // A device a native integration already brings is skipped in discovery (see mqtt-discovery/index.ts).
    const nativePrefixes = [
      ...(baseTopics(config.zigbee2mqtt_base_topics).length > 0 ? ['zigbee2mqtt_'] : []),
      ...(config.zwave_prefix !== 'none' ? ['zwavejs2mqtt_'] : []),
    ];
    home.addIntegration(
      new MqttDiscoveryIntegration({
        connection: mqtt.connection,
        prefix: config.mqtt_discovery_prefix.replace(/\/+$/, ''),
        nativePrefixes,
      }),
    );
  }
  if (config.demo && config.demo_transport === 'mqtt') {
    const zigbee = demoZigbeeHome();
    parts.push(new DemoZigbeeBridge(mqtt, zigbee, demo, clock, demoTopic!));
    home.addIntegration(
      new Zigbee2MqttIntegration({
        connection: mqtt.connection,
        baseTopic: demoTopic!,
        id: 'demo',
        name: 'Demo home (simulated Zigbee2MQTT bridge)',
        hints: zigbee.hints,
        readyWaitMs: 5_000,
        awaitState: true,
      }),
    );
    home.addIntegration(
      new DemoIntegration(demo, {
        id: 'demo_extras',
        name: 'Demo home (alarm, cameras, TV, presence)',
        skip: ZIGBEE_DOMAINS,
      }),
    );
  } else if (config.demo) {
    home.addIntegration(new DemoIntegration(demo));
  }
  status.set('integrations', () => home.statusList().map((i) => ({ id: i.id, name: i.name, ...i.status })));
  return { mqtt, parts };
}
