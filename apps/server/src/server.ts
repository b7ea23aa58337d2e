import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { createAppContext, openMigratedDatabase } from './start-up.ts';
import { startOutboxWorker } from './platform/outbox/outbox-worker.ts';
import { sealAllAuditEvents, startAuditSealer } from './platform/audit/audit-sealer.ts';
import { printWelcome } from './seed/print-welcome.ts';
import { DEMO_CLINIC_NUMBER, seedDemoDataIfEmpty } from './seed/seed-demo-data.ts';
import { seedDemoInsuranceCards } from './seed/seed-demo-insurance.ts';
import { seedDemoHealthCard } from './seed/seed-demo-health-card.ts';
import { seedDemoAttachments } from './seed/seed-demo-attachments.ts';
import { fileStoreOf } from './platform/files/stored-files.ts';
import { clockOfEnv, clockShiftNotice } from './platform/clock.ts';
import { keepDemoVideoVisitOpen, refreshDemoVideoVisit } from './seed/demo-video-visit.ts';

async function main(): Promise<void> {
  // Start-up durations: intervals on the machine's clock, not business time (decision 0031).
  // performance.now() counts from the process start, so `startedAt` is the cost of loading modules.
  const startedAt = performance.now();
  const env = parseEnv();
  // Made before anything else, so CLOCK_AT_REAL's default anchor is the process start.
  const clock = clockOfEnv(env);
  const database = await openMigratedDatabase(env);
  const databaseAt = performance.now();
  const context = await createAppContext(env, database, { clock });
  const app = await buildApp({ context });
  const appAt = performance.now();
  const clockNotice = clockShiftNotice(clock);
  if (clockNotice) {
    app.log.warn({ clockAt: clock.shift?.at.toISOString(), now: clock.now().toISOString() }, clockNotice);
  }

  const demo =
    env.NODE_ENV !== 'production' && env.DEMO_DATA
      ? await seedDemoDataIfEmpty(context.db, context.now(), context.signingKey)
      : null;
  if (demo) {
    // Card photos live in the file store, which the database seed does not reach (decision 0025).
    await seedDemoInsuranceCards(context.db, fileStoreOf(context), DEMO_CLINIC_NUMBER, context.now());
    await seedDemoHealthCard(context.db, fileStoreOf(context), DEMO_CLINIC_NUMBER, context.now());
    await seedDemoAttachments(context.db, fileStoreOf(context), DEMO_CLINIC_NUMBER, context.now());
  }
  // Issue 16: a demo video visit a newcomer can join now, kept open while the server runs.
  let stopDemoVideoVisit = () => {};
  if (demo) {
    const onError = (error: unknown) => {
      app.log.warn({ err: error }, 'demo video visit not refreshed');
    };
    await refreshDemoVideoVisit(context.db, context.now()).catch(onError);
    stopDemoVideoVisit = keepDemoVideoVisitOpen(context.db, context.now, onError);
  }
  const demoAt = performance.now();
  const outbox = startOutboxWorker(context, app.log);
  // Decision 0077: every instance seals the audit rows committed by any of them, one pass at a time.
  const sealer = startAuditSealer(context.db, app.log);

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) {
      app.log.error({ err }, 'shutting down after an error');
    }
    stopDemoVideoVisit();
    await outbox.stop();
    await app.close();
    await sealer.stop();
    // The last requests' rows: sealed now rather than by the next instance to start.
    await sealAllAuditEvents(context.db).catch((error: unknown) => {
      app.log.error({ err: error }, 'audit sealer: the last pass failed; the next start seals the rows');
    });
    await context.redis?.quit();
    await database.close();
  });

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  const port = new URL(address).port;
  // Each phase of the start, so bench/cold-start.ts can tell the demo seed from the rest (decision 0072).
  const phases = {
    modulesMs: Math.round(startedAt),
    databaseMs: Math.round(databaseAt - startedAt),
    appMs: Math.round(appAt - databaseAt),
    demoDataMs: Math.round(demoAt - appAt),
  };
  app.log.info({ ms: Math.round(performance.now() - startedAt), ...phases }, 'ready');
  printWelcome({ url: env.PUBLIC_URL ?? `http://localhost:${port}`, env, demo });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
