/**
 * A plain matter.js controller in its own process over real UDP and mDNS, for the bridge's
 * namespace test: commissions Hearth's bridge by its manual code (found by mDNS), lists the
 * Aggregator's bridged devices, turns one on and waits for its subscription to report it on.
 * Refuses to start outside an isolated network namespace.
 *   tsx test/matter-netns/bridge-controller.ts <manual code> <unique id to turn on>
 * Prints one JSON line with what it saw.
 */
import { networkInterfaces } from 'node:os';
import { bridgedUniqueIdOf, commissionBridge } from '../../src/test-support/bridge-controller.js';

if (Object.keys(networkInterfaces()).some((n) => n !== 'lo')) {
  console.error('refusing to run: this process sees a network other than loopback (run it through run.sh)');
  process.exit(2);
}
const [manualCode = '', uniqueId = ''] = process.argv.slice(2);
const {
  ctl,
  env,
  endpoints: all,
  commissionMs,
} = await commissionBridge({
  id: 'netns-bridge-controller',
  network: { kind: 'udp', networkInterface: 'lo' },
  manualCode,
  fabricLabel: 'Namespace Home',
});
const bridged = all.map((ep) => bridgedUniqueIdOf(ep)).filter((u): u is string => typeof u === 'string');
const target = all.find((ep) => bridgedUniqueIdOf(ep) === uniqueId);
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
