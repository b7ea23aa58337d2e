import type { QueryClient } from '@tanstack/react-query';
import { anyBody, apiRequest } from '../api/api-client.ts';
import { dismissBanner } from '../errors/banner-store.ts';
import { forgetPushSubscription } from '../push/forget-push-subscription.ts';
import { clearAppStorage } from './clear-app-storage.ts';
import { getSession } from './session-store.ts';

export const GUEST_DEFAULT_ROUTE = '/guest/landing';
/** Logout must not hang on a slow server: the local session is gone either way. */
const LOGOUT_CALL_TIMEOUT_MS = 5000;

export interface LogoutDependencies {
  queryClient: QueryClient;
  navigate: (to: string) => unknown;
  /** navigator.onLine unless given. */
  online?: boolean;
}

async function revokeOnServer(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, LOGOUT_CALL_TIMEOUT_MS);
  try {
    await apiRequest('/api/logout', anyBody, { method: 'POST', signal: controller.signal });
  } catch {
    // Already revoked, expired or unreachable: the local logout goes on.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * spec 1 §2, §4: revoke the session on the server (skipped offline: "offline logout goes straight to
 * guest/landing"), clear every stored value and the query cache, then go to the guest default route.
 * The server call comes first so the revocation is done when the landing page shows.
 */
export async function performLogout({
  queryClient,
  navigate,
  online = navigator.onLine,
}: LogoutDependencies): Promise<void> {
  await endSession({ queryClient, online });
  await navigate(GUEST_DEFAULT_ROUTE);
}

/**
 * The logout without its navigation: for screens that log a new person in right away (spec 1 §4
 * provider single sign-on "logout, login"; the one-time-code login).
 */
export async function endSession({
  queryClient,
  online = navigator.onLine,
}: Omit<LogoutDependencies, 'navigate'>): Promise<void> {
  if (online && getSession()) {
    await revokeOnServer();
  }
  await forgetPushSubscription();
  clearAppStorage();
  queryClient.clear();
  dismissBanner();
}
