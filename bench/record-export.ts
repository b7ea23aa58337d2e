import Fastify from 'fastify';
import { appointments } from '../apps/server/src/db/schema/scheduling.ts';
import { threadMessages } from '../apps/server/src/db/schema/messaging.ts';
import { vitalValues } from '../apps/server/src/db/schema/vitals.ts';
import { insertTestCard } from '../apps/server/src/modules/insurance/insurance-review-test-helpers.ts';
import { bootBenchWorld, openMessageThread, type BenchWorld } from './world.ts';
import {
  postgresAnswers,
  runLoad,
  startWorldServer,
  withPgDatabase,
  type LoadFigures,
} from './world-load.ts';

// Issue 21 item 4's figure (decision 0086): "exporting a patient with five years of data < 5 s". One
// patient with five years of daily readings of six vital signs (~11,000 rows), 60 appointments, 300
// messages and two insurance cards; GET /api/account/record-export.json and .pdf timed on PGlite and
// on PostgreSQL (median of ROUNDS), against, in the same run, a bare Fastify route answering a JSON of
// the same size as the bundle (what sending that many bytes costs with no record behind it).
// Requests go through app.inject (no socket): the figure is the server's work, the bytes included.
// Run: npm run bench:record-export -w @app/bench   (BENCH_PG_URL, BENCH_ROUNDS)

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const YEARS = 5;
const DAYS = Math.round(YEARS * 365.25);
const VITALS: [string, number, number][] = [
  ['pulse', 60, 30],
  ['weight', 150, 20],
  ['systolic_bp', 110, 30],
  ['diastolic_bp', 70, 20],
  ['oxygen_saturation', 94, 5],
  ['temperature', 97.5, 2],
];
const APPOINTMENTS = 60;
const MESSAGES = 300;
export const GOAL_MS = 5000;

export interface ExportTiming {
  medianMs: number;
  allMs: number[];
  bytes: number;
}

export interface RecordExportDatabaseFigures {
  json: ExportTiming;
  pdf: ExportTiming;
  /** The bare route answering as many bytes as the JSON bundle. */
  baseline: ExportTiming;
  /** JSON export time over the baseline's. */
  jsonRatio: number;
  pdfRatio: number;
}

export interface RecordExportReport {
  rounds: number;
  rows: { vitalReadings: number; appointments: number; messages: number; cards: number };
  goalMs: number;
  pglite: RecordExportDatabaseFigures;
  postgres: RecordExportDatabaseFigures | null;
  /** The other figure: searching 1,000 Observations of one patient, p99 < 100 ms on PostgreSQL. */
  observationSearch: ObservationSearchFigures | null;
}

