import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { TokenResponse } from '@app/contracts/auth';
import { processLoginData } from '../../lib/auth/login-data.ts';
import { loadProviderPermissions } from '../../lib/auth/store-provider-permissions.ts';
import { sessionFromTokens, setSession } from '../../lib/auth/session-store.ts';
import { clearChallenge } from '../../lib/auth/two-factor-challenge.ts';
import { LANGUAGES, switchLanguage, type Language } from '../../lib/i18n/i18n.ts';
import { currentUserQueryOptions } from '../auth/api/get-current-user.ts';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * spec 1 §4 provider single sign-on after the token arrives: process the user (store the session and
 * the login data), initialise the permissions (doctors: the provider resource list) and apply the
 * provider's communication language ("for providers the app applies the stored language").
 */
export async function startSignedInSession(
  tokens: TokenResponse,
  queryClient: QueryClient,
  i18n: I18n,
): Promise<void> {
  clearChallenge();
  setSession(sessionFromTokens(tokens));
  processLoginData(tokens.user, { twoFactorPending: false, currentPath: window.location.pathname });
  // As after a password login, a failure to load permissions does not stop the sign-on.
  await loadProviderPermissions().catch(() => undefined);
  const user = await queryClient.query(currentUserQueryOptions());
  const language = user.communicationLanguage.isoCode;
  if (isLanguage(language) && language !== i18n.language) {
    await switchLanguage(i18n, language);
  }
}
