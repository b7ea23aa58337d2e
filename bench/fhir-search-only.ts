import { measureObservationSearch } from './record-export.ts';

// npm run bench:fhir-search -w @app/bench: only issue 21's search figure (bench/record-export.ts), the
// FHIR search of one patient's 1,000 Observations on PostgreSQL (BENCH_PG_URL) and the bare route
// answering as many bytes, in one run. A minute instead of the export bench's five.
const figures = await measureObservationSearch();
console.log(
  `FHIR search of ${String(figures.observations)} Observations (_count=${String(figures.count)}), ${String(figures.connections)} connections: p99 ${String(figures.postgres.p99Ms)} ms, ${figures.postgres.requestsPerSecond.toFixed(0)} req/s; bare route p99 ${String(figures.baseline.p99Ms)} ms, ${figures.baseline.requestsPerSecond.toFixed(0)} req/s — goal p99 < ${String(figures.goalP99Ms)} ms: ${figures.postgres.p99Ms < figures.goalP99Ms ? 'met' : 'NOT met'}`,
);
process.exit(0);
