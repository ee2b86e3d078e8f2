import type { EventBus } from '../bus.js';
import type { Config } from '../config/index.js';
import { canonicalTimeZone, systemTimeZone } from '../config/time-zone.js';
import type { Part } from '../context.js';
import { Errors } from '../errors.js';
import type { Logger } from '../log.js';
import type { SettingsRepository } from '../store/index.js';
import type { HomeSettingKey, HomeSettingsPatch, HomeSettingsView, SettingSource } from './types.js';
import './events.js';

/** What the settings row holds: only values an admin saved. */
type Stored = Partial<{ time_zone: string; latitude: number; longitude: number }>;

/** Key of the home's settings in the store's settings table. */
const KEY = 'home';
const KEYS: readonly HomeSettingKey[] = ['time_zone', 'latitude', 'longitude'];

/**
 * The home's time zone and location, changeable at run time. The environment/config values
 * are the defaults; a value saved here wins until it is cleared. Readers (the automation
 * engine) ask for the current value each time and re-arm on `settings_changed`.
 */
export class HomeSettings implements Part {
  readonly name = 'settings';
  private stored: Stored = {};
  /** Serialises updates so two concurrent PATCHes never lose each other's fields. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: { config: Config; repo: SettingsRepository; bus: EventBus; log: Logger },
  ) {}

  /** Reads the saved values; starts before any part that reads the zone or location. */
  async start() {
    const raw = (await this.deps.repo.get<Stored>(KEY)) ?? {};
    const stored: Stored = {};
    // A zone saved by an older Node/ICU that this one does not know falls back rather than crashing every schedule.
    if (raw.time_zone !== undefined) {
      const tz = canonicalTimeZone(raw.time_zone);
      if (tz) stored.time_zone = tz;
      else
        this.deps.log.warn(
          { time_zone: raw.time_zone },
          'the saved time zone is unknown to this system; using the default',
        );
    }
    if (typeof raw.latitude === 'number') stored.latitude = raw.latitude;
    if (typeof raw.longitude === 'number') stored.longitude = raw.longitude;
    this.stored = stored;
  }

  async stop() {}

  get timeZone(): string {
    return this.stored.time_zone ?? this.deps.config.time_zone ?? systemTimeZone();
  }

  /** Undefined until both latitude and longitude are known. */
  get location(): { latitude: number; longitude: number } | undefined {
    const { latitude, longitude } = this.view();
    return latitude !== null && longitude !== null ? { latitude, longitude } : undefined;
  }

  view(): HomeSettingsView {
    const { config } = this.deps;
    const s = this.stored;
    const source = (k: HomeSettingKey, fallback: SettingSource): SettingSource =>
      s[k] !== undefined ? 'settings' : config[k] !== undefined ? 'config' : fallback;
    return {
      time_zone: this.timeZone,
      latitude: s.latitude ?? config.latitude ?? null,
      longitude: s.longitude ?? config.longitude ?? null,
      sources: {
        time_zone: source('time_zone', 'system'),
        latitude: source('latitude', 'unset'),
        longitude: source('longitude', 'unset'),
      },
    };
  }

  /**
   * Validates, writes (committed before this resolves, so an acknowledged change survives a
   * kill -9) and then tells the readers. Ranges are checked by the route schema; repeated here
   * because this is the service's own contract.
   */
  update(patch: HomeSettingsPatch): Promise<HomeSettingsView> {
    const next = this.queue.then(() => this.apply(patch));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async apply(patch: HomeSettingsPatch): Promise<HomeSettingsView> {
    const stored: Stored = { ...this.stored };
    if (patch.time_zone !== undefined) {
      if (patch.time_zone === null) delete stored.time_zone;
      else {
        const tz = canonicalTimeZone(patch.time_zone);
        if (!tz)
          throw Errors.validation(
            `time_zone "${patch.time_zone}" is not a known IANA time zone (e.g. Europe/Berlin)`,
            { field: 'time_zone' },
          );
        stored.time_zone = tz;
      }
    }
    for (const [key, limit] of [
      ['latitude', 90],
      ['longitude', 180],
    ] as const) {
      const v = patch[key];
      if (v === undefined) continue;
      // `key` is one of the two literal fields above, not a map key.
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- see above
      if (v === null) delete stored[key];
      else if (!Number.isFinite(v) || Math.abs(v) > limit)
        throw Errors.validation(`${key} must be a number from -${limit} to ${limit}`, { field: key });
      else stored[key] = v;
    }
    const before = this.view();
    await this.deps.repo.set(KEY, stored);
    this.stored = stored;
    const after = this.view();
    const changed = KEYS.filter((k) => before[k] !== after[k]);
    if (changed.length > 0) {
      // Only which fields changed: the home's coordinates are personal data.
      this.deps.log.info({ changed }, 'home settings changed');
      this.deps.bus.emit('settings_changed', { ...after, changed });
    }
    return after;
  }
}
