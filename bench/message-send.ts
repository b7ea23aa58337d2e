import { runLoad, startWorldServer, withPgDatabase } from './world-load.ts';

// Issue 20 item 4: a patient sends a message (POST /api/messages/threads/:id/messages) to a thread
// already BENCH_HISTORY (200) messages long, at 20 connections, on PGlite and on PostgreSQL; p99 and
// the answer's size, against a bare Fastify POST route measured in the same run. Two shapes: one
// patient sending on all 20 connections into one thread (every send waits for the thread's row lock:
// the worst case), and 20 patients each sending into their own thread (a clinic's load). Goal: p99 <= 50 ms
// (PostgreSQL) / 200 ms (PGlite). BENCH_SERVER_ROOT runs another checkout's server (the "before").
// Run: npm run bench:messages -w @app/bench   (BENCH_PG_URL, BENCH_DURATION=seconds)

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? new URL('..', import.meta.url).pathname;

export interface SendFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Bytes of one answer's body, measured after the run (the thread is longest then). */
  answerBytes: number;
  failed: number;
}

export interface MessageSendReport {
  connections: number;
  durationSeconds: number;
  baseline: SendFigures;
  /** One patient on every connection, one thread. */
  pglite: SendFigures;
  postgres: SendFigures;
  /** One patient per connection, each in their own thread. */
  pgliteManyPatients: SendFigures;
  postgresManyPatients: SendFigures;
}

const BODY = JSON.stringify({ body: 'Thank you, see you on Tuesday.' });

async function measure(env: Record<string, string>, manyPatients = false): Promise<SendFigures> {
  const server = await startWorldServer<{
    path: string;
    token: string | null;
    callers?: { path: string; token: string }[];
  }>(
    `${SERVER_ROOT}/bench/message-server.ts`,
    { ...env, ...(manyPatients ? { BENCH_PATIENTS: String(CONNECTIONS) } : {}) },
    { cwd: SERVER_ROOT },
  );
  try {
    const url = server.url + server.info.path;
    const { token } = server.info;
    const figures = await runLoad(url, {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      token,
      jsonBody: BODY,
      ...(manyPatients ? { perConnection: server.info.callers ?? [] } : {}),
    });
    // One more send after the run, when the thread is longest: the size of an answer.
    const one = await fetch(url, {
      method: 'POST',
      body: BODY,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return {
      requestsPerSecond: figures.requestsPerSecond,
      p50Ms: figures.p50Ms,
      p99Ms: figures.p99Ms,
      answerBytes: (await one.arrayBuffer()).byteLength,
      failed: figures.failed,
    };
  } finally {
    await server.stop();
  }
}

export async function measureMessageSend(): Promise<MessageSendReport> {
  const baseline = await measure({ BENCH_MODE: 'bare' });
  const pglite = await measure({ BENCH_MODE: 'app' });
  const postgres = await withPgDatabase('bench_messages', (url) =>
    measure({ BENCH_MODE: 'app', BENCH_DATABASE_URL: url }),
  );
  const pgliteManyPatients = await measure({ BENCH_MODE: 'app' }, true);
  const postgresManyPatients = await withPgDatabase('bench_messages', (url) =>
    measure({ BENCH_MODE: 'app', BENCH_DATABASE_URL: url }, true),
  );
  return {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    baseline,
    pglite,
    postgres,
    pgliteManyPatients,
    postgresManyPatients,
  };
}

export function describeMessageSend(report: MessageSendReport): string[] {
  const line = (label: string, figures: SendFigures) =>
    `  ${label.padEnd(30)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(figures.p50Ms).padStart(4)} ms  p99 ${String(figures.p99Ms).padStart(5)} ms = ${(figures.p99Ms / Math.max(1, report.baseline.p99Ms)).toFixed(1)}x the bare p99  answer ${(figures.answerBytes / 1024).toFixed(1)} kB${figures.failed ? `  (${String(figures.failed)} failed)` : ''}`;
  return [
    `Message send by a patient, thread of 200+ messages, ${String(report.connections)} connections, ${String(report.durationSeconds)} s (goal: p99 <= 50 ms PostgreSQL, <= 200 ms PGlite)`,
    line('bare Fastify POST (baseline)', report.baseline),
    line('PGlite, one thread', report.pglite),
    line('PostgreSQL, one thread', report.postgres),
    line('PGlite, 20 patients', report.pgliteManyPatients),
    line('PostgreSQL, 20 patients', report.postgresManyPatients),
  ];
}
