import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { App } from '../app.ts';
import { buildApp } from '../app.ts';
import type { AppContext } from '../app-context.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { parseEnv, type Env } from '../env.ts';
import { loadSigningKey } from '../platform/auth/signing-key.ts';
import { createRealtimeHub } from '../platform/realtime/realtime-hub.ts';

export interface TestApp {
  app: App;
  context: AppContext;
  /** Moves the clock the server sees (lockouts, code expiry) without waiting. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/**
 * A fresh database per call: in-memory PGlite by default, or a throwaway database on the PostgreSQL
 * server named by TEST_DATABASE_URL (the CI's second pass). Each test file owns what it creates.
 */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { database: await openDatabase({ memory: true }), drop: async () => {} };
  }
  const name = `care_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
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
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  const env: Env = { ...parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
  let offsetMs = 0;
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const context: AppContext = {
    env,
    db: database.db,
    signingKey: await loadSigningKey(database.db, env.JWT_SECRET),
    redis,
    realtime: createRealtimeHub(redis),
    now: () => new Date(Date.now() + offsetMs),
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
