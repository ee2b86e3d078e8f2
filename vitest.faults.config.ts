import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`): real Hearth processes killed, brokers stopped, disks
// filled. One file at a time (they start processes and measure delays), loopback only.
export default defineConfig({
  test: {
    include: ['test/faults/**/*.fault.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    setupFiles: ['src/test-support/setup.ts'],
  },
});
