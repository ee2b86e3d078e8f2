import { join } from 'node:path';
import { AgentTimers } from './agent/timers/service.js';
import { timerRoutes } from './api/http/routes/timers.js';
import { validateDefinition } from './automations/validate.js';
import { CoreHomeAccess } from './agent/home-adapter.js';
import { createAgents } from './agent/index.js';
import { VoiceService, type VoiceOptions } from './agent/voice/index.js';
import { aiRoutes } from './api/http/routes/ai.js';
import { automationRoutes } from './api/http/routes/automations.js';
import { automationEvents } from './api/realtime/automation-events.js';
import { createAutomations, type Automations } from './automations/index.js';
import { chatRoutes } from './api/http/routes/chat.js';
import { voiceRoutes } from './api/http/routes/voice.js';
import { authRoutes } from './api/http/routes/auth.js';
import { healthRoutes } from './api/http/routes/health.js';
import { controlRoutes } from './api/http/routes/control.js';
import { homeRoutes } from './api/http/routes/home.js';
import { integrationRoutes } from './api/http/routes/integrations.js';
import { cameraRoutes } from './api/http/routes/cameras.js';
import { historyRoutes } from './api/http/routes/history.js';
import { integrationDetailRoutes } from './api/http/routes/integration-details.js';
import { backupRoutes } from './api/http/routes/backup.js';
import { applyStagedRestore } from './cli/restore-staged.js';
import { notificationRoutes } from './api/http/routes/notifications.js';
import { CauseNames } from './home/causes.js';
import { AreaOrder } from './home/area-order.js';
import { sceneRoutes } from './api/http/routes/scenes.js';
import { setupRoutes } from './api/http/routes/setup.js';
import { userRoutes } from './api/http/routes/users.js';
import { homeEvents } from './api/realtime/home-events.js';
import { pairingEvents } from './api/realtime/pairing-events.js';
import { webRoutes } from './api/http/web/static.js';
import { createHttpServer, type HttpApp, type RouteInfo } from './api/http/server.js';
import { RealtimeServer } from './api/realtime/server.js';
import { CommandLimits } from './api/rate-limit.js';
import { tokenRoutes } from './api/http/routes/tokens.js';
import { AuditLog } from './auth/audit.js';
import { Housekeeping } from './store/housekeeping.js';
import { AuthService, TokenSigner, loadOrCreateKey } from './auth/index.js';
import { AutomaticBackups } from './backups/index.js';
import { systemTimeZone } from './config/time-zone.js';
import { EventBus } from './bus.js';
import { SystemClock, type Clock } from './clock.js';
import type { Config } from './config/index.js';
import type { CoreContext, Part } from './context.js';
import { RunningMarker } from './cli/running.js';
import { homeLicense, licenseServer } from './license/index.js';
import { SceneService } from './home/scenes/service.js';
import { HomeService } from './home/service.js';
import { createBridges } from './integrations/bridges.js';
import { matterRoutes } from './api/http/routes/matter.js';
import { discoveryRoutes } from './api/http/routes/discovery.js';
import { discoveryEvents } from './api/realtime/discovery-events.js';
import {
  DiscoveryService,
  type DiscoveryProtocol,
  type DiscoveryTiming,
} from './integrations/discovery/index.js';
import { matterBridgeRoutes } from './api/http/routes/matter-bridge.js';
import { MatterBridge } from './matter-bridge/bridge.js';
import type { MatterNetwork } from './integrations/matter/stack.js';
import type { MqttService } from './integrations/mqtt/index.js';
import type { DemoOptions } from './integrations/demo/index.js';
import { PAIRABLE_MODULES, PairingService, type PairableModule } from './integrations/pairing/index.js';
import { createLogger, type Logger } from './log.js';
import { StatusBoard } from './status.js';
import { HomeSettings } from './settings/index.js';
import { settingsRoutes } from './api/http/routes/settings.js';
import { mqttBrokerRoutes } from './api/http/routes/mqtt-broker.js';
import { SqliteStore } from './store/index.js';
import { VERSION } from './version.js';

