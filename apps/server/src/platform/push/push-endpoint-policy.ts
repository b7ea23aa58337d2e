/**
 * The server POSTs to whatever endpoint a browser's push subscription names, so the endpoint is
 * checked before it is stored (decision 0013): HTTPS to a known push service. Outside production a
 * loopback endpoint is also accepted, which is how the tests receive pushes.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  // Chrome, Edge, Opera, Samsung Internet
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox
  'push.services.mozilla.com',
  // Edge (Windows notification service)
  'notify.windows.com',
  // Safari
  'push.apple.com',
] as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostMatches(host: string, allowed: string): boolean {
  return host === allowed || host.endsWith(`.${allowed}`);
}

export function isAllowedPushEndpoint(
  endpoint: string,
  options: { production: boolean; allowedHosts: readonly string[] },
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (!options.production && LOOPBACK_HOSTS.has(host)) {
    return true;
  }
  return options.allowedHosts.some((allowed) => hostMatches(host, allowed));
}
