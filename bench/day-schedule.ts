import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

// Issue 20: the provider's day schedule (GET /api/provider/clinics/:clinicId/schedule) of a clinic day
// (3 providers x 30 appointments, waiting-room statuses, check-in tasks, balances) read by the clinic's
// provider at CONNECTIONS connections, on PostgreSQL and PGlite, against a bare Fastify route answering
// a JSON of the same size, measured in the same run. All servers start first; then ROUNDS rounds run
// each target in turn and the median round is reported. BENCH_BEFORE_ROOT (a checkout of another
// commit that has this bench) adds that checkout's servers to every round: before and after, same run.
// Goal (issue 20): >= 5x the requests per second of the day schedule on PostgreSQL.
// Run: npm run bench:day-schedule -w @app/bench   (BENCH_PG_URL, BENCH_DURATION=seconds, BENCH_ROUNDS)

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HERE = new URL('..', import.meta.url).pathname;
/** Servers listen on BENCH_PORT_BASE, BENCH_PORT_BASE + 1, ... (0: any free port). */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 0);
let nextPort = PORT_BASE;

interface Target {
  label: string;
  child: ChildProcess;
  url: string;
  path: string;
  token: string | null;
  bytes: number;
  database: string | null;
}

export interface DayScheduleFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** Bytes of one answer's body. */
  answerBytes: number;
}

export interface DayScheduleReport {
  connections: number;
  durationSeconds: number;
  rounds: number;
  loadAverage: number[];
  /** Median round (by requests per second) of each target; `before*` only with BENCH_BEFORE_ROOT. */
  baseline: DayScheduleFigures;
  postgres: DayScheduleFigures;
  pglite: DayScheduleFigures;
  beforePostgres?: DayScheduleFigures;
  beforePglite?: DayScheduleFigures;
  /** Every round, for the record. */
  all: Record<string, DayScheduleFigures[]>;
}

async function createDatabase(): Promise<string> {
  const name = `bench_day_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return name;
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

async function start(
  label: string,
  root: string,
  env: Record<string, string>,
  database: string | null,
): Promise<Target> {
  const url = new URL(PG_URL);
  url.pathname = `/${database ?? ''}`;
  const child = spawn(process.execPath, ['--import', 'tsx', `${root}/bench/day-schedule-server.ts`], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      BENCH_PORT: String(PORT_BASE === 0 ? 0 : nextPort++),
      ...(database ? { BENCH_DATABASE_URL: url.toString() } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => {
      reject(new Error(`${label} bench server exited with ${String(code)}`));
    });
  });
  const info = JSON.parse(first) as {
    url: string;
    path: string;
    token: string | null;
    status: number;
    bytes: number;
  };
  if (info.status !== 200) {
    throw new Error(`${label}: the day schedule answered ${String(info.status)}`);
  }
  return { label, child, url: info.url, path: info.path, token: info.token, bytes: info.bytes, database };
}

async function stop(target: Target): Promise<void> {
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  await exited;
  if (target.database) {
    await dropDatabase(target.database);
  }
}

async function load(target: Target): Promise<DayScheduleFigures> {
  const result = await autocannon({
    url: target.url + target.path,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    answerBytes: target.bytes,
  };
}

function median(figures: DayScheduleFigures[]): DayScheduleFigures {
  const sorted = [...figures].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) {
    throw new Error('no rounds');
  }
  return middle;
}

export async function measureDaySchedule(): Promise<DayScheduleReport> {
  const before = process.env.BENCH_BEFORE_ROOT;
  const targets: Target[] = [];
  try {
    targets.push(await start('postgres', HERE, { BENCH_MODE: 'app' }, await createDatabase()));
    targets.push(await start('pglite', HERE, { BENCH_MODE: 'app' }, null));
    if (before) {
      targets.push(await start('beforePostgres', before, { BENCH_MODE: 'app' }, await createDatabase()));
      targets.push(await start('beforePglite', before, { BENCH_MODE: 'app' }, null));
    }
    const bytes = targets[0]?.bytes ?? 0;
    targets.unshift(await start('baseline', HERE, { BENCH_MODE: 'bare', BENCH_BYTES: String(bytes) }, null));
    const all: Record<string, DayScheduleFigures[]> = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        (all[target.label] ??= []).push(await load(target));
      }
    }
    const of = (label: string) => median(all[label] ?? []);
    return {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      loadAverage: loadavg(),
      baseline: of('baseline'),
      postgres: of('postgres'),
      pglite: of('pglite'),
      ...(before ? { beforePostgres: of('beforePostgres'), beforePglite: of('beforePglite') } : {}),
      all,
    };
  } finally {
    for (const target of targets) {
      await stop(target);
    }
  }
}

export function describeDaySchedule(report: DayScheduleReport): string[] {
  const line = (label: string, figures: DayScheduleFigures | undefined) =>
    figures
      ? `  ${label.padEnd(32)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s = ${(
          (100 * figures.requestsPerSecond) /
          report.baseline.requestsPerSecond
        )
          .toFixed(1)
          .padStart(
            5,
          )} % of bare  p50 ${String(figures.p50Ms).padStart(4)} ms  p99 ${String(figures.p99Ms).padStart(5)} ms  answer ${(figures.answerBytes / 1024).toFixed(1)} kB${figures.failed ? `  (${String(figures.failed)} failed)` : ''}`
      : null;
  const lines = [
    `Provider's day schedule, 90 appointments, ${String(report.connections)} connections, ${String(report.durationSeconds)} s, median of ${String(report.rounds)} rounds (load average ${report.loadAverage.map((value) => value.toFixed(1)).join(' ')}; goal: >= 5x on PostgreSQL)`,
    line('bare Fastify, same size (baseline)', report.baseline),
    line('PostgreSQL', report.postgres),
    line('PGlite', report.pglite),
    line('before: PostgreSQL', report.beforePostgres),
    line('before: PGlite', report.beforePglite),
  ].filter((text): text is string => text !== null);
  if (report.beforePostgres && report.beforePglite) {
    lines.push(
      `  after / before: PostgreSQL ${(report.postgres.requestsPerSecond / report.beforePostgres.requestsPerSecond).toFixed(1)}x, PGlite ${(report.pglite.requestsPerSecond / report.beforePglite.requestsPerSecond).toFixed(1)}x`,
    );
  }
  return lines;
}