export interface ObservationSearchFigures {
  observations: number;
  count: number;
  connections: number;
  durationSeconds: number;
  answerBytes: number;
  postgres: LoadFigures;
  baseline: LoadFigures;
  goalP99Ms: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function seedFiveYears(
  { context, world }: BenchWorld,
  bench: BenchWorld,
): Promise<RecordExportReport['rows']> {
  const db = context.db;
  const patientId = world.patient.id;
  const today = Date.UTC(2026, 10, 28, 8);
  const day = 86_400_000;
  let vitalReadings = 0;
  for (let start = 0; start < DAYS; start += 200) {
    const rows = [];
    for (let index = start; index < Math.min(DAYS, start + 200); index += 1) {
      const recordedAt = new Date(today - index * day);
      for (const [key, base, spread] of VITALS) {
        rows.push({
          userId: patientId,
          key,
          value: Math.round((base + ((index * 7 + key.length * 13) % spread)) * 10) / 10,
          recordedAt,
          recordedByUserId: patientId,
        });
      }
    }
    await db.insert(vitalValues).values(rows);
    vitalReadings += rows.length;
  }
  const visits = [];
  for (let index = 0; index < APPOINTMENTS; index += 1) {
    const startAt = new Date(today - index * 30 * day + 6 * 3_600_000);
    visits.push({
      clinicId: world.clinicId,
      patientUserId: patientId,
      providerId: world.providerId,
      departmentId: world.departmentId,
      consultationTypeId: world.typeId,
      startAt,
      finishAt: new Date(startAt.getTime() + 30 * 60_000),
      type: 'office' as const,
      status: index === 0 ? ('booked' as const) : ('completed' as const),
      comment: index % 5 === 0 ? 'Follow-up of the last visit' : null,
      bookedByUserId: patientId,
    });
  }
  await db.insert(appointments).values(visits);
  const threadId = await openMessageThread(bench);
  const messages = [];
  for (let index = 0; index < MESSAGES - 1; index += 1) {
    messages.push({
      threadId,
      senderUserId: patientId,
      body: `Message ${String(index)}: a question about my readings and my next visit.`,
      createdAt: new Date(today - (MESSAGES - index) * 6 * day),
    });
  }
  await db.insert(threadMessages).values(messages);
  await insertTestCard(db, {
    clinicId: world.clinicId,
    userId: patientId,
    kind: 'primary',
    updatedAt: new Date(today),
  });
  await insertTestCard(db, {
    clinicId: world.clinicId,
    userId: patientId,
    kind: 'secondary',
    updatedAt: new Date(today),
  });
  return { vitalReadings, appointments: APPOINTMENTS, messages: MESSAGES, cards: 2 };
}

async function timed(run: () => Promise<{ statusCode: number; rawPayload: Buffer }>): Promise<ExportTiming> {
  const allMs: number[] = [];
  let bytes = 0;
  // One warm-up: the first PDF loads pdf-lib (decision 0072), which is not the export's cost.
  await run();
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const response = await run();
    allMs.push(Math.round((performance.now() - started) * 10) / 10);
    if (response.statusCode !== 200) {
      throw new Error(`the export answered ${String(response.statusCode)}`);
    }
    bytes = response.rawPayload.length;
  }
  return { medianMs: median(allMs), allMs, bytes };
}

async function measureOn(
  databaseUrl: string | null,
): Promise<{ figures: RecordExportDatabaseFigures; rows: RecordExportReport['rows'] }> {
  if (databaseUrl) {
    process.env.BENCH_DATABASE_URL = databaseUrl;
  } else {
    delete process.env.BENCH_DATABASE_URL;
  }
  const bench = await bootBenchWorld();
  try {
    const rows = await seedFiveYears(bench, bench);
    const headers = { authorization: `Bearer ${bench.patientToken}` };
    const json = await timed(() =>
      bench.app.inject({ method: 'GET', url: '/api/account/record-export.json', headers }),
    );
    const pdf = await timed(() =>
      bench.app.inject({ method: 'GET', url: '/api/account/record-export.pdf', headers }),
    );
    const bare = Fastify({ logger: false });
    const body = JSON.stringify({
      resourceType: 'Bundle',
      padding: 'x'.repeat(Math.max(0, json.bytes - 40)),
    });
    bare.get('/bare', async (_request, reply) =>
      reply.type('application/fhir+json').send(JSON.parse(body) as unknown),
    );
    await bare.ready();
    const baseline = await timed(() => bare.inject({ method: 'GET', url: '/bare' }));
    await bare.close();
    const ratio = (value: number) => Math.round((value / Math.max(baseline.medianMs, 0.1)) * 10) / 10;
    return {
      rows,
      figures: { json, pdf, baseline, jsonRatio: ratio(json.medianMs), pdfRatio: ratio(pdf.medianMs) },
    };
  } finally {
    await bench.close();
  }
}

const SEARCH_CONNECTIONS = 10;
const SEARCH_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const SEARCH_COUNT = 50;
const SEARCH_OBSERVATIONS = 1000;
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 0);

