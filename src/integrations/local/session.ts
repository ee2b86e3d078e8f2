import type {
  DeviceAnnouncement,
  DeviceCommand,
  EntityAnnouncement,
  SendOutcome,
} from '../../home/integration.js';
import type { DeviceContext, DeviceSession } from './devices.js';
import { PushChannel } from './websocket.js';

/** How often and how patiently a WiFi device is asked (HEARTH_WIFI_POLL_INTERVAL / HEARTH_WIFI_TIMEOUT). */
export interface DeviceTiming {
  pollMs: number;
  timeoutMs: number;
  maxMisses: number;
  /** First WebSocket reconnect delay (doubles, capped at a minute). */
  reconnectMs: number;
}

export function timingOf(config: { wifi_poll_interval: number; wifi_timeout: number }): DeviceTiming {
  const pollMs = Math.round(config.wifi_poll_interval * 1000);
  return {
    pollMs,
    timeoutMs: Math.round(config.wifi_timeout * 1000),
    maxMisses: 3,
    reconnectMs: Math.min(1_000, pollMs),
  };
}

/**
 * What every WiFi device session does the same way: announce the device and its entities (from
 * what pairing learned, so they exist while the device is away), poll its status through the
 * shared coordinator (availability after N misses), keep an optional WebSocket push channel up,
 * and poll right after a command so its own report confirms it. A brand fills in the protocol.
 */
export abstract class PolledSession implements DeviceSession {
  protected channel: PushChannel | undefined;
  private firstPoll: Promise<void> | undefined;

  constructor(
    protected readonly ctx: DeviceContext,
    protected readonly timing: DeviceTiming,
  ) {}

  protected abstract device(): DeviceAnnouncement;
  protected abstract entities(): EntityAnnouncement[];
  /** Reads the device's status and reports it; throws when the device did not answer. */
  protected abstract poll(): Promise<void>;
  abstract send(command: DeviceCommand): Promise<SendOutcome>;
  bridgedDevices?(): string[];
  /** A ws:// URL when the device pushes, and what to do with its messages. */
  protected push?(): { url: string; onOpen?: () => void; onMessage: (text: string) => void };

  start() {
    const { saved, host, poller } = this.ctx;
    host.announceDevice(this.device());
    for (const e of this.entities()) host.announceEntity(e);
    poller.add(saved.id, {
      intervalMs: this.timing.pollMs,
      maxMisses: this.timing.maxMisses,
      poll: () => {
        const p = this.poll();
        this.firstPoll ??= p.catch(() => undefined);
        return p;
      },
      onAvailability: (available) => {
        this.ctx.log.info({ available }, available ? 'device answers again' : 'device stopped answering');
        // A bridge's devices come and go with it.
        for (const device_id of [saved.id, ...(this.bridgedDevices?.() ?? [])])
          host.reportAvailability({ device_id }, available);
        if (available && this.channel && !this.channel.connected) this.channel.reconnect();
      },
    });
    const push = this.push?.();
    if (push) {
      this.channel = new PushChannel({
        url: () => push.url,
        clock: host.clock,
        log: this.ctx.log,
        minDelayMs: this.timing.reconnectMs,
        ...(push.onOpen ? { onOpen: push.onOpen } : {}),
        // A dropped push channel is the first sign of a device going away: check it now.
        onClose: () => poller.refresh(saved.id),
        onMessage: push.onMessage,
      });
      this.channel.start();
    }
  }

  firstStatus() {
    return this.firstPoll ?? Promise.resolve();
  }

  stop() {
    this.channel?.stop();
    this.ctx.poller.remove(this.ctx.saved.id);
  }

  /** After a command: the device's next report (push or this poll) confirms it. */
  protected refreshSoon() {
    this.ctx.poller.refresh(this.ctx.saved.id);
  }

  /** Parses a pushed text frame; a malformed one is logged once and dropped. */
  protected parsePush(text: string): Record<string, unknown> | undefined {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch (err) {
      this.ctx.malformed('push_not_json', err);
      return undefined;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      this.ctx.malformed('push_frame');
      return undefined;
    }
    return v as Record<string, unknown>;
  }
}
