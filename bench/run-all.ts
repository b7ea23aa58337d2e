import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { describeColdStart, measureColdStart, type ColdStartResult } from './cold-start.ts';
import { describePageSizes, measurePageSizes, type PageSizes } from './login-page-size.ts';
import { measureVideoCall } from './video-call.ts';
import { describePwa, measurePwa } from './pwa-installability.ts';
import { describeLighthouse, measureLighthouse, type LighthouseResult } from './lighthouse.ts';
import { describeMessageSend, measureMessageSend, type MessageSendReport } from './message-send.ts';
import { describeSlotSearch, measureSlotSearch, type SlotSearchReport } from './slot-search.ts';
import { describeSoak, measureSoak, type SoakReport } from './soak.ts';
import { describeDaySchedule, measureDaySchedule, type DayScheduleReport } from './day-schedule.ts';
import { describeRecordExport, measureRecordExport, type RecordExportReport } from './record-export.ts';

// Benchmarks, not tests: they report figures and ratios against a baseline measured in the same run,
// and never fail on a wall-clock limit. Run with `npm run bench` (it builds first). Every figure of
// issue 20's table is printed at the end with its baseline, ratio and goal (decision 0078) and
// written to bench/results/latest.json; bench/results/reference-2cpu.json is a committed run of this
// machine. A bench that fails is reported as failed and the others still run.
// BENCH_SOAK_MINUTES (default 1) sets the soak's length per server; the issue's soak is 10.

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const MB = (value: number) => `${value.toFixed(0)} MB`;
const times = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}x`;

const errors: Record<string, string> = {};

/** Runs one bench; a failure is recorded and printed instead of ending the run. */
async function measured<T>(name: string, measure: () => Promise<T>): Promise<T | null> {
  console.log(`\n== ${name}`);
  try {
    return await measure();
  } catch (error) {
    errors[name] = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.log(`   failed: ${errors[name]}`);
    return null;
  }
}

const loadAverageAtStart = os.loadavg();
const pageSizes = await measured('page sizes', () => measurePageSizes());
const start = await measured('cold start and idle memory', () => measureColdStart());
const video = await measured('video call', () => measureVideoCall());
const pwa = await measured('installable app', () => measurePwa());
const lighthouseFigures = await measured('Lighthouse', () => measureLighthouse());
const messageSend = await measured('message send', () => measureMessageSend());
const slotSearch = await measured('slot search', () => measureSlotSearch());
const daySchedule = await measured("provider's day schedule", () => measureDaySchedule());
// Issue 21 item 4's figure (decision 0086).
const recordExport = await measured('record export, five years of data', () => measureRecordExport());
const soak = await measured('soak', () =>
  measureSoak({ minutes: Number(process.env.BENCH_SOAK_MINUTES ?? 1) }),
);

const report = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1024 ** 3) },
  /** 1, 5 and 15-minute load averages at the start and the end: every time here depends on them. */
  loadAverage: { atStart: loadAverageAtStart, atEnd: os.loadavg() },
  pageSizes,
  coldStart: start,
  videoCall: video,
  installableApp: pwa,
  lighthouse: lighthouseFigures,
  messageSend,
  slotSearch,
  daySchedule,
  recordExport,
  soak,
  errors,
};
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/latest.json', import.meta.url), JSON.stringify(report, null, 2));

if (pageSizes) {
  console.log(`\n${describePageSizes(pageSizes).join('\n')}`);
}
if (start) {
  console.log(`\n${describeColdStart(start).join('\n')}`);
}
if (video) {
  console.log(
    `\nVideo visit on loopback, both joined -> first remote frame on both sides (goal: under 2 s; median of 3)`,
  );
  console.log(`  two RTCPeerConnections in one page (baseline) ${ms(video.baselineFirstFrameMs)}`);
  console.log(
    `  our room: ticket, signaling, mesh             ${ms(video.firstFrameMs)} = ${(video.firstFrameMs / video.baselineFirstFrameMs).toFixed(1)}x baseline`,
  );
  console.log(`\nBackground blur, renderer task time of the provider's page during a call`);
  console.log(`  blur off (baseline) ${video.taskMsPerSecondBlurOff.toFixed(0)} ms per second`);
  console.log(
    `  blur on             ${video.taskMsPerSecondBlurOn.toFixed(0)} ms per second = ${(video.taskMsPerSecondBlurOn / video.taskMsPerSecondBlurOff).toFixed(1)}x; ${video.blurMsPerFrame.toFixed(1)} ms of renderer time per blurred frame`,
  );
  console.log(
    `  the blur processor itself: ${video.blurProcessorMsPerFrame.toFixed(0)} ms per frame (segmentation and drawing), ${video.blurFramesPerSecond.toFixed(1)} blurred frames per second`,
  );
}
if (pwa) {
  console.log(`\n${describePwa(pwa).lines.join('\n')}`);
}
if (lighthouseFigures) {
  console.log(`\n${describeLighthouse(lighthouseFigures).join('\n')}`);
}
if (messageSend) {
  console.log(`\n${describeMessageSend(messageSend).join('\n')}`);
}
if (slotSearch) {
  console.log(`\n${describeSlotSearch(slotSearch).join('\n')}`);
}
if (daySchedule) {
  console.log(`\n${describeDaySchedule(daySchedule).join('\n')}`);
}
if (recordExport) {
  console.log(`\n${describeRecordExport(recordExport).join('\n')}`);
}
if (soak) {
  console.log(`\n${describeSoak(soak).join('\n')}`);
}

