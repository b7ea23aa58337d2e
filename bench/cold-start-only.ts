import { describeColdStart, measureColdStart } from './cold-start.ts';

// `npm run bench:start -w @app/bench`: the cold-start and idle-memory figures of run-all.ts alone
// (decision 0072). Needs a build (`npm run build` at the root).
console.log(describeColdStart(await measureColdStart()).join('\n'));
