/**
 * Writes through Z-Wave JS UI's `writeValue` API and their verification. zwave-js echoes a
 * written value at once (optimistically); Hearth holds that echo until the device has
 * confirmed it (a supervised set) or zwave-js has polled it back (an unsupervised one), so
 * the home never shows a value the device did not take.
 */
import type { Clock, TimerHandle } from '../../clock.js';
import { isObject, parseJson } from '../mqtt/topics.js';
import type { ZValue } from './values.js';

/** zwave-js verifies an unsupervised set by polling after 5 s (`timeouts.refreshValue`); after that the echo stands. */
const VERIFY_MS = 7_000;
/** SetValueStatus (zwave-js): Working 1, SuccessUnsupervised 254, Success 255; anything else failed. */
const SET_OK = new Set([1, 255]);
const SET_UNSUPERVISED = 254;
/** Calls remembered for matching their answers; beyond this the oldest are forgotten. */
const MAX_CALLS = 1_000;

/** A written value zwave-js echoes optimistically: its echo waits for the device's verification. */
interface Hold {
  uid: string;
  name: string;
  value: unknown;
  phase: 'sent' | 'unsupervised';
  held?: { value: unknown };
  timer?: TimerHandle;
}

interface ApiCall {
  args: string;
  hold?: string;
  uid: string;
  name: string;
  at: number;
}

/** What the writes need from the integration. */
export interface WritesHost {
  clock: Clock;
  /** Reads a value into the home: the device's report, or an echo let through. */
  deliver(nodeId: number, key: string, value: unknown, topic?: string): void;
  reportCommandError(uid: string, message: string): void;
}

/** One written value, as `send` publishes it. */
export interface Write {
  args: unknown[];
  uid: string;
  name: string;
  value: unknown;
  /** `<node id>:<value key>` when the value is read back and its echo must wait. */
  holdId?: string | undefined;
}

export class ValueWrites {
  private readonly holds = new Map<string, Hold>();
  private readonly calls: ApiCall[] = [];

  constructor(private readonly host: WritesHost) {}

  /** A writeValue about to be published: remembered for its answer, its echo held. */
  sent(w: Write) {
    if (w.holdId) this.startHold(w.holdId, { uid: w.uid, name: w.name, value: w.value, phase: 'sent' });
    this.calls.push({
      args: JSON.stringify(w.args),
      ...(w.holdId ? { hold: w.holdId } : {}),
      uid: w.uid,
      name: w.name,
      at: this.host.clock.now(),
    });
    if (this.calls.length > MAX_CALLS) this.calls.shift();
  }

  /** The write could not be published: nothing to wait for. */
  unsent(holdId: string) {
    this.endHold(holdId);
  }

  stop() {
    for (const h of this.holds.values()) if (h.timer) this.host.clock.clearTimeout(h.timer);
    this.holds.clear();
  }

  /** A value from the device: held while its write waits for verification, else read. */
  receive(nodeId: number, key: string, value: unknown, topic: string) {
    const id = `${nodeId}:${key}`;
    const hold = this.holds.get(id);
    if (hold) {
      if (hold.phase === 'sent' && same(value, hold.value)) {
        hold.held = { value };
        return;
      }
      if (hold.phase === 'unsupervised') {
        this.endHold(id);
        this.host.deliver(nodeId, key, value, topic);
        if (!same(value, hold.value))
          this.host.reportCommandError(
            hold.uid,
            `${hold.name} did not take ${JSON.stringify(hold.value)}; it reports ${JSON.stringify(value)}.`,
          );
        return;
      }
    }
    this.host.deliver(nodeId, key, value, topic);
  }

  /** The answer to a writeValue: matched to the call by the `origin` Z-Wave JS UI echoes. */
  onAnswer(payload: Buffer) {
    const p = parseJson(payload);
    if (!p.ok || !isObject(p.value) || !isObject(p.value.origin)) return;
    const args = JSON.stringify(p.value.origin.args);
    const i = this.calls.findIndex((c) => c.args === args);
    if (i < 0) return; // another client's call
    const call = this.calls.splice(i, 1)[0]!;
    const result = isObject(p.value.result) ? p.value.result : {};
    const status = typeof result.status === 'number' ? result.status : undefined;
    const ok =
      p.value.success === true && (status === undefined || SET_OK.has(status) || status === SET_UNSUPERVISED);
    if (!ok) {
      if (call.hold) this.endHold(call.hold);
      const why =
        (typeof result.message === 'string' && result.message) ||
        (typeof p.value.message === 'string' && p.value.message) ||
        `status ${status}`;
      this.host.reportCommandError(call.uid, `Z-Wave JS UI could not write to ${call.name}: ${why}`);
      return;
    }
    if (!call.hold) return;
    const hold = this.holds.get(call.hold);
    if (!hold) return;
    if (status === SET_UNSUPERVISED) {
      // The device acknowledged the frame, not the value: zwave-js polls it to verify; that
      // report settles it. Without one, the echo stands.
      hold.phase = 'unsupervised';
      if (hold.timer) this.host.clock.clearTimeout(hold.timer);
      hold.timer = this.host.clock.setTimeout(() => {
        this.endHold(call.hold!);
        if (hold.held) this.deliverHeld(call.hold!, hold.held.value);
      }, VERIFY_MS);
      return;
    }
    // Supervised: the device itself confirmed; its value (already echoed or still to come) stands.
    this.endHold(call.hold);
    if (hold.held) this.deliverHeld(call.hold, hold.held.value);
  }

  private startHold(id: string, hold: Hold) {
    this.endHold(id);
    // Without any answer (Z-Wave JS UI went away) the echo is let through after a while.
    hold.timer = this.host.clock.setTimeout(() => {
      this.endHold(id);
      if (hold.held) this.deliverHeld(id, hold.held.value);
    }, 2 * VERIFY_MS);
    this.holds.set(id, hold);
  }

  private deliverHeld(id: string, value: unknown) {
    const [nodeId, ...key] = id.split(':');
    this.host.deliver(Number(nodeId), key.join(':'), value);
  }

  private endHold(id: string) {
    const h = this.holds.get(id);
    if (h?.timer) this.host.clock.clearTimeout(h.timer);
    this.holds.delete(id);
    return h;
  }
}

/** The ValueID `writeValue` takes: the node by id, so a rename or a topic layout never matters. */
export function writeTarget(nodeId: number, v: ZValue) {
  return {
    nodeId,
    commandClass: v.commandClass,
    endpoint: v.endpoint ?? 0,
    property: v.property,
    ...(v.propertyKey !== undefined ? { propertyKey: v.propertyKey } : {}),
  };
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
