import type { EventBus } from '../bus.js';
import type { Part } from '../context.js';
import { Errors } from '../errors.js';
import type { HomeService } from '../home/service.js';
import type { Entity } from '../home/types.js';
import type { Logger } from '../log.js';
import { matterEnvironment, type MatterNetwork } from '../integrations/matter/stack.js';
import { bridgedKindOf, type BridgedKind, type ClusterState } from './devices.js';
import { select, sensitive, type ExposeFilter, type Selection } from './selection.js';
import { AGGREGATOR_ENDPOINT, BridgeStore } from './store.js';

/**
 * Hearth as a Matter bridge: one matter.js server node with an Aggregator; each exposed entity is
 * a bridged endpoint of its device type. Off until an admin enables it. A controller's change
 * (command or write) becomes a `home.execute()` with cause `{type:'matter_bridge', id: <fabric
 * label>}`; when it settles the endpoint is set to Hearth's state again, so a failed command
 * shows the real state rather than what was asked. Hearth's state changes update the attributes
 * at once. Its only identity towards Hearth is this service: it controls only what is exposed,
 * and not at all in read-only mode.
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

interface Bridged {
  entityId: string;
  kind: BridgedKind;
  name: string;
  endpoint: any;
  /** A controller's command is being carried out: Hearth's intermediate states are not pushed. */
  busy: boolean;
  pending: { fabric: number | undefined } | undefined;
}

const WINDOW_S = 900;

export class MatterBridge implements Part {
  readonly name = 'matter-bridge';
  readonly store: BridgeStore;
  private node: any;
  private aggregator: any;
  private matter: any;
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

