import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that start Hearth or other programs as processes, or change process-wide settings
 * (`process.umask`, which worker threads may not): they run in child processes of their own.
 */
const OWN_PROCESS = [
  'src/store/permissions.test.ts',
  'src/config/config.test.ts',
  'src/cli/cli.test.ts',
  'src/license/install.test.ts',
  'src/integrations/mqtt/outage.test.ts',
  'test/foundation/restart.test.ts',
  'test/settings/settings-api.test.ts',
  'test/matter-netns/**/*.test.ts',
  'test/discovery-netns/**/*.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    minWorkers: 1,
    // Vitest reads these for all projects (a project's own are ignored). Its default is one worker
    // per core less one: a single file at a time on the 2-core CI machines. A test file spends
    // much of its time waiting (sockets, the broker, a device simulator, Chromium), so three
    // files run side by side in threads, and beside them one that runs processes.
    poolOptions: { threads: { maxThreads: 3 }, forks: { maxForks: 1 } },
    setupFiles: ['src/test-support/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'threads',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          // A worker thread starts far faster than a forked process, and each test file gets a
          // fresh one: the whole suite took about half the time it took in forks (bench/RESULTS.md).
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: OWN_PROCESS,
          pool: 'forks',
        },
      },
    ],
  },
});
