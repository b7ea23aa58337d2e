import { mkdir, writeFile } from 'node:fs/promises';
import { describeRecordExport, measureRecordExport } from './record-export.ts';

// npm run bench:record-export -w @app/bench: only the record export bench (bench/record-export.ts).
const report = await measureRecordExport();
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/record-export.json', import.meta.url),
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, ...report }, null, 2),
);
console.log(`\n${describeRecordExport(report).join('\n')}`);
process.exit(0);
