import type { EventBus } from '../bus.js';
import type { Clock, TimerHandle } from '../clock.js';
import type { Part } from '../context.js';
import type { HomeService } from '../home/service.js';
import type { Logger } from '../log.js';
import type { UserRepository } from '../store/index.js';
import type { Notifications } from './notifications.js';
import './events.js';

export interface AttentionOptions {
  home: HomeService;
  notifications: Notifications;
  users: UserRepository;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  /** How long a device or an integration may be gone before someone is told (default 15 minutes). */
  goneForMs?: number;
  /** How often conditions are checked (default every minute). */
  checkEveryMs?: number;
}

interface Condition {
  message: string;
  source: { type: string; id: string };
  audience?: 'admin';
  link: string;
  /** Only once it has held this long. */
  afterMs: number;
}

/** Kinds of keyed notification this part owns (it resolves only its own). */
const KINDS = ['device_unavailable:', 'integration_offline:', 'user_pending:'];

/**
 * Notifications for things that need a person: a device unavailable for long, an integration
 * offline, a user waiting for approval, an automation that failed. Each is keyed, so it is told
 * once while the condition holds, and resolved when it clears (after a restart too: open
 * notifications whose condition is gone are resolved at the first check).
 */
export class Attention implements Part {
  readonly name = 'attention';
  private readonly owner = 'attention';
  private readonly firstSeen = new Map<string, number>();
  private timer: TimerHandle | undefined;
  private checking: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(private readonly o: AttentionOptions) {}

  private get goneForMs() {
    return this.o.goneForMs ?? 15 * 60_000;
  }

  async start() {
    this.o.bus.on('automation_finished', this.owner, (e) => {
      const key = `automation_failed:${e.automation_id}`;
      const done =
        e.result === 'failed'
          ? this.o.notifications.raise(
              key,
              `Automation "${e.name}" failed${e.reason ? `: ${e.reason}` : ''}.`,
              { type: 'automation', id: e.automation_id },
              { link: `#automations?traces=${e.automation_id}` },
            )
          : e.result === 'finished'
            ? this.o.notifications.resolve(key)
            : Promise.resolve();
      done.catch((err: unknown) => this.o.log.error({ err, key }, 'could not record an automation failure'));
    });
    const every = this.o.checkEveryMs ?? 60_000;
    const tick = () => {
      this.timer = this.o.clock.setTimeout(() => {
        void this.check();
        tick();
      }, every);
    };
    tick();
  }

  async stop() {
    this.o.bus.removeOwner(this.owner);
    if (this.timer) this.o.clock.clearTimeout(this.timer);
    await this.checking;
  }

  /** Looks at every condition once: raises what has held long enough, resolves what cleared. */
  check(): Promise<void> {
    // At most one check waits behind the running one: ticks that pile up (a slow store, a clock
    // that jumps ahead) collapse into it instead of queueing a check each.
    if (this.queued) return this.checking;
    this.queued = true;
    this.checking = this.checking
      .then(() => {
        this.queued = false;
        return this.checkNow();
      })
      .catch((err: unknown) => {
        this.o.log.error({ err }, 'attention check failed');
      });
    return this.checking;
  }

  private async conditions(): Promise<Map<string, Condition>> {
    const { home } = this.o;
    const out = new Map<string, Condition>();
    for (const d of home.registry.devices.values()) {
      if (d.available) continue;
      out.set(`device_unavailable:${d.id}`, {
        message: `${d.name} has been unavailable for more than ${minutes(this.goneForMs)}.`,
        source: { type: 'device', id: d.id },
        link: '#home',
        afterMs: this.goneForMs,
      });
    }
    for (const i of home.integrationList()) {
      const s = i.status();
      if (s.state !== 'offline' && s.state !== 'error') continue;
      out.set(`integration_offline:${i.id}`, {
        message: `${i.name} has been ${s.state === 'error' ? 'failing' : 'offline'} for more than ${minutes(this.goneForMs)}${s.detail ? ` (${s.detail})` : ''}.`,
        source: { type: 'integration', id: i.id },
        audience: 'admin',
        link: '#admin',
        afterMs: this.goneForMs,
      });
    }
    for (const u of await this.o.users.list({ status: 'pending' })) {
      out.set(`user_pending:${u.id}`, {
        message: `${u.username} asked for an account and waits for your approval.`,
        source: { type: 'user', id: u.id },
        audience: 'admin',
        link: '#admin',
        afterMs: 0,
      });
    }
    return out;
  }

  private async checkNow() {
    const now = this.o.clock.now();
    const present = await this.conditions();
    for (const key of this.firstSeen.keys()) if (!present.has(key)) this.firstSeen.delete(key);
    for (const [key, c] of present) {
      const since = this.firstSeen.get(key) ?? now;
      this.firstSeen.set(key, since);
      if (now - since < c.afterMs) continue;
      await this.o.notifications.raise(key, c.message, c.source, {
        link: c.link,
        ...(c.audience ? { audience: c.audience } : {}),
      });
    }
    for (const key of await this.o.notifications.openKeys()) {
      if (KINDS.some((k) => key.startsWith(k)) && !present.has(key)) await this.o.notifications.resolve(key);
    }
  }
}

const minutes = (ms: number) =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`;
