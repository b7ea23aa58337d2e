import { appendFileSync } from 'node:fs';

// Module resolution hooks of record-imports.mjs (they run on Node's loader thread).
export async function resolve(specifier, context, nextResolve) {
  const bare = !/^(\.|\/|node:|file:|data:)/.test(specifier);
  if (bare && process.env.RECORD_IMPORTS_TO) {
    appendFileSync(process.env.RECORD_IMPORTS_TO, `${specifier}\n`);
  }
  return nextResolve(specifier, context);
}
