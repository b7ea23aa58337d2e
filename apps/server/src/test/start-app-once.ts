import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { createAppContext } from '../start-up.ts';

// Run by start-up.test.ts in a child process: the start of server.ts on an embedded database in
// START_DATA_DIR (open, migrate, context, every route), one /healthz, and out. The child's imports are
// what it checks.
const dataDir = process.env.START_DATA_DIR;
if (!dataDir) {
  throw new Error('START_DATA_DIR is not set');
}
const database = await openDatabase({ dataDir });
await database.migrate();
const context = await createAppContext(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database);
const app = await buildApp({ context, logger: false, webDist: '/nonexistent-web-dist' });
const health = await app.inject({ url: '/healthz' });
await app.close();
await database.close();
if (health.statusCode !== 200) {
  throw new Error(`/healthz answered ${String(health.statusCode)}`);
}