export interface AppOptions {
  config: Config;
  clock?: Clock;
  log?: Logger;
  /** Demo home behaviour (tests turn ambient events off and shorten delays). */
  demo?: DemoOptions;
  /** Command confirmation timeout (ms); tests shorten it. */
  confirmTimeoutMs?: number;
  /** The built dashboard to serve at `/` (default: the package's dist/web, when built). */
  webDir?: string;
  /** Built-in speech engine overrides (tests point the binary at a missing file). */
  voice?: VoiceOptions['pocketsphinx'];
  /** Thresholds of the notifications for things that need a person (tests shorten them). */
  attention?: { goneForMs?: number; checkEveryMs?: number };
  /** The integrations a person can add devices to (default: every one Hearth ships). */
  pairable?: PairableModule[];
  /** Where the Matter bridge's packets go (default: the machine's network; tests: the simulator or none). */
  matterBridge?: { network: MatterNetwork; commandWaitMs?: number };
  /**
   * How discovery reaches the network when `HEARTH_DISCOVERY=on` (default: mDNS, WS-Discovery and
   * Kasa's broadcast on the machine's interfaces; tests give their own or run in a network namespace).
   */
  discovery?: { protocols?: () => DiscoveryProtocol[]; timing?: Partial<DiscoveryTiming> };
}

