import type { Endpoint, MutableEndpoint, ServerNode } from '@matter/main';
import type { AggregatorEndpoint } from '@matter/main/endpoints';
import type { StatusResponseError } from '@matter/main/types';
import { createHash } from 'node:crypto';
import { roleAllows } from '../auth/roles.js';
import type { EventBus } from '../bus.js';
import type { Part } from '../context.js';
import { Errors } from '../errors.js';
import type { HomeService } from '../home/service.js';
import type { Entity } from '../home/types.js';
import type { Logger } from '../log.js';
import type { UserRole } from '../store/index.js';
import { matterEnvironment, type MatterNetwork } from '../integrations/matter/stack.js';
import { bridgedKindOf, type BridgedKind, type ClusterState, type Matter } from './devices.js';
import { select, sensitive, type ExposeFilter, type Selection } from './selection.js';
import { AGGREGATOR_ENDPOINT, BridgeStore, type BridgeAccess } from './store.js';

/**
 * Hearth as a Matter bridge: one matter.js server node with an Aggregator; each exposed entity is
 * a bridged endpoint of its device type. Off until an admin enables it.
 *
 * The bridge acts towards Hearth as one service identity: the role its access setting gives it
 * (`control` → `user`, `read_only` → `viewer`), on the exposed entities only. A controller's change
 * (command or write) on an entity that identity may not control is refused inside the Matter
 * interaction (status UNSUPPORTED_ACCESS) and changes nothing. Allowed changes become a
 * `home.execute()` with cause `{type:'matter_bridge', id: <fabric label>}`; when it settles the
 * endpoint is set to Hearth's state again, so a failed or unconfirmed command shows the real
 * state rather than what was asked. Hearth's state changes update the attributes at once.
 */

export interface MatterBridgeOptions {
  dataDir: string;
  home: HomeService;
  bus: EventBus;
  log: Logger;
  port: number;
  network: MatterNetwork;
  /** How long a controller's command waits for the device's confirmation (ms). */
  commandWaitMs?: number;
}

export interface BridgeFabric {
  index: number;
  label: string;
  vendor_id: number;
}

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

interface Loaded extends Matter {
  Endpoint: typeof Endpoint;
  refuse(message: string): StatusResponseError;
  allowBasicCommissioning(node: ServerNode, onClose: () => void): Promise<void>;
  endCommissioning(node: ServerNode): Promise<void>;
  deleteFabric(node: ServerNode, index: number): Promise<string | undefined>;
}

interface StoredFabric {
  fabricIndex: number;
  label: string;
  rootVendorId: number;
}

const WINDOW_S = 900;

/** The Hearth role the bridge's service identity has under each access setting. */
const ROLE: Record<BridgeAccess, UserRole> = { control: 'user', read_only: 'viewer' };

/** FixedLabel strings hold at most 16 characters (Matter Core § 9.7). */
const FIXED_LABEL_MAX = 16;

export class MatterBridge implements Part {
  readonly name = 'matter-bridge';
  readonly store: BridgeStore;
  private node: ServerNode | undefined;
  private aggregator: Endpoint<AggregatorEndpoint> | undefined;
  private matter: Loaded | undefined;
  private readonly bridged = new Map<string, Bridged>();
  private selection: Selection = { exposed: [], over_cap: [], unsupported: [] };
  private offBus: (() => void)[] = [];
  private queue: Promise<void> = Promise.resolve();
  private windowTimer: NodeJS.Timeout | undefined;
  private windowOpen = false;
  private readonly log: Logger;

  constructor(private readonly opts: MatterBridgeOptions) {
    this.store = new BridgeStore(opts.dataDir);
    this.log = opts.log;
  }

  async start() {
    if (this.store.settings().enabled) await this.run();
  }

  async stop() {
    await this.halt();
  }

  get running() {
    return this.node !== undefined;
  }

  // --- admin ------------------------------------------------------------------------------

  async update(change: {
    enabled?: boolean | undefined;
    expose?: ExposeFilter | undefined;
    access?: BridgeAccess | undefined;
  }) {
    const settings = this.store.settings();
    if (change.expose) settings.expose = change.expose;
    if (change.enabled !== undefined) settings.enabled = change.enabled;
    if (change.access) settings.access = change.access;
    this.store.saveSettings(settings);
    if (change.access) this.log.info({ access: settings.access }, 'Matter bridge access changed');
    if (settings.enabled && !this.running) await this.run();
    else if (!settings.enabled && this.running) await this.halt();
    else if (this.running) await this.sync();
  }

