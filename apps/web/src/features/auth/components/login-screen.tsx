import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { arrivedAfterSessionEnded } from '../../../lib/auth/session-events.ts';
import { saveChallenge } from '../../../lib/auth/two-factor-challenge.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { authErrorText, useRequestToken, type TokenOutcome } from '../api/request-token.ts';
import { useCompleteLogin } from '../use-complete-login.ts';
import { LoginForm, type LoginFormValues } from './login-form.tsx';

// Only the Care Manager app offers biometric login: the other variants never load its code (decision 0006).
const BiometricLoginButton = lazy(() =>
  import('../../passkeys/components/biometric-login-button.tsx').then((m) => ({
    default: m.BiometricLoginButton,
  })),
);

interface LoginScreenProps {
  title: string;
  /** Where a two-factor Cancel comes back to. */
  loginPath: string;
  /** The provider login's redirectTo (spec 1 §2). */
  urlAfterLogin?: string | null;
  links: ReactNode;
}

/**
 * spec 1 §4 login: credentials first; a phone-verification screen or a code form when a second
 * factor is needed; otherwise the login data is saved and the redirect order applies.
 */
export function LoginScreen({ title, loginPath, urlAfterLogin, links }: LoginScreenProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const requestToken = useRequestToken();
  const completeLogin = useCompleteLogin();
  const [completing, setCompleting] = useState(false);

  const proceed = async (outcome: TokenOutcome) => {
    if (outcome.kind === 'tokens') {
      setCompleting(true);
      await completeLogin(outcome.tokens, { search: location.search, urlAfterLogin });
      return;
    }
    const { challenge } = outcome;
    saveChallenge({
      challengeId: challenge.challenge_id,
      kind: challenge.kind,
      channels: challenge.channels,
      loginPath,
    });
    // The query (booking link, redirectTo) travels along so the redirect order can use it later.
    const next = challenge.kind === 'phone' ? '/guest/two-factor-auth' : '/guest/two-factor-login';
    await navigate(`${next}${location.search}`, { state: { codeSent: challenge.kind === 'code' } });
  };

  const submit = (values: LoginFormValues) => {
    requestToken.mutate(
      { grant_type: config.grantType, client_id: config.clientId, ...values },
      {
        onSuccess: (outcome) => {
          void proceed(outcome);
        },
      },
    );
  };

  return (
    <div className="app-stack">
      <BrandLogo
        appName={config.appName}
        logo={config.branding.logo}
        alt={t('logo.alt', { appName: config.appName })}
      />
      <PageTitle>{title}</PageTitle>
      {arrivedAfterSessionEnded(location.state) ? (
        <p role="status" className="app-text">
          {t('login.sessionEnded')}
        </p>
      ) : null}
      <LoginForm
        submitting={requestToken.isPending || completing}
        error={requestToken.isError ? authErrorText(requestToken.error) : null}
        onSubmit={submit}
      />
      {config.features.biometricLogin ? (
        <Suspense fallback={null}>
          <BiometricLoginButton
            clientId={config.clientId}
            onTokens={(tokens) => {
              void proceed({ kind: 'tokens', tokens });
            }}
          />
        </Suspense>
      ) : null}
      {links}
      {config.devOutbox ? (
        <p className="app-muted">
          {t('login.devOutbox')}{' '}
          <a className="app-link" href="/dev/outbox">
            /dev/outbox
          </a>
        </p>
      ) : null}
    </div>
  );
}
