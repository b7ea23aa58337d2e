import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

// Issue 19 "Must show": what audit recording costs. Slot search (GET /api/scheduling/time-slots, a
// patient, 7 days) and message send (POST /api/messages/threads/:id/messages, a patient replying:
// one audit event per request) under autocannon, with recording off (AUDIT_RECORDING=off, the
// baseline) and on, in the same run, on PGlite. Goal: recording costs at most 10 % of throughput.
// Rounds alternate off/on so a machine that slows down during the run does not favour one side.
// Run: npx tsx bench/audit-overhead.ts   (BENCH_DURATION=seconds per measurement, BENCH_ROUNDS=n)

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

interface Target {
  child: ChildProcess;
  url: string;
  slotPath: string;
  messagePath: string;
  token: string;
}

async function start(recording: 'on' | 'off'): Promise<Target> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./audit-server.ts', import.meta.url).pathname],
    {
      env: { ...process.env, AUDIT_RECORDING: recording },
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
  return { child, ...(JSON.parse(first) as Omit<Target, 'child'>) };
}

async function stop(target: Target): Promise<void> {
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  await exited;
}

const failures = { slots: 0, messages: 0 };

async function load(target: Target, kind: 'slots' | 'messages'): Promise<number> {
  const result = await autocannon({
    url: target.url + (kind === 'slots' ? target.slotPath : target.messagePath),
    connections: CONNECTIONS,
    duration: DURATION,
    ...(kind === 'messages'
      ? { method: 'POST' as const, body: JSON.stringify({ body: 'Thank you, see you on Tuesday.' }) }
      : {}),
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
  });
  // Throughput counts answered requests only; failures (timeouts on a saturated machine, any non-2xx)
  // are reported beside it instead of aborting the run.
  failures[kind] += result.non2xx + result.errors + result.timeouts;
  return result['2xx'] / DURATION;
}

const figures = {
  off: { slots: [] as number[], messages: [] as number[] },
  on: { slots: [] as number[], messages: [] as number[] },
};
for (let round = 0; round < ROUNDS; round += 1) {
  const order: ('on' | 'off')[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
  for (const recording of order) {
    const target = await start(recording);
    try {
      figures[recording].slots.push(await load(target, 'slots'));
      figures[recording].messages.push(await load(target, 'messages'));
    } finally {
      await stop(target);
    }
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ratio = (kind: 'slots' | 'messages') => mean(figures.on[kind]) / mean(figures.off[kind]);
const report = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  rounds: ROUNDS,
  requestsPerSecond: figures,
  failedRequests: failures,
  throughputWithAuditVsWithout: { slotSearch: ratio('slots'), messageSend: ratio('messages') },
};
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/audit-overhead.json', import.meta.url), JSON.stringify(report, null, 2));

console.log(
  `\nAudit recording cost, ${String(CONNECTIONS)} connections, ${String(DURATION)} s x ${String(ROUNDS)} rounds (goal: ≤ 10 %)`,
);
for (const kind of ['slots', 'messages'] as const) {
  const cost = (1 - ratio(kind)) * 100;
  console.log(
    `  ${(kind === 'slots' ? 'slot search' : 'message send').padEnd(14)} off ${mean(figures.off[kind]).toFixed(0).padStart(6)} req/s  on ${mean(figures.on[kind]).toFixed(0).padStart(6)} req/s  = ${ratio(kind).toFixed(3)}x (cost ${cost.toFixed(1)} %)${failures[kind] ? `  (${String(failures[kind])} failed requests)` : ''}`,
  );
}
