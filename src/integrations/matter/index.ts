import { join } from 'node:path';
import { Errors } from '../../errors.js';
import type {
  DeviceCommand,
  IntegrationHost,
  IntegrationStatus,
  PairableIntegration,
  PairedDevice,
  PairingProgress,
  PairingRequest,
} from '../../home/integration.js';
import type { Logger } from '../../log.js';
import { parseAddress, type IntegrationStorage } from '../pairing/index.js';
import { MatterController, type NodeSummary } from './controller.js';
import type { MatterNetwork } from './stack.js';

export interface MatterOptions {
  network: MatterNetwork;
  /** How long to look for a device in pairing mode (s). */
  discoveryTimeoutS: number;
  /** Upper bound of one command (s). */
  commandTimeoutS: number;
  /** Longest interval between subscription reports: how soon a silent node counts as gone (s). */
  subscriptionMaxIntervalS: number;
}

const SETTINGS = 'settings.json';

/**
 * Matter as a pairable integration. This module (and with it matter.js, ~140 MiB) is loaded only
 * when Matter is on: `HEARTH_MATTER=on`, an admin turning it on, or the first Matter device
 * added (module.ts). Loading starts the controller and its mDNS and marks Matter on in its
 * storage, so later starts load it again and stored nodes reconnect by themselves.
 */
export class MatterIntegration implements PairableIntegration {
  readonly id = 'matter';
  readonly name = 'Matter';
  private controller: MatterController | undefined;
  private state: IntegrationStatus['state'] = 'starting';
  private detail = 'Starting the Matter stack';

  constructor(
    private readonly storage: IntegrationStorage,
    private readonly log: Logger,
    private readonly opts: MatterOptions,
  ) {}

  async start(host: IntegrationHost) {
    const started = Date.now();
    this.storage.writeJson(SETTINGS, { enabled: true });
    const controller = new MatterController({
      storageDir: join(this.storage.ensureDir(), 'storage'),
      network: this.opts.network,
      host,
      log: this.log,
      discoveryTimeoutS: this.opts.discoveryTimeoutS,
      commandTimeoutS: this.opts.commandTimeoutS,
      subscriptionMaxIntervalS: this.opts.subscriptionMaxIntervalS,
    });
    try {
      await controller.start();
    } catch (err) {
      this.state = 'error';
      this.detail = `Matter failed to start: ${(err as Error).message}`;
      throw err;
    }
    this.controller = controller;
    this.state = 'online';
    this.detail = 'Matter controller running';
    this.log.info({ ms: Date.now() - started, nodes: controller.nodeCount }, 'Matter is on');
  }

  async stop() {
    const c = this.controller;
    this.controller = undefined;
    this.state = 'offline';
    this.detail = 'Matter is stopped';
    await c?.stop();
  }

  status(): IntegrationStatus {
    return { state: this.state, detail: this.detail, nodes: this.controller?.nodeCount ?? 0 };
  }

  private running(): MatterController {
    if (!this.controller) throw Errors.unavailable('Matter is not running.');
    return this.controller;
  }

  async send(command: DeviceCommand): Promise<void> {
    await this.running().send(command.unique_id, command.action, command.params);
  }

  /** Commissions the device whose code the person typed (and, if given, at its address). */
  async pair(request: PairingRequest, progress: PairingProgress): Promise<PairedDevice> {
    const controller = this.running();
    const address = request.address ? parseAddress(request.address) : undefined;
    const node = await controller.commission(
      { code: request.code ?? '', address: address?.host, port: address?.port },
      (step, message) => progress({ step, message }),
    );
    return this.paired(node);
  }

  /** `deviceId` is a node id; a bridged device goes with its bridge. */
  async unpair(deviceId: string): Promise<void> {
    await this.running().remove(this.nodeIdOf(deviceId), false);
  }

  pairedDevices(): PairedDevice[] {
    return this.controller ? this.controller.list().map((n) => this.paired(n)) : [];
  }

  nodes(): NodeSummary[] {
    return this.controller?.list() ?? [];
  }

  async remove(nodeId: string, force: boolean) {
    await this.running().remove(nodeId, force);
  }

  async share(nodeId: string, windowS: number) {
    return this.running().share(nodeId, windowS);
  }

  private nodeIdOf(deviceId: string) {
    if (/^\d+-\d+$/.test(deviceId))
      throw Errors.validation(
        `${deviceId} is a device behind a Matter bridge; remove the bridge (node ${deviceId.split('-')[0]}) instead.`,
        { field: 'device_id' },
      );
    return deviceId;
  }

  private paired(n: NodeSummary): PairedDevice {
    return { id: n.node_id, name: n.name, manufacturer: n.vendor, model: n.product, address: null };
  }
}
