import type * as IoRedis from 'ioredis';

// Imported only when REDIS_URL is set (decision 0072): ioredis costs about 130 ms at start-up, and the
// embedded default (no Redis) never uses it.
let loading: Promise<typeof IoRedis> | undefined;

export function loadIoRedis(): Promise<typeof IoRedis> {
  loading ??= import('ioredis');
  return loading;
}
