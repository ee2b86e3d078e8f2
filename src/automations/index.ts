import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config/index.js';
import type { Part } from '../context.js';
import type { SceneService } from '../home/scenes/service.js';
import type { HomeService } from '../home/service.js';
import type { Logger } from '../log.js';
import type { HomeSettings } from '../settings/index.js';
import type { Store } from '../store/index.js';
import { Attention } from './attention.js';
import { AutomationEngine } from './engine.js';
import { Notifications } from './notifications.js';
import { PresenceService } from './presence.js';

export { AutomationEngine, type HomePlace } from './engine.js';
export { PresenceService } from './presence.js';
export { Notifications } from './notifications.js';
export type { Automation, AutomationDefinition } from './model.js';
export type { Trace } from './traces.js';

export interface Automations extends Part {
  engine: AutomationEngine;
  presence: PresenceService;
  notifications: Notifications;
  attention: Attention;
}

/**
 * The automations part. `start()` must run after the home core has restored the registry, so
 * the first evaluation already sees the last known states, and after the home settings loaded.
 */
export function createAutomations(deps: {
  config: Config;
  store: Store;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  home: HomeService;
  scenes: SceneService;
  settings: HomeSettings;
  /** Thresholds of the attention notifications (tests shorten them). */
  attention?: { goneForMs?: number; checkEveryMs?: number };
}): Automations {
  const { config, store, bus, clock, home, scenes, settings } = deps;
  const log = deps.log.child({ part: 'automations' });
  const notifications = new Notifications(store.automations, bus, clock);
  const engine = new AutomationEngine({
    home,
    scenes,
    repo: store.automations,
    notifications,
    bus,
    clock,
    log,
    place: settings,
  });
  const attention = new Attention({
    home,
    notifications,
    users: store.users,
    bus,
    clock,
    log: log.child({ part: 'attention' }),
    ...deps.attention,
  });
  const presence = new PresenceService(home, bus, clock, config.presence_leave_delay * 1000);
  return {
    name: 'automations',
    engine,
    presence,
    notifications,
    attention,
    async start() {
      presence.start();
      await engine.start();
      await attention.start();
    },
    async stop() {
      await attention.stop();
      presence.stop();
      await engine.stop();
    },
  };
}
