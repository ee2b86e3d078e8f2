import { rmSync } from 'node:fs';
import { createAutomations, type Automations } from '../automations/index.js';
import type { AutomationDefinition } from '../automations/model.js';
import { EventBus } from '../bus.js';
import type { FakeClock } from '../clock.js';
import { loadConfig, type Config } from '../config/index.js';
import { SceneService } from '../home/scenes/service.js';
import { HomeService } from '../home/service.js';
import { DemoIntegration } from '../integrations/demo/index.js';
import { createLogger } from '../log.js';
import { HomeSettings } from '../settings/index.js';
import { SqliteStore } from '../store/index.js';
import { tempDataDir } from './harness.js';

/**
 * The automations part on the real home core (demo home, real SQLite file) with a fake clock,
 * without HTTP: fast enough to restart many times in one test.
 */
export async function automationHome(
  clock: FakeClock,
  opts: { dataDir?: string; config?: Partial<Config> } = {},
) {
  const dataDir = opts.dataDir ?? tempDataDir();
  const log = createLogger('silent');
  const config = loadConfig({
    env: {},
    overrides: { data_dir: dataDir, time_zone: 'Europe/Berlin', presence_leave_delay: 0, ...opts.config },
  });
  const store = new SqliteStore(dataDir, log);
  const bus = new EventBus(log);
  const home = new HomeService({
    repo: store.home,
    bus,
    clock,
    log,
    historyDays: 10,
    confirmTimeoutMs: 5_000,
    defaultWaitMs: 1_000,
  });
  home.addIntegration(new DemoIntegration({ ambient: false, responseDelayMs: 10 }));
  const scenes = new SceneService(home, store.home, bus, clock);
  const settings = new HomeSettings({ config, repo: store.settings, bus, log });
  const part: Automations = createAutomations({ config, store, bus, clock, log, home, scenes, settings });
  await home.start();
  await scenes.load();
  await settings.start();
  await part.start();
  const engine = part.engine;
  return {
    dataDir,
    store,
    bus,
    home,
    scenes,
    settings,
    part,
    engine,
    create: (def: AutomationDefinition) => engine.create(def),
    /** Lets fake time pass in small steps so device replies and awaited continuations run. */
    async settle(ms = 200, step = 10) {
      for (let done = 0; done < ms; done += step) {
        clock.advance(step);
        await new Promise((r) => setImmediate(r));
      }
    },
    traces: async (id: string) => engine.traces.list(id),
    async stop(o: { keepData?: boolean } = {}) {
      await part.stop();
      await home.stop();
      await store.close();
      if (!o.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type AutomationHome = Awaited<ReturnType<typeof automationHome>>;
