import { fileURLToPath } from 'node:url';
import { runLoad, startWorldServer, withPgDatabase, type LoadFigures } from './world-load.ts';

// Issue 4 and issue 20 bench: slot search (GET /api/scheduling/time-slots, one provider, a 7-day
// window) under autocannon at 50 connections for 10 s, as a ratio to a bare Fastify route measured in
// the same run; on PGlite and on PostgreSQL; and (optionally) the cost with 10k vs 1M stored
// appointments on PostgreSQL. Goals (issue 20): PostgreSQL >= 10 % of the bare route's throughput and
// p99 < 50 ms; PGlite p99 < 250 ms; 1M within 1.3x of 10k.
// Run alone: npm run bench:scheduling -w @app/bench   (PostgreSQL from BENCH_PG_URL, default
// 127.0.0.1:5432; BENCH_SKIP_1M=1 skips the 1M table, BENCH_DURATION=seconds changes the run length).

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SERVER = fileURLToPath(new URL('./scheduling-server.ts', import.meta.url));

interface SlotServerInfo {
  path: string;
  token: string | null;
  status?: number;
  slots?: number;
  appointments?: number;
}

export interface SlotSearchRun {
  /** What the server reported: status of its check request, slots in the answer, stored appointments. */
  info: Omit<SlotServerInfo, 'token'> & { setupSeconds: number };
  figures: LoadFigures;
}

export interface SlotSearchReport {
  connections: number;
  durationSeconds: number;
  baseline: LoadFigures;
  pglite10k: SlotSearchRun;
  postgres10k: SlotSearchRun;
  postgres1m: SlotSearchRun | null;
}

async function measure(env: Record<string, string>): Promise<SlotSearchRun> {
  const started = performance.now();
  const server = await startWorldServer<SlotServerInfo>(SERVER, env);
  const setupSeconds = (performance.now() - started) / 1000;
  try {
    const { token, ...info } = server.info;
    if (env.BENCH_MODE !== 'bare' && info.status !== 200) {
      throw new Error(`slot search answered ${String(info.status)}`);
    }
    const figures = await runLoad(server.url + info.path, {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      token,
    });
    return { info: { ...info, setupSeconds }, figures };
  } finally {
    await server.stop();
  }
}

export async function measureSlotSearch({
  with1M = false,
}: { with1M?: boolean } = {}): Promise<SlotSearchReport> {
  const baseline = (await measure({ BENCH_MODE: 'bare' })).figures;
  const pglite10k = await measure({ BENCH_MODE: 'app', BENCH_APPOINTMENTS: '10000' });
  const postgres10k = await withPgDatabase('bench_slots', (url) =>
    measure({ BENCH_MODE: 'app', BENCH_APPOINTMENTS: '10000', BENCH_DATABASE_URL: url }),
  );
  const postgres1m = with1M
    ? await withPgDatabase('bench_slots', (url) =>
        measure({ BENCH_MODE: 'app', BENCH_APPOINTMENTS: '1000000', BENCH_DATABASE_URL: url }),
      )
    : null;
  return {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    baseline,
    pglite10k,
    postgres10k,
    postgres1m,
  };
}

export function describeSlotSearch(report: SlotSearchReport): string[] {
  const { baseline } = report;
  const line = (label: string, figures: LoadFigures) =>
    `  ${label.padEnd(30)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s = ${((100 * figures.requestsPerSecond) / baseline.requestsPerSecond).toFixed(1).padStart(5)} % of the bare route  mean ${figures.meanMs.toFixed(1).padStart(6)} ms  p99 ${String(figures.p99Ms).padStart(5)} ms${figures.failed ? `  (${String(figures.failed)} failed)` : ''}`;
  const lines = [
    `Slot search, ${String(report.connections)} connections, ${String(report.durationSeconds)} s (goal: PostgreSQL >= 10 % of bare, p99 < 50 ms; PGlite p99 < 250 ms)`,
    line('bare Fastify route (baseline)', baseline),
    line('PGlite, 10k appointments', report.pglite10k.figures),
    line('PostgreSQL, 10k appointments', report.postgres10k.figures),
  ];
  const { postgres1m, postgres10k } = report;
  if (postgres1m) {
    lines.push(
      line('PostgreSQL, 1M appointments', postgres1m.figures),
      `  1M vs 10k stored appointments (goal: within 1.3x): mean ${(postgres1m.figures.meanMs / postgres10k.figures.meanMs).toFixed(2)}x, p99 ${(postgres1m.figures.p99Ms / postgres10k.figures.p99Ms).toFixed(2)}x, throughput ${(postgres10k.figures.requestsPerSecond / postgres1m.figures.requestsPerSecond).toFixed(2)}x`,
    );
  }
  return lines;
}
