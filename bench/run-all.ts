import { mkdir, writeFile } from 'node:fs/promises';
import { measureColdStart } from './cold-start.ts';
import { measurePageSize } from './login-page-size.ts';

// Benchmarks, not tests: they report figures and ratios against a baseline measured in the same run,
// and never fail on a wall-clock limit. Run with `npm run bench` (it builds first).
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

const size = await measurePageSize('/guest/login');
const start = await measureColdStart();

const report = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  loginPage: size,
  coldStart: start,
};
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/latest.json', import.meta.url), JSON.stringify(report, null, 2));

console.log(`\n/guest/login, gzipped (goal: JS <= 150 kB, CSS <= 30 kB)`);
console.log(
  `  JS  ${kB(size.jsGzipBytes)} kB = ${(size.jsGzipBytes / size.reactBaselineGzipBytes).toFixed(2)}x the smallest React app (${kB(size.reactBaselineGzipBytes)} kB)`,
);
console.log(`  CSS ${kB(size.cssGzipBytes)} kB`);
for (const file of size.files) {
  console.log(`    ${file.type.padEnd(3)} ${kB(file.gzipBytes).padStart(7)} kB  ${file.url}`);
}
console.log(`\nCold start to /healthz 200 (median of 3)`);
console.log(`  bare Node HTTP server (baseline) ${start.baselineMs.toFixed(0)} ms`);
console.log(
  `  empty PGlite data dir            ${start.emptyDataDirMs.toFixed(0)} ms = ${(start.emptyDataDirMs / start.baselineMs).toFixed(1)}x baseline`,
);
console.log(
  `  existing PGlite data dir         ${start.existingDataDirMs.toFixed(0)} ms = ${(start.existingDataDirMs / start.baselineMs).toFixed(1)}x baseline`,
);