  async update(change: { enabled?: boolean | undefined; expose?: ExposeFilter | undefined }) {
    const settings = this.store.settings();
    if (change.expose) settings.expose = change.expose;
    if (change.enabled !== undefined) settings.enabled = change.enabled;
    this.store.saveSettings(settings);
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
  private commissioningState(): any {
    try {
      return this.node?.state.commissioning;
    } catch {
      return undefined;
    }
  }

  fabrics(): BridgeFabric[] {
    const fabrics = Object.values(this.commissioningState()?.fabrics ?? {}) as any[];
    return fabrics.map((f) => ({
      index: Number(f.fabricIndex),
      label: f.label,
      vendor_id: Number(f.rootVendorId),
    }));
  }

  private fabricLabel(index: number | undefined) {
    if (index === undefined) return 'unknown';
    const f = this.fabrics().find((x) => x.index === index);
    return f?.label || `fabric ${index}`;
  }

  /** Opens a commissioning window (multi-admin: a second ecosystem pairs with the same code). */
  async openCommissioning() {
    const node = this.require();
    if (!node.state.commissioning.commissioned || this.windowOpen) return;
    const { DeviceCommissioner } = await import('@matter/main/protocol');
    await node.env.get(DeviceCommissioner).allowBasicCommissioning(() => this.windowClosed());
    this.windowOpen = true;
    this.windowTimer = setTimeout(() => {
      void node.env
        .get(DeviceCommissioner)
        .endCommissioning()
        .catch(() => {});
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
    const { FabricManager } = await import('@matter/main/protocol');
    const fabrics = node.env.get(FabricManager);
    const fabric = fabrics.maybeFor(index);
    if (!fabric) throw Errors.notFound('Fabric', String(index));
    await fabric.delete();
    this.log.info({ fabric_index: index, label: fabric.label }, 'Matter bridge fabric removed');
  }

  private require() {
    if (!this.node) throw Errors.conflict('The Matter bridge is not enabled.', { enabled: false });
    return this.node;
  }

  // --- lifecycle --------------------------------------------------------------------------

  private async run() {
    const started = Date.now();
    const { passcode, discriminator } = this.store.secret();
    const { env, matter } = await matterEnvironment(
      { id: 'hearth-matter-bridge', storageDir: this.store.storageDir, network: this.opts.network },
      this.log,
    );
    const { main } = matter;
    const { AggregatorEndpoint } = await import('@matter/main/endpoints');
    this.matter = {
      devices: await import('@matter/main/devices'),
      behaviors: await import('@matter/main/behaviors'),
      Endpoint: main.Endpoint,
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
      bus.on('state_changed', this.name, (e) => this.push(e.entity_id)),
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
      await this.queue.catch(() => {});
      await node.close();
      await node.env.runtime?.close?.().catch?.(() => {});
      this.log.info('Matter bridge is off');
    }
  }

  // --- the aggregator follows Hearth's entities -------------------------------------------

  /** Brings the Aggregator's parts in line with the selection; serialised, so runs never interleave. */
  sync(): Promise<void> {
    this.queue = this.queue
      .then(() => this.syncNow())
      .catch((err) => {
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
      if (!b)
        await this.add(e).catch((err) => {
          this.log.error({ err, entity_id: e.entity_id }, 'could not bridge an entity to Matter');
        });
      else if (b.name !== e.name) {
        b.name = e.name;
        await b.endpoint.set({ bridgedDeviceBasicInformation: { nodeLabel: label(e.name) } });
      }
    }
  }

  private async add(e: Entity) {
    const kind = bridgedKindOf(e)!;
    const m = this.matter;
    const type = kind.type(m).with(m.behaviors.BridgedDeviceBasicInformationServer);
    const endpoint = new m.Endpoint(type, {
      id: e.entity_id.replace('.', '-'),
      number: this.store.endpointNumber(e.entity_id),
      ...kind.project(e),
      bridgedDeviceBasicInformation: {
        nodeLabel: label(e.name),
        productName: label(`Hearth ${e.domain}`),
        vendorName: 'Hearth',
        uniqueId: e.entity_id,
        serialNumber: label(e.entity_id),
        reachable: e.available,
      },
    });
    await this.aggregator.add(endpoint);
    const b: Bridged = {
      entityId: e.entity_id,
      kind,
      name: e.name,
      endpoint,
      busy: false,
      pending: undefined,
    };
    this.bridged.set(e.entity_id, b);
    for (const [cluster, attribute] of kind.watched) {
      const observable = endpoint.events[cluster]?.[`${attribute}$Changed`];
      // A block body: a matter.js observer returning a value stops the ones after it.
      observable?.on((_value: unknown, _old: unknown, context: any) => {
        this.changed(b, context);
      });
    }
  }

  /** Hearth's state onto the endpoint (unless a controller's command on it is in flight). */
  private push(entityId: string) {
    const b = this.bridged.get(entityId);
    if (!b || b.busy) return;
    void this.pushNow(b);
  }

  private async pushNow(b: Bridged) {
    const e = this.entity(b.entityId);
    if (!e || !this.bridged.has(b.entityId)) return;
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

  /** A watched attribute changed; changes by a controller (remote context) become Hearth commands. */
  private changed(b: Bridged, context: any) {
    if (context?.fabric === undefined) return; // our own push
    if (b.pending) return; // one run per burst (moveToLevelWithOnOff changes two attributes)
    b.pending = { fabric: context.fabric };
    // After the controller's interaction: the endpoint then shows everything it changed.
    const run = () => void setImmediate(() => void this.carryOut(b));
    if (context.interactionComplete?.once) context.interactionComplete.once(run);
    else run();
  }

  private async carryOut(b: Bridged) {
    const fabric = b.pending?.fabric;
    b.pending = undefined;
    const e = this.entity(b.entityId);
    if (!e || !b.kind.commands) return void (e && this.pushNow(b));
    const commands = b.kind.commands(b.endpoint.state as ClusterState, e);
    if (commands.length === 0) return;
    const cause = { type: 'matter_bridge' as const, id: this.fabricLabel(fabric) };
    b.busy = true;
    try {
      for (const c of commands) {
        const result = await this.opts.home.execute(
          { entity_id: b.entityId, action: c.action, params: c.params, cause },
          { waitMs: this.opts.commandWaitMs ?? 5000 },
        );
        if (result.outcome === 'failed' || result.outcome === 'timeout') {
          this.log.info(
            {
              entity_id: b.entityId,
              action: c.action,
              outcome: result.outcome,
              error: result.error,
              fabric: cause.id,
            },
            'Matter controller command not carried out; showing Hearth state again',
          );
          break;
        }
      }
    } catch (err) {
      this.log.info({ err, entity_id: b.entityId, fabric: cause.id }, 'Matter controller command refused');
    } finally {
      b.busy = false;
      // Confirmed: the same state again; failed or refused: back to what Hearth really shows.
      await this.pushNow(b);
    }
  }
}

/** Matter's label strings hold at most 32 characters. */
function label(s: string) {
  return s.slice(0, 32);
}
