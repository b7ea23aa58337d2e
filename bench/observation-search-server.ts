import { sql } from 'drizzle-orm';
import { announce, announceBare, bootBenchWorld } from './world.ts';

// A child process of bench/record-export.ts (the search figure): the real app (world.ts) whose patient
// has BENCH_OBSERVATIONS daily pulse readings, announcing the FHIR search of them as `path`; or, with
// BENCH_MODE=bare, a bare Fastify route answering a JSON of BENCH_BARE_BYTES (the baseline).

if ((process.env.BENCH_MODE ?? 'app') === 'bare') {
  const body = JSON.stringify({ padding: 'x'.repeat(Number(process.env.BENCH_BARE_BYTES ?? 1000)) });
  await announceBare((bare) =>
    bare.get('/bare', (_request, reply) => reply.type('application/json').send(body)),
  );
} else {
  const count = Number(process.env.BENCH_OBSERVATIONS ?? 1000);
  const bench = await bootBenchWorld();
  const { app, context, world } = bench;
  await context.db.execute(sql`
    insert into vital_values (user_id, key, value, recorded_at, recorded_by_user_id)
    select ${world.patient.id}::uuid, 'pulse', 60 + (i % 30), timestamptz '2026-11-28 08:00:00+00' - interval '1 day' * i, ${world.patient.id}::uuid
    from generate_series(1, ${count}) i`);
  await context.db.execute(sql`vacuum analyze`);
  const path = `/fhir/R4/Observation?patient=${world.patient.id}&_count=${process.env.BENCH_COUNT ?? '50'}`;
  await announce(app, { path, token: bench.patientToken });
}