  status() {
    const settings = this.store.settings();
    const commissioning = this.commissioningState();
    const codes = commissioning?.pairingCodes;
    return {
      enabled: settings.enabled,
      running: this.running,
      access: settings.access,
      commissioning_open: commissioning !== undefined && (this.windowOpen || !commissioning.commissioned),
      manual_code: codes?.manualPairingCode ?? null,
      qr_payload: codes?.qrPairingCode ?? null,
      fabrics: this.fabrics(),
      exposed: [...this.bridged.keys()].sort(),
      expose: settings.expose,
      over_cap: this.selection.over_cap,
      unsupported: this.selection.unsupported,
      sensitive: sensitive(this.selection.exposed),
    };
  }

  /**
   * The node's commissioning state; undefined while it is off or resetting (matter.js resets the
   * node when its last fabric is removed, and brings it back commissionable).
   */
  private commissioningState() {
    try {
      return this.node?.state.commissioning;
    } catch {
      return undefined;
    }
  }

  fabrics(): BridgeFabric[] {
    const fabrics = Object.values(this.commissioningState()?.fabrics ?? {}) as StoredFabric[];
    return fabrics.map((f) => ({
      index: f.fabricIndex,
      label: f.label,
      vendor_id: f.rootVendorId,
    }));
  }

  private fabricLabel(index: number | undefined) {
    if (index === undefined) return 'unknown';
    const f = this.fabrics().find((x) => x.index === index);
    // An empty label (a controller that set none) is no name either.
    return f !== undefined && f.label.length > 0 ? f.label : `fabric ${index}`;
  }

  /** Opens a commissioning window (multi-admin: a second ecosystem pairs with the same code). */
  async openCommissioning() {
    const node = this.require();
    if (!node.state.commissioning.commissioned || this.windowOpen) return;
    const m = this.matter!;
    await m.allowBasicCommissioning(node, () => {
      this.windowClosed();
    });
    this.windowOpen = true;
    this.windowTimer = setTimeout(() => {
      void m.endCommissioning(node).catch(() => undefined);
      this.windowClosed();
    }, WINDOW_S * 1000);
    this.windowTimer.unref();
    this.log.info({ window_s: WINDOW_S }, 'Matter bridge commissioning window open');
  }

  private windowClosed() {
    this.windowOpen = false;
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = undefined;
  }

  /** Removes a controller's fabric: it can no longer read or control anything. */
  async removeFabric(index: number) {
    const node = this.require();
    const label = await this.matter!.deleteFabric(node, index);
    if (label === undefined) throw Errors.notFound('Fabric', String(index));
    this.log.info({ fabric_index: index, label }, 'Matter bridge fabric removed');
  }

  private require() {
    if (!this.node) throw Errors.conflict('The Matter bridge is not enabled.', { enabled: false });
    return this.node;
  }

  // --- the service identity ---------------------------------------------------------------

  /** The Hearth role the bridge acts with now. */
  get role(): UserRole {
    return ROLE[this.store.settings().access];
  }

  /** Why a controller may not change this entity; undefined when it may. */
  private refusal(entityId: string): string | undefined {
    if (!roleAllows(this.role, 'user')) return 'The Hearth Matter bridge is read-only.';
    if (!this.selection.exposed.some((e) => e.entity_id === entityId))
      return `${entityId} is not exposed to Matter.`;
    return undefined;
  }

  // --- lifecycle --------------------------------------------------------------------------

