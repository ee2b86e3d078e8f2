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

export interface SubscribeOptions {
  /**
   * Largest payload this subscription accepts, in bytes (default `DEFAULT_MAX_PAYLOAD`). Bigger
   * messages are dropped before any parsing and logged once per topic. A bridge's bulk topics
   * (Zigbee2MQTT's `bridge/devices` is ~8.5 MB for 2,000 devices) need a larger one.
   */
  maxPayloadBytes?: number;
}

/** 256 KB: far above any device's state or discovery config, far below what hurts. */
export const DEFAULT_MAX_PAYLOAD = 256 * 1024;
/** For a bridge's own inventory topics (device lists of thousands of devices). */
export const BULK_MAX_PAYLOAD = 64 * 1024 * 1024;

interface Subscription {
  handlers: Set<MessageHandler>;
  maxBytes: number;
}

const FIRST_RETRY_MS = 250;
/**
 * The back-off stops at 1 s: a broker that comes back (a restart, a power cut) is found within
 * a second, and every report sent in between is a report lost. One TCP connect a second to a
 * broker that is down costs nothing worth saving.
 */
const MAX_RETRY_MS = 1_000;

/**
 * Hearth's one MQTT client, shared by every bridge integration. It keeps its own table of
 * subscriptions and subscribes them again on every (re)connection, so retained topics such as
 * `bridge/devices` are delivered afresh after a broker restart. Reconnects back off from
 * 250 ms to 30 s. Publishing while disconnected throws 503 rather than queueing a command
 * that would reach the device much later.
 */
export class MqttConnection {
  private client?: MqttClient;
  /** Filters without wildcards, looked up by topic: 10,000 discovered entities cost one map read per message. */
  private readonly exact = new Map<string, Subscription>();
  /** Filters with `+` or `#` (few: one or two per integration), matched one by one. */
  private readonly wildcard = new Map<string, Subscription>();
  private readonly oversized = new Set<string>();
  /** Filters to (un)subscribe at the end of this turn: one SUBSCRIBE packet for many filters. */
  private pendingSubscribe = new Set<string>();
  private pendingUnsubscribe = new Set<string>();
  private flushArmed = false;
  private readonly listeners = new Set<(connected: boolean) => void>();
  private retryMs = FIRST_RETRY_MS;
  private reconnects = 0;
  private lastError: string | null = null;
  private since = Date.now();
  private closing = false;

  constructor(
    private readonly opts: ConnectionOptions,
    private readonly log: Logger,
  ) {}

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
      // mqtt-packet would otherwise pre-build a 2-byte Buffer for each of the 65,536 packet ids
      // (~8 MB of heap, shared with the embedded broker); building the two bytes when needed is free.
      writeCache: false,
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
      const filters = [...this.exact.keys(), ...this.wildcard.keys()];
      if (filters.length > 0)
        client.subscribe(
          filters,
          { qos: 0 },
          (err) => err && this.log.error({ err }, 'MQTT subscribe failed'),
        );
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
      if (this.lastError !== err.message)
        this.log.warn({ url: this.safeUrl, err: err.message }, 'MQTT error');
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
  subscribe(filter: string, handler: MessageHandler, opts: SubscribeOptions = {}): () => void {
    const table = /[+#]/.test(filter) ? this.wildcard : this.exact;
    let sub = table.get(filter);
    if (!sub) {
      sub = { handlers: new Set(), maxBytes: opts.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD };
      table.set(filter, sub);
      this.pendingUnsubscribe.delete(filter);
      this.pendingSubscribe.add(filter);
      this.armFlush();
    } else if (opts.maxPayloadBytes !== undefined)
      sub.maxBytes = Math.max(sub.maxBytes, opts.maxPayloadBytes);
    const entry = sub;
    entry.handlers.add(handler);
    return () => {
      entry.handlers.delete(handler);
      if (entry.handlers.size === 0 && table.get(filter) === entry) {
        table.delete(filter);
        this.pendingSubscribe.delete(filter);
        this.pendingUnsubscribe.add(filter);
        this.armFlush();
      }
    };
  }

  /**
   * Sends the (un)subscriptions made during this turn together. A broker looks up its retained
   * messages once per SUBSCRIBE packet (Aedes scans all of them), so 10,000 discovered entities
   * subscribing one by one cost 10,000 scans; batched, a burst of configs costs one.
   */
  private armFlush() {
    if (this.flushArmed) return;
    this.flushArmed = true;
    setImmediate(() => {
      this.flushArmed = false;
      const subscribe = [...this.pendingSubscribe];
      const unsubscribe = [...this.pendingUnsubscribe];
      this.pendingSubscribe = new Set();
      this.pendingUnsubscribe = new Set();
      // While disconnected nothing is sent: the next connection subscribes the whole table.
      if (!this.connected) return;
      if (subscribe.length > 0)
        this.client!.subscribe(
          subscribe,
          { qos: 0 },
          (err) => err && this.log.error({ err }, 'MQTT subscribe failed'),
        );
      if (unsubscribe.length > 0) this.client!.unsubscribe(unsubscribe);
    });
  }

  private dispatch(topic: string, payload: Buffer, retained: boolean) {
    const exact = this.exact.get(topic);
    if (exact) this.deliver(exact, topic, payload, retained);
    for (const [filter, sub] of this.wildcard)
      if (topicMatches(filter, topic)) this.deliver(sub, topic, payload, retained);
  }

  private deliver(sub: Subscription, topic: string, payload: Buffer, retained: boolean) {
    if (payload.length > sub.maxBytes) {
      if (!this.oversized.has(topic)) {
        if (this.oversized.size >= 10_000) this.oversized.clear();
        this.oversized.add(topic);
        this.log.warn(
          { topic: topic.slice(0, 200), bytes: payload.length, limit: sub.maxBytes },
          'ignored an MQTT message larger than its limit (logged once per topic)',
        );
      }
      return;
    }
    for (const h of sub.handlers) {
      try {
        h(topic, payload, retained);
      } catch (err) {
        // A bad payload must never take the connection (or Hearth) down.
        this.log.error({ err, topic: topic.slice(0, 200) }, 'MQTT message handler failed');
      }
    }
  }

  /** Publishes; throws 503 when the broker is not reachable right now. */
  publish(
    topic: string,
    payload: string | Buffer,
    opts: { retain?: boolean; qos?: 0 | 1 } = {},
  ): Promise<void> {
    const client = this.client;
    if (!client?.connected)
      return Promise.reject(
        Errors.unavailable('The MQTT broker is not reachable right now.', { broker: this.safeUrl }),
      );
    return new Promise((resolve, reject) => {
      client.publish(topic, payload, { retain: opts.retain ?? false, qos: opts.qos ?? 0 }, (err) =>
        err ? reject(Errors.unavailable(`MQTT publish failed: ${err.message}`)) : resolve(),
      );
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
