import { mkdir, writeFile } from 'node:fs/promises';
import { describeSlotSearch, measureSlotSearch } from './slot-search.ts';

// npm run bench:scheduling -w @app/bench: only the slot-search bench (bench/slot-search.ts), with the
// 1M-appointment table unless BENCH_SKIP_1M is set.
const report = await measureSlotSearch({ with1M: !process.env.BENCH_SKIP_1M });
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/slot-search.json', import.meta.url),
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, ...report }, null, 2),
);
console.log(`\n${describeSlotSearch(report).join('\n')}`);
