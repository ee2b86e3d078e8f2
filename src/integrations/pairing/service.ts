import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../bus.js';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config/index.js';
import type { Part } from '../../context.js';
import { AppError, Errors } from '../../errors.js';
import type { PairableIntegration, PairedDevice, PairingRequest } from '../../home/integration.js';
import type { HomeService } from '../../home/service.js';
import type { Device, Entity } from '../../home/types.js';
import type { Logger } from '../../log.js';
import { parseAddress } from './address.js';
import type { PairableModule } from './catalogue.js';
import './events.js';
import { IntegrationStorage } from './storage.js';

export interface PairingServiceDeps {
  config: Config;
  clock: Clock;
  log: Logger;
  bus: EventBus;
  home: HomeService;
  modules: PairableModule[];
}

export interface PairingOutcome {
  pairing_id: string;
  device: Device;
  entities: Entity[];
}

const DEFAULT_PAIR_TIMEOUT_MS = 60_000;

/**
 * Adding and removing devices by hand, for every pairable integration: loads an integration's
 * code on first need, attaches it to the home, runs `pair` with a time bound and progress events,
 * and answers with the Hearth device and entities it made.
 */
export class PairingService implements Part {
  readonly name = 'pairing';
  private readonly modules: Map<string, PairableModule>;
  private readonly loaded = new Map<string, Promise<PairableIntegration>>();
  private readonly ready = new Map<string, PairableIntegration>();

  constructor(private readonly deps: PairingServiceDeps) {
    this.modules = new Map(deps.modules.map((m) => [m.id, m]));
  }

  /** Loads the integrations that have saved devices or that a setting turns on. Runs after the home part. */
  async start() {
    for (const m of this.modules.values()) {
      if (!m.enabledBy?.(this.deps.config) && !this.storageOf(m.id).hasData()) continue;
      try {
        await this.load(m.id);
      } catch (err) {
        this.deps.log.error({ err, integration: m.id }, 'integration failed to load');
      }
    }
  }

  /** The home stops attached integrations with the others. */
  async stop() {}

  list() {
    return [...this.modules.values()].map((m) => ({
      id: m.id,
      name: m.name,
      pairing: m.pairing,
      loaded: this.ready.has(m.id),
      devices: this.ready.get(m.id)?.pairedDevices().length ?? 0,
    }));
  }

  module(id: string): PairableModule {
    const m = this.modules.get(id);
    if (!m) throw Errors.notFound('Pairable integration', id);
    return m;
  }

  devices(id: string): PairedDevice[] {
    this.module(id);
    return this.ready.get(id)?.pairedDevices() ?? [];
  }

  /** The integration, loading its module and starting it on first use (once, however many callers race). */
  load(id: string): Promise<PairableIntegration> {
    const m = this.module(id);
    let p = this.loaded.get(id);
    if (!p) {
      p = (async () => {
        const started = this.deps.clock.now();
        const create = await m.load();
        const integration = create({
          config: this.deps.config,
          clock: this.deps.clock,
          log: this.deps.log.child({ part: `integration:${id}` }),
          storage: this.storageOf(id),
        });
        await this.deps.home.attachIntegration(integration);
        this.ready.set(id, integration);
        this.deps.log.info({ integration: id, ms: this.deps.clock.now() - started }, 'integration loaded');
        return integration;
      })();
      this.loaded.set(id, p);
      p.catch(() => this.loaded.delete(id));
    }
    return p;
  }

