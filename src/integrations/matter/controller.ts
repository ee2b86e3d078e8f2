import type { CommissioningController } from '@project-chip/matter.js';
import type { PairedNode } from '@project-chip/matter.js/device';
import { AppError, Errors } from '../../errors.js';
import type { IntegrationHost } from '../../home/integration.js';
import type { Logger } from '../../log.js';
import { buttonState } from './clusters.js';
import { parsePairingCode, type PairingCode } from './codes.js';
import { commissionError, matterStatusError } from './matter-errors.js';
import { announceNode, type EntityBinding, type NodeRecord } from './node-devices.js';
import { matterEnvironment, type MatterModules, type MatterNetwork } from './stack.js';

/**
 * Hearth's Matter controller: one fabric, one matter.js `CommissioningController`, its storage
 * in the data dir. It commissions nodes, turns their endpoints into Hearth devices and entities
 * (clusters.ts), keeps them current from attribute subscriptions, reports node reachability as
 * availability, and sends commands. Loaded only when Matter is on (index.ts imports it lazily).
 */

export interface ControllerOptions {
  storageDir: string;
  network: MatterNetwork;
  host: IntegrationHost;
  log: Logger;
  /** How long to look for a device in pairing mode (s). */
  discoveryTimeoutS: number;
  /** Upper bound of one command (s). */
  commandTimeoutS: number;
  /** Longest interval between subscription reports: how soon a silent node counts as gone (s). */
  subscriptionMaxIntervalS: number;
}

/** Steps reported while commissioning (the pairing seam adds `loading`, `done` and `failed`). */
export type PairingStep = 'discovering' | 'reading';

export interface PairRequest {
  code: string;
  address?: string | undefined;
  port?: number | undefined;
}

