import type { PairableModule } from '../pairing/catalogue.js';
import type { MatterOptions } from './index.js';

/**
 * Matter in the catalogue of pairable integrations, without loading it: `load` imports the
 * controller and matter.js only when Matter is turned on. `options` replace the machine's network
 * and the timeouts (tests give matter.js' in-process network simulator).
 */
export function matterModule(
  options: Partial<MatterOptions> & { pairTimeoutMs?: number } = {},
): PairableModule {
  const { pairTimeoutMs, ...matter } = options;
  return {
    id: 'matter',
    name: 'Matter',
    pairing: { code: 'required', address: 'optional' },
    // Discovery (up to 30 s) plus PASE, certificates, CASE and the first full read.
    pairTimeoutMs: pairTimeoutMs ?? 90_000,
    enabledBy: (config) => config.matter === 'on',
    // Only matter.js' codecs, not the stack: a mistyped code must not start Matter and its mDNS.
    async check({ code }) {
      if (code === undefined) return;
      const [{ importCodecs }, { parsePairingCode }] = await Promise.all([
        import('./stack.js'),
        import('./codes.js'),
      ]);
      parsePairingCode(code, await importCodecs());
    },
    async load() {
      const { MatterIntegration } = await import('./index.js');
      return ({ config, log, storage }) =>
        new MatterIntegration(storage, log, {
          network: { kind: 'udp', networkInterface: config.matter_interface },
          discoveryTimeoutS: 30,
          commandTimeoutS: 10,
          subscriptionMaxIntervalS: 60,
          ...matter,
        });
    },
  };
}
