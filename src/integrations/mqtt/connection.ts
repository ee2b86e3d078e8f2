import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { Errors } from '../../errors.js';
import type { Logger } from '../../log.js';
import { topicMatches } from './topics.js';

export interface ConnectionOptions {
  /** May be filled in just before `connect` (the embedded broker's port is known only then). */
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  clientId?: string | undefined;
  caFile?: string | undefined;
  certFile?: string | undefined;
  keyFile?: string | undefined;
}

export type MessageHandler = (topic: string, payload: Buffer, retained: boolean) => void;

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

/**
 * Hearth's one MQTT client, shared by every bridge integration. It keeps its own table of
 * subscriptions and subscribes them again on every (re)connection, so retained topics such as
 * `bridge/devices` are delivered afresh after a broker restart. Reconnects back off from
 * 250 ms to 30 s. Publishing while disconnected throws 503 rather than queueing a command
 * that would reach the device much later.
 */
export class MqttConnection {
  private client?: MqttClient;
  private readonly handlers = new Map<string, Set<MessageHandler>>();
  private readonly listeners = new Set<(connected: boolean) => void>();
  private retryMs = FIRST_RETRY_MS;
  private reconnects = 0;
  private lastError: string | null = null;
  private since = Date.now();
  private closing = false;

  constructor(private readonly opts: ConnectionOptions, private readonly log: Logger) {}

  get connected() {
    return this.client?.connected === true;
  }

  /** The broker URL without credentials (safe to show and log). */
  get safeUrl() {
    try {
      const u = new URL(this.opts.url);
      u.username = '';
      u.password = '';
      return u.toString().replace(/\/$/, '');
    } catch {
      return 'invalid URL';
    }
  }

  /** Connects; resolves at the first connection or after `waitMs` (retrying goes on in the background). */
  connect(waitMs = 5_000): Promise<void> {
    const options: IClientOptions = {
      clientId: this.opts.clientId ?? `hearth-${randomBytes(4).toString('hex')}`,
      clean: true,
      resubscribe: false,
      reconnectPeriod: FIRST_RETRY_MS,
      connectTimeout: 10_000,
      keepalive: 30,
      queueQoSZero: false,
    };
    const url = new URL(this.opts.url);
    const username = this.opts.username ?? (url.username ? decodeURIComponent(url.username) : undefined);
    const password = this.opts.password ?? (url.password ? decodeURIComponent(url.password) : undefined);
    if (username !== undefined) options.username = username;
    if (password !== undefined) options.password = password;
    if (this.opts.caFile) options.ca = readFileSync(this.opts.caFile);
    if (this.opts.certFile) options.cert = readFileSync(this.opts.certFile);
    if (this.opts.keyFile) options.key = readFileSync(this.opts.keyFile);
    url.username = '';
    url.password = '';
    const client = mqtt.connect(url.toString(), options);
    this.client = client;
    client.on('connect', () => {
      this.retryMs = FIRST_RETRY_MS;
      client.options.reconnectPeriod = FIRST_RETRY_MS;
      this.lastError = null;
      this.since = Date.now();
      this.log.info({ url: this.safeUrl }, 'MQTT connected');
      const filters = [...this.handlers.keys()];
      if (filters.length > 0) client.subscribe(filters, { qos: 0 }, (err) => err && this.log.error({ err }, 'MQTT subscribe failed'));
      this.emitStatus(true);
    });
    client.on('close', () => {
      if (this.closing) return;
      if (this.listenersThinkConnected) {
        this.since = Date.now();
        this.log.warn({ url: this.safeUrl, retry_ms: this.retryMs }, 'MQTT connection lost; reconnecting');
        this.emitStatus(false);
      }
      client.options.reconnectPeriod = this.retryMs;
      this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
    });
    client.on('reconnect', () => this.reconnects++);
    client.on('error', (err) => {
      if (this.lastError !== err.message) this.log.warn({ url: this.safeUrl, err: err.message }, 'MQTT error');
      this.lastError = err.message;
    });
    client.on('message', (topic, payload, packet) => this.dispatch(topic, payload, packet.retain));
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private listenersThinkConnected = false;

  private emitStatus(connected: boolean) {
    this.listenersThinkConnected = connected;
    for (const l of this.listeners) {
      try {
        l(connected);
      } catch (err) {
        this.log.error({ err }, 'MQTT status listener failed');
      }
    }
  }

  /** Called with `true` after each (re)connection and `false` when the connection drops. */
  onStatus(listener: (connected: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Subscribes `filter` (MQTT wildcards allowed); kept across reconnections. */
  subscribe(filter: string, handler: MessageHandler): () => void {
    let set = this.handlers.get(filter);
    if (!set) {
      set = new Set();
      this.handlers.set(filter, set);
      if (this.connected) this.client!.subscribe(filter, { qos: 0 });
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(filter);
        if (this.connected) this.client!.unsubscribe(filter);
      }
    };
  }

  private dispatch(topic: string, payload: Buffer, retained: boolean) {
    for (const [filter, set] of this.handlers) {
      if (!topicMatches(filter, topic)) continue;
      for (const h of set) {
        try {
          h(topic, payload, retained);
        } catch (err) {
          // A bad payload must never take the connection (or Hearth) down.
          this.log.error({ err, topic }, 'MQTT message handler failed');
        }
      }
    }
  }

  /** Publishes; throws 503 when the broker is not reachable right now. */
  publish(topic: string, payload: string | Buffer, opts: { retain?: boolean; qos?: 0 | 1 } = {}): Promise<void> {
    const client = this.client;
    if (!client?.connected) return Promise.reject(Errors.unavailable('The MQTT broker is not reachable right now.', { broker: this.safeUrl }));
    return new Promise((resolve, reject) => {
      client.publish(topic, payload, { retain: opts.retain ?? false, qos: opts.qos ?? 0 }, (err) => (err ? reject(Errors.unavailable(`MQTT publish failed: ${err.message}`)) : resolve()));
    });
  }

  status() {
    return {
      state: this.connected ? ('online' as const) : ('offline' as const),
      broker: this.safeUrl,
      since: new Date(this.since).toISOString(),
      reconnects: this.reconnects,
      ...(this.lastError ? { last_error: this.lastError } : {}),
    };
  }

  async close() {
    this.closing = true;
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync(true);
  }
}
