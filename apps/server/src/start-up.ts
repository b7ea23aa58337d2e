import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './app-context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { readPgliteTemplate } from './db/pglite-template.ts';
import type { Env } from './env.ts';
import { loadSigningKey } from './platform/auth/signing-key.ts';
import { clockOfEnv, type Clock } from './platform/clock.ts';
import { loadIoRedis } from './platform/lazy/ioredis.ts';
import { createRealtimeHub } from './platform/realtime/realtime-hub.ts';

/** Opens the configured database (a server through DATABASE_URL, else PGlite in DATA_DIR) and migrates it. */
export async function openMigratedDatabase(env: Env): Promise<Database> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL }
      : { dataDir: env.DATA_DIR, template: () => readPgliteTemplate() },
  );
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export interface AppContextOptions {
  log?: FastifyBaseLogger;
  /** "now" of the server (decision 0031); default: the clock CLOCK_AT / CLOCK_AT_REAL ask for, else real. */
  clock?: Clock;
}

export async function createAppContext(
  env: Env,
  database: Database,
  { log, clock = clockOfEnv(env) }: AppContextOptions = {},
): Promise<AppContext> {
  let redis: Redis | null = null;
  if (env.REDIS_URL) {
    const { Redis } = await loadIoRedis();
    redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
    redis.on('error', (error: Error) => log?.warn({ err: error.message }, 'redis error'));
  }
  return {
    env,
    db: database.db,
    signingKey: await loadSigningKey(database.db, env.JWT_SECRET),
    redis,
    realtime: createRealtimeHub(redis, (error) => log?.warn({ err: error.message }, 'realtime redis error')),
    now: () => clock.now(),
  };
}
