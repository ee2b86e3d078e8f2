import type { EventBus } from '../../bus.js';
import type { Clock, TimerHandle } from '../../clock.js';
import type { Part } from '../../context.js';
import { Errors } from '../../errors.js';
import type { Logger } from '../../log.js';
import { parseAddress } from '../pairing/address.js';
import type { PairingService } from '../pairing/service.js';
import './events.js';
import { OfferTable, type DiscoveredDevice, type Found } from './offers.js';
import type { DiscoveryProtocol } from './protocol.js';

export interface DiscoveryTiming {
  /** A scan runs this often (ms) while discovery is on. */
  scanEveryMs: number;
  /** How long a scan listens for answers after sending its queries (ms). */
  listenMs: number;
  maxOffers: number;
  /** An offer not heard from for this long (ms) is dropped. */
  forgetAfterMs: number;
}

/**
 * Every 5 minutes, 3 s of listening, at most 100 offers, forgotten after 3 silent scans: a home
 * has tens of WiFi devices, and a device that left shows up again within one scan of returning.
 */
export const DISCOVERY_TIMING: DiscoveryTiming = {
  scanEveryMs: 5 * 60_000,
  listenMs: 3_000,
  maxOffers: 100,
  forgetAfterMs: 16 * 60_000,
};

export interface DiscoveryDeps {
  /** `HEARTH_DISCOVERY=on`. Off: no socket is opened and nothing is ever sent. */
  enabled: boolean;
  clock: Clock;
  log: Logger;
  bus: EventBus;
  pairing: PairingService;
  /** Built only when discovery is on (so an off Hearth never loads their code nor creates a socket). */
  protocols: () => DiscoveryProtocol[] | Promise<DiscoveryProtocol[]>;
  timing?: Partial<DiscoveryTiming>;
}

/** The usual port of each integration, so `10.0.0.5` and `10.0.0.5:80` are the same Shelly. */
const USUAL_PORT: Record<string, number> = { shelly: 80, wled: 80, hue: 443, kasa: 9999, onvif: 80 };

/**
 * Finds WiFi devices on the home network and offers them; it never pairs anything itself (an
 * admin adds an offer through the normal pairing). Off by default; when on, it scans at start,
 * every `scanEveryMs` and on demand, keeping a bounded table of offers.
 */
export class DiscoveryService implements Part {
  readonly name = 'discovery';
  private readonly timing: DiscoveryTiming;
  private readonly offers: OfferTable;
  private protocols: DiscoveryProtocol[] = [];
  private timer: TimerHandle | undefined;
  private scanning: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly deps: DiscoveryDeps) {
    this.timing = { ...DISCOVERY_TIMING, ...deps.timing };
    this.offers = new OfferTable(deps.clock, this.timing);
  }

  get enabled() {
    return this.deps.enabled;
  }

  async start() {
    if (!this.deps.enabled) return;
    this.stopped = false;
    for (const p of await this.deps.protocols()) {
      try {
        await p.open((f) => this.heard(f));
        this.protocols.push(p);
      } catch (err) {
        this.deps.log.warn({ err, protocol: p.name }, 'discovery protocol could not start');
      }
    }
    this.deps.log.info({ protocols: this.protocols.map((p) => p.name) }, 'discovery on');
    // The first scan runs in the background: start does not wait for devices to answer.
    void this.scan().catch(() => undefined);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) this.deps.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const protocols = this.protocols;
    this.protocols = [];
    for (const p of protocols) await p.close().catch(() => undefined);
  }

  /** The current offers, without devices already paired. */
  list(): DiscoveredDevice[] {
    return this.offers.list((integration, names) => this.isPaired(integration, names));
  }

  /**
   * Queries now and listens for `listenMs`, then answers with the offers. A scan already running
   * sent its queries before this request — a device switched on since would be missed — so it
   * is let finish and a fresh one follows (requests meanwhile share that one). 409
   * `DISCOVERY_OFF` when discovery is off.
   */
  async scanNow(): Promise<DiscoveredDevice[]> {
    if (!this.deps.enabled) throw Errors.discoveryOff();
    const running = this.scanning;
    if (running) await running;
    await this.scan();
    return this.list();
  }

  private scan(): Promise<void> {
    if (this.scanning) return this.scanning;
    if (this.stopped) return Promise.resolve();
    if (this.timer) this.deps.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const run = new Promise<void>((resolve) => {
      for (const p of this.protocols) {
        try {
          p.query();
        } catch (err) {
          this.deps.log.warn({ err, protocol: p.name }, 'discovery query failed');
        }
      }
      this.deps.clock.setTimeout(resolve, this.timing.listenMs);
    }).finally(() => {
      this.scanning = undefined;
      this.offers.prune();
      this.deps.log.debug({ offers: this.offers.size }, 'discovery scan done');
      if (!this.stopped)
        this.timer = this.deps.clock.setTimeout(() => void this.scan(), this.timing.scanEveryMs);
    });
    this.scanning = run;
    return run;
  }

  private heard(found: Found) {
    if (this.stopped) return;
    // Answers come from anything on the LAN: an address the pairing would refuse is not offered.
    try {
      parseAddress(found.address);
    } catch {
      this.deps.log.debug(
        { integration: found.integration },
        'discovery answer with an unusable address ignored',
      );
      return;
    }
    const offer = this.offers.seen(found);
    if (!offer) return;
    const paired = this.isPaired(offer.integration, [offer.address, ...(found.aliases ?? [])]);
    this.deps.log.info(
      { integration: offer.integration, address: offer.address, model: offer.model, paired },
      'device discovered',
    );
    if (!paired) this.deps.bus.emit('device_discovered', offer);
  }

  private isPaired(integration: string, names: string[]): boolean {
    let paired: (string | null)[];
    try {
      paired = this.deps.pairing.devices(integration).map((d) => d.address);
    } catch {
      return false; // an integration this Hearth does not ship (yet): nothing of it is paired
    }
    const usual = USUAL_PORT[integration];
    const keys = new Set(names.map((n) => normalise(n, usual)));
    return paired.some((a) => a !== null && keys.has(normalise(a, usual)));
  }
}

/** `Host:80` → `host` for an integration whose usual port is 80; text that is no address stays as is. */
function normalise(address: string, usualPort: number | undefined): string {
  try {
    const { host, port } = parseAddress(address);
    const h = host.toLowerCase().replace(/\.$/, '');
    return port === undefined || port === usualPort ? h : `${h}:${port}`;
  } catch {
    return address.trim().toLowerCase();
  }
}
