import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { createAppContext } from '../apps/server/src/start-up.ts';
import { startAuditSealer } from '../apps/server/src/platform/audit/audit-sealer.ts';
import { loginTokens } from '../apps/server/src/modules/auth/auth-test-helpers.ts';
import { createSchedulingWorld } from '../apps/server/src/modules/appointments/appointments-test-helpers.ts';

// A child process of bench/day-schedule.ts: either a bare Fastify route answering a JSON of the size
// given in BENCH_BYTES (the baseline), or the real app (PGlite, or PostgreSQL from BENCH_DATABASE_URL)
// with a clinic day: PROVIDERS providers x PER_PROVIDER appointments today (office and video visits,
// one patient each), waiting-room statuses, outside marks, check-in tasks part done, open balances.
// It prints one JSON line (url, path, token, status, bytes), then serves until killed.

const PROVIDERS = 3;
const PER_PROVIDER = 30;
const mode = process.env.BENCH_MODE ?? 'app';

if (mode === 'bare') {
  const bytes = Number(process.env.BENCH_BYTES ?? 1000);
  // Rows of about the schedule's row size, so the stringify and the socket write cost the same.
  const rows = Array.from({ length: PROVIDERS * PER_PROVIDER }, (_, i) => ({ i, text: 'x'.repeat(10) }));
  const rowBytes = JSON.stringify(rows[0]).length + 1;
  for (const row of rows) {
    row.text = 'x'.repeat(Math.max(1, Math.round(bytes / rows.length - rowBytes + 10)));
  }
  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({ appointments: rows }));
  const url = await bare.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const check = await fetch(`${url}/bare`);
  const length = (await check.arrayBuffer()).byteLength;
  console.log(JSON.stringify({ url, path: '/bare', token: null, status: check.status, bytes: length }));
} else {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { memory: true });
  await database.migrate();
  const env = {
    ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    // Recording is on, as in production; off only to see what the audit append costs (not a figure).
    AUDIT_RECORDING: process.env.AUDIT_RECORDING === 'off' ? ('off' as const) : ('on' as const),
    AUTH_RATE_LIMIT_PER_IP: 1_000_000,
    AUTH_RATE_LIMIT_PER_ACCOUNT: 1_000_000,
  };
  const context = await createAppContext(env, database);
  const app = await buildApp({ context, logger: false, webDist: '/nonexistent-web-dist' });
  await app.ready();
  const db = context.db;
  const world = await createSchedulingWorld(db);
  await db.execute(
    sql`update clinics set modules = array['waitlist', 'PATIENT_OUTSIDE', 'TEXT_PAY'] where id = ${world.clinicId}::uuid`,
  );
  await db.execute(sql`
    insert into users (member_id, member_type, first_name, last_name)
    select 'DAY-DOC-' || g, 'doctor', 'Day', 'Provider ' || g from generate_series(2, ${PROVIDERS}) g`);
  await db.execute(sql`
    insert into providers (user_id, clinic_id)
    select id, ${world.clinicId}::uuid from users where member_id like 'DAY-DOC-%'`);
  await db.execute(sql`
    insert into users (member_id, member_type, first_name, last_name, birthdate, email)
    select 'DAY-PAT-' || g, 'patient', 'Patient', 'Number ' || g, date '1960-01-01' + g * 97,
           'day.patient.' || g || '@example.com'
    from generate_series(1, ${PROVIDERS * PER_PROVIDER}) g`);
  await db.execute(sql`
    insert into clinic_patients (clinic_id, user_id, source)
    select ${world.clinicId}::uuid, id, 'portal' from users where member_id like 'DAY-PAT-%'`);
  // The day in the clinic's zone, 08:00 to 18:00: one appointment every 20 minutes per provider,
  // every third a video visit.
  const dayStart = DateTime.now().setZone(world.timezone).startOf('day').set({ hour: 8 }).toISO();
  await db.execute(sql`
    with doctors as (
      select p.id, row_number() over (order by p.id) - 1 as n from providers p
      where p.clinic_id = ${world.clinicId}::uuid),
    patients as (
      select id, row_number() over (order by member_id) - 1 as n from users where member_id like 'DAY-PAT-%')
    insert into appointments (clinic_id, patient_user_id, provider_id, department_id, consultation_type_id,
                              start_at, finish_at, type, booked_by_user_id)
    select ${world.clinicId}::uuid, pt.id, d.id, ${world.departmentId}::uuid,
           case when i % 3 = 0 then ${world.videoTypeId}::uuid else ${world.officeTypeId}::uuid end,
           ${dayStart}::timestamptz + i * interval '20 minutes',
           ${dayStart}::timestamptz + (i + 1) * interval '20 minutes',
           case when i % 3 = 0 then 'video_call' else 'office' end, pt.id
    from doctors d cross join generate_series(0, ${PER_PROVIDER - 1}) i
    join patients pt on pt.n = d.n * ${PER_PROVIDER} + i`);
  const today = sql`${world.clinicId}::uuid`;
  // Waiting-room statuses for the first half of the day; outside marks for a few of the others.
  await db.execute(sql`
    insert into appointment_visits (appointment_id, patient_status, patient_status_at, visit_status, visit_status_at,
                                    last_called_in_at, reminder_sent_at)
    select a.id, (array['in-office', 'called-in', 'in-office', 'outside'])[1 + (extract(minute from a.start_at)::int / 20 + extract(hour from a.start_at)::int) % 4],
           a.start_at - interval '10 minutes',
           (array['arrived', 'check-in', 'check-out'])[1 + extract(hour from a.start_at)::int % 3],
           a.start_at - interval '5 minutes', a.start_at - interval '2 minutes', a.start_at - interval '1 day'
    from appointments a where a.clinic_id = ${today} and extract(hour from a.start_at at time zone 'America/New_York') < 13`);
  await db.execute(sql`
    insert into check_ins (appointment_id, started_at, outside_at)
    select a.id, a.start_at - interval '30 minutes',
           case when extract(minute from a.start_at)::int = 40 then a.start_at - interval '15 minutes' end
    from appointments a where a.clinic_id = ${today}`);
  // Two check-in tasks per appointment (a questionnaire, a document to sign), most of them done.
  await db.execute(sql`
    insert into task_settings (clinic_id, title, action_type, "order")
    values (${today}, 'Health questionnaire', 'questionnaire', 1), (${today}, 'Consent form', 'sign_document', 2)`);
  await db.execute(sql`
    insert into tasks (clinic_id, user_id, appointment_id, setting_id, status)
    select a.clinic_id, a.patient_user_id, a.id, s.id,
           case when (extract(minute from a.start_at)::int + s."order") % 3 = 0 then 'NEW' else 'DONE' end
    from appointments a cross join task_settings s
    where a.clinic_id = ${today} and s.clinic_id = ${today}`);
  await db.execute(sql`
    insert into balance_items (user_id, clinic_id, appointment_id, description, amount_cents)
    select a.patient_user_id, a.clinic_id, a.id, 'Copay', 2500
    from appointments a where a.clinic_id = ${today} and extract(minute from a.start_at)::int = 20`);
  await db.execute(sql`vacuum analyze`);

  const token = (await loginTokens(app, world.provider.username)).access_token;
  const date = DateTime.now().setZone(world.timezone).toISODate() ?? '';
  const path = `/api/provider/clinics/${world.clinicId}/schedule?date=${date}`;
  // As server.ts does: the audit rows each read writes are sealed after commit (decision 0077).
  startAuditSealer(db, app.log);
  const url = await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const check = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  const text = await check.text();
  const appointments =
    check.status === 200 ? (JSON.parse(text) as { appointments: unknown[] }).appointments.length : 0;
  console.log(
    JSON.stringify({ url, path, token, status: check.status, bytes: Buffer.byteLength(text), appointments }),
  );
}

// A clean exit on SIGTERM lets `node --cpu-prof` write its profile when the parent stops us.
process.on('SIGTERM', () => process.exit(0));
