import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

// Issue 20 item 4: a patient sends a message (POST /api/messages/threads/:id/messages) to a thread
// already BENCH_HISTORY (200) messages long, at 20 connections, on PGlite and on PostgreSQL; p99 and
// the answer's size, against a bare Fastify POST route measured in the same run. Goal: p99 <= 50 ms
// (PostgreSQL) / 200 ms (PGlite). BENCH_SERVER_ROOT runs another checkout's server (the "before").
// Run: npm run bench:messages -w @app/bench   (BENCH_PG_URL, BENCH_DURATION=seconds)

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? new URL('..', import.meta.url).pathname;

interface Target {
  child: ChildProcess;
  url: string;
  path: string;
  token: string | null;
}

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
  pglite: SendFigures;
  postgres: SendFigures;
}

async function start(env: Record<string, string>): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${SERVER_ROOT}/bench/message-server.ts`], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => {
      reject(new Error(`bench server exited with ${String(code)}`));
    });
  });
  return { child, ...(JSON.parse(first) as Omit<Target, 'child'>) };
}

async function stop(target: Target): Promise<void> {
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  await exited;
}

const BODY = JSON.stringify({ body: 'Thank you, see you on Tuesday.' });

async function load(target: Target): Promise<SendFigures> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (target.token) {
    headers.authorization = `Bearer ${target.token}`;
  }
  const result = await autocannon({
    url: target.url + target.path,
    method: 'POST',
    body: BODY,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  const one = await fetch(target.url + target.path, { method: 'POST', body: BODY, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    answerBytes: (await one.arrayBuffer()).byteLength,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function measure(env: Record<string, string>): Promise<SendFigures> {
  const target = await start(env);
  try {
    return await load(target);
  } finally {
    await stop(target);
  }
}

async function withPgDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_messages_${randomBytes(5).toString('hex')}`;
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

export async function measureMessageSend(): Promise<MessageSendReport> {
  const baseline = await measure({ BENCH_MODE: 'bare' });
  const pglite = await measure({ BENCH_MODE: 'app' });
  const postgres = await withPgDatabase((url) => measure({ BENCH_MODE: 'app', BENCH_DATABASE_URL: url }));
  return { connections: CONNECTIONS, durationSeconds: DURATION, baseline, pglite, postgres };
}

export function describeMessageSend(report: MessageSendReport): string[] {
  const line = (label: string, figures: SendFigures) =>
    `  ${label.padEnd(30)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(figures.p50Ms).padStart(4)} ms  p99 ${String(figures.p99Ms).padStart(5)} ms = ${(figures.p99Ms / Math.max(1, report.baseline.p99Ms)).toFixed(1)}x the bare p99  answer ${(figures.answerBytes / 1024).toFixed(1)} kB${figures.failed ? `  (${String(figures.failed)} failed)` : ''}`;
  return [
    `Message send by a patient, thread of 200+ messages, ${String(report.connections)} connections, ${String(report.durationSeconds)} s (goal: p99 <= 50 ms PostgreSQL, <= 200 ms PGlite)`,
    line('bare Fastify POST (baseline)', report.baseline),
    line('PGlite', report.pglite),
    line('PostgreSQL', report.postgres),
  ];
}
