import { register } from 'node:module';

// `node --import ./record-imports.mjs`: appends every package a module of the process imports (bare
// specifiers only) to the file RECORD_IMPORTS_TO names. start-up.test.ts reads it (decision 0078).
register('./record-imports-hooks.mjs', import.meta.url);
