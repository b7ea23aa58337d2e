import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginScreen } from './login-screen.tsx';

/** Only same-origin paths are followed after login (no open redirect through redirectTo). */
export function safeRedirectTo(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * spec 1 §2 provider login (/guest/provider-login?redirectTo=…): links to doctor registration and
 * forgot password. The feedback-service single sign-on variant arrives with its issue.
 */
export function ProviderLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();

  const links = (
    <div className="app-stack">
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
      urlAfterLogin={safeRedirectTo(params.get('redirectTo'))}
      links={links}
    />
  );
}
