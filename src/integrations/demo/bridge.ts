import type { Clock } from '../../clock.js';
import { DemoTimers } from './timers.js';
import type { Part } from '../../context.js';
import type { MqttService } from '../mqtt/index.js';
import { Zigbee2MqttSimulator } from '../zigbee2mqtt/simulator.js';
import type { DemoOptions } from './index.js';
import type { DemoZigbeeHome } from './zigbee.js';

/**
 * The demo home's Zigbee devices as a simulated Zigbee2MQTT bridge on the MQTT broker (base
 * topic `hearth-demo-<id>`, unique per data dir — see topic.ts — and never `zigbee2mqtt`), so
 * `npm start` exercises discovery, state and commands on the real path. Ambient life (sensor drift, motion, the door) is published the way
 * a real bridge would.
 */
export class DemoZigbeeBridge implements Part {
  readonly name = 'demo-bridge';
  private sim?: Zigbee2MqttSimulator;
  private timers?: DemoTimers;
  private running = false;

  constructor(
    private readonly mqtt: MqttService,
    private readonly home: DemoZigbeeHome,
    private readonly opts: DemoOptions,
    private readonly clock: Clock,
    readonly baseTopic: string,
  ) {}

  async start() {
    const { url, username, password } = this.mqtt.clientOptions();
    this.sim = new Zigbee2MqttSimulator({
      url,
      username,
      password,
      baseTopic: this.baseTopic,
      devices: this.home.devices,
      states: this.home.states,
      responseDelayMs: this.opts.responseDelayMs ?? 150,
      retainState: true,
    });
    await this.sim.start();
    for (const [name, state] of Object.entries(this.home.states)) await this.sim.report(name, state);
    this.running = true;
    this.timers = new DemoTimers(this.clock, this.opts.random);
    if (this.opts.ambient) this.startAmbient();
  }

  async stop() {
    this.running = false;
    this.timers?.stop();
    await this.sim?.stop();
  }

  private report(name: string, change: Record<string, unknown>) {
    void this.sim?.report(name, change).catch(() => {});
  }

  private startAmbient() {
    const random = this.opts.random ?? Math.random;
    const sim = this.sim!;
    const drift = (name: string, key: string, step: number, min: number, max: number, digits: number) => {
      const current = Number(sim.states.get(name)?.[key] ?? min);
      const next = Number(
        Math.min(max, Math.max(min, current + (random() - 0.5) * 2 * step)).toFixed(digits),
      );
      this.report(name, { [key]: next });
      return next;
    };
    this.timers!.every(20_000, 40_000, () => {
      const t = drift('Living Room Temperature', 'temperature', 0.2, 17, 25, 1);
      drift('Living Room Humidity', 'humidity', 1, 30, 65, 0);
      this.report('Thermostat', { local_temperature: t });
    });
    this.timers!.every(60_000, 240_000, () => {
      this.report('Hallway Motion', { occupancy: true });
      this.timers!.later(30_000, () => this.report('Hallway Motion', { occupancy: false }));
    });
    this.timers!.every(300_000, 900_000, () => {
      this.report('Front Door Contact', { contact: false });
      this.timers!.later(8_000, () => this.report('Front Door Contact', { contact: true }));
    });
  }
}
