import { randomUUID } from 'node:crypto';
import type { EventBus } from '../bus.js';
import type { Clock } from '../clock.js';
import { AppError, Errors } from '../errors.js';
import type { Logger } from '../log.js';
import type { HistorySlice, HomeRepository, LogbookQuery } from '../store/index.js';
import { validateAction } from './actions.js';
import { CommandTracker, type Settled } from './commands.js';
import { HistoryWriter } from './history.js';
import { integrationHost } from './integration-host.js';
import type { Integration, IntegrationHost, IntegrationStatus, Transport } from './integration.js';
import { EntityRegistry } from './registry.js';
import { DeviceReports } from './reports.js';
import { saveState, type SavedState } from './restore.js';
import { UndoLog } from './undo.js';
import type { Attributes, Cause, Command, CommandResult, Entity, EntityState } from './types.js';

export interface HomeServiceOptions {
  repo: HomeRepository;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  historyDays: number;
  /** How long a command waits for the device's report before it ends as `timeout`. */
  confirmTimeoutMs?: number;
  /** How long a control request waits for confirmation before answering `accepted`. */
  defaultWaitMs?: number;
}

export interface ExecuteOptions {
  /** Milliseconds to wait for the device's confirmation before answering `accepted`. */
  waitMs?: number;
  /** The person on whose behalf this runs: their undo step is recorded. */
  actor?: string;
  /** Skip recording an undo step (scene activations record one step for all entities). */
  noUndo?: boolean;
}

const TOGGLEABLE = new Set(['light', 'switch', 'fan', 'media_player']);

/**
 * The home core: the registry with live state, and the one path that changes a device.
 * REST, Socket.IO, scenes, automations and the Home agent all call `execute`.
 */
export class HomeService {
  readonly registry: EntityRegistry;
  readonly undo = new UndoLog();
  private readonly integrations = new Map<string, Integration>();
  private readonly transports = new Map<string, Transport>();
  private readonly tracker: CommandTracker;
  private readonly history: HistoryWriter;
  private readonly reports: DeviceReports;
  private started = false;
  readonly defaultWaitMs: number;

  constructor(private readonly opts: HomeServiceOptions) {
    this.registry = new EntityRegistry(opts.repo, opts.bus, opts.clock, opts.log.child({ part: 'registry' }));
    this.tracker = new CommandTracker(opts.clock, opts.confirmTimeoutMs ?? 10_000, (s) => this.onSettled(s));
    this.history = new HistoryWriter(
      opts.repo,
      opts.clock,
      opts.log.child({ part: 'history' }),
      opts.historyDays,
    );
    this.reports = new DeviceReports({
      registry: this.registry,
      tracker: this.tracker,
      history: this.history,
      bus: opts.bus,
      clock: opts.clock,
    });
    this.defaultWaitMs = opts.defaultWaitMs ?? 2_000;
  }

  /** The host an integration reports through: the bounds of bounds.ts, then the reports. */
  private hostFor(integration: Integration): IntegrationHost {
    const { log, clock, bus } = this.opts;
    const core = { log, clock, bus, registry: this.registry, reports: this.reports, tracker: this.tracker };
    return integrationHost(integration, core);
  }

  private nowIso() {
    return new Date(this.opts.clock.now()).toISOString();
  }

  /** Adds an integration; call before `start`. */
  addIntegration(integration: Integration) {
    this.integrations.set(integration.id, integration);
  }

  /**
   * Adds an integration while the home runs (a lazily loaded one: its first pairing, or saved
   * devices at start) and starts it at once; before `start` it is the same as `addIntegration`.
   */
  async attachIntegration(integration: Integration) {
    if (this.integrations.has(integration.id))
      throw new Error(`integration ${integration.id} is already added`);
    this.integrations.set(integration.id, integration);
    if (!this.started) return;
    try {
      await integration.start(this.hostFor(integration));
    } catch (err) {
      this.integrations.delete(integration.id);
      throw err;
    }
  }

  integrationList() {
    return [...this.integrations.values()];
  }

  /** Adds a transport (shown in the status list, owns nothing); call before `start`. */
  addTransport(transport: Transport) {
    this.transports.set(transport.id, transport);
  }

