import { defineConfig } from 'vitest/config';

// One runner for every unit and API test in the workspace. Each project keeps its own environment:
// the server and contracts run in Node, the web app in jsdom.
export default defineConfig({
  test: {
    // Two files at a time on the 2-core machine: measured faster than Vitest's default of one
    // (cores - 1) there, since API tests wait on PGlite and I/O much of the time (docs/testing.md).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // One migrated template database for the run; every test app starts from a copy.
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
