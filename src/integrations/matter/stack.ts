import { Errors } from '../../errors.js';
import { mkdirSync } from 'node:fs';
import type { Logger } from '../../log.js';

/**
 * Loading and setting up matter.js, shared by everything in Hearth that runs a Matter node: the
 * controller (this folder) today, a Matter bridge (a server node) later.
 *
 * matter.js costs ~140 MiB and 1–2.5 s of module load, so nothing imports it statically: the
 * first `loadMatter()` does, after switching off the Node.js platform's process-wide habits
 * (signal traps, unhandled-error traps, exit codes, reading argv / MATTER_* / config.json,
 * storage under ~/.matter). Those would fight the service's own lifecycle.
 */

type MatterModules = Awaited<ReturnType<typeof importMatter>>;
let loading: Promise<MatterModules> | undefined;

let configured: Promise<void> | undefined;

/** Must run before any other matter.js import: importing its modules initializes the platform. */
function configurePlatform(): Promise<void> {
  configured ??= configure();
  return configured;
}

async function configure() {
  const { config } = await import('@matter/nodejs/config');
  config.trapProcessSignals = false;
  config.trapUnhandledErrors = false;
  config.setProcessExitCodeOnError = false;
  config.loadProcessArgv = false;
  config.loadProcessEnv = false;
  config.loadConfigFile = false;
  // Hearth never uses the default environment's storage; this keeps it out of $HOME if anything does.
  config.initializeStorage = false;
}

/**
 * matter.js' pairing-code codecs alone, to check a code before Matter is turned on: the platform
 * is configured first, but no stack, network or mDNS starts.
 */
export async function importCodecs(): Promise<Pick<MatterModules, 'types'>> {
  await configurePlatform();
  return { types: await import('@matter/main/types') };
}

async function importMatter() {
  await configurePlatform();
  const [main, nodejs, matterJs, device, clusters, types] = await Promise.all([
    import('@matter/main'),
    import('@matter/nodejs'),
    import('@project-chip/matter.js'),
    import('@project-chip/matter.js/device'),
    import('@matter/main/clusters'),
    import('@matter/main/types'),
  ]);
  return { main, nodejs, matterJs, device, clusters, types };
}

/** Imports matter.js once per process; `log` receives matter.js' own warnings and errors. */
export function loadMatter(log?: Logger): Promise<MatterModules> {
  const first = !loading;
  loading ??= importMatter();
  return loading.then((m) => {
    if (log || first) routeMatterLogs(m, log);
    return m;
  });
}

/**
 * matter.js logs through one process-wide Logger; send it to pino at warn and above (its info
 * level prints every exchange). Process-wide: the last service to load wins, which only matters
 * when tests run several in one process.
 */
function routeMatterLogs({ main }: MatterModules, log: Logger | undefined) {
  const { Logger: MatterLogger, LogLevel } = main;
  MatterLogger.format = 'plain';
  MatterLogger.level = LogLevel.WARN;
  if (!log) return;
  const matterLog = log.child({ part: 'matter.js' });
  MatterLogger.destinations.default!.write = (formatted, { level, facility }) => {
    const msg = formatted.replace(/^\S+ \S+ \w+\s+\S+\s+/, '');
    if (level >= LogLevel.ERROR) matterLog.error({ facility }, msg);
    else if (level >= LogLevel.WARN) matterLog.warn({ facility }, msg);
    else matterLog.debug({ facility }, msg);
  };
}

/** Where a Matter node's packets go. */
export type MatterNetwork =
  /** The machine's network; `networkInterface` pins mDNS to one interface on multi-homed hosts. */
  | { kind: 'udp'; networkInterface?: string | undefined }
  /** matter.js' in-process network (tests, benchmarks): nothing leaves the process. */
  | { kind: 'simulated'; network: unknown }
  /** No network at all: starting Matter fails (the default in tests, so none reaches a real network). */
  | { kind: 'none' };

export interface MatterEnvironmentOptions {
  /** Unique per node in the process; matter.js keys its services by it. */
  id: string;
  /** Directory of the node's persistent storage; omitted: memory (lost on close). */
  storageDir?: string | undefined;
  network: MatterNetwork;
}

/**
 * A root matter.js Environment of its own (own mDNS service, crypto, storage, network): two
 * nodes in one process never share state, and nothing falls back to the default environment.
 */
export async function matterEnvironment(opts: MatterEnvironmentOptions, log?: Logger) {
  if (opts.network.kind === 'none')
    // Only tests run without a network; say so as a refusal, not a crash.
    throw Errors.conflict(
      'Matter cannot start: it has no network here (tests give it the in-process simulator).',
      {
        network: 'none',
      },
    );
  const m = await loadMatter(log);
  const { Environment, Entropy, Crypto, Network, StorageService, MemoryStorageDriver, Filesystem } = m.main;
  const { NodeJsCrypto, NodeJsNetwork, NodeJsFilesystem, FileStorageDriver } = m.nodejs;
  const env = new Environment(opts.id);
  const crypto = new NodeJsCrypto();
  env.set(Entropy, crypto);
  env.set(Crypto, crypto);
  if (opts.network.kind === 'simulated') {
    env.set(Network, opts.network.network as InstanceType<typeof Network>);
  } else {
    env.set(Network, new NodeJsNetwork());
    if (opts.network.networkInterface) env.vars.set('mdns.networkInterface', opts.network.networkInterface);
  }
  const storage = env.get(StorageService);
  if (opts.storageDir) {
    mkdirSync(opts.storageDir, { recursive: true, mode: 0o700 });
    env.set(Filesystem, new NodeJsFilesystem(opts.storageDir));
    storage.registerDriver(FileStorageDriver);
    storage.defaultDriver = 'file';
  } else {
    storage.registerDriver(MemoryStorageDriver);
    storage.defaultDriver = 'memory';
  }
  return { env, matter: m };
}

export type { MatterModules };
