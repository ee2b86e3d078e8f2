import { matterEnvironment, type MatterNetwork } from '../integrations/matter/stack.js';

/**
 * A plain matter.js controller that commissions Hearth's Matter bridge by its manual code (found
 * by discovery) and reads every endpoint of it, as a person's controller would. The bridge bench
 * runs it on matter.js' simulated network, the namespace test in its own process over real UDP
 * and mDNS; both then act on the bridged endpoints.
 */

export interface BridgeControllerOptions {
  /** matter.js environment id (also the controller's storage name). */
  id: string;
  network: MatterNetwork;
  /** The bridge's manual pairing code. */
  manualCode: string;
  /** The fabric label the bridge shows for this controller. */
  fabricLabel: string;
}

export async function commissionBridge(opts: BridgeControllerOptions) {
  const { env, matter } = await matterEnvironment({ id: opts.id, network: opts.network });
  const code = matter.types.ManualPairingCodeCodec.decode(opts.manualCode);
  const ctl = new matter.matterJs.CommissioningController({
    environment: { environment: env, id: opts.id },
    autoConnect: false,
    adminFabricLabel: opts.fabricLabel,
  });
  await ctl.start();
  const t0 = performance.now();
  const nodeId = await ctl.commissionNode({
    passcode: code.passcode,
    commissioning: {
      regulatoryLocation: matter.clusters.GeneralCommissioning.RegulatoryLocationType.IndoorOutdoor,
      regulatoryCountryCode: 'XX',
    },
    discovery: {
      identifierData: { shortDiscriminator: code.shortDiscriminator! },
      timeout: matter.main.Seconds(30),
    },
  });
  const commissionMs = performance.now() - t0;
  const peer = await ctl.getNode(nodeId);
  if (!peer.isConnected) peer.connect();
  if (!peer.initialized) await peer.events.initialized;
  const readyMs = performance.now() - t0;
  type Ep = typeof peer.parts extends Map<number, infer E> ? E : never;
  const endpoints: Ep[] = [];
  const visit = (ep: Ep) => {
    endpoints.push(ep);
    for (const c of ep.getChildEndpoints()) visit(c);
  };
  for (const ep of peer.parts.values()) visit(ep);
  return {
    ctl,
    env,
    /** The bridge as the controller sees it (matter.js' PairedNode). */
    peer,
    /** Every endpoint of the bridge, depth first (the bridged devices under the Aggregator). */
    endpoints,
    /** Commissioning alone, and commissioning through the first read of the node (ms). */
    commissionMs,
    readyMs,
  };
}

/** A bridged endpoint's UniqueID (BridgedDeviceBasicInformation), if the endpoint is a bridged device. */
export function bridgedUniqueIdOf(ep: { maybeStateOf(cluster: 'bridgedDeviceBasicInformation'): unknown }) {
  return (ep.maybeStateOf('bridgedDeviceBasicInformation') as { uniqueId?: string } | undefined)?.uniqueId;
}
