import type { Endpoint, MutableEndpoint, ServerNode } from '@matter/main';
import type { AggregatorEndpoint } from '@matter/main/endpoints';
import type { StatusResponseError } from '@matter/main/types';
import { createHash } from 'node:crypto';
import type { HomeService } from '../home/service.js';
import type { Entity } from '../home/types.js';
import type { Logger } from '../log.js';
import type { UserRole } from '../store/index.js';
import { bridgedKindOf, type BridgedKind, type ClusterState, type Matter } from './devices.js';
import type { BridgeStore } from './store.js';

/**
 * The Aggregator's bridged endpoints, one per exposed entity: added, renamed, moved and removed
 * as Hearth's entities change, set to Hearth's state, and a controller's change on one carried
 * out as a Hearth command (refused first when the bridge's identity may not make it).
 */

/** What a matter.js attribute observer receives as its third argument: who made the change. */
interface ChangeSession {
  /** Set when a controller (a fabric) made the change; absent for the bridge's own updates. */
  fabric?: number | undefined;
  /** Emits when the controller's interaction ends (all its attribute changes are in). */
  interactionComplete?: { once(observer: () => void): void } | undefined;
}

type AttributeObserver = (value: unknown, oldValue: unknown, session?: ChangeSession) => void;

/**
 * The part of a matter.js endpoint the bridge uses. A bridged endpoint's type is chosen at run
 * time from the entity (see devices.ts), so its state is addressed by cluster name.
 */
interface BridgedEndpoint {
  readonly number: number;
  readonly state: ClusterState;
  readonly events: Record<string, Record<string, { on(observer: AttributeObserver): void } | undefined>>;
  set(values: ClusterState): Promise<void>;
  delete(): Promise<void>;
}

interface Bridged {
  entityId: string;
  kind: BridgedKind;
  name: string;
  room: string;
  endpoint: BridgedEndpoint;
  /** Controller changes queued or being carried out: Hearth's intermediate states are not pushed. */
  queued: number;
  /** The entity's controller changes run one after another, each against Hearth's state then. */
  runs: Promise<void>;
  pending: { fabric: number | undefined } | undefined;
}

/** The matter.js modules and node operations the bridge uses, loaded when it starts. */
export interface Loaded extends Matter {
  Endpoint: typeof Endpoint;
  refuse(message: string): StatusResponseError;
  allowBasicCommissioning(node: ServerNode, onClose: () => void): Promise<void>;
  endCommissioning(node: ServerNode): Promise<void>;
  deleteFabric(node: ServerNode, index: number): Promise<string | undefined>;
}

/** FixedLabel strings hold at most 16 characters (Matter Core § 9.7). */
const FIXED_LABEL_MAX = 16;

export interface BridgedEntitiesOptions {
  matter: Loaded;
  aggregator: Endpoint<AggregatorEndpoint>;
  home: HomeService;
  store: BridgeStore;
  log: Logger;
  /** How long a controller's command waits for the device's confirmation (ms). */
  commandWaitMs?: number | undefined;
  /** Why a controller may not change this entity; undefined when it may. */
  refusal(entityId: string): string | undefined;
  /** A fabric's name for causes and logs. */
  fabricLabel(index: number | undefined): string;
  /** The Hearth role the bridge acts with now (for logs). */
  role(): UserRole;
}

export class BridgedEntities {
  private readonly bridged = new Map<string, Bridged>();
  private readonly log: Logger;

  constructor(private readonly opts: BridgedEntitiesOptions) {
    this.log = opts.log;
  }

  /** The entity ids bridged now. */
  ids(): string[] {
    return [...this.bridged.keys()];
  }

  get size() {
    return this.bridged.size;
  }

  /** Forgets every endpoint (the node is closing): in-flight work no longer touches them. */
  clear() {
    this.bridged.clear();
  }

