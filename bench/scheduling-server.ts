import { count } from 'drizzle-orm';
import { appointments } from '../apps/server/src/db/schema/scheduling.ts';
import { APPOINTMENTS_PER_PROVIDER, fillSchedulingWorld } from './scheduling-fill.ts';
import { announce, announceBare, bootBenchWorld, slotSearchPath } from './world.ts';

// A child process of bench/slot-search.ts: either a bare Fastify route (the baseline) or the real app
// (world.ts) with BENCH_APPOINTMENTS stored appointments, serving the patient's slot search.

/** Each provider gets this many appointments; the table size comes from the number of providers. */
export { APPOINTMENTS_PER_PROVIDER } from './scheduling-fill.ts';

if ((process.env.BENCH_MODE ?? 'app') === 'bare') {
  await announceBare((bare) => bare.get('/bare', () => ({ ok: true })));
} else {
  const total = Number(process.env.BENCH_APPOINTMENTS ?? 10_000);
  const bench = await bootBenchWorld();
  const { context, world } = bench;
  // Other providers of the same clinic fill the table: `total` appointments in all, the searched
  // provider holding APPOINTMENTS_PER_PROVIDER of them like everyone else (a realistic count), spread
  // from a year ago to a year ahead so some fall inside the searched window.
  const otherProviders = Math.max(0, Math.ceil(total / APPOINTMENTS_PER_PROVIDER) - 1);
  await fillSchedulingWorld(context.db, world, otherProviders);

  const path = slotSearchPath(world);
  const check = await bench.app.inject({
    url: path,
    headers: { authorization: `Bearer ${bench.patientToken}` },
  });
  const slots = check.json<unknown[]>();
  const [row] = await context.db.select({ n: count() }).from(appointments);
  await announce(bench.app, {
    path,
    token: bench.patientToken,
    status: check.statusCode,
    slots: slots.length,
    appointments: row?.n,
  });
}
