import type { Found } from '../integrations/discovery/offers.js';
import type { DiscoveryProtocol } from '../integrations/discovery/protocol.js';

/**
 * A discovery protocol for tests in the host's network namespace: each query "hears" the devices
 * in `devices` (typically simulators on 127.0.0.1), in-process, with no socket and nothing sent on
 * any network. The real protocols are tested in test/discovery-netns.
 */
export class InProcessDiscovery implements DiscoveryProtocol {
  readonly name = 'in-process';
  queries = 0;
  private found: ((f: Found) => void) | undefined;

  constructor(readonly devices: Found[]) {}

  async open(found: (f: Found) => void) {
    this.found = found;
  }

  query() {
    this.queries++;
    for (const d of this.devices) this.found?.(d);
  }

  async close() {
    this.found = undefined;
  }
}
