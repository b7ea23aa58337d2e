import { parseEnv } from '../env.ts';
import { openMigratedDatabase } from '../start-up.ts';
import { localFileStore } from '../platform/files/file-store.ts';
import { DEMO_CLINIC_NUMBER, seedDemoDataIfEmpty } from './seed-demo-data.ts';
import { seedDemoInsuranceCards } from './seed-demo-insurance.ts';
import { seedDemoHealthCard } from './seed-demo-health-card.ts';
import { seedDemoAttachments } from './seed-demo-attachments.ts';
import { loadSigningKey } from '../platform/auth/signing-key.ts';
import { clockOfEnv, clockShiftNotice } from '../platform/clock.ts';

/** `npm run seed`: migrates the configured database and seeds the demo clinic if it is empty. */
async function main(): Promise<void> {
  const env = parseEnv();
  if (env.NODE_ENV === 'production') {
    throw new Error('Demo data is never seeded when NODE_ENV=production.');
  }
  // The seed dates everything (today's appointments, message times, readings) from the server's clock.
  const clock = clockOfEnv(env);
  const clockNotice = clockShiftNotice(clock);
  if (clockNotice) {
    console.warn(clockNotice);
  }
  const database = await openMigratedDatabase(env);
  try {
    const summary = await seedDemoDataIfEmpty(
      database.db,
      clock.now(),
      await loadSigningKey(database.db, env.JWT_SECRET),
    );
    if (summary) {
      await seedDemoInsuranceCards(
        database.db,
        localFileStore(env.DATA_DIR),
        DEMO_CLINIC_NUMBER,
        clock.now(),
      );
      await seedDemoHealthCard(database.db, localFileStore(env.DATA_DIR), DEMO_CLINIC_NUMBER, clock.now());
      await seedDemoAttachments(database.db, localFileStore(env.DATA_DIR), DEMO_CLINIC_NUMBER, clock.now());
    }
    if (!summary) {
      console.log('The database already holds other data; nothing was seeded.');
    } else {
      console.log(
        summary.seeded
          ? `Demo data seeded: ${summary.clinicName} (Clinic ID ${summary.clinicNumber}).`
          : `The demo clinic (Clinic ID ${summary.clinicNumber}) is already there; nothing was seeded.`,
      );
      console.log(
        `Logins (password ${summary.password}): ${summary.logins.map((l) => l.username).join(', ')}`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
