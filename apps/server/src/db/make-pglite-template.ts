import { pgliteTemplateFile, writePgliteTemplate } from './pglite-template.ts';

// Build step (apps/server/scripts/build.mjs): dist/pglite-template.tar for a cheap first start.
await writePgliteTemplate();
console.log(`wrote ${pgliteTemplateFile}`);
