// Bundles the server into dist/server.js. Our workspace packages (TypeScript sources) are bundled in;
// every npm dependency stays external and is loaded from node_modules at run time (PGlite needs its
// own files beside it).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
  (name) => !name.startsWith('@app/'),
);

await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/seed/run-seed.ts',
    'make-pglite-template': 'src/db/make-pglite-template.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pg-native'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// A migrated empty database beside the bundle, so a first start skips initdb and the migrations
// (decision 0072). Made fresh by every build, so it always has the build's migrations.
execFileSync(process.execPath, ['dist/make-pglite-template.js'], { stdio: 'inherit' });
