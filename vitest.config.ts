import { configDefaults, defineConfig } from 'vitest/config';

// A test that needs a real service lives in a file named for it, and runs only when that service is
// given: *.pg.test.ts needs PostgreSQL (TEST_DATABASE_URL), *.redis.test.ts Redis (TEST_REDIS_URL),
// *.pg.redis.test.ts both. Without the service the file is not collected at all, so no pass reports a
// skipped test (docs/testing.md).
const needsPostgres = ['**/*.pg.test.ts', '**/*.pg.redis.test.ts'];
const needsRedis = ['**/*.redis.test.ts'];
const serverExclude = [
  ...configDefaults.exclude,
  ...(process.env.TEST_DATABASE_URL ? [] : needsPostgres),
  ...(process.env.TEST_REDIS_URL ? [] : needsRedis),
];

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
          exclude: serverExclude,
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
