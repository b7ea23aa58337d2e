import { mkdir, writeFile } from 'node:fs/promises';
import { describeMessageSend, measureMessageSend } from './message-send.ts';

// npm run bench:messages -w @app/bench: only the message send bench (bench/message-send.ts).
const report = await measureMessageSend();
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/message-send.json', import.meta.url),
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, ...report }, null, 2),
);
console.log(`\n${describeMessageSend(report).join('\n')}`);
