import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runLoad, startWorldServer } from './world-load.ts';

// Issue 19 "Must show": what audit recording costs. Slot search (GET /api/scheduling/time-slots, a
// patient, 7 days) and message send (POST /api/messages/threads/:id/messages, a patient replying:
// one audit event per request) under autocannon, with recording off (AUDIT_RECORDING=off, the
// baseline) and on, in the same run, on PGlite. Goal: recording costs at most 10 % of throughput.
// Rounds alternate off/on so a machine that slows down during the run does not favour one side.
// Run: npx tsx bench/audit-overhead.ts   (BENCH_DURATION=seconds per measurement, BENCH_ROUNDS=n)

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

interface AuditServerInfo {
  slotPath: string;
  messagePath: string;
  token: string;
}

const SERVER = fileURLToPath(new URL('./audit-server.ts', import.meta.url));
const failures = { slots: 0, messages: 0 };

async function load(
  server: { url: string; info: AuditServerInfo },
  kind: 'slots' | 'messages',
): Promise<number> {
  const { info } = server;
  const figures = await runLoad(server.url + (kind === 'slots' ? info.slotPath : info.messagePath), {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    token: info.token,
    ...(kind === 'messages' ? { jsonBody: JSON.stringify({ body: 'Thank you, see you on Tuesday.' }) } : {}),
  });
  // Throughput counts answered requests only; failures (timeouts on a saturated machine, any non-2xx)
  // are reported beside it instead of aborting the run.
  failures[kind] += figures.failed;
  return figures.okPerSecond;
}

const figures = {
  off: { slots: [] as number[], messages: [] as number[] },
  on: { slots: [] as number[], messages: [] as number[] },
};
for (let round = 0; round < ROUNDS; round += 1) {
  const order: ('on' | 'off')[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
  for (const recording of order) {
    const server = await startWorldServer<AuditServerInfo>(SERVER, { AUDIT_RECORDING: recording });
    try {
      figures[recording].slots.push(await load(server, 'slots'));
      figures[recording].messages.push(await load(server, 'messages'));
    } finally {
      await server.stop();
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
