import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title.tsx';

/** spec 1 §2 generic error page: 'Oops… Something went wrong.' with Back (root) and Dashboard. */
export function GenericErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <main className="app-main app-stack" id="main">
        <PageTitle>{t('error.generic')}</PageTitle>
        <div className="app-row">
          <Link className="app-link" to="/">
            {t('error.back')}
          </Link>
          <Link className="app-link" to="/user/task">
            {t('error.dashboard')}
          </Link>
        </div>
      </main>
    </div>
  );
}
