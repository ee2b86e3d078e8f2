/**
 * A plain matter.js controller in its own process over real UDP and mDNS, for the bridge's
 * namespace test: commissions Hearth's bridge by its manual code (found by mDNS), lists the
 * Aggregator's bridged devices, turns one on and waits for its subscription to report it on.
 * Refuses to start outside an isolated network namespace.
 *   tsx test/matter-netns/bridge-controller.ts <manual code> <unique id to turn on>
 * Prints one JSON line with what it saw.
 */
import { networkInterfaces } from 'node:os';
import { matterEnvironment } from '../../src/integrations/matter/stack.js';

if (Object.keys(networkInterfaces()).some((n) => n !== 'lo')) {
  console.error('refusing to run: this process sees a network other than loopback (run it through run.sh)');
  process.exit(2);
}
const [manualCode = '', uniqueId = ''] = process.argv.slice(2);
const { env, matter } = await matterEnvironment({
  id: 'netns-bridge-controller',
  network: { kind: 'udp', networkInterface: 'lo' },
});
const code = matter.types.ManualPairingCodeCodec.decode(manualCode);
const ctl = new matter.matterJs.CommissioningController({
  environment: { environment: env, id: 'netns-bridge-controller' },
  autoConnect: false,
  adminFabricLabel: 'Namespace Home',
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
type Ep = (typeof peer.parts extends Map<number, infer E> ? E : never) & {
  getChildEndpoints(): Ep[];
};
const all: Ep[] = [];
const visit = (ep: Ep) => {
  all.push(ep);
  for (const c of ep.getChildEndpoints()) visit(c);
};
for (const ep of peer.parts.values()) visit(ep);
const uid = (ep: Ep) =>
  (ep.maybeStateOf('bridgedDeviceBasicInformation') as { uniqueId?: string } | undefined)?.uniqueId;
const bridged = all.map(uid).filter((u): u is string => typeof u === 'string');
const target = all.find((ep) => uid(ep) === uniqueId);
let onMs: number | null = null;
if (target) {
  const t1 = performance.now();
  await target.commandsOf('onOff').on!(undefined);
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    if ((target.maybeStateOf('onOff') as { onOff?: boolean } | undefined)?.onOff === true) {
      onMs = performance.now() - t1;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
console.log(JSON.stringify({ commissionMs: Math.round(commissionMs), bridged, onMs }));
await ctl.close();
await env.runtime.close();
process.exit(0);
