import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { endSession } from '../../../lib/auth/logout.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { requestToken } from '../../auth/api/request-token.ts';
import { useCompleteLogin } from '../../auth/use-complete-login.ts';
import { oauthCodeRedirectUri } from '../sso-landing.ts';
import { TransferLoader } from './transfer-loader.tsx';

/**
 * spec 1 §2 /oauth-code/{code}: login by a one-time code (issued by POST /api/oauth-code for
 * <origin>/oauth-code), shown as a loader, then the post-login redirect order. Failure: guest login.
 */
export function OAuthCodeLoginPage() {
  const { code = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const completeLogin = useCompleteLogin();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    const login = async () => {
      try {
        await endSession({ queryClient });
        const outcome = await requestToken({
          grant_type: 'oauth_code',
          client_id: config.clientId,
          code,
          redirect_uri: oauthCodeRedirectUri(window.location.origin),
        });
        if (outcome.kind !== 'tokens') {
          throw new Error('a one-time code does not ask for a second factor');
        }
        await completeLogin(outcome.tokens, { search: location.search });
      } catch {
        await navigate('/guest/login', { replace: true });
      }
    };
    void login();
  }, [code, location.search, navigate, queryClient, config.clientId, completeLogin]);

  return <TransferLoader titleKey="route.oauthCode" />;
}