  /** Brings the Aggregator's parts in line with the exposed entities. */
  async follow(exposed: Entity[]) {
    const wanted = new Map(exposed.map((e) => [e.entity_id, e]));
    for (const [id, b] of this.bridged) {
      const e = wanted.get(id);
      if (e && bridgedKindOf(e) === b.kind) continue;
      this.bridged.delete(id);
      await b.endpoint.delete();
    }
    for (const e of wanted.values()) {
      const b = this.bridged.get(e.entity_id);
      if (!b) {
        await this.add(e).catch((err: unknown) => {
          this.log.error({ err, entity_id: e.entity_id }, 'could not bridge an entity to Matter');
        });
        continue;
      }
      if (b.name !== e.name) {
        b.name = e.name;
        await b.endpoint.set({ bridgedDeviceBasicInformation: { nodeLabel: label(e.name) } });
      }
      const room = this.roomOf(e);
      if (b.room !== room) {
        b.room = room;
        await b.endpoint.set({ fixedLabel: { labelList: roomLabels(room) } });
      }
    }
  }

  /** The entity's area name: the bridged device's room hint. */
  private roomOf(e: Entity): string {
    if (!e.area) return '';
    return this.opts.home.registry.areas.get(e.area)?.name ?? '';
  }

  private async add(e: Entity) {
    const kind = bridgedKindOf(e)!;
    const m = this.opts.matter;
    const type: MutableEndpoint = kind
      .type(m)
      .with(m.behaviors.BridgedDeviceBasicInformationServer, m.behaviors.FixedLabelServer);
    const room = this.roomOf(e);
    const endpoint = new m.Endpoint(type, {
      id: e.entity_id.replace('.', '-'),
      number: this.opts.store.endpointNumber(e.entity_id),
      ...kind.project(e),
      bridgedDeviceBasicInformation: {
        nodeLabel: label(e.name),
        productName: label(`Hearth ${e.domain}`),
        vendorName: 'Hearth',
        uniqueId: bridgedUniqueId(e.entity_id),
        serialNumber: label(e.entity_id),
        reachable: e.available,
      },
      // The area as a hint (Matter Core § 9.8: a bridge groups its devices by a "room" label).
      fixedLabel: { labelList: roomLabels(room) },
    });
    try {
      await this.opts.aggregator.add(endpoint);
    } catch (err) {
      // A part that failed to initialise is still listed; take it out again.
      await endpoint.delete().catch(() => undefined);
      throw err;
    }
    const bridged = endpoint as unknown as BridgedEndpoint;
    const b: Bridged = {
      entityId: e.entity_id,
      kind,
      name: e.name,
      room,
      endpoint: bridged,
      queued: 0,
      runs: Promise.resolve(),
      pending: undefined,
    };
    this.bridged.set(e.entity_id, b);
    for (const [cluster, attribute] of kind.watched) {
      const events = bridged.events[cluster];
      // Before the change commits: a refused change throws, the interaction fails with that
      // status and the attribute keeps Hearth's value. (Block bodies: a matter.js observer
      // returning a value stops the ones after it.)
      events?.[`${attribute}$Changing`]?.on((_value, _old, session) => {
        this.guard(b, session);
      });
      events?.[`${attribute}$Changed`]?.on((_value, _old, session) => {
        this.changed(b, session);
      });
    }
  }

  /** Refuses a controller's change the bridge's identity may not make. */
  private guard(b: Bridged, session: ChangeSession | undefined) {
    if (session?.fabric === undefined) return; // our own push
    const refusal = this.opts.refusal(b.entityId);
    if (!refusal) return;
    this.log.info(
      { entity_id: b.entityId, fabric: this.opts.fabricLabel(session.fabric), role: this.opts.role() },
      'Matter controller change refused',
    );
    throw this.opts.matter.refuse(refusal);
  }

  /** Hearth's state onto the endpoint (unless a controller's command on it is in flight). */
  push(entityId: string) {
    const b = this.bridged.get(entityId);
    if (!b || b.queued > 0) return;
    void this.pushNow(b);
  }