/** autocannon on the FHIR search of the patient's 1,000 Observations (a page of 50), then on the bare route. */
export async function measureObservationSearch(): Promise<ObservationSearchFigures> {
  const script = new URL('./observation-search-server.ts', import.meta.url).pathname;
  return withPgDatabase('bench_obs', async (databaseUrl) => {
    const app = await startWorldServer<{ path: string; token: string }>(script, {
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_OBSERVATIONS: String(SEARCH_OBSERVATIONS),
      BENCH_COUNT: String(SEARCH_COUNT),
      BENCH_PORT: String(PORT_BASE === 0 ? 0 : PORT_BASE),
    });
    let answerBytes = 0;
    let postgres: LoadFigures;
    try {
      const probe = await fetch(`${app.url}${app.info.path}`, {
        headers: { authorization: `Bearer ${app.info.token}` },
      });
      if (!probe.ok) {
        throw new Error(`the FHIR search answered ${String(probe.status)}`);
      }
      answerBytes = (await probe.arrayBuffer()).byteLength;
      postgres = await runLoad(`${app.url}${app.info.path}`, {
        connections: SEARCH_CONNECTIONS,
        durationSeconds: SEARCH_SECONDS,
        token: app.info.token,
      });
    } finally {
      await app.stop();
    }
    const bare = await startWorldServer<{ path: string }>(script, {
      BENCH_MODE: 'bare',
      BENCH_BARE_BYTES: String(answerBytes),
      BENCH_PORT: String(PORT_BASE === 0 ? 0 : PORT_BASE + 1),
    });
    try {
      const baseline = await runLoad(`${bare.url}${bare.info.path}`, {
        connections: SEARCH_CONNECTIONS,
        durationSeconds: SEARCH_SECONDS,
      });
      return {
        observations: SEARCH_OBSERVATIONS,
        count: SEARCH_COUNT,
        connections: SEARCH_CONNECTIONS,
        durationSeconds: SEARCH_SECONDS,
        answerBytes,
        postgres,
        baseline,
        goalP99Ms: 100,
      };
    } finally {
      await bare.stop();
    }
  });
}

export async function measureRecordExport(): Promise<RecordExportReport> {
  const pglite = await measureOn(null);
  const postgres = (await postgresAnswers())
    ? await withPgDatabase('bench_export', (url) => measureOn(url))
    : null;
  const observationSearch = (await postgresAnswers()) ? await measureObservationSearch() : null;
  return {
    observationSearch,
    rounds: ROUNDS,
    rows: pglite.rows,
    goalMs: GOAL_MS,
    pglite: pglite.figures,
    postgres: postgres?.figures ?? null,
  };
}

export function describeRecordExport(report: RecordExportReport): string[] {
  const line = (label: string, figures: RecordExportDatabaseFigures | null) =>
    figures
      ? `${label}: JSON ${String(figures.json.medianMs)} ms (${String(Math.round(figures.json.bytes / 1024))} KB, ${String(figures.jsonRatio)}x the bare route's ${String(figures.baseline.medianMs)} ms), PDF ${String(figures.pdf.medianMs)} ms (${String(Math.round(figures.pdf.bytes / 1024))} KB, ${String(figures.pdfRatio)}x) — goal < ${String(report.goalMs)} ms: ${figures.json.medianMs < report.goalMs && figures.pdf.medianMs < report.goalMs ? 'met' : 'NOT met'}`
      : `${label}: not measured (no PostgreSQL at BENCH_PG_URL)`;
  return [
    `Record export, five years (${String(report.rows.vitalReadings)} readings, ${String(report.rows.appointments)} visits, ${String(report.rows.messages)} messages), median of ${String(report.rounds)}:`,
    line('  PGlite', report.pglite),
    line('  PostgreSQL', report.postgres),
    report.observationSearch
      ? `FHIR search of ${String(report.observationSearch.observations)} Observations of one patient (_count=${String(report.observationSearch.count)}), PostgreSQL, ${String(report.observationSearch.connections)} connections: p99 ${String(report.observationSearch.postgres.p99Ms)} ms, ${report.observationSearch.postgres.requestsPerSecond.toFixed(0)} req/s (bare route, same bytes: p99 ${String(report.observationSearch.baseline.p99Ms)} ms, ${report.observationSearch.baseline.requestsPerSecond.toFixed(0)} req/s), ${String(report.observationSearch.postgres.failed)} failed — goal p99 < 100 ms: ${report.observationSearch.postgres.p99Ms < 100 ? 'met' : 'NOT met'}`
      : 'FHIR search of 1,000 Observations: not measured (no PostgreSQL at BENCH_PG_URL)',
  ];
}
