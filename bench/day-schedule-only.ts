import { mkdir, writeFile } from 'node:fs/promises';
import { describeDaySchedule, measureDaySchedule } from './day-schedule.ts';

// npm run bench:day-schedule -w @app/bench: only the day-schedule bench (bench/day-schedule.ts).
const report = await measureDaySchedule();
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/day-schedule.json', import.meta.url),
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, ...report }, null, 2),
);
console.log(`\n${describeDaySchedule(report).join('\n')}`);
