import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

// The parent's side of a load bench (decision 0078): start a world (world.ts) in a child process, put
// autocannon on one of its routes, and give it a throwaway PostgreSQL database when it needs one.
// slot-search.ts, message-send.ts and audit-overhead.ts share it.

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface WorldServer<Info> {
  url: string;
  info: Info;
  stop(): Promise<void>;
}

/** Spawns `script` (TypeScript, through tsx) and resolves with the JSON line it prints once it serves. */
export async function startWorldServer<Info>(
  script: string,
  env: Record<string, string>,
  { cwd }: { cwd?: string } = {},
): Promise<WorldServer<Info>> {
  // BENCH_CHILD_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"): Node options for the server
  // alone, to profile it under load; Node refuses --cpu-prof in NODE_OPTIONS.
  const nodeArgs = process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => {
      reject(new Error(`bench server ${script} exited with ${String(code)}`));
    });
  });
  const info = JSON.parse(first) as Info & { url: string };
  return {
    url: info.url,
    info,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface LoadFigures {
  /** All answers per second, as autocannon counts them. */
  requestsPerSecond: number;
  /** 2xx answers per second: what a run with failures really served. */
  okPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers, errors and timeouts. */
  failed: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  token?: string | null;
  /** A JSON body makes it a POST. */
  jsonBody?: string;
  /**
   * One path and token per connection, taken in turn (connection i gets entry i modulo the list):
   * many callers, each on their own records, instead of one caller on all connections.
   */
  perConnection?: readonly { path: string; token: string }[];
}

/** autocannon on one URL. Failures are counted, not thrown: a saturated machine times some out. */
export async function runLoad(url: string, options: LoadOptions): Promise<LoadFigures> {
  const headers: Record<string, string> = {};
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
  }
  if (options.jsonBody !== undefined) {
    headers['content-type'] = 'application/json';
  }
  const callers = options.perConnection ?? [];
  let nextCaller = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers,
    ...(options.jsonBody !== undefined ? { method: 'POST' as const, body: options.jsonBody } : {}),
    ...(callers.length > 0
      ? {
          setupClient: (client: autocannon.Client) => {
            const caller = callers[nextCaller++ % callers.length];
            if (caller) {
              client.setRequest({
                path: caller.path,
                headers: { ...headers, authorization: `Bearer ${caller.token}` },
                ...(options.jsonBody !== undefined ? { method: 'POST', body: options.jsonBody } : {}),
              });
            }
          },
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    okPerSecond: result['2xx'] / options.durationSeconds,
    meanMs: result.latency.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
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

/** Whether a PostgreSQL server answers at BENCH_PG_URL (benches skip their PostgreSQL figures if not). */
export async function postgresAnswers(): Promise<boolean> {
  try {
    await onAdmin('select 1');
    return true;
  } catch {
    return false;
  }
}

/** A new database on BENCH_PG_URL for `run`, dropped afterwards. */
export async function withPgDatabase<T>(prefix: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onAdmin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await onAdmin(`drop database if exists ${name} with (force)`);
  }
}
