import { useCallback } from 'react';
import type { TokenResponse } from '@app/contracts/auth';
import { processLoginData } from '../../lib/auth/login-data.ts';
import { sessionFromTokens, setSession } from '../../lib/auth/session-store.ts';
import { loadProviderPermissions } from '../../lib/auth/store-provider-permissions.ts';

/**
 * Stores the session of a pin-code login like the normal login does (spec 1 §4 login-data handling),
 * without the post-login redirect order: spec 1 §4 "Pin login leads to provider/auth-data".
 */
export function usePinLoginSession(): (tokens: TokenResponse) => Promise<void> {
  return useCallback(async (tokens) => {
    setSession(sessionFromTokens(tokens));
    processLoginData(tokens.user, { twoFactorPending: false, currentPath: window.location.pathname });
    // The permissions decide the landing after step 2 (spec 1 §6 MESSAGE); a failure is not fatal.
    await loadProviderPermissions().catch(() => undefined);
  }, []);
}
