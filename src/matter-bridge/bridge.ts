import type { ServerNode } from '@matter/main';
import { roleAllows } from '../auth/roles.js';
import type { EventBus } from '../bus.js';
import type { Part } from '../context.js';
import { Errors } from '../errors.js';
import type { HomeService } from '../home/service.js';
import type { Logger } from '../log.js';
import type { UserRole } from '../store/index.js';
import { matterEnvironment, type MatterNetwork } from '../integrations/matter/stack.js';
import { BridgedEntities, type Loaded } from './bridged-entities.js';
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

interface StoredFabric {
  fabricIndex: number;
  label: string;
  rootVendorId: number;
}

const WINDOW_S = 900;

/** The Hearth role the bridge's service identity has under each access setting. */
const ROLE: Record<BridgeAccess, UserRole> = { control: 'user', read_only: 'viewer' };

export class MatterBridge implements Part {
  readonly name = 'matter-bridge';
  readonly store: BridgeStore;
  private node: ServerNode | undefined;
  private matter: Loaded | undefined;
  /** The Aggregator's bridged endpoints while the bridge runs. */
  private endpoints: BridgedEntities | undefined;
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
      exposed: (this.endpoints?.ids() ?? []).sort(),
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
    const aggregator = await node.add(AggregatorEndpoint, { id: 'aggregator', number: AGGREGATOR_ENDPOINT });
    this.endpoints = new BridgedEntities({
      matter: this.matter,
      aggregator,
      home: this.opts.home,
      store: this.store,
      log: this.log,
      commandWaitMs: this.opts.commandWaitMs,
      refusal: (entityId) => this.refusal(entityId),
      fabricLabel: (index) => this.fabricLabel(index),
      role: () => this.role,
    });
    this.node = node;
    await this.sync();
    const { bus } = this.opts;
    this.offBus = [
      bus.on('state_changed', this.name, (e) => {
        this.endpoints?.push(e.entity_id);
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
      { ms: Date.now() - started, port: this.opts.port, exposed: this.endpoints.size },
      'Matter bridge is on',
    );
  }

  private async halt() {
    for (const off of this.offBus.splice(0)) off();
    this.windowClosed();
    const node = this.node;
    this.node = undefined;
    this.endpoints?.clear();
    this.endpoints = undefined;
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
    if (!this.endpoints) return;
    const settings = this.store.settings();
    this.selection = select(this.opts.home.entities(), settings.expose);
    if (this.selection.over_cap.length)
      this.log.warn(
        { over_cap: this.selection.over_cap.length },
        'more entities chosen than the Matter bridge exposes; the rest are left out',
      );
    await this.endpoints.follow(this.selection.exposed);
  }
}
