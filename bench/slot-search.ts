import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

// Issue 4 bench: slot search (GET /api/scheduling/time-slots, one provider, a 7-day window) under
// autocannon at 50 connections for 10 s, as a ratio to a bare Fastify route measured in the same
// run; on PGlite and on PostgreSQL; and the cost with 10k vs 1M stored appointments (PostgreSQL).
// Goals: p99 < 50 ms at 50 connections on PostgreSQL; 1M within 1.3x of 10k.
// Run: npm run bench:scheduling -w @app/bench   (PostgreSQL from BENCH_PG_URL, default 127.0.0.1:5432;
// BENCH_SKIP_1M=1 skips the 1M table, BENCH_DURATION=seconds changes the run length).

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Target {
  child: ChildProcess;
  url: string;
  path: string;
  token: string | null;
  info: Record<string, unknown>;
}

async function start(env: Record<string, string>): Promise<Target> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./scheduling-server.ts', import.meta.url).pathname],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => {
      reject(new Error(`bench server exited with ${String(code)}`));
    });
  });
  const info = JSON.parse(first) as { url: string; path: string; token: string | null };
  return { child, url: info.url, path: info.path, token: info.token, info };
}

async function stop(target: Target): Promise<void> {
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  await exited;
}

interface Figures {
  requestsPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

async function load(target: Target): Promise<Figures> {
  const result = await autocannon({
    url: target.url + target.path,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
  });
  return {
    requestsPerSecond: result.requests.average,
    meanMs: result.latency.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

async function withPgDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_slots_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: PG_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

async function measureApp(
  env: Record<string, string>,
): Promise<{ info: Record<string, unknown>; figures: Figures }> {
  const started = performance.now();
  const target = await start({ BENCH_MODE: 'app', ...env });
  const setupSeconds = (performance.now() - started) / 1000;
  try {
    if (target.info.status !== 200) {
      throw new Error(`slot search answered ${String(target.info.status)}`);
    }
    return { info: { ...target.info, token: undefined, setupSeconds }, figures: await load(target) };
  } finally {
    await stop(target);
  }
}

const bare = await start({ BENCH_MODE: 'bare' });
const baseline = await load(bare);
await stop(bare);

const pglite = await measureApp({ BENCH_APPOINTMENTS: '10000' });
const postgres10k = await withPgDatabase((url) =>
  measureApp({ BENCH_APPOINTMENTS: '10000', BENCH_DATABASE_URL: url }),
);
const postgres1m = process.env.BENCH_SKIP_1M
  ? null
  : await withPgDatabase((url) => measureApp({ BENCH_APPOINTMENTS: '1000000', BENCH_DATABASE_URL: url }));

const report = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  baseline,
  pglite10k: pglite,
  postgres10k,
  postgres1m,
};
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/slot-search.json', import.meta.url), JSON.stringify(report, null, 2));

const line = (label: string, figures: Figures) =>
  `  ${label.padEnd(30)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  mean ${figures.meanMs
    .toFixed(1)
    .padStart(
      6,
    )} ms  p99 ${String(figures.p99Ms).padStart(4)} ms  = ${(baseline.requestsPerSecond / figures.requestsPerSecond).toFixed(1)}x the bare route's cost${figures.non2xx ? `  (${figures.non2xx} non-2xx)` : ''}`;
console.log(`\nSlot search, ${CONNECTIONS} connections, ${DURATION} s (goal: p99 < 50 ms on PostgreSQL)`);
console.log(line('bare Fastify route (baseline)', baseline));
console.log(line('PGlite, 10k appointments', pglite.figures));
console.log(line('PostgreSQL, 10k appointments', postgres10k.figures));
if (postgres1m) {
  console.log(line('PostgreSQL, 1M appointments', postgres1m.figures));
  console.log(
    `\n1M vs 10k stored appointments (goal: within 1.3x): mean ${(postgres1m.figures.meanMs / postgres10k.figures.meanMs).toFixed(2)}x, p99 ${(postgres1m.figures.p99Ms / postgres10k.figures.p99Ms).toFixed(2)}x, throughput ${(postgres10k.figures.requestsPerSecond / postgres1m.figures.requestsPerSecond).toFixed(2)}x`,
  );
}
