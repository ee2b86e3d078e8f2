import { request } from 'node:http';
import type { Clock, TimerHandle } from '../../clock.js';
import type { Logger } from '../../log.js';
import { pinnedTls } from './http.js';

export interface EventStreamOptions {
  host: string;
  port: number;
  path: string;
  headers: Record<string, string>;
  /** The pinned certificate fingerprint: a bridge showing another certificate is never sent the key. */
  certificate: string;
  clock: Clock;
  log: Logger;
  onEvent(data: string): void;
  onOpen?(): void;
  onClose?(): void;
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * A server-sent-events stream over HTTPS with a pinned certificate (the Hue bridge's
 * `/eventstream/clip/v2`) that reconnects by itself with back-off on the injected clock.
 */
export class EventStream {
  private timer: TimerHandle | undefined;
  private destroy: (() => void) | undefined;
  private attempts = 0;
  private stopped = true;
  connected = false;

  constructor(private readonly o: EventStreamOptions) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    void this.dial();
  }

  stop() {
    this.stopped = true;
    if (this.timer) this.o.clock.clearTimeout(this.timer);
    this.destroy?.();
    this.connected = false;
  }

  private async dial() {
    if (this.stopped) return;
    let closed = false;
    const close = (why: string) => {
      if (closed) return;
      closed = true;
      const was = this.connected;
      this.connected = false;
      this.destroy = undefined;
      this.o.log.debug({ why }, 'event stream closed');
      if (was) this.o.onClose?.();
      this.schedule();
    };
    try {
      const { socket } = await pinnedTls(this.o.host, this.o.port, this.o.certificate);
      // stop() may have run while the handshake above was awaited.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
      if (this.stopped) return void socket.destroy();
      const req = request(
        {
          host: this.o.host,
          port: this.o.port,
          path: this.o.path,
          headers: { ...this.o.headers, accept: 'text/event-stream' },
          // Already TLS and pinned; no agent, so Node uses it (see deviceRequest).
          createConnection: () => socket,
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return close(`HTTP ${res.statusCode}`);
          }
          this.attempts = 0;
          this.connected = true;
          this.o.onOpen?.();
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            if (buffer.length > 4 * 1024 * 1024) return void req.destroy(new Error('event too large'));
            let end: number;
            while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
              const data = block
                .split(/\r?\n/)
                .filter((l) => l.startsWith('data:'))
                .map((l) => l.slice(5).replace(/^ /, ''))
                .join('\n');
              if (data) this.o.onEvent(data);
            }
          });
          res.on('end', () => close('ended'));
          res.on('error', () => close('error'));
        },
      );
      req.on('error', (err) => close(err.message));
      req.end();
      this.destroy = () => {
        closed = true;
        req.destroy();
      };
    } catch (err) {
      close(err instanceof Error ? err.message : String(err));
    }
  }

  private schedule() {
    if (this.stopped) return;
    const min = this.o.minDelayMs ?? 1_000;
    const delay = Math.min(this.o.maxDelayMs ?? 60_000, min * 2 ** Math.min(this.attempts++, 20));
    this.timer = this.o.clock.setTimeout(() => void this.dial(), delay);
  }
}
