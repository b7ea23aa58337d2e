import WebSocket from 'ws';
import { BARE_FASTIFY } from './cold-start.ts';
import {
  freePort,
  nextMemorySamples,
  serverEntry,
  startAndTime,
  withTempDir,
  type MemorySample,
  type Started,
} from './measure-server.ts';

// Soak (issue 20 item 5, decision 0072): keeps a realistic load on the built server for a while and
// samples its memory every few seconds, next to a bare Fastify server (with @fastify/websocket) under
// the same load pattern in the same run. A benchmark, not a test: it reports figures, never fails.
//
//   npm run bench:soak -w @app/bench                   # 1 minute per server (a quick look)
//   npm run bench:soak -w @app/bench -- --minutes 10   # the 10-minute soak of the issue
//
// run-all.ts runs it too (BENCH_SOAK_MINUTES, default 1); soak-only.ts is the command above.
//
// The load, per server: SOCKETS WebSocket clients (half the demo patient's tabs, half the demo
// provider's), each authenticated and subscribed to its user topic, a few re-opened every few seconds
// (tabs come and go); REQUEST_LOOPS loops of the reads the patient's screens make; and a
// patient message every MESSAGE_EVERY_MS, which fans out as realtime events to both users' sockets.
// The heap is sampled after a full collection (memory-reporter.mjs with --expose-gc), so its growth is
// what stays alive, not garbage V8 has not collected yet.

const SOCKETS = 20;
const REQUEST_LOOPS = 4;
const MESSAGE_EVERY_MS = 5000;
const REOPEN_EVERY_MS = 3000;
const MB = 1024 * 1024;

interface Load {
  requests: number;
  failures: number;
  events: number;
  /** What failed, e.g. `GET /api/x 429` or `socket error`, with how often. */
  failed: Map<string, number>;
}

function fail(load: Load, what: string): void {
  load.failures += 1;
  load.failed.set(what, (load.failed.get(what) ?? 0) + 1);
}

interface Target {
  /** Paths a request loop reads in turn, each with the token it needs. */
  reads: { path: string; token?: string }[];
  /** Sends one message (null on the baseline: its sockets echo instead). */
  sendMessage: (() => Promise<void>) | null;
  socketPath: string;
  /** The first messages of a socket: authentication and subscription (or an echo). */
  greet: (socketIndex: number) => string[];
}

async function json(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  }
  return response.json();
}

interface Login {
  token: string;
  userId: string;
}

