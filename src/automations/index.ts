import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config/index.js';
import type { Part } from '../context.js';
import type { SceneService } from '../home/scenes/service.js';
import type { HomeService } from '../home/service.js';
import type { Logger } from '../log.js';
import type { HomeSettings } from '../settings/index.js';
import type { Store } from '../store/index.js';
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
}

/**
 * The automations part. `start()` must run after the home core has restored the registry, so
 * the first evaluation already sees the last known states, and after the home settings loaded.
 */
export function createAutomations(deps: { config: Config; store: Store; bus: EventBus; clock: Clock; log: Logger; home: HomeService; scenes: SceneService; settings: HomeSettings }): Automations {
  const { config, store, bus, clock, home, scenes, settings } = deps;
  const log = deps.log.child({ part: 'automations' });
  const notifications = new Notifications(store.automations, bus, clock);
  const engine = new AutomationEngine({ home, scenes, repo: store.automations, notifications, bus, clock, log, place: settings });
  const presence = new PresenceService(home, bus, clock, config.presence_leave_delay * 1000);
  return {
    name: 'automations', engine, presence, notifications,
    async start() {
      presence.start();
      await engine.start();
    },
    async stop() {
      presence.stop();
      await engine.stop();
    },
  };
}
