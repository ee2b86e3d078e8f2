/**
 * When to ask Z-Wave JS UI for its nodes (`getNodes`): once however many reasons arrive
 * meanwhile, retried with back-off while the gateway or its driver is not ready, and again
 * when something changed that only getNodes explains — at most every few seconds.
 */
import type { Clock, TimerHandle } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { MqttConnection } from '../mqtt/connection.js';

/** Discovery retries back off from 1 s to 30 s while Z-Wave JS UI's driver is not ready. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** A getNodes that gets no answer at all (no Z-Wave JS UI, wrong prefix or name) is asked again. */
const ANSWER_TIMEOUT_MS = 3_000;
/** A value on an unknown topic (a rename, a new value, a node interviewed late) asks again, this often at most. */
export const UNKNOWN_TOPIC_DEBOUNCE_MS = 500;
const UNKNOWN_TOPIC_MIN_GAP_MS = 2_000;
/** Reasons to ask getNodes even while an earlier request is unanswered. */
const URGENT = new Set(['start', 'reconnected', 'gateway online', 'driver ready', 'retry']);

export interface GetNodesHost {
  clock: Clock;
  connection: MqttConnection;
  log: Logger;
  /** The gateway's API topic, `<prefix>/_CLIENTS/ZWAVE_GATEWAY-<name>`. */
  api: string;
  /** A request got no answer in time. */
  noAnswer(): void;
}

export class GetNodesRequests {
  private inFlight?: TimerHandle | undefined;
  /** A getNodes request not yet written to the broker (the socket is backed up). */
  private unsent = false;
  private again = false;
  private failures = 0;
  private retryTimer?: TimerHandle | undefined;
  private retryDue = Infinity;
  private changeDue = -Infinity;
  private stopped = false;

  constructor(private readonly host: GetNodesHost) {}

  /** Asks for the nodes soon (`delayMs`), once however many reasons arrive meanwhile. */
  ask(reason: string, delayMs = 0) {
    if (this.stopped) return;
    const clock = this.host.clock;
    const due = clock.now() + delayMs;
    if (this.retryTimer && this.retryDue <= due) return;
    if (this.retryTimer) clock.clearTimeout(this.retryTimer);
    this.retryDue = due;
    this.retryTimer = clock.setTimeout(() => {
      this.retryTimer = undefined;
      this.retryDue = Infinity;
      this.request(reason);
    }, delayMs);
  }

  cancel() {
    if (this.retryTimer) this.host.clock.clearTimeout(this.retryTimer);
    if (this.inFlight) this.host.clock.clearTimeout(this.inFlight);
    this.retryTimer = this.inFlight = undefined;
    this.retryDue = Infinity;
  }

  stop() {
    this.stopped = true;
    this.cancel();
  }

  /** An answer arrived, whatever it says: the request is no longer waiting. */
  answered() {
    if (this.inFlight) this.host.clock.clearTimeout(this.inFlight);
    this.inFlight = undefined;
  }

  /** The request failed: ask again after a back-off; returns the wait. */
  failed(): number {
    this.failures++;
    const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (this.failures - 1));
    this.ask('retry', wait);
    return wait;
  }

  /** The nodes arrived and were applied: changes noted meanwhile ask again. */
  succeeded() {
    this.failures = 0;
    if (this.again) {
      this.again = false;
      this.ask('changes during discovery', UNKNOWN_TOPIC_DEBOUNCE_MS);
    }
  }

  /** Something changed that only getNodes explains: ask again soon, at most every few seconds. */
  noteChange() {
    if (this.retryTimer) return; // a getNodes is due; its answer replays what was unknown
    if (this.inFlight) {
      this.again = true; // the answer on its way may predate this change
      return;
    }
    const now = this.host.clock.now();
    this.changeDue = Math.max(now + UNKNOWN_TOPIC_DEBOUNCE_MS, this.changeDue + UNKNOWN_TOPIC_MIN_GAP_MS);
    this.ask('a change only getNodes explains', this.changeDue - now);
  }

  /**
   * Publishes getNodes. While one is unanswered, news of a change waits for its answer (`again`);
   * news that the gateway or its driver just came up asks at once (the earlier request may have
   * gone to no one).
   */
  private request(reason: string) {
    const { clock, connection } = this.host;
    if (!connection.connected) return;
    if (this.inFlight && !URGENT.has(reason)) {
      this.again = true;
      return;
    }
    if (this.inFlight) clock.clearTimeout(this.inFlight);
    this.host.log.debug({ reason }, 'asking Z-Wave JS UI for its nodes');
    this.inFlight = clock.setTimeout(() => {
      this.inFlight = undefined;
      this.host.noAnswer();
    }, ANSWER_TIMEOUT_MS);
    // The same question still waiting in the socket's buffer is not asked again: queueing copies
    // only grows the buffer (a fake clock jumping days ahead fired thousands of retries at once,
    // each one more pending write and mqtt.js 'drain' listener on the one socket).
    if (this.unsent) return;
    this.unsent = true;
    connection
      .publish(`${this.host.api}/api/getNodes/set`, JSON.stringify({ args: [] }))
      .catch(() => {})
      .finally(() => (this.unsent = false));
  }
}
