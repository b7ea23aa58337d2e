import { rm } from 'node:fs/promises';
import { startSuiteClock } from './fixtures/clock.ts';
import { startPortalServer } from './fixtures/portal-server.ts';

/**
 * Once per run, before any worker starts (docs/testing.md):
 * - fixes the suite's clock (fixtures/clock.ts), which the workers inherit through the environment;
 * - starts the built server once on an empty data directory, exactly as a newcomer's first
 *   `npm start` (create, migrate, seed the demo clinic), and keeps that directory: every server of the
 *   run starts from a copy of it.
 * Returns the teardown that removes the seeded directory.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const { at } = startSuiteClock();
  const startedAt = performance.now();
  const seeding = await startPortalServer({}, { emptyDataDir: true });
  await seeding.stop({ keepDataDir: true });
  process.env.E2E_SEEDED_DATA_DIR = seeding.dataDir;
  console.log(
    `e2e: suite clock at ${at.toISOString()}; demo data seeded in ${Math.round(performance.now() - startedAt)} ms`,
  );
  return () => rm(seeding.dataDir, { recursive: true, force: true });
}
