import type { Clock } from '../../clock.js';

/** What a protocol heard: a device that answered a query, before it is an offer. */
export interface Found {
  /** The pairable integration that would add it (`shelly`, `wled`, `hue`, `kasa`, `onvif`). */
  integration: string;
  /** What to give `POST /api/home/integrations/{integration}/pair`: `host`, or `host:port` when not the usual port. */
  address: string;
  name?: string | undefined;
  model?: string | undefined;
  /** Other names the same device goes by (its mDNS host name), so a device paired by name is recognised. */
  aliases?: string[] | undefined;
}

/** A device Hearth found on the network and offers to add (the `GET /api/home/discovered` item). */
export interface DiscoveredDevice {
  integration: string;
  address: string;
  name?: string;
  model?: string;
  first_seen: string;
  last_seen: string;
}

interface Entry {
  integration: string;
  address: string;
  name: string | undefined;
  model: string | undefined;
  aliases: string[];
  firstSeen: number;
  lastSeen: number;
}

export interface OfferLimits {
  /** At most this many offers; when full, the one heard from longest ago gives way. */
  maxOffers: number;
  /** An offer not heard from for this long (ms) is dropped: the device left, or changed address. */
  forgetAfterMs: number;
}

const TEXT_MAX = 128;
const clip = (s: string | undefined) => {
  const t = s?.trim();
  return t ? t.slice(0, TEXT_MAX) : undefined;
};

/**
 * The bounded table of offers: one per (integration, address), refreshed each time the device
 * answers, dropped when it has not answered for `forgetAfterMs`, never more than `maxOffers`.
 * Pure bookkeeping on the injected clock; no sockets.
 */
export class OfferTable {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: OfferLimits,
  ) {}

  /** Records an answer; returns the offer when it is new (the caller announces it), else undefined. */
  seen(found: Found): DiscoveredDevice | undefined {
    const now = this.clock.now();
    const key = `${found.integration} ${found.address.toLowerCase()}`;
    const known = this.entries.get(key);
    if (known) {
      known.lastSeen = now;
      known.name = clip(found.name) ?? known.name;
      known.model = clip(found.model) ?? known.model;
      for (const a of found.aliases ?? [])
        if (!known.aliases.includes(a.toLowerCase())) known.aliases.push(a.toLowerCase());
      known.aliases = known.aliases.slice(0, 8);
      return undefined;
    }
    if (this.entries.size >= this.limits.maxOffers) {
      let oldest: [string, Entry] | undefined;
      for (const e of this.entries) if (!oldest || e[1].lastSeen < oldest[1].lastSeen) oldest = e;
      if (oldest) this.entries.delete(oldest[0]);
    }
    const entry: Entry = {
      integration: found.integration,
      address: found.address,
      name: clip(found.name),
      model: clip(found.model),
      aliases: (found.aliases ?? []).map((a) => a.toLowerCase()).slice(0, 8),
      firstSeen: now,
      lastSeen: now,
    };
    this.entries.set(key, entry);
    return toWire(entry);
  }

  /** Drops offers not heard from for `forgetAfterMs`. */
  prune(): void {
    const cutoff = this.clock.now() - this.limits.forgetAfterMs;
    for (const [k, e] of this.entries) if (e.lastSeen < cutoff) this.entries.delete(k);
  }

  /** Offers, newest first, without those `isPaired` recognises (by address or alias). */
  list(isPaired: (integration: string, names: string[]) => boolean): DiscoveredDevice[] {
    this.prune();
    return [...this.entries.values()]
      .filter((e) => !isPaired(e.integration, [e.address, ...e.aliases]))
      .sort((a, b) => b.firstSeen - a.firstSeen || a.address.localeCompare(b.address))
      .map(toWire);
  }

  get size() {
    return this.entries.size;
  }
}

function toWire(e: Entry): DiscoveredDevice {
  return {
    integration: e.integration,
    address: e.address,
    ...(e.name ? { name: e.name } : {}),
    ...(e.model ? { model: e.model } : {}),
    first_seen: new Date(e.firstSeen).toISOString(),
    last_seen: new Date(e.lastSeen).toISOString(),
  };
}
