import type { PairableDeps } from '../pairing/catalogue.js';
import { LocalDeviceIntegration, type Brand } from '../local/devices.js';
import { Gen1Session } from './gen1.js';
import { Gen2Session } from './gen2.js';
import { probeShelly } from './probe.js';
import { timingOf } from '../local/session.js';

/** Shelly Gen2+ (Plus, Pro, Gen3, Gen4: JSON-RPC with WebSocket push) and Gen1 (REST, polled), by address. */
export function createShelly(deps: PairableDeps) {
  const timing = timingOf(deps.config);
  const brand: Brand = {
    id: 'shelly',
    name: 'Shelly',
    probe: (req, progress, signal) => probeShelly(req, progress, signal, timing.timeoutMs),
    open: (ctx) => (ctx.saved.data.gen === 1 ? new Gen1Session(ctx, timing) : new Gen2Session(ctx, timing)),
  };
  return new LocalDeviceIntegration(brand, deps);
}