  /** Transports first (what integrations ride on), then integrations, each with its status now. */
  statusList(): { id: string; name: string; kind: 'transport' | 'integration'; status: IntegrationStatus }[] {
    return [
      ...[...this.transports.values()].map((t) => ({
        id: t.id,
        name: t.name,
        kind: 'transport' as const,
        status: t.status(),
      })),
      ...this.integrationList().map((i) => ({
        id: i.id,
        name: i.name,
        kind: 'integration' as const,
        status: i.status(),
      })),
    ];
  }

  /** Restores the registry (last known states), then starts every integration. */
  async start() {
    await this.registry.load();
    this.history.start();
    this.started = true;
    for (const integration of this.integrations.values()) {
      try {
        await integration.start(this.hostFor(integration));
      } catch (err) {
        this.opts.log.error({ err, integration: integration.id }, 'integration failed to start');
      }
    }
  }

  async stop() {
    this.started = false;
    for (const integration of [...this.integrations.values()].reverse()) {
      try {
        await integration.stop();
      } catch (err) {
        this.opts.log.error({ err, integration: integration.id }, 'integration failed to stop');
      }
    }
    this.tracker.clear();
    await this.history.stop();
    await this.registry.flush();
  }

  // --- reads -----------------------------------------------------------------------------

  entities(
    filter: { domain?: string | undefined; area?: string | undefined; integration?: string | undefined } = {},
  ): Entity[] {
    const out: Entity[] = [];
    for (const e of this.registry.entities.values()) {
      if (filter.domain && e.domain !== filter.domain) continue;
      if (filter.area && e.area !== filter.area) continue;
      if (filter.integration && e.integration !== filter.integration) continue;
      out.push(e);
    }
    return out;
  }

  entity(entityId: string): Entity {
    const e = this.registry.get(entityId);
    if (!e) throw Errors.notFound('Entity', entityId);
    return e;
  }

  /** Tells listeners that a person edited an entity's registry entry (name, area, labels, aliases). */
  entityEdited(entity: Entity) {
    this.opts.bus.emit('entity_updated', { entity });
  }

  historyOf(entityId: string, since: string, until: string, limit: number) {
    return this.history.flush().then(() => this.opts.repo.history(entityId, since, until, limit));
  }

  /** States and times only, plus the state before `since`: what a graph or timeline needs. */
  async historyStatesOf(entityId: string, since: string, until: string, limit: number) {
    await this.history.flush();
    const [before, rows] = await Promise.all([
      this.opts.repo.stateBefore(entityId, since),
      this.opts.repo.historyStates(entityId, since, until, limit),
    ]);
    return { before, rows };
  }

  /** Numeric history grouped by calendar slices (min/max/sum/count per slice), computed by the database. */
  async historyBucketsOf(entityId: string, since: string, until: string, slice: HistorySlice) {
    await this.history.flush();
    return this.opts.repo.historyBuckets(entityId, since, until, slice);
  }

  /** State changes of the whole home (or some entities), newest first, with their causes. */
  async logbook(q: LogbookQuery) {
    await this.history.flush();
    return this.opts.repo.logbook(q);
  }

  // --- the one control path --------------------------------------------------------------

