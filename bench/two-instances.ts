import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import { DateTime } from 'luxon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { PORTAL_CLIENT } from '../apps/server/src/modules/auth/auth-test-helpers.ts';
import { createSchedulingWorld } from '../apps/server/src/modules/scheduling/scheduling-test-helpers.ts';
import { TEST_PASSWORD } from '../apps/server/src/test/create-test-user.ts';
import { APPOINTMENTS_PER_PROVIDER, fillSchedulingWorld } from './scheduling-fill.ts';
import { freePort, serverEntry, startAndTime, withTempDir, type Started } from './measure-server.ts';

// Issue 20 item 6 (decision 0071): the slot-search load of bench/slot-search.ts (GET
// /api/scheduling/time-slots, one provider, a 7-day window, 50 connections) against one built server
// (apps/server/dist, NODE_ENV=production) and then against two on the same PostgreSQL database and
// Redis, the 50 connections split 25 + 25 (no proxy in between to cost CPU of its own). The baseline
// is the one-instance run of the same process. Throughputs add up; the two-instance p99 is the worse
// of the two halves (autocannon gives percentiles, not the histograms to merge).
// Run: npm run bench:two-instances -w @app/bench   (after npm run build; PostgreSQL from BENCH_PG_URL,
// Redis from BENCH_REDIS_URL, BENCH_DURATION=seconds changes the run length).

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Load on each instance before it is measured: a just-started one (JIT, pools) served a third of a warm one. */
const WARM_UP_SECONDS = 3;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** As bench/scheduling-server.ts: the table holds this many appointments, 500 per provider. */
const APPOINTMENTS = 10_000;

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

async function load(url: string, token: string, connections: number, duration = DURATION): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

async function onAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The scheduling world of the slot-search bench, in the database the instances share. */
async function prepareWorld(databaseUrl: string) {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const db = database.db;
    const world = await createSchedulingWorld(db);
    await fillSchedulingWorld(db, world, APPOINTMENTS / APPOINTMENTS_PER_PROVIDER - 1);
    return world;
  } finally {
    await database.close();
  }
}

async function login(instance: Started, username: string): Promise<string> {
  const response = await fetch(`${instance.url}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: PORTAL_CLIENT,
      username,
      password: TEST_PASSWORD,
    }),
  });
  if (response.status !== 200) {
    throw new Error(`login answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { access_token: string }).access_token;
}

const name = `bench_two_${randomBytes(5).toString('hex')}`;
await onAdmin(`create database ${name}`);
const databaseUrl = new URL(PG_URL);
databaseUrl.pathname = `/${name}`;

const report = await withTempDir(async (dataDir) => {
  const env = {
    NODE_ENV: 'production',
    // A fixed key, so a token from one instance is good on the other (docs/deploy.md).
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
  };
  const started: Started[] = [];
  try {
    // A first, alone: it migrates the empty database.
    const a = await startAndTime([serverEntry], env, await freePort(), '/healthz');
    started.push(a);
    const world = await prepareWorld(databaseUrl.toString());
    const token = await login(a, world.patient.username);
    const from = DateTime.now().setZone('America/New_York').plus({ days: 1 });
    const query = new URLSearchParams({
      clinicUuid: world.clinicId,
      providerId: world.providerId,
      consultationTypeId: world.typeId,
      departmentUuid: world.departmentId,
      startAt: from.toISODate() ?? '',
      finishAt: from.plus({ days: 6 }).toISODate() ?? '',
    });
    const path = `/api/scheduling/time-slots?${query.toString()}`;
    const check = await fetch(a.url + path, { headers: { authorization: `Bearer ${token}` } });
    const slots = (await check.json()) as unknown[];
    if (check.status !== 200 || slots.length === 0) {
      throw new Error(`slot search answered ${check.status} with ${slots.length} slots`);
    }

    await load(a.url + path, token, CONNECTIONS, WARM_UP_SECONDS);
    const one = await load(a.url + path, token, CONNECTIONS);

    const b = await startAndTime([serverEntry], env, await freePort(), '/healthz');
    started.push(b);
    await load(b.url + path, token, CONNECTIONS / 2, WARM_UP_SECONDS);
    const [halfA, halfB] = await Promise.all([
      load(a.url + path, token, CONNECTIONS / 2),
      load(b.url + path, token, CONNECTIONS / 2),
    ]);
    const two: Figures = {
      requestsPerSecond: halfA.requestsPerSecond + halfB.requestsPerSecond,
      p99Ms: Math.max(halfA.p99Ms, halfB.p99Ms),
      non2xx: halfA.non2xx + halfB.non2xx,
    };
    return { slots: slots.length, oneInstance: one, twoInstances: two, halves: [halfA, halfB] };
  } finally {
    for (const instance of started.reverse()) {
      await instance.stop();
    }
    await onAdmin(`drop database if exists ${name} with (force)`);
  }
});

const result = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  appointments: APPOINTMENTS,
  ...report,
};
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/two-instances.json', import.meta.url), JSON.stringify(result, null, 2));

const line = (label: string, figures: Figures) =>
  `  ${label.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(figures.p99Ms).padStart(4)} ms${figures.non2xx ? `  (${figures.non2xx} non-2xx)` : ''}`;
const { oneInstance, twoInstances } = report;
console.log(
  `\nSlot search on PostgreSQL + Redis, ${APPOINTMENTS} appointments, ${CONNECTIONS} connections, ${DURATION} s`,
);
console.log(line('one instance (baseline)', oneInstance));
console.log(line('two instances (25 + 25 connections)', twoInstances));
console.log(
  `  two / one: throughput ${(twoInstances.requestsPerSecond / oneInstance.requestsPerSecond).toFixed(2)}x, p99 ${(twoInstances.p99Ms / oneInstance.p99Ms).toFixed(2)}x  (${String(os.cpus().length)} cores: the instances, PostgreSQL, Redis and autocannon share them)`,
);
