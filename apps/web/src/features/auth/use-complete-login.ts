import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TokenResponse } from '@app/contracts/auth';
import { queueBiometricOffer } from '../../lib/auth/biometric-login.ts';
import { processLoginData } from '../../lib/auth/login-data.ts';
import { clearChallenge } from '../../lib/auth/two-factor-challenge.ts';
import { sessionFromTokens, setSession } from '../../lib/auth/session-store.ts';
import { forgetUrlAfterLogin, readUrlAfterLogin } from '../../lib/auth/url-after-login.ts';
import { useAppConfig } from '../../lib/variant/app-config.ts';
import { loadProviderPermissions } from '../../lib/auth/store-provider-permissions.ts';
import { hasOutstandingBalance } from './outstanding-balance.ts';
import { postLoginRedirect } from './post-login-redirect.ts';

export interface CompleteLoginOptions {
  /** The login screen's query (booking-link params, redirectTo…). */
  search: string;
  /** Overrides the stored urlAfterLogin (the provider login's redirectTo). */
  urlAfterLogin?: string | null;
}

/**
 * Everything after the token arrives: store the session, process the login data (spec 1 §4), load
 * the provider permissions for doctors, then follow the post-login redirect order (spec 1 §2).
 */
export function useCompleteLogin(): (tokens: TokenResponse, options: CompleteLoginOptions) => Promise<void> {
  const config = useAppConfig();
  const navigate = useNavigate();

  return useCallback(
    async (tokens, { search, urlAfterLogin }) => {
      // The second factor is done once tokens exist; the challenge must not linger.
      clearChallenge();
      setSession(sessionFromTokens(tokens));
      processLoginData(tokens.user, { twoFactorPending: false, currentPath: window.location.pathname });
      // spec 1 §4: permissions (doctors only) are needed by the provider screens; a failure does not
      // stop the login.
      await loadProviderPermissions().catch(() => undefined);
      const target = postLoginRedirect({
        user: tokens.user,
        variant: config.variant,
        search,
        urlAfterLogin: urlAfterLogin ?? readUrlAfterLogin(),
        hasOutstandingBalance: await hasOutstandingBalance(tokens.user),
      });
      forgetUrlAfterLogin();
      // spec 1 §4: the Care Manager app asks about biometric login after the first login.
      await queueBiometricOffer(config.features.biometricLogin);
      await navigate(target, { replace: true });
    },
    [config.variant, config.features.biometricLogin, navigate],
  );
}