  async execute(command: Command, opts: ExecuteOptions = {}): Promise<CommandResult> {
    const entity = this.entity(command.entity_id);
    let action = command.action;
    if (
      action === 'toggle' &&
      TOGGLEABLE.has(entity.domain) &&
      entity.capabilities.actions.includes('toggle')
    ) {
      action = entity.state === 'on' || entity.state === 'playing' ? 'off' : 'on';
      if (!entity.capabilities.actions.includes(action)) action = command.action;
    }
    const params = validateAction(
      entity,
      action === command.action ? action : 'toggle',
      action === command.action ? command.params : {},
    );
    if (!entity.available)
      throw Errors.unavailable(`${entity.name} (${entity.entity_id}) is unavailable right now.`, {
        entity_id: entity.entity_id,
      });
    const integration = this.integrations.get(entity.integration);
    if (!integration)
      throw Errors.unavailable(`The ${entity.integration} integration is not running.`, {
        entity_id: entity.entity_id,
      });

    const actor = opts.actor;
    if (actor && !opts.noUndo && (command.cause.type === 'user' || command.cause.type === 'agent')) {
      this.undo.record(actor, {
        label: `${action} ${entity.entity_id}`,
        saved: [saveState(entity)],
        at: this.opts.clock.now(),
      });
    }

    const correlation_id = randomUUID();
    const pending = this.tracker.track({
      correlation_id,
      entity_id: entity.entity_id,
      action,
      params,
      cause: command.cause,
    });
    entity.desired = { action, params, correlation_id, since: this.nowIso() };
    try {
      const sent = await integration.send({
        entity,
        unique_id: this.registry.uniqueIdOf(entity.entity_id)!,
        action,
        params,
        correlation_id,
      });
      if (sent === 'confirmed') this.tracker.settle(pending, 'confirmed');
    } catch (err) {
      if (err instanceof AppError && err.status === 503) {
        this.tracker.settle(pending, 'failed', err.message);
        throw err;
      }
      this.tracker.settle(pending, 'failed', err instanceof Error ? err.message : String(err));
    }
    const { outcome, error } = await this.tracker.wait(pending, opts.waitMs ?? this.defaultWaitMs);
    const current = this.registry.get(entity.entity_id) ?? entity;
    return {
      entity_id: entity.entity_id,
      action,
      outcome,
      state: current.state,
      correlation_id,
      ...(error ? { error } : {}),
    };
  }

  private onSettled({ command, outcome, error }: Settled) {
    const e = this.registry.get(command.entity_id);
    if (e && e.desired?.correlation_id === command.correlation_id) e.desired = null;
    if (outcome !== 'confirmed') {
      this.opts.log.info(
        {
          entity_id: command.entity_id,
          action: command.action,
          outcome,
          error,
          correlation_id: command.correlation_id,
        },
        'command not confirmed',
      );
    }
    this.opts.bus.emit('command_result', {
      entity_id: command.entity_id,
      action: command.action,
      outcome,
      state: e?.state ?? null,
      correlation_id: command.correlation_id,
      cause: command.cause,
      area: e?.area ?? null,
      domain: e?.domain ?? command.entity_id.split('.')[0]!,
      ...(error ? { error } : {}),
    });
  }

  /** Restores a person's last command or scene activation. */
  async undoLast(
    actor: string,
    cause: Cause,
  ): Promise<{ restored: string | null; results: CommandResult[] }> {
    const step = this.undo.take(actor);
    if (!step) return { restored: null, results: [] };
    const results = await this.executeAll(
      UndoLog.commandsFor(step, cause).filter((c) => this.registry.get(c.entity_id)),
      { noUndo: true },
    );
    return { restored: step.label, results };
  }

  /**
   * Runs several commands: different entities in parallel, one entity's actions in order.
   * A command that fails validation or finds its device unavailable ends `failed` here
   * rather than aborting the others.
   */
  async executeAll(commands: Command[], opts: ExecuteOptions = {}): Promise<CommandResult[]> {
    const byEntity = new Map<string, Command[]>();
    for (const c of commands) byEntity.set(c.entity_id, [...(byEntity.get(c.entity_id) ?? []), c]);
    const perEntity = await Promise.all(
      [...byEntity.values()].map(async (list) => {
        const results: CommandResult[] = [];
        for (const c of list) {
          try {
            results.push(await this.execute(c, opts));
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            results.push({
              entity_id: c.entity_id,
              action: c.action,
              outcome: 'failed',
              state: this.registry.get(c.entity_id)?.state ?? null,
              correlation_id: '',
              error: message,
            });
          }
        }
        return results;
      }),
    );
    return perEntity.flat();
  }

  snapshot(entityIds: string[]): SavedState[] {
    return entityIds.flatMap((id) => {
      const e = this.registry.get(id);
      return e ? [saveState(e)] : [];
    });
  }

  /**
   * Applies a device report: merges attributes, confirms pending commands, records history, tells listeners.
   * `cause` says who reported when it is not the device itself (a person's phone setting presence).
   */
  applyReport(
    entityId: string,
    state: EntityState | undefined,
    attributes: Attributes | undefined,
    cause: Cause = { type: 'device' },
  ) {
    this.reports.applyReport(entityId, state, attributes, cause);
  }
}
