import type { Clock, TimerHandle } from '../../clock.js';

/**
 * Zigbee2MQTT 2.x opens the network with `<base>/bridge/request/permit_join` and the payload
 * `{"time": <seconds>}` (0 closes it; the 1.x `value` field is gone). zigbee-herdsman refuses
 * more than 254 seconds in one request, so a window of several minutes is renewed before each
 * request runs out.
 */
export const MAX_PERMIT_SECONDS = 254;
/** Renew this long before the running request ends (a request takes a moment to reach the coordinator). */
const RENEW_EARLY_S = 14;

export const permitJoinTopic = (base: string) => `${base}/bridge/request/permit_join`;
export const permitJoinPayload = (seconds: number) => JSON.stringify({ time: seconds });

/** One permit-join window of a bridge: opened for N seconds (renewed as needed), or closed. */
export class PermitJoinWindow {
  private timer: TimerHandle | undefined;
  private endsAt: number | null = null;

  constructor(
    private readonly publish: (payload: string) => Promise<void>,
    private readonly clock: Clock,
  ) {}

  /** When the window closes (ISO), or null when it is closed. */
  get until(): string | null {
    return this.endsAt !== null && this.endsAt > this.clock.now()
      ? new Date(this.endsAt).toISOString()
      : null;
  }

  /** Opens the network for `seconds` (0 closes it now). */
  async open(seconds: number): Promise<string | null> {
    this.cancel();
    if (seconds <= 0) {
      this.endsAt = null;
      await this.publish(permitJoinPayload(0));
      return null;
    }
    this.endsAt = this.clock.now() + seconds * 1000;
    await this.request();
    return this.until;
  }

  close(): Promise<string | null> {
    return this.open(0);
  }

  /** Forgets the window without telling the bridge (the integration stops). */
  cancel() {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async request() {
    if (this.endsAt === null) return;
    const left = Math.round((this.endsAt - this.clock.now()) / 1000);
    if (left <= 0) return;
    const time = Math.min(left, MAX_PERMIT_SECONDS);
    await this.publish(permitJoinPayload(time));
    if (left > MAX_PERMIT_SECONDS) {
      this.timer = this.clock.setTimeout(
        () => void this.request().catch(() => {}),
        (MAX_PERMIT_SECONDS - RENEW_EARLY_S) * 1000,
      );
    }
  }
}