async function login(base: string, username: string): Promise<Login> {
  const config = (await json(`${base}/public/app-config`)) as { grantType: string; clientId: string };
  const tokens = (await json(`${base}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: config.grantType,
      client_id: config.clientId,
      username,
      password: 'CarePortal#2026',
    }),
  })) as { access_token: string; user: { id: string } };
  return { token: tokens.access_token, userId: tokens.user.id };
}

async function portalTarget(base: string): Promise<Target> {
  const patient = await login(base, 'jane.patient');
  const provider = await login(base, 'dr.smith');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const threads = (await json(`${base}/api/messages/threads`, { headers: auth(patient.token) })) as {
    threads: { id: string }[];
  };
  const thread = threads.threads[0];
  if (!thread) {
    throw new Error('the demo patient has no message thread');
  }
  let sent = 0;
  // The patient's list screen asks for a year back and a year ahead (list-appointments.ts).
  const day = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  return {
    reads: [
      { path: `/api/appointments?startAt=${day(-365)}&finishAt=${day(365)}`, token: patient.token },
      { path: '/api/messages/threads', token: patient.token },
      { path: '/api/messages/unread-count', token: patient.token },
      { path: '/public/app-config' },
      { path: '/' },
    ],
    sendMessage: async () => {
      sent += 1;
      await json(`${base}/api/messages/threads/${thread.id}/messages`, {
        method: 'POST',
        headers: { ...auth(patient.token), 'content-type': 'application/json' },
        body: JSON.stringify({ body: `Soak message ${sent}` }),
      });
    },
    socketPath: '/ws',
    greet: (index) => {
      const who = index % 2 === 0 ? patient : provider;
      return [
        JSON.stringify({ type: 'auth', token: who.token }),
        JSON.stringify({ type: 'subscribe', topic: `user:${who.userId}` }),
      ];
    },
  };
}

function bareTarget(): Target {
  return {
    reads: [{ path: '/healthz' }],
    sendMessage: null,
    socketPath: '/ws',
    greet: () => [JSON.stringify({ type: 'ping' })],
  };
}

/** Runs the load until `until` (performance.now()); resolves with what it did. */
async function runLoad(base: string, target: Target, until: number): Promise<Load> {
  const load: Load = { requests: 0, failures: 0, events: 0, failed: new Map() };
  const wsBase = base.replace('http:', 'ws:');
  const sockets: WebSocket[] = [];
  const open = (index: number) => {
    const socket = new WebSocket(wsBase + target.socketPath, { headers: { origin: base } });
    socket.on('open', () => {
      for (const message of target.greet(index)) {
        socket.send(message);
      }
    });
    socket.on('message', () => {
      load.events += 1;
    });
    socket.on('error', (error) => {
      fail(load, `socket ${error.message}`);
    });
    sockets[index] = socket;
  };
  for (let index = 0; index < SOCKETS; index++) {
    open(index);
  }
  let reopenNext = 0;
  const reopening = setInterval(() => {
    // Two tabs close and open again: connection set-up and tear-down are part of the load.
    for (let step = 0; step < 2; step++) {
      const index = reopenNext++ % SOCKETS;
      const socket = sockets[index];
      // A socket still connecting (a slow server) is left to finish: closing it would be an error.
      if (socket?.readyState === WebSocket.CONNECTING) {
        continue;
      }
      socket?.close();
      open(index);
    }
  }, REOPEN_EVERY_MS);
  const messaging = target.sendMessage;
  const sending = messaging
    ? setInterval(() => {
        messaging().then(
          () => (load.requests += 1),
          (error: unknown) => {
            fail(load, `message ${error instanceof Error ? error.message.slice(0, 80) : 'failed'}`);
          },
        );
      }, MESSAGE_EVERY_MS)
    : null;
  const loop = async (offset: number) => {
    for (let turn = offset; performance.now() < until; turn++) {
      const read = target.reads[turn % target.reads.length];
      if (!read) {
        continue;
      }
      try {
        const response = await fetch(base + read.path, {
          headers: read.token ? { authorization: `Bearer ${read.token}` } : {},
        });
        await response.arrayBuffer();
        load.requests += 1;
        if (!response.ok) {
          fail(load, `GET ${read.path.split('?')[0] ?? ''} ${response.status}`);
        }
      } catch (error) {
        fail(
          load,
          `GET ${read.path.split('?')[0] ?? ''} ${error instanceof Error ? error.message : 'failed'}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: REQUEST_LOOPS }, (_, offset) => loop(offset)));
  clearInterval(reopening);
  if (sending) {
    clearInterval(sending);
  }
  for (const socket of sockets) {
    socket.close();
  }
  return load;
}

export interface SoakFigures {
  startMb: number;
  maxMb: number;
  endMb: number;
  rssGrowthMbPerMinute: number;
  heapStartMb: number;
  heapEndMb: number;
  heapGrowthMbPerMinute: number;
  load: Load;
}

/** Least-squares slope of `value` over time, in MB per minute. */
function slopePerMinute(samples: MemorySample[], value: (sample: MemorySample) => number): number {
  const n = samples.length;
  if (n < 2) {
    return Number.NaN;
  }
  const xs = samples.map((sample) => sample.atMs / 60_000);
  const ys = samples.map((sample) => value(sample) / MB);
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (let i = 0; i < n; i++) {
    covariance += ((xs[i] ?? 0) - meanX) * ((ys[i] ?? 0) - meanY);
    variance += ((xs[i] ?? 0) - meanX) ** 2;
  }
  return covariance / variance;
}

