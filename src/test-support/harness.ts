import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createApp, type AppOptions, type HearthApp } from '../app.js';
import type { Clock } from '../clock.js';
import type { DemoOptions } from '../integrations/demo/index.js';
import { matterModule } from '../integrations/matter/module.js';
import type { MatterNetwork } from '../integrations/matter/stack.js';
import { PAIRABLE_MODULES, type PairableModule } from '../integrations/pairing/index.js';
import { loadConfig, type Config } from '../config/index.js';
import { createLogger } from '../log.js';
import { SqliteStore } from '../store/index.js';

export interface TestApp {
  app: HearthApp;
  url: string;
  dataDir: string;
  /** Stops the app; removes the data dir unless `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** JSON request against the running server; `raw` sends the body string as is. */
  api<T = any>(method: string, path: string, opts?: ApiOptions): Promise<ApiResponse<T>>;
}

export interface ApiOptions {
  token?: string | undefined;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'hearth-test-'));
}

/** Starts the real service in-process on 127.0.0.1 with an ephemeral port and a temporary data dir. */
export interface TestAppOptions {
  config?: Partial<Config>;
  dataDir?: string;
  clock?: Clock;
  env?: NodeJS.ProcessEnv;
  /** Where log lines go (with `config.log_level`), e.g. a `LogCapture` to check what was logged. */
  logStream?: NodeJS.WritableStream;
  /** Demo home behaviour; by default tests get a quiet demo home (no random motion or drift). */
  demoOptions?: DemoOptions;
  confirmTimeoutMs?: number;
  /** A built dashboard to serve at `/` (default: dist/web when it exists). */
  webDir?: string;
  /** Built-in speech engine overrides (e.g. a missing binary). */
  voice?: { binary?: string; modelDir?: string };
  /** Thresholds of the notifications for things that need a person. */
  attention?: { goneForMs?: number; checkEveryMs?: number };
  /** Integrations a person can add devices to (default: every one Hearth ships). */
  pairable?: PairableModule[];
  /** The Matter bridge's network (default: none, so no test reaches a real network). */
  matterBridge?: { network: MatterNetwork; commandWaitMs?: number };
  /** Discovery's protocols; with `discovery: 'on'` and none given, only inside test/discovery-netns. */
  discovery?: AppOptions['discovery'];
}

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = opts.dataDir ?? tempDataDir();
  const config = loadConfig({
    env: opts.env ?? {},
    overrides: {
      host: '127.0.0.1',
      port: 0,
      log_level: 'silent',
      data_dir: dataDir,
      mqtt_broker_host: '127.0.0.1',
      mqtt_broker_port: 0,
      // A real broker round trip cannot follow fake time: with a fake clock the demo home stays in-process.
      ...(opts.clock ? { demo_transport: 'in-process' as const } : {}),
      ...opts.config,
    },
  });
  // Discovery's real protocols multicast and broadcast: never from a test in the host's network.
  if (config.discovery === 'on' && !opts.discovery?.protocols && process.env.HEARTH_DISCOVERY_NETNS !== '1')
    throw new Error(
      'HEARTH_DISCOVERY=on in a test needs its own protocols, or test/discovery-netns/run.sh (a private network namespace)',
    );
  const app = await createApp({
    config,
    clock: opts.clock,
    log: createLogger(config.log_level, opts.logStream),
    demo: opts.demoOptions ?? { ambient: false, responseDelayMs: 20 },
    ...(opts.confirmTimeoutMs !== undefined ? { confirmTimeoutMs: opts.confirmTimeoutMs } : {}),
    ...(opts.webDir !== undefined ? { webDir: opts.webDir } : {}),
    ...(opts.voice ? { voice: opts.voice } : {}),
    ...(opts.attention ? { attention: opts.attention } : {}),
    // Matter never reaches a real network in tests: it has none unless a test gives it the simulator.
    matterBridge: opts.matterBridge ?? { network: { kind: 'none' } },
    ...(opts.discovery ? { discovery: opts.discovery } : {}),
    pairable:
      opts.pairable ??
      PAIRABLE_MODULES.map((m) => (m.id === 'matter' ? matterModule({ network: { kind: 'none' } }) : m)),
  });
  const url = (await app.start()).replace('localhost', '127.0.0.1');
  return {
    app,
    url,
    dataDir,
    async stop(stopOpts) {
      await app.stop();
      if (!stopOpts?.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    api: (method, path, apiOpts) => apiRequest(url, method, path, apiOpts),
  };
}

export async function apiRequest<T = any>(
  url: string,
  method: string,
  path: string,
  opts: ApiOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  const res = await fetch(url + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** Registers (first user → admin) and returns the token. */
export async function registerUser(
  t: TestApp,
  username: string,
  password = 'correct horse battery',
  invite?: string,
) {
  const res = await t.api('POST', '/api/auth/register', {
    body: { username, password, ...(invite ? { invite } : {}) },
  });
  if (res.status !== 201)
    throw new Error(`register ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    status: string;
    access_token?: string;
    user: { id: string; username: string; role: string };
  };
}

/** Logs in and returns the login result (throws unless 200). */
export async function loginUser(t: TestApp, username: string, password = 'correct horse battery') {
  const res = await t.api('POST', '/api/auth/login', { body: { username, password } });
  if (res.status !== 200)
    throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    access_token: string;
    token_type: 'bearer';
    user: { id: string; username: string; role: string };
  };
}

/** A writable stream that keeps every log line, for asserting what was (not) logged. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void) {
    this.lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  }
  get text() {
    return this.lines.join('\n');
  }
}

/** An admin token plus helpers to create a user of any role through an invite. */
/**
 * Empties the accounts (users with their sessions, invites) so a test can start from "nobody
 * registered yet" on an app booted once per file instead of booting one per test.
 */
export function resetAccounts(t: TestApp) {
  const store = t.app.ctx.store;
  if (!(store instanceof SqliteStore)) throw new Error('resetAccounts needs the SQLite store');
  store.db.exec('DELETE FROM sessions; DELETE FROM invites; DELETE FROM users;');
}

export async function withUsers(t: TestApp) {
  const admin = await registerUser(t, 'admin');
  const adminToken = admin.access_token!;
  const make = async (username: string, role: 'admin' | 'user' | 'viewer') => {
    const inv = await t.api('POST', '/api/auth/invites', { token: adminToken, body: { role } });
    const r = await registerUser(t, username, 'correct horse battery', inv.body.code);
    return { token: r.access_token!, id: r.user.id };
  };
  return { adminToken, adminId: admin.user.id, make };
}
