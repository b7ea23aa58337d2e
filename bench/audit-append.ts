import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pino from 'pino';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { migrationsDir } from '../apps/server/src/paths.ts';
import { sealAllAuditEvents, startAuditSealer } from '../apps/server/src/platform/audit/audit-sealer.ts';

// Decision 0077: what the audit append costs a change's commit on PostgreSQL, at 20 connections. Each
// connection commits small changes in a loop: an insert alone (the baseline), then the same insert
// with one `audit_append` before COMMIT, as every change request does; the ratio is commits per
// second with the append against without, in the same run. With the chain lock held to COMMIT (before
// 0077) the changes committed one at a time; now they commit side by side while the sealer, running
// as on a server, chains the rows. BENCH_MIGRATIONS_DIR runs another checkout's migrations (the
// "before"; BENCH_SEALER=off then, since that schema has nothing to seal).
// Run: npx tsx bench/audit-append.ts   (BENCH_PG_URL, BENCH_DURATION=seconds)

const CONNECTIONS = 20;
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 8) * 1000;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MIGRATIONS = process.env.BENCH_MIGRATIONS_DIR ?? migrationsDir;
const SEALER = process.env.BENCH_SEALER !== 'off';

const EVENTS = JSON.stringify([
  {
    actorUserId: '0b7f4c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b',
    patientId: '0b7f4c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b',
    resourceType: 'messages',
    action: 'create',
    outcome: 'success',
  },
]);

async function commitsPerSecond(pool: pg.Pool, withAudit: boolean): Promise<number> {
  const until = performance.now() + DURATION_MS;
  let commits = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < until) {
          await client.query('begin');
          await client.query('insert into bench_changes (note) values ($1)', ['a change']);
          if (withAudit) {
            await client.query('select audit_append($1::jsonb, now())', [EVENTS]);
          }
          await client.query('commit');
          commits += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  return commits / (DURATION_MS / 1000);
}

const name = `bench_audit_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS + 2 });
// The drop at the end ends the pool's idle connections from the server side.
pool.on('error', () => undefined);
try {
  await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });
  await pool.query('create table bench_changes (id bigserial primary key, note text not null)');
  const db = drizzle(pool) as unknown as Db;
  const sealer = SEALER ? startAuditSealer(db, pino({ level: 'error' })) : null;
  // Alternating, twice each: the machine's load moves during a run.
  const without: number[] = [];
  const withAppend: number[] = [];
  for (let round = 0; round < 2; round += 1) {
    without.push(await commitsPerSecond(pool, false));
    withAppend.push(await commitsPerSecond(pool, true));
  }
  await sealer?.stop();
  const unsealedAtEnd = SEALER
    ? (
        (await pool.query('select count(*)::int as n from audit_events where hash is null')).rows[0] as {
          n: number;
        }
      ).n
    : 0;
  const sealedAfter = SEALER ? await sealAllAuditEvents(db) : 0;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    JSON.stringify({
      migrations: MIGRATIONS,
      connections: CONNECTIONS,
      commitsPerSecondWithout: without.map(Math.round),
      commitsPerSecondWithAppend: withAppend.map(Math.round),
      ratio: Number((mean(withAppend) / mean(without)).toFixed(3)),
      unsealedAtEnd,
      sealedAfter,
    }),
  );
} finally {
  await pool.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