async function soak(server: Started, target: Target, minutes: number): Promise<SoakFigures> {
  // The first sample is the idle server; every later one is under load.
  await nextMemorySamples(server, 1);
  const from = server.memory.length - 1;
  const load = await runLoad(server.url, target, performance.now() + minutes * 60_000);
  await nextMemorySamples(server, 1);
  const samples = server.memory.slice(from);
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) {
    throw new Error('no memory samples');
  }
  // The growth is taken after the first quarter: caches and JIT fill up at the start of any load.
  const settled = samples.slice(Math.floor(samples.length / 4));
  return {
    startMb: first.rss / MB,
    maxMb: Math.max(...samples.map((sample) => sample.rss)) / MB,
    endMb: last.rss / MB,
    rssGrowthMbPerMinute: slopePerMinute(settled, (sample) => sample.rss),
    heapStartMb: first.heapUsed / MB,
    heapEndMb: last.heapUsed / MB,
    heapGrowthMbPerMinute: slopePerMinute(settled, (sample) => sample.heapUsed),
    load,
  };
}

function describe(name: string, figures: SoakFigures): string[] {
  const f = (value: number) => value.toFixed(0).padStart(4);
  const g = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
  return [
    `  ${name}`,
    `    RSS  start ${f(figures.startMb)} MB, max ${f(figures.maxMb)} MB, end ${f(figures.endMb)} MB, growth ${g(figures.rssGrowthMbPerMinute)} MB/min`,
    `    heap start ${f(figures.heapStartMb)} MB, end ${f(figures.heapEndMb)} MB, growth ${g(figures.heapGrowthMbPerMinute)} MB/min`,
    `    load ${figures.load.requests} requests, ${figures.load.events} socket messages received, ${figures.load.failures} failures`,
    ...[...figures.load.failed].map(([what, count]) => `      ${count} x ${what}`),
  ];
}

export interface SoakReport {
  minutes: number;
  sampleSeconds: number;
  baseline: SoakFigures;
  portal: SoakFigures;
}

export async function measureSoak({ minutes = 1, sampleSeconds = 5 } = {}): Promise<SoakReport> {
  const watch = { watchMemory: true, memoryReportMs: sampleSeconds * 1000 };
  const bare = await startAndTime(
    ['--input-type=module', '-e', BARE_FASTIFY],
    {},
    await freePort(),
    '/healthz',
    watch,
  );
  const baseline = await soak(bare, bareTarget(), minutes).finally(() => bare.stop());

  const portal = await withTempDir(async (dataDir) => {
    const env = {
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      // The soak logs in twice; the message loop must not meet the rate limits meant for people.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    };
    // A seeded directory first (the demo's threads and logins), then the soaked server on it.
    const seeding = await startAndTime([serverEntry], env, await freePort(), '/healthz');
    await seeding.stop();
    const server = await startAndTime([serverEntry], env, await freePort(), '/healthz', watch);
    try {
      return await soak(server, await portalTarget(server.url), minutes);
    } finally {
      await server.stop();
    }
  });
  return { minutes, sampleSeconds, baseline, portal };
}

export function describeSoak(report: SoakReport): string[] {
  return [
    `Soak: ${String(report.minutes)} min per server, memory every ${String(report.sampleSeconds)} s (goal: flat; RSS growth ~0 MB/min)`,
    ...describe('bare Fastify + websocket (baseline), same pattern without the messages', report.baseline),
    ...describe('the portal on PGlite with the demo data', report.portal),
    `  portal end RSS = ${(report.portal.endMb / report.baseline.endMb).toFixed(1)}x baseline; RSS growth ${report.portal.rssGrowthMbPerMinute.toFixed(1)} against ${report.baseline.rssGrowthMbPerMinute.toFixed(1)} MB/min`,
  ];
}
