import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { LoginScreen } from './login-screen.tsx';

/** spec 1 §2 login page with its links per variant. */
export function LoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { search } = useLocation();

  const links = (
    <div className="app-stack">
      {config.features.credentialRecoverySelect ? (
        <p className="app-text">
          {t('login.cantLogIn')} {/* spec 1 §2: the current query params are kept. */}
          <Link className="app-link" to={`/guest/credential-recovery-select${search}`}>
            {t('login.getHelp')}
          </Link>
        </p>
      ) : (
        <>
          <p className="app-text">
            <Link className="app-link" to="/guest/forgot-password/username-step">
              {t('login.forgotPassword')}
            </Link>
          </p>
          <p className="app-text">
            <Link className="app-link" to="/guest/forgot-password/username-step">
              {t('login.retrievePassword')}
            </Link>
          </p>
        </>
      )}
      <p className="app-text">
        <Link className="app-link" to="/guest/clinic-login">
          {t('clinicLogin.link')}
        </Link>
      </p>
      {config.features.signUp ? (
        <p className="app-text">
          {t('login.noAccount')}{' '}
          <Link className="app-link" to="/guest/sign-up">
            {t('login.signUp')}
          </Link>
        </p>
      ) : null}
    </div>
  );

  return (
    <LoginScreen
      title={t('login.title', { appName: config.appName })}
      loginPath="/guest/login"
      links={links}
    />
  );
}
