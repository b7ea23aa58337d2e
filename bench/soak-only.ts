import { parseArgs } from 'node:util';
import { describeSoak, measureSoak } from './soak.ts';

// npm run bench:soak -w @app/bench [-- --minutes 10] [--sample-seconds 5]: only the soak (soak.ts).
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '1' },
    'sample-seconds': { type: 'string', default: '5' },
  },
});
const report = await measureSoak({
  minutes: Number(values.minutes),
  sampleSeconds: Number(values['sample-seconds']),
});
console.log(describeSoak(report).join('\n'));