  private async pushNow(b: Bridged) {
    const e = this.entity(b.entityId);
    if (!e || this.bridged.get(b.entityId) !== b) return;
    try {
      await b.endpoint.set({
        ...b.kind.project(e),
        bridgedDeviceBasicInformation: { reachable: e.available },
      });
    } catch (err) {
      this.log.warn({ err, entity_id: b.entityId }, 'could not update a bridged Matter endpoint');
    }
  }

  private entity(entityId: string): Entity | undefined {
    try {
      return this.opts.home.entity(entityId);
    } catch {
      return undefined;
    }
  }

  // --- a controller changes something -----------------------------------------------------

  /** A watched attribute changed; changes by a controller (remote session) become Hearth commands. */
  private changed(b: Bridged, session: ChangeSession | undefined) {
    if (session?.fabric === undefined) return; // our own push
    if (b.pending) return; // one run per interaction (moveToLevelWithOnOff changes two attributes)
    b.pending = { fabric: session.fabric };
    // After the controller's interaction: the endpoint then shows everything it changed.
    const run = () => {
      const fabric = b.pending?.fabric;
      b.pending = undefined;
      // What the controller asked for, before a later push of Hearth's state overwrites it.
      const asked = snapshot(b.endpoint.state, b.kind);
      b.queued++;
      b.runs = b.runs.then(() => this.carryOut(b, fabric, asked));
    };
    if (session.interactionComplete) session.interactionComplete.once(run);
    else run();
  }

  private async carryOut(b: Bridged, fabric: number | undefined, asked: ClusterState) {
    const cause = { type: 'matter_bridge' as const, id: this.opts.fabricLabel(fabric) };
    try {
      const e = this.entity(b.entityId);
      if (!e || !b.kind.commands || this.opts.refusal(b.entityId)) return;
      for (const c of b.kind.commands(asked, e)) {
        const result = await this.opts.home.execute(
          { entity_id: b.entityId, action: c.action, params: c.params, cause },
          { waitMs: this.opts.commandWaitMs ?? 5000 },
        );
        if (result.outcome !== 'confirmed') {
          this.log.info(
            {
              entity_id: b.entityId,
              action: c.action,
              outcome: result.outcome,
              error: result.error,
              fabric: cause.id,
            },
            'Matter controller command not confirmed; showing Hearth state again',
          );
          if (result.outcome !== 'accepted') break;
        }
      }
    } catch (err) {
      this.log.info({ err, entity_id: b.entityId, fabric: cause.id }, 'Matter controller command refused');
    } finally {
      // The last queued change done: confirmed shows the same state again; failed, unconfirmed
      // or refused shows what Hearth really has.
      if (--b.queued === 0) await this.pushNow(b);
    }
  }
}

/** A plain copy of the watched clusters' state (matter.js hands out live views). */
function snapshot(state: ClusterState, kind: BridgedKind): ClusterState {
  const out: ClusterState = {};
  for (const [cluster] of kind.watched) {
    const s = state[cluster];
    if (s && !(cluster in out))
      out[cluster] = JSON.parse(
        JSON.stringify(s, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
      ) as Record<string, unknown>;
  }
  return out;
}

/**
 * The bridged device's UniqueID: the entity id, or — Matter allows 32 characters — its first 19
 * characters and a hash of the whole id. Stable for the entity, so controllers recognise it.
 */
export function bridgedUniqueId(entityId: string): string {
  if (entityId.length <= 32) return entityId;
  return `${entityId.slice(0, 19)}~${createHash('sha256').update(entityId).digest('hex').slice(0, 12)}`;
}

/** Matter's label strings hold at most 32 characters. */
function label(s: string) {
  return s.slice(0, 32);
}

function roomLabels(room: string) {
  return room ? [{ label: 'room', value: room.slice(0, FIXED_LABEL_MAX) }] : [];
}
