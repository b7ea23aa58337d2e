import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  freePort,
  median,
  nextMemorySamples,
  serverEntry,
  startAndTime,
  withTempDir,
  type Started,
} from './measure-server.ts';

const RUNS = 3;
const MB = 1024 * 1024;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// Baselines, measured in the same run: a bare Node HTTP server (the cost of starting Node at all) and
// a bare Fastify server with @fastify/websocket (the memory of the framework we build on).
const BARE_NODE = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;
export const BARE_FASTIFY = `
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
const app = Fastify({ logger: false });
await app.register(websocket);
app.get('/healthz', async () => ({ ok: true }));
app.get('/ws', { websocket: true }, (socket) => { socket.on('message', (data) => socket.send(data)); });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

export interface ColdStartResult {
  baselineMs: number;
  /** First start on an empty data directory without the demo data: template load and migrations. */
  emptyDataDirMs: number;
  /** The same with the demo seed, i.e. a newcomer's first `npm start`. */
  emptyDataDirWithDemoMs: number;
  existingDataDirMs: number;
  /** CPU time (user + system) of each start to /healthz, median; null without /proc (decision 0078). */
  cpuMs: {
    baseline: number | null;
    emptyDataDir: number | null;
    emptyDataDirWithDemo: number | null;
    existingDataDir: number | null;
  };
  memory: IdleMemory;
}

export interface IdleMemory {
  /** Resident set size in MB, 10 s after /healthz first answered, nothing asked in between. */
  bareFastifyRssMb: number;
  pgliteRssMb: number;
  /** null when no PostgreSQL server answered at BENCH_PG_URL. */
  postgresRssMb: number | null;
}

/** Resident set size once the server has idled for two reports (5 s each). */
async function idleRss(server: Started): Promise<number> {
  const sample = await nextMemorySamples(server, 2);
  return sample.rss / MB;
}

async function withThrowawayDatabase<T>(run: (url: string) => Promise<T>): Promise<T | null> {
  const name = `care_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function measureIdleMemory(): Promise<IdleMemory> {
  const watch = { watchMemory: true, memoryReportMs: 5000 };
  const bare = await startAndTime(
    ['--input-type=module', '-e', BARE_FASTIFY],
    {},
    await freePort(),
    '/healthz',
    watch,
  );
  const bareFastifyRssMb = await idleRss(bare);
  await bare.stop();

  const pgliteRssMb = await withTempDir(async (dataDir) => {
    const env = { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' };
    // Seed first, then measure a start on the existing directory: the state a server idles in.
    const seeding = await startAndTime([serverEntry], env, await freePort(), '/healthz');
    await seeding.stop();
    const server = await startAndTime([serverEntry], env, await freePort(), '/healthz', watch);
    const rss = await idleRss(server);
    await server.stop();
    return rss;
  });

  const postgresRssMb = await withTempDir((dataDir) =>
    withThrowawayDatabase(async (url) => {
      const env = { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: url };
      const seeding = await startAndTime([serverEntry], env, await freePort(), '/healthz');
      await seeding.stop();
      const server = await startAndTime([serverEntry], env, await freePort(), '/healthz', watch);
      const rss = await idleRss(server);
      await server.stop();
      return rss;
    }),
  );
  return { bareFastifyRssMb, pgliteRssMb, postgresRssMb };
}

export async function measureColdStart(): Promise<ColdStartResult> {
  const baseline: number[] = [];
  const empty: number[] = [];
  const emptyWithDemo: number[] = [];
  const existing: number[] = [];
  const cpu = {
    baseline: [] as number[],
    empty: [] as number[],
    emptyWithDemo: [] as number[],
    existing: [] as number[],
  };
  const addCpu = (into: number[], started: Started) => {
    if (started.cpuMsToHealthy !== null) {
      into.push(started.cpuMsToHealthy);
    }
  };
  for (let run = 0; run < RUNS; run++) {
    const bare = await startAndTime(['-e', BARE_NODE], {}, await freePort(), '/');
    baseline.push(bare.msToHealthy);
    addCpu(cpu.baseline, bare);
    await bare.stop();

    await withTempDir(async (dataDir) => {
      // An empty directory without demo data: the migrated template is loaded, nothing is seeded.
      const env = { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '', DEMO_DATA: 'false' };
      const server = await startAndTime([serverEntry], env, await freePort(), '/healthz');
      empty.push(server.msToHealthy);
      addCpu(cpu.empty, server);
      await server.stop();
    });

    await withTempDir(async (dataDir) => {
      const env = { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' };
      // An empty directory as `npm start` finds it the first time: template, migrations, demo seed.
      const first = await startAndTime([serverEntry], env, await freePort(), '/healthz');
      emptyWithDemo.push(first.msToHealthy);
      addCpu(cpu.emptyWithDemo, first);
      await first.stop();
      // The same directory again: the database exists, nothing to migrate or seed.
      const second = await startAndTime([serverEntry], env, await freePort(), '/healthz');
      existing.push(second.msToHealthy);
      addCpu(cpu.existing, second);
      await second.stop();
    });
  }
  return {
    baselineMs: median(baseline),
    emptyDataDirMs: median(empty),
    emptyDataDirWithDemoMs: median(emptyWithDemo),
    existingDataDirMs: median(existing),
    cpuMs: {
      baseline: medianOrNull(cpu.baseline),
      emptyDataDir: medianOrNull(cpu.empty),
      emptyDataDirWithDemo: medianOrNull(cpu.emptyWithDemo),
      existingDataDir: medianOrNull(cpu.existing),
    },
    memory: await measureIdleMemory(),
  };
}

function medianOrNull(values: number[]): number | null {
  return values.length > 0 ? median(values) : null;
}

/** The report's lines (run-all.ts and cold-start-only.ts print them). */
export function describeColdStart(start: ColdStartResult): string[] {
  const { cpuMs } = start;
  const cpu = (ms: number | null) =>
    ms === null || cpuMs.baseline === null
      ? ''
      : `; CPU ${ms.toFixed(0)} ms = ${(ms / Math.max(10, cpuMs.baseline)).toFixed(1)}x`;
  const times = (ms: number, cpuOfStart: number | null) =>
    `${ms.toFixed(0)} ms = ${(ms / start.baselineMs).toFixed(1)}x baseline${cpu(cpuOfStart)}`;
  const { memory } = start;
  const mb = (value: number) =>
    `${value.toFixed(0)} MB = ${(value / memory.bareFastifyRssMb).toFixed(1)}x baseline`;
  return [
    `Cold start to /healthz 200 (median of ${RUNS}; goal: empty <= 4 s, existing <= 1 s)`,
    `  bare Node HTTP server (baseline)           ${start.baselineMs.toFixed(0)} ms${cpuMs.baseline === null ? '' : `; CPU ${cpuMs.baseline.toFixed(0)} ms`}`,
    `  empty PGlite data dir, no demo data        ${times(start.emptyDataDirMs, cpuMs.emptyDataDir)}`,
    `  empty PGlite data dir with the demo seed   ${times(start.emptyDataDirWithDemoMs, cpuMs.emptyDataDirWithDemo)}`,
    `  existing PGlite data dir                   ${times(start.existingDataDirMs, cpuMs.existingDataDir)}`,
    `Idle server memory (RSS 10 s after start, demo data; goal: PGlite <= 300 MB, PostgreSQL <= 150 MB)`,
    `  bare Fastify + websocket (baseline)        ${memory.bareFastifyRssMb.toFixed(0)} MB`,
    `  PGlite                                     ${mb(memory.pgliteRssMb)}`,
    memory.postgresRssMb === null
      ? `  PostgreSQL                                 skipped (no server at BENCH_PG_URL)`
      : `  PostgreSQL                                 ${mb(memory.postgresRssMb)}`,
  ];
}
