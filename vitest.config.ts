import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single file at a time on the 2-core CI
    // machines. A test file spends most of its time waiting (sockets, the broker, a device
    // simulator, Chromium), not computing, so three files run side by side.
    maxWorkers: 3,
    minWorkers: 1,
    setupFiles: ['src/test-support/setup.ts'],
  },
});
