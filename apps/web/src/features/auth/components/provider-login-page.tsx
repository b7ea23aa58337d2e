import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { feedbackSsoParams } from '@app/contracts/sso-params';
import { LoginScreen } from './login-screen.tsx';

/** Only same-origin paths are followed after login (no open redirect through redirectTo). */
export function safeRedirectTo(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * spec 1 §2: with valid feedback-service single sign-on parameters (companyID and an absolute redirect,
 * decision 0011) the login signs the provider in to the feedback portal instead of the portal: the
 * login ends on the roadmap screen, which hands the feedback service its token. The server checks
 * that the redirect belongs to the configured feedback portal.
 */
export function feedbackSsoUrlAfterLogin(query: URLSearchParams): string | null {
  const feedback = feedbackSsoParams(query);
  return feedback
    ? `/provider/canny-sso-roadmap?${new URLSearchParams({ redirect: feedback.redirect }).toString()}`
    : null;
}

/**
 * spec 1 §2 provider login (/guest/provider-login?redirectTo=…): links to doctor registration and
 * forgot password; the feedback-service single sign-on branch above.
 */
export function ProviderLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const feedbackTarget = feedbackSsoUrlAfterLogin(params);

  const links = (
    <div className="app-stack">
      {feedbackTarget && <p className="app-text">{t('providerLogin.feedbackNotice')}</p>}
      <p className="app-text">
        <Link className="app-link" to="/guest/forgot-password/username-step">
          {t('login.forgotPassword')}
        </Link>
      </p>
      <p className="app-text">
        <Link className="app-link" to="/guest/doctor-registration">
          {t('providerLogin.register')}
        </Link>
      </p>
    </div>
  );

  return (
    <LoginScreen
      title={t('providerLogin.title')}
      loginPath="/guest/provider-login"
      urlAfterLogin={feedbackTarget ?? safeRedirectTo(params.get('redirectTo'))}
      links={links}
    />
  );
}
