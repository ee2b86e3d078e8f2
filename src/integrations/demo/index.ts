import type { Clock } from '../../clock.js';
import { DemoTimers } from './timers.js';
import type {
  DeviceCommand,
  Integration,
  IntegrationHost,
  IntegrationStatus,
} from '../../home/integration.js';
import { DEMO_ENTITIES } from './home.js';
import { applyAction, type SimState } from './simulate.js';

export interface DemoOptions {
  /** Delay before a device reports the result of a command (ms). */
  responseDelayMs?: number;
  /** Sensors drift, motion and door sensors fire, presence changes now and then. Off in tests. */
  ambient?: boolean;
  /** Random numbers (injectable for deterministic tests). */
  random?: () => number;
}

/**
 * The demo home as an in-process integration: virtual devices that behave like real ones —
 * a command changes their state after a short delay, sensors drift, motion and door sensors
 * fire now and then. It speaks the same Integration contract as every bridge.
 */
export class DemoIntegration implements Integration {
  readonly id: string;
  readonly name: string;
  private host?: IntegrationHost;
  private readonly devices = new Map<string, SimState & { domain: string }>();
  private timers?: DemoTimers;
  private running = false;

  /** `skip`: domains another integration carries (the simulated Zigbee bridge), kept out of this one. */
  constructor(
    private readonly opts: DemoOptions = {},
    private readonly only: { id?: string; name?: string; skip?: ReadonlySet<string> } = {},
  ) {
    this.id = only.id ?? 'demo';
    this.name = only.name ?? 'Demo home';
  }

  private get clock(): Clock {
    return this.host!.clock;
  }

  async start(host: IntegrationHost) {
    this.host = host;
    this.running = true;
    this.timers = new DemoTimers(this.clock, this.opts.random);
    host.beginDiscovery();
    for (const d of DEMO_ENTITIES) {
      if (this.only.skip?.has(d.domain)) continue;
      const { state, initial, model, ...announcement } = d;
      host.announceDevice({
        id: d.unique_id,
        name: d.name,
        manufacturer: 'Hearth Demo',
        model,
        identifiers: { demo: d.unique_id },
        area: d.area ?? null,
      });
      host.announceEntity({ ...announcement, device_id: d.unique_id, attributes: pickStatic(initial) });
      this.devices.set(d.unique_id, { domain: d.domain, state, attributes: { ...initial } });
      host.reportState(d.unique_id, state, initial);
    }
    host.endDiscovery();
    host.reportAvailability('all', true);
    if (this.opts.ambient) this.startAmbient();
  }

  async stop() {
    this.running = false;
    this.timers?.stop();
  }

  status(): IntegrationStatus {
    return { state: this.running ? 'online' : 'offline', devices: this.devices.size };
  }

  async send(cmd: DeviceCommand): Promise<void> {
    const device = this.devices.get(cmd.unique_id);
    if (!device) throw new Error(`demo device ${cmd.unique_id} does not exist`);
    this.timers!.later(this.opts.responseDelayMs ?? 150, () => {
      const next = applyAction(device.domain, device, cmd.action, cmd.params);
      device.state = next.state;
      device.attributes = next.attributes;
      this.host?.reportState(cmd.unique_id, next.state, next.attributes);
    });
  }

  private report(id: string, state: SimState['state'], attributes: SimState['attributes'] = {}) {
    const d = this.devices.get(id);
    if (!d) return;
    d.state = state;
    d.attributes = { ...d.attributes, ...attributes };
    this.host?.reportState(id, state, attributes);
  }

  private startAmbient() {
    const random = this.opts.random ?? Math.random;
    const drift = (id: string, step: number, min: number, max: number, digits: number) => {
      const current = Number(this.devices.get(id)?.state ?? min);
      const next = Math.min(max, Math.max(min, current + (random() - 0.5) * 2 * step));
      this.report(id, Number(next.toFixed(digits)));
    };
    if (this.devices.has('living_room_temperature')) this.startSensorAmbient(drift);
    this.timers!.every(1_800_000, 5_400_000, () => {
      const away = this.devices.get('resident')?.state === 'home';
      this.report('resident', away ? 'away' : 'home');
    });
  }

  private startSensorAmbient(
    drift: (id: string, step: number, min: number, max: number, digits: number) => void,
  ) {
    this.timers!.every(20_000, 40_000, () => {
      drift('living_room_temperature', 0.2, 17, 25, 1);
      drift('living_room_humidity', 1, 30, 65, 0);
      const t = Number(this.devices.get('living_room_temperature')!.state);
      this.report('thermostat', this.devices.get('thermostat')!.state, { current_temperature: t });
    });
    this.timers!.every(60_000, 240_000, () => {
      this.report('hallway_motion', 'on');
      this.timers!.later(30_000, () => this.report('hallway_motion', 'off'));
    });
    this.timers!.every(300_000, 900_000, () => {
      this.report('front_door_contact', 'on');
      this.timers!.later(8_000, () => this.report('front_door_contact', 'off'));
    });
  }
}

/** Attributes that describe the entity rather than its state. */
function pickStatic(a: SimState['attributes']) {
  const out: SimState['attributes'] = {};
  for (const k of ['device_class', 'unit_of_measurement']) if (a[k] !== undefined) out[k] = a[k];
  return out;
}
