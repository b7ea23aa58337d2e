import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PATIENTS, SLOT_MINUTES, SLOTS_PER_DAY, type BenchWorld } from './booking-world.ts';
import { freePort } from './measure-server.ts';

// Booking under load (issue 4): appointment creation at 50 connections over many distinct free slots,
// and 50 connections fighting for one hot slot, each as a ratio to a bare Fastify route measured in the
// same run, on PGlite and on PostgreSQL (a throwaway database; skipped when none is reachable).
// A benchmark, not a test: it reports figures and never fails on a wall-clock limit.
// `npm run bench:booking -w @app/bench`; BENCH_SECONDS (default 5) sets each measurement's length,
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) the server for the throwaway database.

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverScript = fileURLToPath(new URL('./booking-server.ts', import.meta.url));

interface Child {
  info: Record<string, unknown>;
  stop(): Promise<void>;
}

async function startChild(mode: 'bare' | 'portal', env: Record<string, string> = {}): Promise<Child> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', serverScript, mode, String(port)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (!child.stdout) {
    throw new Error('no stdout from the server');
  }
  const lines = createInterface({ input: child.stdout });
  const info = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`${mode} server exited with ${String(code)}`));
    });
    lines.once('line', (line) => {
      resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
  return {
    info,
    stop: async () => {
      if (child.exitCode !== null) {
        return;
      }
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statusCounts: Record<string, number>;
}

function figuresOf(result: autocannon.Result): Figures {
  const statusCounts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCounts[code] = stats.count ?? 0;
  }
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statusCounts,
  };
}

async function measureBare(): Promise<Figures> {
  const bare = await startChild('bare');
  try {
    const result = await autocannon({
      url: `${String(bare.info.url)}/bare`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    return figuresOf(result);
  } finally {
    await bare.stop();
  }
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const tomorrowUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
};

function payload(world: BenchWorld, providerIndex: number, day: number, slot: number) {
  const start = tomorrowUtc() + day * 86_400_000 + slot * SLOT_MINUTES * 60_000;
  return JSON.stringify({
    clinicUuid: world.clinicId,
    departmentUuid: world.departmentId,
    providerId: world.providerIds[providerIndex],
    consultationTypeId: world.consultationTypeId,
    startAt: iso(start),
    finishAt: iso(start + SLOT_MINUTES * 60_000),
    flexibleDayList: [],
  });
}

async function measureBooking(world: BenchWorld, hot: boolean): Promise<Figures> {
  let next = 0;
  const providers = world.providerIds.length;
  const result = await autocannon({
    url: world.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/appointments',
        setupRequest: (request) => {
          const i = next++;
          // Distinct: providers in turn, then slots of the day, then days; hot: everyone wants one slot.
          const body = hot
            ? payload(world, 0, 200, 20)
            : payload(
                world,
                i % providers,
                Math.floor(i / providers / SLOTS_PER_DAY),
                Math.floor(i / providers) % SLOTS_PER_DAY,
              );
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${world.tokens[i % BENCH_PATIENTS] ?? ''}`,
            },
            body,
          };
        },
      },
    ],
  });
  return figuresOf(result);
}

interface Run {
  database: 'pglite' | 'postgresql';
  bare: Figures;
  distinctSlots: Figures;
  hotSlot: Figures;
}

async function runOn(database: Run['database'], env: Record<string, string>): Promise<Run> {
  const bare = await measureBare();
  const portal = await startChild('portal', env);
  try {
    const world = portal.info as unknown as BenchWorld;
    const distinctSlots = await measureBooking(world, false);
    const hotSlot = await measureBooking(world, true);
    return { database, bare, distinctSlots, hotSlot };
  } finally {
    await portal.stop();
  }
}

async function withThrowawayDatabase<T>(run: (url: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL not reachable at ${PG_URL}: skipped.`);
    return null;
  }
  const name = `bench_booking_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const runs: Run[] = [await runOn('pglite', { DATABASE_URL: '' })];
const onPostgres = await withThrowawayDatabase((url) => runOn('postgresql', { DATABASE_URL: url }));
if (onPostgres) {
  runs.push(onPostgres);
}

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/booking-latest.json', import.meta.url),
  JSON.stringify(
    { measuredAt: new Date().toISOString(), node: process.version, seconds: SECONDS, runs },
    null,
    2,
  ),
);

const line = (label: string, figures: Figures, bare: Figures) =>
  `  ${label.padEnd(22)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s = ${(
    figures.requestsPerSecond / bare.requestsPerSecond
  ).toFixed(
    3,
  )}x bare   p50 ${String(figures.p50Ms).padStart(5)} ms  p99 ${String(figures.p99Ms).padStart(5)} ms   ${JSON.stringify(figures.statusCounts)}`;
console.log(`\nBooking under load: ${CONNECTIONS} connections, ${SECONDS} s each`);
for (const run of runs) {
  console.log(run.database);
  console.log(line('bare Fastify route', run.bare, run.bare));
  console.log(line('create, distinct slots', run.distinctSlots, run.bare));
  console.log(line('create, one hot slot', run.hotSlot, run.bare));
}