  /** Checks the request against the integration's form, then pairs. Errors say what to fix. */
  async pair(
    id: string,
    request: PairingRequest & { pairing_id?: string | undefined },
    userId: string,
  ): Promise<PairingOutcome> {
    const m = this.module(id);
    this.checkForm(m, request);
    await m.check?.(request);
    const pairingId = request.pairing_id ?? randomUUID();
    const progress = (step: string, message: string, code?: string) =>
      this.deps.bus.emit('pairing_progress', {
        pairing_id: pairingId,
        integration: id,
        user_id: userId,
        step,
        message,
        at: new Date(this.deps.clock.now()).toISOString(),
        ...(code ? { code } : {}),
      });
    const timeoutMs = m.pairTimeoutMs ?? DEFAULT_PAIR_TIMEOUT_MS;
    const abort = new AbortController();
    let timer: ReturnType<Clock['setTimeout']> | undefined;
    try {
      progress('loading', `Preparing the ${m.name} integration.`);
      const integration = await this.load(id);
      const timedOut = new Promise<never>((_, reject) => {
        timer = this.deps.clock.setTimeout(() => {
          abort.abort();
          reject(Errors.pairingTimeout(Math.round(timeoutMs / 1000)));
        }, timeoutMs);
      });
      const pairing = integration.pair(
        {
          code: request.code,
          address: request.address,
          username: request.username,
          password: request.password,
        },
        (s) => progress(s.step, s.message),
        abort.signal,
      );
      // After a timeout the integration's own rejection (it was aborted) is expected and not news.
      pairing.catch(() => undefined);
      const paired = await Promise.race([pairing, timedOut]);
      const device = this.deps.home.registry.devices.get(`${id}:${paired.id}`);
      if (!device) throw new Error(`${id} paired ${paired.id} but announced no device`);
      const entities = [device.id, ...(paired.devices ?? []).map((d) => `${id}:${d}`)]
        .flatMap((d) => this.deps.home.registry.devices.get(d)?.entities ?? [])
        .flatMap((e) => this.deps.home.registry.get(e) ?? []);
      progress('done', `Added ${device.name}.`);
      this.deps.log.info(
        { integration: id, device_id: device.id, model: paired.model, address: paired.address },
        'device paired',
      );
      return { pairing_id: pairingId, device, entities };
    } catch (err) {
      const appErr = err instanceof AppError ? err : Errors.internal();
      if (!(err instanceof AppError)) this.deps.log.error({ err, integration: id }, 'pairing failed');
      else this.deps.log.info({ integration: id, code: err.code }, `pairing failed: ${err.message}`);
      progress('failed', appErr.message, appErr.code);
      throw appErr;
    } finally {
      if (timer !== undefined) this.deps.clock.clearTimeout(timer);
      abort.abort();
    }
  }

  /** Removes a device this integration manages; `deviceId` is Hearth's device id or the integration's own. */
  async unpair(id: string, deviceId: string): Promise<void> {
    this.module(id);
    const local = deviceId.startsWith(`${id}:`) ? deviceId.slice(id.length + 1) : deviceId;
    const integration = this.ready.get(id);
    if (!integration?.pairedDevices().some((d) => d.id === local)) throw Errors.notFound('Device', deviceId);
    await integration.unpair(local);
    this.deps.log.info({ integration: id, device_id: `${id}:${local}` }, 'device removed');
  }

  private storageOf(id: string) {
    return new IntegrationStorage(this.deps.config.data_dir, id);
  }

  private checkForm(m: PairableModule, request: PairingRequest) {
    const form = m.pairing;
    const refuse = (field: string, message: string) => Errors.validation(message, { field });
    const given = (v: string | undefined) => v !== undefined && v !== '';
    for (const [field, rule] of [
      ['code', form.code],
      ['address', form.address],
    ] as const) {
      const value = request[field];
      if (rule === undefined && value !== undefined)
        throw refuse(field, `${m.name} does not take "${field}" when adding a device.`);
      if (rule === 'required' && !given(value))
        throw refuse(field, `Give "${field}" to add a ${m.name} device.`);
    }
    for (const field of ['username', 'password'] as const) {
      if (form.credentials === undefined && request[field] !== undefined)
        throw refuse(field, `${m.name} does not take "${field}" when adding a device.`);
    }
    if (form.credentials === 'required' && !given(request.password))
      throw refuse('password', `Give "password" to add a ${m.name} device.`);
    if (given(request.address)) parseAddress(request.address!);
  }
}
