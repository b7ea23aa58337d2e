import type { AppRequestMeta } from '../api/request-meta.ts';

/**
 * spec 1 §7: requests that never show the global loader (background polling and small lookups).
 * The spec names the calls, not their paths; each is a pattern over the path so the features that
 * add those calls later are covered when their paths follow the names.
 */
export const LOADER_EXCLUDED_URL_PATTERNS: readonly { call: string; pattern: RegExp }[] = [
  { call: 'waiting-room statuses', pattern: /waiting-?room.*status/i },
  { call: 'get-in-line', pattern: /get-?in-?line/i },
  { call: 'video room participants', pattern: /video.*rooms?.*participants|rooms?\/[^/]+\/participants/i },
  { call: 'user devices', pattern: /user\/devices?/i },
  { call: 'messaging appointments', pattern: /messag\w*\/appointments|appointments\/messag/i },
  { call: 'todo events', pattern: /todo.*events?/i },
  { call: 'menu item counts', pattern: /menu.*counts?/i },
  { call: 'external video call url', pattern: /external.*(video|call).*url|video-?call.*external/i },
  { call: 'consultation-type settings', pattern: /consultation-?types?.*settings/i },
  { call: 'public time-slots', pattern: /public\/.*time-?slots?/i },
  { call: 'patient queue counts', pattern: /queue.*counts?/i },
  { call: 'user balance by appointment', pattern: /balance.*appointments?|appointments?.*balance/i },
  { call: 'copay transactions', pattern: /copay.*transactions?/i },
];

export function isLoaderExcludedUrl(url: string): boolean {
  return LOADER_EXCLUDED_URL_PATTERNS.some(({ pattern }) => pattern.test(url));
}

/** True when a request with this meta (and query key) should show the loader. */
export function showsLoader(meta: AppRequestMeta | undefined, key?: readonly unknown[]): boolean {
  if (meta?.loader === false) {
    return false;
  }
  const url = meta?.url ?? (typeof key?.[0] === 'string' ? key[0] : undefined);
  return url === undefined || !isLoaderExcludedUrl(url);
}
