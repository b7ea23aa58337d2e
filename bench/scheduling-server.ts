import Fastify from 'fastify';
import { count } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { appointments } from '../apps/server/src/db/schema/scheduling.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { createAppContext } from '../apps/server/src/start-up.ts';
import { loginTokens } from '../apps/server/src/modules/auth/auth-test-helpers.ts';
import { createSchedulingWorld } from '../apps/server/src/modules/scheduling/scheduling-test-helpers.ts';
import { APPOINTMENTS_PER_PROVIDER, fillSchedulingWorld } from './scheduling-fill.ts';

// A child process of bench/slot-search.ts: either a bare Fastify route (the baseline) or the real app
// with a scheduling world and BENCH_APPOINTMENTS stored appointments. It prints one JSON line with
// what the parent needs (url, path, token), then serves until killed.

const mode = process.env.BENCH_MODE ?? 'app';
const port = Number(process.env.BENCH_PORT ?? 0);

/** Each provider gets this many appointments; the table size comes from the number of providers. */
export { APPOINTMENTS_PER_PROVIDER } from './scheduling-fill.ts';

if (mode === 'bare') {
  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({ ok: true }));
  const url = await bare.listen({ port, host: '127.0.0.1' });
  console.log(JSON.stringify({ url, path: '/bare', token: null }));
} else {
  const total = Number(process.env.BENCH_APPOINTMENTS ?? 10_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { memory: true });
  await database.migrate();
  const env = {
    ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    AUTH_RATE_LIMIT_PER_IP: 1_000_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 1_000_000,
  };
  const context = await createAppContext(env, database);
  const app = await buildApp({ context, logger: false, webDist: '/nonexistent-web-dist' });
  await app.ready();
  const world = await createSchedulingWorld(context.db);

  // Other providers of the same clinic fill the table: `total` appointments in all, the searched
  // provider holding APPOINTMENTS_PER_PROVIDER of them like everyone else (a realistic count), spread
  // from a year ago to a year ahead so some fall inside the searched window.
  const otherProviders = Math.max(0, Math.ceil(total / APPOINTMENTS_PER_PROVIDER) - 1);
  await fillSchedulingWorld(context.db, world, otherProviders);

  const token = (await loginTokens(app, world.patient.username)).access_token;
  const from = DateTime.now().setZone('America/New_York').plus({ days: 1 });
  const query = new URLSearchParams({
    clinicUuid: world.clinicId,
    providerId: world.providerId,
    consultationTypeId: world.typeId,
    departmentUuid: world.departmentId,
    startAt: from.toISODate() ?? '',
    finishAt: from.plus({ days: 6 }).toISODate() ?? '',
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  const path = `/api/scheduling/time-slots?${query.toString()}`;
  const check = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  const slots = (await check.json()) as unknown[];
  const [row] = await context.db.select({ n: count() }).from(appointments);
  console.log(
    JSON.stringify({ url, path, token, status: check.status, slots: slots.length, appointments: row?.n }),
  );
}

// A clean exit on SIGTERM lets `node --cpu-prof` write its profile when the parent stops us.
process.on('SIGTERM', () => process.exit(0));
