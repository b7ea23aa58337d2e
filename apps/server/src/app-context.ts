import type { Redis } from 'ioredis';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';

/** What every module is handed when it registers its routes. */
export interface AppContext {
  env: Env;
  db: Db;
  signingKey: Uint8Array;
  /** Present when REDIS_URL is set: shared rate-limit counters and cross-instance fan-out. */
  redis: Redis | null;
  /** A clock that tests can move. */
  now: () => Date;
}
