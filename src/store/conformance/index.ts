import { describe } from 'vitest';
import { agentTimerContract } from './agent.js';
import { inviteContract, sessionContract, settingsContract, userContract } from './accounts.js';
import { automationContract } from './automations.js';
import type { StoreFactory } from './harness.js';
import { homeContract } from './home.js';
import { licenseContract } from './licenses.js';

export type { StoreFactory, TestDatabase } from './harness.js';

/**
 * The repository contract of `src/store/types.ts` as tests. Every store implementation runs it
 * against its own database (see `src/store/sqlite/sqlite-store.test.ts`); a store that passes
 * can replace SQLite without any part noticing.
 */
export function describeStoreConformance(name: string, factory: StoreFactory) {
  describe(`${name} store conformance`, () => {
    userContract(factory);
    sessionContract(factory);
    inviteContract(factory);
    settingsContract(factory);
    homeContract(factory);
    automationContract(factory);
    licenseContract(factory);
    agentTimerContract(factory);
  });
}
