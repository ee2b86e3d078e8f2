import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogCapture, startTestApp, withUsers, type TestApp } from '../../test-support/harness.js';
import {
  TEST_MQTT_URL,
  clearRetained,
  generateBundle,
  uniqueBase,
  until,
  type Z2mBundle,
} from '../../test-support/mqtt.js';
import { mapExposes } from './exposes.js';
import { Zigbee2MqttSimulator } from './simulator.js';

/**
 * 2,000 devices generated from the real zigbee-herdsman-converters definitions
 * (../shared/tools/z2m-devices-fixture.mjs, fixed seed, with the edge cases).
 */
describe('2,000 generated Zigbee2MQTT devices', () => {
  let bundle: Z2mBundle;
  let t: TestApp;
  let sim: Zigbee2MqttSimulator;
  let url: string;
  let token: string;
  const base = uniqueBase('z2m-2000');
  const logs = new LogCapture();
  const usable = () =>
    bundle['bridge/devices'].filter(
      (d) => d.type !== 'Coordinator' && d.definition && !d.disabled && d.interview_state === 'SUCCESSFUL',
    );

  beforeAll(async () => {
    bundle = await generateBundle(2000, 'hearth-ci', ['--edge-cases', '--groups', '5']);
    t = await startTestApp({
      config: {
        demo: false,
        zigbee2mqtt_base_topics: base,
        log_level: 'warn',
        ...(TEST_MQTT_URL ? { mqtt_url: TEST_MQTT_URL } : {}),
      },
      logStream: logs,
    });
    url = TEST_MQTT_URL ?? `mqtt://127.0.0.1:${t.app.ctx.mqtt!.broker!.port}`;
    token = (await (await withUsers(t)).make('resident', 'user')).token;
    sim = new Zigbee2MqttSimulator({
      url,
      baseTopic: base,
      devices: bundle['bridge/devices'],
      groups: bundle['bridge/groups'],
      states: bundle.states,
    });
    await sim.start();
  }, 120_000);
  afterAll(async () => {
    // Unset when beforeAll failed part-way.
    await (sim as Zigbee2MqttSimulator | undefined)?.stop({ clearRetained: true }).catch(() => {});
    await (t as TestApp | undefined)?.stop();
    if (url) await clearRetained(url, [base]).catch(() => {});
  });

  it('maps every device without error and gives every supported device entities', () => {
    const devices = usable();
    expect(devices.length).toBeGreaterThanOrEqual(1990);
    const seen = new Set<string>();
    for (const d of devices) {
      const specs = mapExposes(
        d.definition!.exposes!,
        { key: d.ieee_address, name: d.friendly_name, readOnly: d.definition!.source === 'generated' },
        new Map(),
      );
      expect(specs.length, d.friendly_name).toBeGreaterThan(0);
      for (const s of specs) seen.add(s.announcement.domain);
    }
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'binary_sensor',
        'climate',
        'cover',
        'fan',
        'light',
        'lock',
        'sensor',
        'switch',
      ]),
    );
  });

  it('discovers them over the broker, reads every generated state without a malformed-payload warning', async () => {
    const devices = usable();
    const expected = devices.reduce(
      (n, d) =>
        n +
        mapExposes(
          d.definition!.exposes!,
          { key: d.ieee_address, name: d.friendly_name, readOnly: d.definition!.source === 'generated' },
          new Map(),
        ).length,
      0,
    );
    const integration = `zigbee2mqtt_${base}`;
    await until(
      '2,000 devices',
      async () => {
        const list = (await t.api('GET', '/api/home/integrations', { token })).body as {
          id: string;
          status: { devices: number };
          entities: number;
        }[];
        const mine = list.find((i) => i.id === integration);
        return mine && mine.entities >= expected ? mine : undefined;
      },
      60_000,
    );
    for (const [name, state] of Object.entries(bundle.states)) await sim.report(name, state);
    const last = Object.entries(bundle.states).at(-1)!;
    await sim.report(last[0], { ...last[1], linkquality: 7 });
    await until(
      'last state read',
      async () => {
        const res = await t.api(
          'GET',
          `/api/home/entities?integration=${encodeURIComponent(integration)}&domain=sensor`,
          { token },
        );
        return (res.body as { name: string; state: unknown }[]).some(
          (e) =>
            e.name.endsWith('Linkquality') && e.state === 7 && e.name.startsWith(last[0].replace(/\//g, ' ')),
        );
      },
      60_000,
    );
    const warnings = logs.lines.filter((l) => l.includes('malformed'));
    expect(warnings).toEqual([]);
  }, 120_000);
});