export interface NodeSummary {
  node_id: string;
  name: string;
  vendor: string | null;
  product: string | null;
  reachable: boolean;
  /** Hearth device ids (`matter:<node>` and one per bridged device). */
  devices: string[];
  entities: string[];
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export class MatterController {
  private matter!: MatterModules;
  private ctl!: CommissioningController;
  private readonly nodes = new Map<string, NodeRecord>();
  /** Device id → name, for the parts of a device announced under it. */
  private readonly deviceNames = new Map<string, string>();
  private pairing: Promise<unknown> | undefined;

  constructor(private readonly opts: ControllerOptions) {}

  async start() {
    const { env, matter } = await matterEnvironment(
      { id: 'hearth-controller', storageDir: this.opts.storageDir, network: this.opts.network },
      this.opts.log,
    );
    this.matter = matter;
    this.ctl = new matter.matterJs.CommissioningController({
      environment: { environment: env, id: 'hearth-controller' },
      autoConnect: false,
      adminFabricLabel: 'Hearth',
      subscribeMaxIntervalCeilingSeconds: this.opts.subscriptionMaxIntervalS,
    });
    await this.ctl.start();
    for (const nodeId of this.ctl.getCommissionedNodes()) {
      try {
        await this.attach(await this.ctl.getNode(nodeId));
      } catch (err) {
        this.opts.log.error({ err, node_id: String(nodeId) }, 'could not restore a Matter node');
      }
    }
    this.opts.log.info({ nodes: this.nodes.size }, 'Matter controller started');
  }

  async stop() {
    // Unset when start() failed before creating it.
    const ctl = this.ctl as CommissioningController | undefined;
    await ctl?.close();
    this.nodes.clear();
  }

  get nodeCount() {
    return this.nodes.size;
  }

  // --- commissioning -----------------------------------------------------------------------

  /** Parses a code with matter.js' codecs (400 naming `code` when it is not one). */
  parse(code: string): PairingCode {
    return parsePairingCode(code, this.matter);
  }

  async commission(
    req: PairRequest,
    progress: (step: PairingStep, message: string) => void,
  ): Promise<NodeSummary> {
    const code = this.parse(req.code);
    if (this.pairing) throw Errors.conflict('Another Matter device is being added; wait until it finishes.');
    const run = this.runCommission(code, req, progress);
    this.pairing = run;
    try {
      return await run;
    } finally {
      this.pairing = undefined;
    }
  }

  private async runCommission(
    code: PairingCode,
    req: PairRequest,
    progress: (step: PairingStep, message: string) => void,
  ): Promise<NodeSummary> {
    const { main, clusters } = this.matter;
    const identifierData =
      code.longDiscriminator !== undefined
        ? { longDiscriminator: code.longDiscriminator }
        : { shortDiscriminator: code.shortDiscriminator! };
    const knownAddress =
      req.address !== undefined
        ? { ip: req.address, port: req.port ?? 5540, type: 'udp' as const }
        : undefined;
    progress(
      'discovering',
      knownAddress
        ? `Connecting to ${req.address} port ${knownAddress.port}…`
        : 'Looking for the device on the network (mDNS)…',
    );
    const started = Date.now();
    let nodeId;
    try {
      nodeId = await this.ctl.commissionNode(
        {
          passcode: code.passcode,
          commissioning: {
            regulatoryLocation: clusters.GeneralCommissioning.RegulatoryLocationType.IndoorOutdoor,
            regulatoryCountryCode: 'XX',
          },
          discovery: {
            identifierData,
            ...(knownAddress ? { knownAddress } : {}),
            timeout: main.Seconds(this.opts.discoveryTimeoutS),
            discoveredCallback: undefined,
          } as never,
          subscribeMaxIntervalCeilingSeconds: this.opts.subscriptionMaxIntervalS,
        },
        { connectNodeAfterCommissioning: false },
      );
    } catch (err) {
      throw commissionError(err, code, this.opts.log);
    }
    progress('reading', "Device added to Hearth's fabric; reading what it offers…");
    const paired = await this.ctl.getNode(nodeId);
    const record = await this.attach(paired);
    this.opts.log.info(
      { node_id: record.id, name: record.name, entities: record.entities.size, ms: Date.now() - started },
      'Matter node commissioned',
    );
    const summary = this.summary(record);
    return summary;
  }

  // --- nodes ---------------------------------------------------------------------------------

  list(): NodeSummary[] {
    return [...this.nodes.values()].map((n) => this.summary(n));
  }

  private summary(n: NodeRecord): NodeSummary {
    const info = n.paired.basicInformation;
    return {
      node_id: n.id,
      name: n.name,
      vendor: info?.vendorName ?? null,
      product: info?.productName ?? null,
      reachable: n.reachable,
      devices: [...n.devices].map((d) => `matter:${d}`),
      entities: [...n.entities.values()].map((b) => b.entityId),
    };
  }

  private node(nodeId: string): NodeRecord {
    const n = this.nodes.get(nodeId);
    if (!n) throw Errors.notFound('Matter node', nodeId);
    return n;
  }

  /** Decommissions the node (it leaves Hearth's fabric) and removes its devices and entities. */
  async remove(nodeId: string, force = false) {
    const n = this.node(nodeId);
    try {
      await withTimeout(
        n.paired.decommission(),
        this.opts.commandTimeoutS * 1000,
        () => new Error('no answer'),
      );
    } catch (err) {
      if (!force)
        throw Errors.unavailable(
          `${n.name} could not be told to leave Hearth's fabric (${matterStatusError(err)}). Retry when it is reachable, or remove it with force=true to forget it anyway (then reset the device).`,
          { node_id: nodeId },
        );
      await this.ctl.removeNode(n.paired.nodeId, false).catch(() => {});
    }
    this.forget(n);
  }

  private forget(n: NodeRecord) {
    this.nodes.delete(n.id);
    for (const d of n.devices) this.opts.host.removeDevice(d);
    this.opts.log.info({ node_id: n.id, name: n.name }, 'Matter node removed');
  }

  /** Opens an enhanced commissioning window so another ecosystem can add the node too (multi-admin). */
  async share(nodeId: string, windowS: number) {
    const n = this.node(nodeId);
    if (!n.reachable) throw Errors.unavailable(`${n.name} is not reachable right now.`, { node_id: nodeId });
    try {
      const codes = await withTimeout(
        n.paired.openEnhancedCommissioningWindow(windowS),
        this.opts.commandTimeoutS * 1000,
        () => new Error('no answer'),
      );
      return {
        node_id: nodeId,
        manual_code: codes.manualPairingCode,
        qr_code: codes.qrPairingCode,
        expires_in: windowS,
      };
    } catch (err) {
      throw new AppError(
        'MATTER_COMMAND_FAILED',
        502,
        `${n.name} did not open a pairing window: ${matterStatusError(err)}`,
        {
          node_id: nodeId,
        },
      );
    }
  }

  // --- commands ------------------------------------------------------------------------------

  async send(uniqueId: string, action: string, params: Record<string, unknown>) {
    const [nodeId] = uniqueId.split('/');
    const n = this.nodes.get(nodeId!);
    const binding = n?.entities.get(uniqueId);
    if (!n || !binding?.mapping.command) throw Errors.unavailable(`No Matter entity ${uniqueId}.`);
    if (!n.reachable) throw Errors.unavailable(`${n.name} is not reachable.`, { node_id: n.id });
    try {
      await withTimeout(
        binding.mapping.command(binding.endpoint, action, params, binding.memo),
        this.opts.commandTimeoutS * 1000,
        () => new Error(`no answer within ${this.opts.commandTimeoutS} s`),
      );
    } catch (err) {
      throw new Error(`${n.name} refused ${action}: ${matterStatusError(err)}`);
    }
    // The device may already be where it was asked to go (no report follows): report what it shows.
    this.report(n, binding);
  }

  // --- node → devices and entities -----------------------------------------------------------

  private async attach(paired: PairedNode): Promise<NodeRecord> {
    const id = String(paired.nodeId);
    const record: NodeRecord = {
      id,
      paired,
      reachable: false,
      entities: new Map(),
      byEndpoint: new Map(),
      devices: new Set(),
      name: `Matter node ${id}`,
      shutDown: false,
    };
    this.nodes.set(id, record);
    paired.events.attributeChanged.on(({ path }) => {
      this.onAttribute(record, path.endpointId);
    });
    paired.events.eventTriggered.on(({ path, events }) => {
      this.onEvent(record, path.endpointId, path.eventName, events);
    });
    paired.events.stateChanged.on((state) => {
      const connected = state === this.matter.device.NodeStates.Connected;
      if (connected) record.shutDown = false;
      this.setReachable(record, connected);
    });
    paired.events.connectionAlive.on(() => {
      this.alive(record);
    });
    paired.events.structureChanged.on(() => {
      this.announce(record);
    });
    paired.events.decommissioned.on(() => {
      if (this.nodes.get(id) === record) this.forget(record);
    });
    if (paired.localInitializationDone || paired.initialized) this.announce(record);
    if (!paired.isConnected)
      paired.connect({ subscribeMaxIntervalCeilingSeconds: this.opts.subscriptionMaxIntervalS });
    if (!paired.initialized) {
      // A stored node is announced from its cache at once; a new one once its first read is in.
      const initialized = paired.events.initialized;
      if (record.entities.size === 0) await initialized;
    }
    this.announce(record);
    this.setReachable(record, paired.isConnected);
    return record;
  }

  /** (Re-)announces the node and, when it is reachable, reports what its entities show. */
  private announce(n: NodeRecord) {
    announceNode(this.opts.host, n, this.deviceNames);
    if (n.reachable) for (const b of n.entities.values()) this.report(n, b);
  }

  private report(n: NodeRecord, b: EntityBinding) {
    if (!n.reachable) return;
    let reading;
    try {
      reading = b.mapping.read(b.endpoint, b.memo);
    } catch (err) {
      this.opts.log.warn({ err, unique_id: b.uniqueId }, 'could not read a Matter entity');
      return;
    }
    if (reading) this.opts.host.reportState(b.uniqueId, reading.state, reading.attributes);
  }

  /** A report or keep-alive: proof of life, unless the node said it was shutting down. */
  private alive(n: NodeRecord) {
    if (!n.shutDown && n.paired.isConnected) this.setReachable(n, true);
  }

  private onAttribute(n: NodeRecord, endpoint: number) {
    this.alive(n);
    for (const b of n.byEndpoint.get(endpoint) ?? []) this.report(n, b);
  }

  private onEvent(
    n: NodeRecord,
    endpoint: number,
    eventName: string,
    events: { data?: Record<string, unknown> }[],
  ) {
    // BasicInformation.ShutDown: the node says it is going away (a restart, a power cut it saw coming).
    // Its subscription would only time out after its max interval (a minute or more): reconnect
    // now, which waits for the node to announce itself again.
    if (endpoint === 0 && eventName === 'shutDown') {
      n.shutDown = true;
      this.setReachable(n, false);
      n.paired.triggerReconnect();
      return;
    }
    if (endpoint === 0 && eventName === 'startUp') n.shutDown = false;
    this.alive(n);
    for (const b of n.byEndpoint.get(endpoint) ?? []) {
      if (b.mapping.key !== 'button') continue;
      for (const e of events) {
        const state = buttonState(eventName, e.data);
        if (state) this.opts.host.reportState(b.uniqueId, state, { last_event: eventName });
      }
    }
  }

  private setReachable(n: NodeRecord, reachable: boolean) {
    if (n.reachable === reachable) return;
    n.reachable = reachable;
    this.opts.log.info({ node_id: n.id, name: n.name, reachable }, 'Matter node reachability changed');
    for (const d of n.devices) this.opts.host.reportAvailability({ device_id: d }, reachable);
    if (reachable) for (const b of n.entities.values()) this.report(n, b);
  }
}
