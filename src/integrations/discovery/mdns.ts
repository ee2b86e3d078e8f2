import Bonjour from 'bonjour-service';
import type { Logger } from '../../log.js';
import type { Found } from './offers.js';
import { addressOf, type DiscoveryProtocol } from './protocol.js';

/** The mDNS service types Hearth browses, and the integration each belongs to. */
const SERVICES = [
  // Shelly Gen2+ announce `_shelly._tcp` with TXT gen/app/ver (Shelly API docs, "mDNS").
  { type: 'shelly', integration: 'shelly', usualPort: 80, model: (txt: Txt) => txt.app },
  // WLED announces `_wled._tcp` with TXT mac.
  { type: 'wled', integration: 'wled', usualPort: 80, model: () => undefined },
  // Hue bridges (square, v2) announce `_hue._tcp` on 443 with TXT bridgeid/modelid.
  { type: 'hue', integration: 'hue', usualPort: 443, model: (txt: Txt) => txt.modelid },
] as const;

type Txt = Record<string, string | undefined>;
type Browser = Bonjour.Browser;
type Service = Bonjour.Service;

/**
 * mDNS browsing through bonjour-service: one PTR query per service type per round, answers
 * turned into offers. Browse only: nothing is published, and Hearth's responder (bonjour-service
 * answers queries for what it published) has nothing to answer with.
 */
export class MdnsDiscovery implements DiscoveryProtocol {
  readonly name = 'mdns';
  private bonjour: Bonjour | undefined;
  private browsers: Browser[] = [];
  private found: (f: Found) => void = () => undefined;

  constructor(private readonly log: Logger) {}

  async open(found: (f: Found) => void) {
    this.found = found;
    // Binds 5353 and joins 224.0.0.251; sends nothing until a browser queries.
    const bonjour = new Bonjour({}, (err: unknown) => this.log.warn({ err }, 'mDNS error'));
    // multicast-dns emits `error` for a port it cannot bind; bonjour-service leaves it unhandled (a crash).
    (bonjour as unknown as { server: { mdns: NodeJS.EventEmitter } }).server.mdns.on(
      'error',
      (err: unknown) => this.log.warn({ err }, 'mDNS socket error; mDNS discovery is not working'),
    );
    this.bonjour = bonjour;
  }

  query() {
    const bonjour = this.bonjour;
    if (!bonjour) return;
    // A fresh browser per round: it reports every device that answers this round as `up`.
    for (const b of this.browsers) b.stop();
    this.browsers = SERVICES.map((s) =>
      bonjour.find({ type: s.type, protocol: 'tcp' }, (service) => {
        const f = toFound(s, service);
        if (f) this.found(f);
      }),
    );
  }

  async close() {
    for (const b of this.browsers) b.stop();
    this.browsers = [];
    const bonjour = this.bonjour;
    this.bonjour = undefined;
    if (bonjour) await new Promise<void>((r) => bonjour.destroy(() => r()));
  }
}

function toFound(s: (typeof SERVICES)[number], service: Service): Found | undefined {
  const addresses = service.addresses ?? [];
  const host =
    addresses.find((a) => /^\d+\.\d+\.\d+\.\d+$/.test(a)) ?? addresses[0] ?? service.referer?.address;
  if (!host || !Number.isInteger(service.port)) return undefined;
  const txt: Txt = {};
  if (service.txt && typeof service.txt === 'object')
    for (const [k, v] of Object.entries(service.txt as Record<string, unknown>))
      if (typeof v === 'string') txt[k] = v;
  const hostName = typeof service.host === 'string' ? service.host.replace(/\.$/, '') : undefined;
  return {
    integration: s.integration,
    address: addressOf(host, service.port, s.usualPort),
    name: service.name,
    model: s.model(txt),
    aliases: hostName ? [addressOf(hostName, service.port, s.usualPort)] : [],
  };
}
