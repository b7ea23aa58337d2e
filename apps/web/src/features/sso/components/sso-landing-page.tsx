import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endSession } from '../../../lib/auth/logout.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { requestToken } from '../../auth/api/request-token.ts';
import { postSsoMessageToExtension } from '../extension-message.ts';
import { startSignedInSession } from '../sign-in-session.ts';
import { readSsoLandingParams, ssoLandingTarget } from '../sso-landing.ts';
import { TransferLoader } from './transfer-loader.tsx';

const GUEST_LOGIN = '/guest/login';

/**
 * spec 1 §2, §4 provider single sign-on landing (/sso-login, also opened as /sso-launch; decision
 * 0011). Missing parameters or any failure go to guest login (spec 1 §8). Otherwise: log out whoever
 * is signed in, log in with the EHR's code (grant sso), process the user, permissions and language,
 * then the patient page or provider appointments. The provider layout starts the idle watch.
 */
export function SsoLandingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const { i18n } = useTranslation();
  // The code can be exchanged once: a second run of the effect (StrictMode) must not try again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    const landing = readSsoLandingParams(params);
    const signOn = async () => {
      if (!landing) {
        await navigate(GUEST_LOGIN, { replace: true });
        return;
      }
      try {
        await endSession({ queryClient });
        const outcome = await requestToken({
          grant_type: 'sso',
          client_id: config.clientId,
          provider: landing.provider,
          code: landing.authCode,
          redirect_uri: landing.requestUrl,
        });
        if (outcome.kind !== 'tokens') {
          throw new Error('single sign-on does not ask for a second factor');
        }
        await startSignedInSession(outcome.tokens, queryClient, i18n);
        // spec 1 §4: for athenahealth and ecw, tell the browser extension when one is configured.
        postSsoMessageToExtension(config, landing.provider, landing.patientId);
        await navigate(ssoLandingTarget(landing.patientId), { replace: true });
      } catch {
        await endSession({ queryClient });
        await navigate(GUEST_LOGIN, { replace: true });
      }
    };
    void signOn();
  }, [params, navigate, queryClient, config, i18n]);

  return <TransferLoader titleKey="route.ssoLogin" />;
}
