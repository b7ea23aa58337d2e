import { Redis } from 'ioredis';
import { inject } from 'vitest';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import type { AppContext } from '../app-context.ts';
import { parseEnv, type Env } from '../env.ts';
import { loadSigningKey } from '../platform/auth/signing-key.ts';
import { clockOfEnv } from '../platform/clock.ts';
import { createRealtimeHub } from '../platform/realtime/realtime-hub.ts';
import { openCopyOfTemplate } from './template-database.ts';

export interface TestApp {
  app: App;
  context: AppContext;
  /** Moves the clock the server sees (lockouts, code expiry) without waiting. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Capture the server's logs (at the level of LOG_LEVEL in the overrides). */
  logStream?: NodeJS.WritableStream;
  /** Share rate-limit counters through this Redis, as instances of one deployment do. */
  redisUrl?: string;
}

export async function buildTestApp(
  overrides: Partial<Env> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  // A copy of the run's migrated template (global-setup.ts): in-memory PGlite by default, or a
  // throwaway database on the PostgreSQL server named by TEST_DATABASE_URL (the CI's second pass).
  const { database, drop } = await openCopyOfTemplate(
    inject('testDatabaseTemplate'),
    process.env.TEST_DATABASE_URL,
  );
  const env: Env = { ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
  const clock = clockOfEnv(env);
  let offsetMs = 0;
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const context: AppContext = {
    env,
    db: database.db,
    signingKey: await loadSigningKey(database.db, env.JWT_SECRET),
    redis,
    realtime: createRealtimeHub(redis),
    // The server's clock (CLOCK_AT in the overrides shifts it, as on a real server), moved by advanceClock.
    now: () => new Date(clock.now().getTime() + offsetMs),
  };
  const app = await buildApp({
    context,
    logger: options.logStream !== undefined,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    webDist: '/nonexistent-web-dist',
  });
  await app.ready();
  return {
    app,
    context,
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    close: async () => {
      await app.close();
      await context.redis?.quit();
      await database.close();
      await drop();
    },
  };
}
