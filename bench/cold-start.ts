import { freePort, median, serverEntry, startAndTime, withTempDir } from './measure-server.ts';

const RUNS = 3;

// Baseline, measured in the same run: a bare Node HTTP server, i.e. the cost of starting Node at all.
const BARE_NODE = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

export interface ColdStartResult {
  baselineMs: number;
  emptyDataDirMs: number;
  existingDataDirMs: number;
}

export async function measureColdStart(): Promise<ColdStartResult> {
  const baseline: number[] = [];
  const empty: number[] = [];
  const existing: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const bare = await startAndTime(['-e', BARE_NODE], {}, await freePort(), '/');
    baseline.push(bare.msToHealthy);
    await bare.stop();

    await withTempDir(async (dataDir) => {
      const env = { DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' };
      // An empty directory: PGlite initialises the cluster, migrations run, demo data is seeded.
      const first = await startAndTime([serverEntry], env, await freePort(), '/healthz');
      empty.push(first.msToHealthy);
      await first.stop();
      // The same directory again: the database exists, nothing to migrate or seed.
      const second = await startAndTime([serverEntry], env, await freePort(), '/healthz');
      existing.push(second.msToHealthy);
      await second.stop();
    });
  }
  return { baselineMs: median(baseline), emptyDataDirMs: median(empty), existingDataDirMs: median(existing) };
}
