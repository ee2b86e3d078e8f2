/**
 * A virtual matter.js device in its own process over real UDP and mDNS, for the namespace
 * end-to-end test (run.sh). Refuses to start outside an isolated network namespace.
 *   tsx test/matter-netns/device.ts <kind> <storage dir> <index>
 * Prints one JSON line with its pairing codes once it is online.
 */
import { networkInterfaces } from 'node:os';
import { createVirtualDevice, type VirtualKind } from '../../src/test-support/matter.js';

if (Object.keys(networkInterfaces()).some((n) => n !== 'lo')) {
  console.error('refusing to run: this process sees a network other than loopback (run it through run.sh)');
  process.exit(2);
}
const [kind = 'color_light', storageDir, index = '1'] = process.argv.slice(2);
const device = await createVirtualDevice(kind as VirtualKind, {
  network: { kind: 'udp', networkInterface: 'lo' },
  ...(storageDir ? { storageDir } : {}),
  index: Number(index),
  port: 5540 + Number(index),
});
console.log(JSON.stringify({ manualCode: device.manualCode, qrCode: device.qrCode }));
const stop = () => void device.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
