import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { asc, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { auditEvents } from '../apps/server/src/db/schema/audit.ts';
import { clinicPatients, providers } from '../apps/server/src/db/schema/clinics.ts';
import { searchAuditEvents } from '../apps/server/src/platform/audit/audit.repository.ts';
import { createTestUser } from '../apps/server/src/test/create-test-user.ts';

// Issue 20 item 4 (decision 0076): the clinic admin's audit search, last page of 25, on a trail of
// BENCH_AUDIT_ROWS (100,000) events. Baseline: the search as it was before the cursor, in the same
// run on the same data — a count of the selection plus the page by OFFSET (what the numbered pages
// asked for). Against it: the repository's keyset read (`searchAuditEvents` with the cursor's event),
// one row more than a page, no count. Rounds alternate; each figure is the median of BENCH_REPEAT reads.
// Run: npx tsx bench/audit-pages.ts   (PGlite in memory; BENCH_DATABASE_URL=postgres://… for a
// PostgreSQL server: a fresh database is created there and dropped afterwards)

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 100_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 15);
const ROUNDS = 3;
const PAGE = 25;

const adminUrl = process.env.BENCH_DATABASE_URL;
const databaseName = `bench_audit_pages_${String(process.pid)}`;
async function onAdmin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
let target: { url: string } | { memory: true } = { memory: true };
if (adminUrl) {
  await onAdmin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  target = { url: url.toString() };
}
const database = await openDatabase(target);
try {
  await database.migrate();
  const { db } = database;
  const doctor = await createTestUser(db, { memberType: 'doctor', permissions: ['SETTING'] });
  const [membership] = await db
    .select({ clinicId: providers.clinicId })
    .from(providers)
    .where(eq(providers.userId, doctor.id));
  const clinicId = membership?.clinicId ?? '';
  for (let i = 0; i < 20; i += 1) {
    const patient = await createTestUser(db, { memberType: 'patient' });
    await db.insert(clinicPatients).values({ clinicId, userId: patient.id });
  }
  // A year of reads by the doctor of the clinic's patients, several to a second. The hashes are not a
  // chain: this database is the bench's own and is thrown away.
  await db.execute(sql`
    insert into audit_events (occurred_at, actor_user_id, patient_id, resource_type, action, outcome, prev_hash, hash)
    select timestamptz '2026-01-01' + (g * interval '5 minutes') - ((g % 7) * interval '1 second'),
           ${doctor.id}::uuid, (select user_id from clinic_patients where clinic_id = ${clinicId}::uuid
                                order by user_id offset (g % 20) limit 1),
           'patient-chart', 'read', 'success', 'x', 'x'
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`analyze`);

  const filters = { clinicIds: [clinicId] };
  // The cursor of the last page names the event just before it in reading order.
  const [anchor] = await db
    .select({ id: sql<string>`${auditEvents.id}::text` })
    .from(auditEvents)
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id))
    .offset(PAGE)
    .limit(1);
  const anchorId = anchor?.id ?? '';
  const where = sql`(patient_id in (select user_id from clinic_patients where clinic_id = ${clinicId}::uuid)
      or actor_user_id in (select user_id from providers where clinic_id = ${clinicId}::uuid))`;

  const before = async () => {
    await db.execute(sql`select count(*) from audit_events where ${where}`);
    await db.execute(sql`
      select e.*, a.first_name, a.last_name, f.first_name, f.last_name, p.first_name, p.last_name
      from audit_events e
      left join users a on a.id = e.actor_user_id
      left join users f on f.id = e.acting_for_user_id
      left join users p on p.id = e.patient_id
      where ${where}
      order by e.occurred_at desc, e.id desc limit ${PAGE} offset ${ROWS - PAGE}`);
  };
  const after = async () => {
    const rows = await searchAuditEvents(db, filters, anchorId, PAGE + 1);
    if (rows.length !== PAGE) {
      throw new Error(`the last page held ${String(rows.length)} events, not ${String(PAGE)}`);
    }
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const time = async (read: () => Promise<void>) => {
    const samples: number[] = [];
    await read();
    for (let i = 0; i < REPEAT; i += 1) {
      const start = performance.now();
      await read();
      samples.push(performance.now() - start);
    }
    return median(samples);
  };

  const rounds: { offsetMs: number; cursorMs: number; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const first = round % 2 === 0;
    const a = await time(first ? before : after);
    const b = await time(first ? after : before);
    const offsetMs = first ? a : b;
    const cursorMs = first ? b : a;
    rounds.push({ offsetMs, cursorMs, ratio: offsetMs / cursorMs });
  }
  const result = {
    figure: 'audit search, last page of 25',
    database: database.kind,
    rows: ROWS,
    offsetMs: median(rounds.map((r) => r.offsetMs)),
    cursorMs: median(rounds.map((r) => r.cursorMs)),
    ratio: median(rounds.map((r) => r.ratio)),
    rounds,
  };
  console.log(JSON.stringify(result, null, 2));
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(
    new URL(`./results/audit-pages-${database.kind}.json`, import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
} finally {
  await database.close();
  if (adminUrl) {
    await onAdmin(`drop database if exists ${databaseName}`);
  }
}
