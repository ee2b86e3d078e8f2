import type { Clock } from '../../clock.js';
import type { Config } from '../../config/index.js';
import type { PairableIntegration, PairingForm, PairingRequest } from '../../home/integration.js';
import type { Logger } from '../../log.js';
import { matterModule } from '../matter/module.js';
import type { IntegrationStorage } from './storage.js';

/** What a pairable integration is built with when its module loads. */
export interface PairableDeps {
  config: Config;
  clock: Clock;
  log: Logger;
  storage: IntegrationStorage;
}

/**
 * An integration a person adds devices to, described without loading its code: `load` imports
 * its module (a dynamic `import()`), which happens only when the integration has saved devices at
 * start, a setting turns it on (`enabledBy`), or the first pairing request arrives. A home without
 * Hue pays nothing for the Hue code.
 */
export interface PairableModule {
  /** The integration's id: the `{id}` of `/api/home/integrations/{id}/…` and its storage folder. */
  id: string;
  name: string;
  pairing: PairingForm;
  /** Upper bound of one pairing request, milliseconds (default 60 s). */
  pairTimeoutMs?: number;
  /** Load at start although nothing is paired yet (e.g. `HEARTH_MATTER=on`). */
  enabledBy?(config: Config): boolean;
  /**
   * Checks a request's own fields (a code's check digit, say) before anything is loaded, so a
   * malformed request is refused without turning the integration on. Throws the 400 to answer.
   */
  check?(request: PairingRequest): Promise<void>;
  load(): Promise<(deps: PairableDeps) => PairableIntegration>;
}

/** Every pairable integration Hearth ships (the WiFi brands, Matter). Order is the dashboard's. */
export const PAIRABLE_MODULES: PairableModule[] = [
  {
    id: 'shelly',
    name: 'Shelly',
    pairing: { address: 'required', credentials: 'optional' },
    load: async () => (await import('../shelly/index.js')).createShelly,
  },
  {
    id: 'wled',
    name: 'WLED',
    pairing: { address: 'required' },
    load: async () => (await import('../wled/index.js')).createWled,
  },
  matterModule(),
  {
    id: 'hue',
    name: 'Philips Hue',
    pairing: { address: 'required', button: true },
    load: async () => (await import('../hue/index.js')).createHue,
  },
  {
    id: 'kasa',
    name: 'TP-Link Kasa',
    pairing: { address: 'required' },
    load: async () => (await import('../kasa/index.js')).createKasa,
  },
  {
    id: 'onvif',
    name: 'ONVIF camera',
    pairing: { address: 'required', credentials: 'optional' },
    load: async () => (await import('../onvif/index.js')).createOnvif,
  },
];
