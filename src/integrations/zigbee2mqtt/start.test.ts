import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import type { IntegrationHost } from '../../home/integration.js';
import { createLogger } from '../../log.js';
import { uniqueBase, until } from '../../test-support/mqtt.js';
import { EmbeddedBroker } from '../mqtt/broker.js';
import { MqttConnection } from '../mqtt/connection.js';
import { Zigbee2MqttIntegration } from './index.js';
import { Zigbee2MqttSimulator } from './simulator.js';
import { testDevices } from './test-devices.js';
import type { Z2mDevice } from './types.js';

const log = createLogger('silent');

/** A host that records what the integration says (the home core is not under test here). */
function recordingHost(clock: FakeClock) {
  const states = new Map<string, unknown>();
  const host: IntegrationHost = {
    log,
    clock,
    beginDiscovery() {},
    endDiscovery() {},
    announceDevice: (d) => d.id,
    announceEntity: (e) => e.unique_id,
    removeDevice() {},
    removeEntity() {},
    reportState: (uid, state) => void states.set(uid, state),
    reportAvailability() {},
    reportCommandError() {},
  };
  return { host, states };
}

/** Settles pending I/O callbacks a few times: enough for work that needs no waiting. */
const ticks = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

/** `count` plugs whose state can be read with `/get` (the Coffee Plug of the test home, copied). */
function plugs(count: number): Z2mDevice[] {
  const plug = testDevices().find((d) => d.friendly_name === 'Coffee Plug')!;
  return Array.from({ length: count }, (_, i) => ({
    ...plug,
    ieee_address: `0x00158d0000${String(i).padStart(6, '0')}`,
    friendly_name: `Plug ${i}`,
  }));
}

const plugStates = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`Plug ${i}`, { state: 'OFF', power: i, energy: 1 }]),
  );

describe('Zigbee2MQTT start and state reads', () => {
  let broker: EmbeddedBroker;
  let url: string;
  const connections: MqttConnection[] = [];
  const connect = async () => {
    const c = new MqttConnection({ url }, log);
    await c.connect();
    connections.push(c);
    return c;
  };

  beforeAll(async () => {
    broker = new EmbeddedBroker(
      {
        host: '127.0.0.1',
        port: 0,
        credentials: { username: 'test', password: randomUUID(), source: 'generated' },
      },
      log,
    );
    url = `mqtt://127.0.0.1:${await broker.start()}`;
  });
  afterAll(async () => {
    for (const c of connections) await c.close();
    await broker.stop();
  });

  it('starts at once when no bridge answers on its base topic (no wait on the wall clock)', async () => {
    const clock = new FakeClock();
    const z2m = new Zigbee2MqttIntegration({ connection: await connect(), baseTopic: uniqueBase('absent') });
    let started = false;
    void z2m.start(recordingHost(clock).host).then(() => (started = true));
    await ticks();
    expect(started).toBe(true);
    await z2m.stop();
  });

  it('bounds an opted-in wait for the bridge on the injected clock, and ends it at the event', async () => {
    const clock = new FakeClock();
    const absent = new Zigbee2MqttIntegration({
      connection: await connect(),
      baseTopic: uniqueBase('absent'),
      readyWaitMs: 5_000,
    });
    let started = false;
    void absent.start(recordingHost(clock).host).then(() => (started = true));
    await ticks();
    expect(started).toBe(false);
    clock.advance(5_000);
    await ticks();
    expect(started).toBe(true);
    await absent.stop();

    const base = uniqueBase('present');
    const sim = new Zigbee2MqttSimulator({ url, baseTopic: base, devices: plugs(3), states: plugStates(3) });
    await sim.start();
    const present = new Zigbee2MqttIntegration({
      connection: await connect(),
      baseTopic: base,
      readyWaitMs: 60_000,
      awaitState: true,
      reads: { spacingMs: 0 },
    });
    const { host, states } = recordingHost(clock);
    await present.start(host); // no clock.advance: the bridge's answers end the wait
    expect(states.get('0x00158d0000000002/switch')).toBeDefined();
    await present.stop();
    await sim.stop({ clearRetained: true });
  });

  it('reads the state of many devices paced: never more than 8 reads unanswered at once', async () => {
    const base = uniqueBase('paced');
    const sim = new Zigbee2MqttSimulator({
      url,
      baseTopic: base,
      devices: plugs(40),
      states: plugStates(40),
      getDelayMs: 30,
    });
    await sim.start();
    const z2m = new Zigbee2MqttIntegration({
      connection: await connect(),
      baseTopic: base,
      reads: { spacingMs: 0 },
    });
    const { host, states } = recordingHost(new FakeClock());
    await z2m.start(host);
    await until('every plug read', async () => states.size >= 40 * 3, 20_000);
    expect(sim.reads.received).toBe(40);
    expect(sim.reads.most_unanswered).toBeLessThanOrEqual(8);
    await z2m.stop();
    await sim.stop({ clearRetained: true });
  });
});
