import WebSocket from 'ws';
import type { Clock, TimerHandle } from '../../clock.js';
import type { Logger } from '../../log.js';

export interface PushChannelOptions {
  /** ws:// URL of the device's push channel (read at each connect: the address may change). */
  url: () => string;
  clock: Clock;
  log: Logger;
  onMessage(text: string): void;
  /** Connected (again): subscribe, authenticate, ask for a full state. */
  onOpen?(): void;
  onClose?(): void;
  /** First reconnect delay; doubles per failed attempt up to `maxDelayMs`, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A ping each period; no pong by the next one and the connection is dropped and redialled. */
  heartbeatMs?: number;
  connectTimeoutMs?: number;
  random?: () => number;
}

/**
 * A device's WebSocket push channel that stays up by itself: reconnects with back-off on the
 * injected clock after a drop or a failed dial, notices a silent death by heartbeat, and never
 * throws at its user. Messages are handed over as text; the integration validates them.
 */
export class PushChannel {
  private socket: WebSocket | undefined;
  private timer: TimerHandle | undefined;
  private heartbeat: TimerHandle | undefined;
  private attempts = 0;
  private stopped = true;
  private alive = false;
  private open = false;
  private readonly o: Required<Omit<PushChannelOptions, 'onOpen' | 'onClose'>> &
    Pick<PushChannelOptions, 'onOpen' | 'onClose'>;

  constructor(opts: PushChannelOptions) {
    this.o = {
      minDelayMs: 1_000,
      maxDelayMs: 60_000,
      heartbeatMs: 30_000,
      connectTimeoutMs: 10_000,
      random: Math.random,
      ...opts,
    };
  }

  get connected() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.dial();
  }

  stop() {
    this.stopped = true;
    this.open = false;
    this.clearTimers();
    const s = this.socket;
    this.socket = undefined;
    if (s) {
      s.removeAllListeners();
      s.on('error', () => undefined);
      s.terminate();
    }
  }

  /** Sends when connected; false otherwise (the caller falls back to HTTP). */
  send(text: string): boolean {
    if (!this.connected) return false;
    this.socket!.send(text);
    return true;
  }

  /** Drops the connection and dials again soon (e.g. the device said its session is invalid). */
  reconnect() {
    this.socket?.terminate();
  }

  private dial() {
    if (this.stopped) return;
    let url: string;
    try {
      url = this.o.url();
    } catch (err) {
      this.o.log.warn({ err }, 'push channel has no address');
      return this.schedule();
    }
    const socket = new WebSocket(url, {
      handshakeTimeout: this.o.connectTimeoutMs,
      perMessageDeflate: false,
    });
    this.socket = socket;
    socket.on('open', () => {
      this.attempts = 0;
      this.alive = true;
      this.open = true;
      this.o.log.debug({ url }, 'push channel connected');
      this.armHeartbeat();
      this.o.onOpen?.();
    });
    socket.on('message', (data, isBinary) => {
      // ws hands text frames over as one Buffer (binaryType 'nodebuffer', the default).
      if (!isBinary) this.o.onMessage((data as Buffer).toString());
    });
    socket.on('pong', () => (this.alive = true));
    socket.on('error', (err) => this.o.log.debug({ err: err.message, url }, 'push channel error'));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      const wasOpen = this.open;
      this.socket = undefined;
      this.clearTimers();
      this.alive = this.open = false;
      if (wasOpen) this.o.onClose?.();
      this.schedule();
    });
  }

  private schedule() {
    if (this.stopped) return;
    const base = Math.min(this.o.maxDelayMs, this.o.minDelayMs * 2 ** Math.min(this.attempts, 20));
    this.attempts++;
    const delay = Math.round(base * (0.5 + this.o.random() / 2));
    this.timer = this.o.clock.setTimeout(() => {
      this.timer = undefined;
      this.dial();
    }, delay);
  }

  private armHeartbeat() {
    this.heartbeat = this.o.clock.setTimeout(() => {
      const s = this.socket;
      if (!s) return;
      if (!this.alive) {
        this.o.log.debug('push channel silent: reconnecting');
        s.terminate();
        return;
      }
      this.alive = false;
      s.ping();
      this.armHeartbeat();
    }, this.o.heartbeatMs);
  }

  private clearTimers() {
    if (this.timer) this.o.clock.clearTimeout(this.timer);
    if (this.heartbeat) this.o.clock.clearTimeout(this.heartbeat);
    this.timer = this.heartbeat = undefined;
  }
}
