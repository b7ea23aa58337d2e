import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../apps/server/src/db/client.ts';
import type { createSchedulingWorld } from '../apps/server/src/modules/scheduling/scheduling-test-helpers.ts';

/** Appointments each provider of the slot-search benches holds (a realistic count). */
export const APPOINTMENTS_PER_PROVIDER = 500;

type SchedulingWorld = Awaited<ReturnType<typeof createSchedulingWorld>>;

/**
 * Fills the slot-search world's clinic: `otherProviders` more providers, and every provider (the
 * searched one too) APPOINTMENTS_PER_PROVIDER appointments, spread from a year ago to a year ahead so
 * some fall inside the searched window. Used by scheduling-server.ts and two-instances.ts.
 */
export async function fillSchedulingWorld(
  db: Db,
  world: SchedulingWorld,
  otherProviders: number,
): Promise<void> {
  await db.execute(sql`
    insert into users (member_id, member_type, first_name, last_name)
    select 'BENCH-' || g, 'doctor', 'Bench', 'Provider ' || g from generate_series(1, ${otherProviders}) g`);
  await db.execute(sql`
    insert into providers (user_id, clinic_id)
    select id, ${world.clinicId}::uuid from users where member_id like 'BENCH-%'`);
  const base = DateTime.now().minus({ days: 365 }).startOf('hour').toISO();
  await db.execute(sql`
    insert into appointments (clinic_id, patient_user_id, provider_id, department_id, consultation_type_id,
                              start_at, finish_at, type, booked_by_user_id)
    select ${world.clinicId}::uuid, ${world.patient.id}::uuid, p.id, ${world.departmentId}::uuid,
           ${world.typeId}::uuid,
           ${base}::timestamptz + (i * interval '35 hours') + interval '30 minutes',
           ${base}::timestamptz + (i * interval '35 hours') + interval '60 minutes',
           'office', ${world.patient.id}::uuid
    from providers p cross join generate_series(0, ${APPOINTMENTS_PER_PROVIDER - 1}) i
    where p.clinic_id = ${world.clinicId}::uuid`);
  // vacuum as well: the visibility map is set and autovacuum does not start in the middle of the run.
  await db.execute(sql`vacuum analyze`);
}