console.log(`\n${issueTwentyTable().join('\n')}`);
const [one, five] = os.loadavg();
console.log(
  `\nLoad average: ${loadAverageAtStart.map((value) => value.toFixed(1)).join(' / ')} at the start, ${String(one?.toFixed(1))} / ${String(five?.toFixed(1))} at the end (1 / 5 min), ${String(os.cpus().length)} cores.`,
);
if (Object.keys(errors).length > 0) {
  console.log(`Failed: ${Object.keys(errors).join(', ')} (their figures are missing above).`);
}

/** Issue 20's table, one line per figure: measured, the baseline of this run, the ratio, the goal. */
function issueTwentyTable(): string[] {
  const rows: [string, string, string, string, string][] = [];
  const missing = (figure: string, goal: string, why = 'not measured: the bench failed') =>
    rows.push([figure, why, '', '', goal]);
  pageRows(pageSizes, lighthouseFigures);
  serverRows();
  startRows(start);
  memoryRows(start, soak);

  function pageRows(sizes: PageSizes | null, lighthouse: LighthouseResult | null) {
    const page = sizes?.pages.find((entry) => entry.page === '/guest/login');
    const homePage = sizes?.pages.find((entry) => entry.page === '/user/appointment');
    const baseline = sizes?.reactBaselineGzipBytes;
    const base = baseline === undefined ? '' : `smallest React app ${kB(baseline)}`;
    if (page && baseline !== undefined) {
      rows.push([
        '/guest/login first-page JS, gzipped',
        `${kB(page.jsGzipBytes)} in ${String(page.files.filter((file) => file.type === 'js').length)} files`,
        base,
        times(page.jsGzipBytes, baseline),
        '<= 120 kB',
      ]);
    } else {
      missing('/guest/login first-page JS, gzipped', '<= 120 kB');
    }
    const login = lighthouse?.pages.find((entry) => entry.name === 'login');
    const home = lighthouse?.pages.find((entry) => entry.name === 'patient home');
    if (login) {
      rows.push([
        'bytes actually sent for /guest/login',
        kB(login.network.totalTransferBytes),
        base,
        baseline === undefined ? '' : times(login.network.totalTransferBytes, baseline),
        '<= 150 kB',
      ]);
      rows.push([
        'Lighthouse mobile performance, /guest/login',
        String(login.scores.performance),
        'no baseline in the run',
        login.scores.performance === null ? '' : `${(login.scores.performance / 95).toFixed(2)}x the goal`,
        '>= 95',
      ]);
    } else {
      missing('bytes actually sent for /guest/login', '<= 150 kB');
      missing('Lighthouse mobile performance, /guest/login', '>= 95');
    }
    // JS and requests from the page-size bench (gzipped files, every request until the network is
    // idle, decision 0074); LCP from Lighthouse's mobile run, against the login's in the same run.
    if (homePage && baseline !== undefined) {
      rows.push([
        'signed-in /user/appointment: JS gz / requests',
        `${kB(homePage.jsGzipBytes)} / ${String(homePage.requests)} (${String(homePage.apiRequests)} API)`,
        base,
        times(homePage.jsGzipBytes, baseline),
        '<= 180 kB / <= 30',
      ]);
    } else {
      missing('signed-in /user/appointment: JS gz / requests', '<= 180 kB / <= 30');
    }
    if (home && login && home.largestContentfulPaintMs !== null && login.largestContentfulPaintMs !== null) {
      rows.push([
        'signed-in /user/appointment: LCP (Lighthouse mobile)',
        `${(home.largestContentfulPaintMs / 1000).toFixed(1)} s`,
        `/guest/login ${(login.largestContentfulPaintMs / 1000).toFixed(1)} s`,
        times(home.largestContentfulPaintMs, Math.max(1, login.largestContentfulPaintMs)),
        '<= 2.5 s',
      ]);
    } else {
      missing('signed-in /user/appointment: LCP (Lighthouse mobile)', '<= 2.5 s');
    }
  }

  function serverRows() {
    const slots: SlotSearchReport | null = slotSearch;
    if (slots) {
      const bare = slots.baseline;
      const postgres = slots.postgres10k.figures;
      const pglite = slots.pglite10k.figures;
      const bareText = `bare Fastify ${bare.requestsPerSecond.toFixed(0)} req/s, p99 ${String(bare.p99Ms)} ms`;
      rows.push([
        'slot search, PostgreSQL, 50 connections',
        `${postgres.requestsPerSecond.toFixed(0)} req/s, p99 ${String(postgres.p99Ms)} ms`,
        bareText,
        `${((100 * postgres.requestsPerSecond) / bare.requestsPerSecond).toFixed(1)} % of bare`,
        '>= 10 % of bare; p99 < 50 ms',
      ]);
      rows.push([
        'slot search, PGlite (the default), 50 connections',
        `${pglite.requestsPerSecond.toFixed(0)} req/s, p99 ${String(pglite.p99Ms)} ms`,
        bareText,
        `${((100 * pglite.requestsPerSecond) / bare.requestsPerSecond).toFixed(1)} % of bare`,
        'p99 < 250 ms',
      ]);
    } else {
      missing('slot search, PostgreSQL, 50 connections', '>= 10 % of bare; p99 < 50 ms');
      missing('slot search, PGlite (the default), 50 connections', 'p99 < 250 ms');
    }
    const send: MessageSendReport | null = messageSend;
    if (send) {
      rows.push([
        'patient sends a message, 20 connections, PostgreSQL / PGlite',
        `one thread: p99 ${String(send.postgres.p99Ms)} / ${String(send.pglite.p99Ms)} ms; 20 patients: p99 ${String(send.postgresManyPatients.p99Ms)} / ${String(send.pgliteManyPatients.p99Ms)} ms; answer ${kB(send.postgres.answerBytes)}`,
        `bare Fastify POST p99 ${String(send.baseline.p99Ms)} ms`,
        `${times(send.postgres.p99Ms, Math.max(1, send.baseline.p99Ms))} / ${times(send.pglite.p99Ms, Math.max(1, send.baseline.p99Ms))}`,
        'p99 <= 50 / 200 ms',
      ]);
    } else {
      missing('patient sends a message, 20 connections, PostgreSQL / PGlite', 'p99 <= 50 / 200 ms');
    }
    // The goal is against the code before decision 0075; that code runs in the same rounds only when
    // BENCH_BEFORE_ROOT names an exported checkout of it, otherwise the bare route is the baseline.
    const schedule: DayScheduleReport | null = daySchedule;
    if (schedule) {
      const before = schedule.beforePostgres;
      rows.push([
        "provider's day schedule, PostgreSQL",
        `${schedule.postgres.requestsPerSecond.toFixed(0)} req/s, p99 ${String(schedule.postgres.p99Ms)} ms`,
        before
          ? `before 0075: ${before.requestsPerSecond.toFixed(0)} req/s`
          : `bare Fastify ${schedule.baseline.requestsPerSecond.toFixed(0)} req/s`,
        before
          ? times(schedule.postgres.requestsPerSecond, Math.max(1, before.requestsPerSecond))
          : `${((100 * schedule.postgres.requestsPerSecond) / schedule.baseline.requestsPerSecond).toFixed(1)} % of bare`,
        '>= 5x',
      ]);
    } else {
      missing("provider's day schedule, PostgreSQL", '>= 5x');
    }
    const exported: RecordExportReport | null = recordExport;
    if (exported) {
      const on = exported.postgres ?? exported.pglite;
      rows.push([
        `export of a patient with five years of data, JSON / PDF, ${exported.postgres ? 'PostgreSQL' : 'PGlite'}`,
        `${ms(on.json.medianMs)} / ${ms(on.pdf.medianMs)} (PGlite ${ms(exported.pglite.json.medianMs)} / ${ms(exported.pglite.pdf.medianMs)})`,
        `bare Fastify, same bytes: ${ms(on.baseline.medianMs)}`,
        `${on.jsonRatio.toFixed(1)}x / ${on.pdfRatio.toFixed(1)}x`,
        '< 5 s',
      ]);
    } else {
      missing('export of a patient with five years of data, JSON / PDF', '< 5 s');
    }
    const search = recordExport?.observationSearch ?? null;
    if (search) {
      rows.push([
        `FHIR search of ${String(search.observations)} Observations of one patient, PostgreSQL, ${String(search.connections)} connections`,
        `p99 ${String(search.postgres.p99Ms)} ms, ${search.postgres.requestsPerSecond.toFixed(0)} req/s`,
        `bare Fastify p99 ${String(search.baseline.p99Ms)} ms`,
        `${((100 * search.postgres.requestsPerSecond) / Math.max(1, search.baseline.requestsPerSecond)).toFixed(1)} % of bare`,
        'p99 < 100 ms',
      ]);
    } else {
      missing('FHIR search of 1,000 Observations of one patient, PostgreSQL', 'p99 < 100 ms');
    }
  }

  function startRows(cold: ColdStartResult | null) {
    if (!cold) {
      missing('start to /healthz, PGlite: empty data dir / existing', '<= 4 s / <= 1 s');
      return;
    }
    const cpu = cold.cpuMs;
    const cpuText =
      cpu.emptyDataDir !== null && cpu.existingDataDir !== null
        ? `; CPU ${ms(cpu.emptyDataDir)} / ${ms(cpu.existingDataDir)}`
        : '';
    rows.push([
      'start to /healthz, PGlite: empty data dir / existing',
      `${ms(cold.emptyDataDirMs)} / ${ms(cold.existingDataDirMs)}${cpuText}`,
      `bare node ${ms(cold.baselineMs)}${cpu.baseline === null ? '' : ` (CPU ${ms(cpu.baseline)})`}`,
      `${times(cold.emptyDataDirMs, cold.baselineMs)} / ${times(cold.existingDataDirMs, cold.baselineMs)}`,
      '<= 4 s / <= 1 s',
    ]);
  }

  function memoryRows(cold: ColdStartResult | null, soaked: SoakReport | null) {
    if (cold) {
      const { memory } = cold;
      const postgres = memory.postgresRssMb;
      rows.push([
        'server memory idle, PGlite / PostgreSQL',
        `${MB(memory.pgliteRssMb)} / ${postgres === null ? 'skipped' : MB(postgres)}`,
        `bare Fastify ${MB(memory.bareFastifyRssMb)}`,
        `${times(memory.pgliteRssMb, memory.bareFastifyRssMb)} / ${postgres === null ? 'n/a' : times(postgres, memory.bareFastifyRssMb)}`,
        '<= 300 / 150 MB',
      ]);
    } else {
      missing('server memory idle, PGlite / PostgreSQL', '<= 300 / 150 MB');
    }
    if (soaked) {
      const growth = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} MB/min`;
      rows.push([
        `memory under load, ${String(soaked.minutes)}-minute soak (PGlite)`,
        `RSS ${MB(soaked.portal.startMb)} -> ${MB(soaked.portal.endMb)}, ${growth(soaked.portal.rssGrowthMbPerMinute)}; heap ${growth(soaked.portal.heapGrowthMbPerMinute)}`,
        `bare Fastify RSS ${growth(soaked.baseline.rssGrowthMbPerMinute)}`,
        `end RSS ${times(soaked.portal.endMb, soaked.baseline.endMb)}`,
        'flat over 10 minutes',
      ]);
    } else {
      missing('memory under load, soak (PGlite)', 'flat over 10 minutes');
    }
  }

  const header: [string, string, string, string, string] = [
    'figure',
    'measured',
    'baseline (same run)',
    'ratio',
    'goal',
  ];
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)),
  );
  const format = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  return [
    `Issue 20 figures`,
    format(header),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map(format),
  ];
}
