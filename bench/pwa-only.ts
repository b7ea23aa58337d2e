import { mkdir, writeFile } from 'node:fs/promises';
import { describePwa, measurePwa } from './pwa-installability.ts';

// `npm run bench:pwa -w @app/bench` (it builds first): the issue 16 installable-app figures alone,
// written to results/pwa.json. Fails when the portal is not installable.
const result = await measurePwa();
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/pwa.json', import.meta.url),
  JSON.stringify({ measuredAt: new Date().toISOString(), ...result }, null, 2),
);
const { lines, passed } = describePwa(result);
console.log(`\n${lines.join('\n')}`);
if (!passed) {
  console.error('\nThe portal is not an installable app: see the lines above.');
  process.exitCode = 1;
}
