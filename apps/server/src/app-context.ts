import type { Redis } from 'ioredis';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { RealtimeHub } from './platform/realtime/realtime-hub.ts';

/** What every module is handed when it registers its routes. */
export interface AppContext {
  env: Env;
  db: Db;
  signingKey: Uint8Array;
  /** Present when REDIS_URL is set: shared rate-limit counters and cross-instance fan-out. */
  redis: Redis | null;
  /** Fan-out of realtime events to WebSocket clients (through Redis when configured). */
  realtime: RealtimeHub;
  /**
   * The server's clock (platform/clock.ts, decision 0031): every business "now" comes from here, never
   * from Date.now()/new Date(). Real in production; CLOCK_AT shifts it in development; tests move it.
   */
  now: () => Date;
}