export interface HearthApp {
  ctx: CoreContext & {
    status: StatusBoard;
    home?: HomeService;
    scenes?: SceneService;
    automations?: Automations;
    mqtt?: MqttService;
    settings?: HomeSettings;
    housekeeping?: Housekeeping;
    pairing?: PairingService;
    discovery?: DiscoveryService;
    backups?: AutomaticBackups;
    matterBridge?: MatterBridge;
  };
  http: HttpApp;
  routes: RouteInfo[];
  realtime: RealtimeServer;
  /** Starts every part, then listens; resolves with the base URL. */
  start(): Promise<string>;
  /** Stops listening, closes sockets, stops parts in reverse and flushes storage. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The composition root: the only place that builds parts. Order matters: storage and auth
 * first, then the domain parts, then the HTTP/Socket.IO surface that exposes them.
 */
export async function createApp(opts: AppOptions): Promise<HearthApp> {
  const { config } = opts;
  const log = opts.log ?? createLogger(config.log_level, undefined, config.log_format);
  const clock = opts.clock ?? new SystemClock();
  const bus = new EventBus(log.child({ part: 'bus' }));
  // A backup restored from the dashboard is swapped in here, before the database is opened.
  applyStagedRestore(config.data_dir, log.child({ part: 'restore' }));
  const store = new SqliteStore(config.data_dir, log.child({ part: 'store' }), config);
  const signer = new TokenSigner(loadOrCreateKey(join(config.data_dir, 'secrets', 'token.key')));
  const auth = new AuthService({
    store,
    signer,
    clock,
    bus,
    log: log.child({ part: 'auth' }),
    sessionHours: config.session_hours,
    sessionIdleDays: config.session_idle_days,
  });
  const status = new StatusBoard();
  const ctx: HearthApp['ctx'] = { config, version: VERSION, log, clock, bus, store, auth, status };

  const corsOrigins = (config.cors_origins ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  const limits = new CommandLimits({
    perUser: config.command_rate_user,
    perSocket: config.command_rate_socket,
    clock,
  });
  const audit = new AuditLog(store, clock, log.child({ part: 'audit' }));
  const { app: http, routes } = await createHttpServer({
    log,
    bodyLimit: config.body_limit,
    version: VERSION,
    authenticate: (token) => auth.authenticate(token),
    limits,
    corsOrigins,
    audit,
  });
  const realtime = new RealtimeServer({
    httpServer: http.server,
    auth,
    bus,
    log: log.child({ part: 'realtime' }),
    limits,
    corsOrigins,
  });

  const housekeeping = new Housekeeping({
    store,
    clock,
    log: log.child({ part: 'housekeeping' }),
    auditDays: config.audit_days,
    sessionIdleDays: config.session_idle_days,
  });
  ctx.housekeeping = housekeeping;
  const parts: Part[] = [new RunningMarker(config.data_dir), housekeeping];
  /** Bus listeners registered here rather than by a part; removed on stop. */
  const listeners: (() => void)[] = [];

  healthRoutes(http, ctx);
  authRoutes(http, ctx);
  setupRoutes(http, ctx);
  userRoutes(http, ctx);
  tokenRoutes(http, auth, audit);
  let homeAccess: CoreHomeAccess | undefined;
  let agentTimers: AgentTimers | undefined;
  aiRoutes(http, ctx);
  if (config.role === 'license-server') {
    licenseServer(http, ctx);
  } else {
    parts.push(homeLicense(http, ctx));
    const home = new HomeService({
      repo: store.home,
      bus,
      clock,
      log: log.child({ part: 'home' }),
      historyDays: config.history_days,
      ...(opts.confirmTimeoutMs !== undefined ? { confirmTimeoutMs: opts.confirmTimeoutMs } : {}),
    });
    const bridges = createBridges({ config, log, clock, home, status, demo: opts.demo ?? { ambient: true } });
    parts.push(...bridges.parts);
    ctx.mqtt = bridges.mqtt;
    mqttBrokerRoutes(http, bridges.mqtt);
    const scenes = new SceneService(home, store.home, bus, clock);
    ctx.home = home;
    ctx.scenes = scenes;
    parts.push({
      name: 'home',
      start: async () => {
        await home.start();
        await scenes.load();
      },
      stop: () => home.stop(),
    });
    // After the home part: a lazily loaded integration attaches to a started home.
    const pairing = new PairingService({
      config,
      clock,
      log: log.child({ part: 'pairing' }),
      bus,
      home,
      modules: opts.pairable ?? PAIRABLE_MODULES,
    });
    ctx.pairing = pairing;
    parts.push(pairing);
    const areaOrder = new AreaOrder(store.settings);
    parts.push({ name: 'area-order', start: () => areaOrder.load(), stop: async () => {} });
    homeRoutes(http, home, areaOrder);
    integrationRoutes(http, pairing);
    integrationDetailRoutes(http, home);
    cameraRoutes(http, home);
    matterRoutes(http, pairing);
    const matterBridge = new MatterBridge({
      dataDir: config.data_dir,
      home,
      bus,
      log: log.child({ part: 'matter_bridge' }),
      port: config.matter_bridge_port,
      network: opts.matterBridge?.network ?? { kind: 'udp', networkInterface: config.matter_interface },
      ...(opts.matterBridge?.commandWaitMs ? { commandWaitMs: opts.matterBridge.commandWaitMs } : {}),
    });
    ctx.matterBridge = matterBridge;
    parts.push(matterBridge);
    matterBridgeRoutes(http, matterBridge);
    pairingEvents(realtime, bus);
    // After pairing: an offer already paired is left out. Opens no socket unless HEARTH_DISCOVERY=on.
    const discovery = new DiscoveryService({
      enabled: config.discovery === 'on',
      clock,
      log: log.child({ part: 'discovery' }),
      bus,
      pairing,
      protocols:
        opts.discovery?.protocols ??
        (async () =>
          (await import('./integrations/discovery/network.js')).networkProtocols(
            log.child({ part: 'discovery' }),
          )),
      ...(opts.discovery?.timing ? { timing: opts.discovery.timing } : {}),
    });
    ctx.discovery = discovery;
    parts.push(discovery);
    discoveryRoutes(http, discovery);
    listeners.push(discoveryEvents(realtime, bus));
    controlRoutes(http, home);
    sceneRoutes(http, scenes);
    listeners.push(homeEvents(realtime, bus, home, scenes));
    const settings = new HomeSettings({
      config,
      repo: store.settings,
      bus,
      log: log.child({ part: 'settings' }),
    });
    ctx.settings = settings;
    parts.push(settings);
    settingsRoutes(http, settings);
    // Automations start after the home part has restored the registry and the settings loaded (parts start in order).
    const automations = createAutomations({
      config,
      store,
      bus,
      clock,
      log,
      home,
      scenes,
      settings,
      ...(opts.attention ? { attention: opts.attention } : {}),
    });
    ctx.automations = automations;
    parts.push(automations);
    automationRoutes(http, automations, home, scenes);
    listeners.push(automationEvents(realtime, bus));
    notificationRoutes(http, automations.notifications);
    backupRoutes(http, { dataDir: config.data_dir, version: VERSION });
    const causes = new CauseNames({
      user: async (id) => (await store.users.get(id))?.username ?? null,
      automation: (id) => automations.engine.list().find((a) => a.id === id)?.name ?? null,
      scene: (id) => scenes.list().find((s) => s.id === id)?.name ?? null,
      agent: (id) => id,
    });
    historyRoutes(http, home, causes);
    const access = new CoreHomeAccess(
      home,
      scenes,
      (def) => automations.engine.create(validateDefinition(def)),
      () => settings.timeZone,
    );
    // one-shot timers of the chat ("in 10 minutes", "at 7") start after the home and automations
    agentTimers = new AgentTimers(store.agentTimers, clock, log.child({ part: 'agent_timers' }));
    parts.push(agentTimers);
    for (const ev of ['entity_added', 'entity_updated', 'entity_removed'] as const)
      listeners.push(bus.on(ev, 'agents', () => access.changed()));
    homeAccess = access;
    webRoutes(http, opts.webDir);
  }
  const backups = new AutomaticBackups({
    settings: config,
    clock,
    log: log.child({ part: 'backups' }),
    timeZone: () => ctx.settings?.timeZone ?? config.time_zone ?? systemTimeZone(),
  });
  ctx.backups = backups;
  parts.push(backups);
  const llm = config.llm_url
    ? {
        url: config.llm_url,
        model: config.llm_model,
        apiKey: config.llm_api_key,
        timeoutMs: config.llm_timeout * 1000,
      }
    : undefined;
  const { chat, homeAgent } = createAgents({
    clock,
    status,
    log,
    home: homeAccess,
    llm,
    timers: agentTimers,
  });
  chatRoutes(http, realtime, chat);
  if (agentTimers) timerRoutes(http, agentTimers);
  const voice = new VoiceService({
    dataDir: config.data_dir,
    chat,
    engine: homeAgent.engine,
    status,
    log: log.child({ part: 'voice' }),
    wyomingStt: config.wyoming_stt,
    registry: () => {
      homeAgent.refresh();
      return homeAgent.engine.registry;
    },
    onChange: (l) => homeAccess?.onChange(l),
    pocketsphinx: opts.voice,
  });
  voiceRoutes(http, voice);
  // Last in, so first to stop: no grammar is written into the data dir once the app is stopping.
  parts.push({ name: 'voice', start: async () => {}, stop: () => voice.stop() });

  let stopped: Promise<void> | undefined;
  return {
    ctx,
    http,
    routes,
    realtime,
    async start() {
      for (const part of parts) await part.start();
      await http.listen({ host: config.host, port: config.port });
      const addr = http.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      log.info({ role: config.role, version: VERSION, port }, 'Hearth is listening');
      return `http://${shownHost}:${port}`;
    },
    stop() {
      stopped ??= (async () => {
        await realtime.close();
        await http.close();
        for (const remove of listeners.splice(0)) remove();
        for (const part of [...parts].reverse()) {
          try {
            await part.stop();
          } catch (err) {
            log.error({ err, part: part.name }, 'part failed to stop cleanly');
          }
        }
        await store.close();
      })();
      return stopped;
    },
  };
}