  private async run() {
    const started = Date.now();
    const { passcode, discriminator } = this.store.secret();
    const { env, matter } = await matterEnvironment(
      { id: 'hearth-matter-bridge', storageDir: this.store.storageDir, network: this.opts.network },
      this.log,
    );
    const { main, types } = matter;
    const { AggregatorEndpoint } = await import('@matter/main/endpoints');
    const { DeviceCommissioner, FabricManager } = await import('@matter/main/protocol');
    this.matter = {
      devices: await import('@matter/main/devices'),
      behaviors: await import('@matter/main/behaviors'),
      Endpoint: main.Endpoint,
      refuse: (message) => new types.StatusResponse.UnsupportedAccessError(message),
      allowBasicCommissioning: (node, onClose) =>
        node.env.get(DeviceCommissioner).allowBasicCommissioning(onClose),
      endCommissioning: (node) => node.env.get(DeviceCommissioner).endCommissioning(),
      deleteFabric: async (node, index) => {
        const fabric = node.env.get(FabricManager).maybeFor(types.FabricIndex(index));
        if (!fabric) return undefined;
        await fabric.delete();
        return fabric.label;
      },
    };
    const node = await main.ServerNode.create({
      environment: env,
      id: 'hearth-matter-bridge',
      network: { port: this.opts.port },
      commissioning: { passcode, discriminator },
      productDescription: { name: 'Hearth', deviceType: AggregatorEndpoint.deviceType },
      basicInformation: {
        vendorId: main.VendorId(0xfff1),
        vendorName: 'Hearth',
        productId: 0x8001,
        productName: 'Hearth bridge',
        productLabel: 'Hearth bridge',
        nodeLabel: 'Hearth',
        serialNumber: `hearth-bridge-${discriminator}`,
        uniqueId: `hearth-bridge-${passcode.toString(36)}`,
        hardwareVersion: 1,
        softwareVersion: 1,
      },
    });
    this.aggregator = await node.add(AggregatorEndpoint, { id: 'aggregator', number: AGGREGATOR_ENDPOINT });
    this.node = node;
    await this.sync();
    const { bus } = this.opts;
    this.offBus = [
      bus.on('state_changed', this.name, (e) => {
        this.push(e.entity_id);
      }),
      bus.on('entity_added', this.name, () => void this.sync()),
      bus.on('entity_updated', this.name, () => void this.sync()),
      bus.on('entity_removed', this.name, () => void this.sync()),
    ];
    node.events.commissioning.commissioned.on(() => {
      this.windowClosed();
    });
    await node.start();
    this.log.info(
      { ms: Date.now() - started, port: this.opts.port, exposed: this.bridged.size },
      'Matter bridge is on',
    );
  }

  private async halt() {
    for (const off of this.offBus.splice(0)) off();
    this.windowClosed();
    const node = this.node;
    this.node = undefined;
    this.aggregator = undefined;
    this.bridged.clear();
    if (node) {
      await this.queue.catch(() => undefined);
      await node.close();
      await node.env.runtime.close().catch(() => undefined);
      this.log.info('Matter bridge is off');
    }
  }

  // --- the aggregator follows Hearth's entities -------------------------------------------

  /** Brings the Aggregator's parts in line with the selection; serialised, so runs never interleave. */
  sync(): Promise<void> {
    this.queue = this.queue
      .then(() => this.syncNow())
      .catch((err: unknown) => {
        this.log.error({ err }, 'Matter bridge could not update its endpoints');
      });
    return this.queue;
  }

  private async syncNow() {
    if (!this.aggregator) return;
    const settings = this.store.settings();
    this.selection = select(this.opts.home.entities(), settings.expose);
    if (this.selection.over_cap.length)
      this.log.warn(
        { over_cap: this.selection.over_cap.length },
        'more entities chosen than the Matter bridge exposes; the rest are left out',
      );
    const wanted = new Map(this.selection.exposed.map((e) => [e.entity_id, e]));
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
    const m = this.matter!;
    const type: MutableEndpoint = kind
      .type(m)
      .with(m.behaviors.BridgedDeviceBasicInformationServer, m.behaviors.FixedLabelServer);
    const room = this.roomOf(e);
    const endpoint = new m.Endpoint(type, {
      id: e.entity_id.replace('.', '-'),
      number: this.store.endpointNumber(e.entity_id),
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
      await this.aggregator!.add(endpoint);
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
    const refusal = this.refusal(b.entityId);
    if (!refusal) return;
    this.log.info(
      { entity_id: b.entityId, fabric: this.fabricLabel(session.fabric), role: this.role },
      'Matter controller change refused',
    );
    throw this.matter!.refuse(refusal);
  }

  /** Hearth's state onto the endpoint (unless a controller's command on it is in flight). */
  private push(entityId: string) {
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
    const cause = { type: 'matter_bridge' as const, id: this.fabricLabel(fabric) };
    try {
      const e = this.entity(b.entityId);
      if (!e || !b.kind.commands || this.refusal(b.entityId)) return;
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
